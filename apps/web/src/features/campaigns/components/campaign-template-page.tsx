import {
  Alert,
  Button,
  FileInput,
  Grid,
  Group,
  Image,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { periodOf } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import {
  bankOptions,
  customFieldsOf,
  emailTemplateImagesValid,
  isImageField,
  placeholdersOf,
  renderSavedMessage,
  savedTemplateSettingsOf,
  templatePreviewParts,
  templatesForDiscount,
  validForOptions,
  type TemplatePreviewValues,
  type TemplateType,
} from '@krowd/domain/template/template.rules';
import { checkPromoCodeCsv, promoCodeCsvProblem } from '@krowd/domain/template/promo-code-file.rules';
import { serverErrorOf } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { pathAfter } from '@/lib/access';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { PromoCodesNotSaved, useSaveCampaign } from '../api/save-campaign.ts';
import { useTemplates } from '../api/get-templates.ts';
import { draftStore, type CampaignDraft } from '../draft-store.ts';
import { CampaignImagePicker } from './campaign-image-picker.tsx';
import { LeaveGuard } from './leave-guard.tsx';

const m = messages.campaign;

interface Attachment {
  templateId: string;
  /**
   * The template's text, kept so its preview can be made whichever tab is open. Empty for one a
   * saved campaign brought, until the templates list gives it.
   */
  text: string;
  fields: Record<string, string>;
  /** The preview saved with the campaign: sent again if the template's text cannot be found. */
  savedPreview?: string;
}

/** The settings a template's placeholders ask for, other than what the campaign already knows. */
const percentText = (value: number | '' | null | undefined) =>
  value === undefined || value === null || value === '' ? '' : `${value}%`;

const askedFields = (text: string) =>
  placeholdersOf(text).filter(
    (name) =>
      ['Landing Page', 'Top Image', 'Bottom Image'].includes(name) || customFieldsOf(text).includes(name),
  );

/**
 * Campaign Template (spec 1 §2): SMS, Email and App tabs (App coming soon), templates that fit the
 * discount, the Campaign Settings form, a live preview with the bank selector, Back and Submit.
 */
export function CampaignTemplatePage() {
  // The draft as the page opened: clearing it after a save must not send the user back to the form.
  const [draft] = useState(draftStore.get);
  if (!draft) return <Navigate to={paths.page('campaignsCreate')} replace />;
  return <TemplateStep draft={draft} />;
}

function TemplateStep({ draft }: { draft: CampaignDraft }) {
  const navigate = useNavigate();
  const user = useSessionUser()!;
  // The campaign is not saved until Submit: leaving asks first, as the form does (spec 1 §2), except
  // by Back (the form keeps the draft) and after the save.
  const leaving = useRef(false);
  const save = useSaveCampaign();
  const [campaignId, setCampaignId] = useState(draft.campaignId);
  const [saved] = useState(() => savedTemplateSettingsOf(draft.form));
  const [tab, setTab] = useState<TemplateType>('sms');
  const [attachments, setAttachments] = useState<Partial<Record<TemplateType, Attachment>>>(() =>
    Object.fromEntries(
      Object.entries(saved.attachments).map(([type, entry]) => [type, { ...entry, text: '' }]),
    ),
  );
  const [bank, setBank] = useState<string>(saved.bank);
  const [validFor, setValidFor] = useState<string>(saved.validFor);
  const [promoMode, setPromoMode] = useState<'single' | 'multiple'>(saved.promoMode);
  const [promoCode, setPromoCode] = useState(saved.promoCode);
  const [promoCsv, setPromoCsv] = useState<{ text: string; problem: string | null } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const templates = useTemplates(tab);
  // Both lists, so a saved template's text is known whichever tab is open at Submit.
  const smsTemplates = useTemplates('sms');
  const emailTemplates = useTemplates('email');
  const textOf = (entry: Attachment) =>
    entry.text ||
    [...(smsTemplates.data ?? []), ...(emailTemplates.data ?? [])].find((t) => t._id === entry.templateId)
      ?.campaignTemplateText ||
    '';
  const { form } = draft;
  const fitting = templatesForDiscount(templates.data ?? [], form.discountType ?? 'dp');
  const attachment = attachments[tab];
  const chosen = fitting.find((t) => t._id === attachment?.templateId);
  const usesPromoCode = (text: string) => placeholdersOf(text).some((p) => p.toLowerCase() === 'promo code');

  const previewValues = (fields: Record<string, string>): TemplatePreviewValues => ({
    discountPercent: percentText(
      form.discountType === 'ss' ? form.discountSpreadValue : form.discountPercent,
    ),
    discountAmount:
      form.discountValue === undefined || form.discountValue === '' ? '' : `£${form.discountValue}`,
    spend: form.discountAmount === undefined || form.discountAmount === '' ? '' : `£${form.discountAmount}`,
    businessName: draft.brandName,
    validUntil: form.validUntil ? periodOf(form.validUntil) : periodOf(form.start_date ?? ''),
    validFor,
    bank,
    promoCode: promoMode === 'single' ? promoCode : m.promoCodeStandIn,
    landingPage: fields['Landing Page'],
    topImage: fields['Top Image'],
    bottomImage: fields['Bottom Image'],
    fields,
  });

  const setField = (name: string, value: string) => {
    // A message about the fields (such as the missing images) is stale once they change.
    setStatus(null);
    setAttachments((current) => {
      const entry = current[tab];
      return entry
        ? { ...current, [tab]: { ...entry, fields: { ...entry.fields, [name]: value } } }
        : current;
    });
  };

  const handlePromoFile = async (file: File | null) => {
    if (!file) return setPromoCsv(null);
    const text = await file.text();
    const { issue } = checkPromoCodeCsv(text, draft.expectedReach ?? 0);
    const problem = issue ? promoCodeCsvProblem(issue) : null;
    setPromoCsv({ text, problem });
  };

  const handleBack = () => {
    leaving.current = true;
    void navigate(
      campaignId ? `${paths.page('campaignsEdit')}?id=${campaignId}` : paths.page('campaignsCreate'),
    );
  };

  const handleSubmit = async () => {
    setStatus(null);
    const templatesToSend = (Object.entries(attachments) as [TemplateType, Attachment][]).map(
      ([type, entry]) => {
        const text = textOf(entry);
        return {
          type,
          templateId: entry.templateId,
          preview: text ? renderSavedMessage(text, previewValues(entry.fields)) : (entry.savedPreview ?? ''),
          fields: { ...entry.fields, 'Valid For': validFor, bank },
        };
      },
    );
    if (templatesToSend.some((entry) => entry.type === 'email' && !emailTemplateImagesValid(entry.fields))) {
      setStatus(m.selectTwoImages);
      return;
    }
    const needsPromo = Object.values(attachments).some((entry) => entry && usesPromoCode(textOf(entry)));
    if (promoMode === 'multiple' && promoCsv?.problem) {
      setStatus(promoCsv.problem);
      return;
    }
    try {
      const result = await save.mutateAsync({
        id: campaignId,
        form: {
          ...form,
          templates: templatesToSend,
          ...(needsPromo || promoCode || promoCsv || form.promoCode
            ? {
                promoCode:
                  promoMode === 'single' ? { mode: 'single', code: promoCode } : { mode: 'multiple' },
              }
            : {}),
        },
        promoCodesCsv: promoMode === 'multiple' ? promoCsv?.text : undefined,
      });
      notify.success(result.respMessage ?? m.created(form.name ?? ''));
      draftStore.set(null);
      leaving.current = true;
      void navigate(pathAfter('campaignSaved', user));
    } catch (error) {
      if (error instanceof PromoCodesNotSaved) {
        // Submit again updates the stored campaign rather than creating a second one.
        setCampaignId(error.campaignId);
        draftStore.set({ ...draft, campaignId: error.campaignId });
        const text = m.promoCodesNotSaved(serverErrorOf(error.reason));
        notify.error(text);
        setStatus(text);
        return;
      }
      notify.error(m.errorPrefix(serverErrorOf(error)));
      setStatus(serverErrorOf(error));
    }
  };

  return (
    <Grid gap="lg">
      <LeaveGuard active={() => !leaving.current} />
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md" p="lg">
          <Tabs value={tab} onChange={(value) => value && setTab(value as TemplateType)}>
            <Tabs.List mb="md">
              <Tabs.Tab value="sms">{m.templateTabs.sms}</Tabs.Tab>
              <Tabs.Tab value="email">{m.templateTabs.email}</Tabs.Tab>
              <Tabs.Tab value="app">{m.templateTabs.app}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          {tab === 'app' ? (
            <Alert color="blue">{messages.common.comingSoon}</Alert>
          ) : (
            <Stack gap="md">
              <Title order={2} size="h5">
                {m.templates}
              </Title>
              {templates.isPending ? <Text c="dimmed">{messages.common.loading}</Text> : null}
              {templates.data && fitting.length === 0 ? (
                <Text c="dimmed">{messages.common.noDataFound}</Text>
              ) : null}
              <Radio.Group
                value={attachment?.templateId ?? null}
                onChange={(templateId) =>
                  setAttachments((current) => ({
                    ...current,
                    [tab]: {
                      templateId,
                      text: fitting.find((t) => t._id === templateId)?.campaignTemplateText ?? '',
                      fields: current[tab]?.fields ?? {},
                    },
                  }))
                }
              >
                <Stack gap="xs">
                  {fitting.map((template) => (
                    <Radio
                      key={template._id}
                      value={template._id}
                      label={template.name}
                      description={template.campaignTemplateText.slice(0, 90)}
                    />
                  ))}
                </Stack>
              </Radio.Group>

              <Title order={2} size="h5">
                {m.settingsTitle}
              </Title>
              <Group grow>
                <Select
                  label={m.validFor}
                  data={validForOptions.map((v) => ({ value: v, label: v }))}
                  value={validFor}
                  onChange={(v) => v && setValidFor(v)}
                  allowDeselect={false}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {m.promoCode}
                  </Text>
                  <SegmentedControl
                    data={[
                      { value: 'single', label: m.promoModes.single },
                      { value: 'multiple', label: m.promoModes.multiple },
                    ]}
                    value={promoMode}
                    onChange={(v) => setPromoMode(v as 'single' | 'multiple')}
                  />
                </Stack>
              </Group>
              {promoMode === 'single' ? (
                <TextInput
                  label={m.promoCodeOptional}
                  value={promoCode}
                  onChange={(e) => setPromoCode(e.currentTarget.value)}
                />
              ) : (
                <FileInput
                  label={m.promoCodesFile}
                  description={m.promoCodesHint(draft.expectedReach ?? 0)}
                  accept=".csv,text/csv"
                  onChange={(file) => void handlePromoFile(file)}
                  error={promoCsv?.problem}
                  clearable
                />
              )}
              {chosen
                ? askedFields(chosen.campaignTemplateText).map((name) =>
                    isImageField(name) ? (
                      <CampaignImagePicker
                        key={name}
                        label={name}
                        brandId={form.brandId || undefined}
                        value={attachment?.fields[name] ?? ''}
                        onChange={(url) => setField(name, url)}
                      />
                    ) : (
                      <TextInput
                        key={name}
                        label={name}
                        description={name === 'Landing Page' ? m.landingPageHint : undefined}
                        value={attachment?.fields[name] ?? ''}
                        onChange={(e) => setField(name, e.currentTarget.value)}
                      />
                    ),
                  )
                : null}
            </Stack>
          )}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="md" p="lg">
          <Stack>
            <Group justify="space-between">
              <Title order={2} size="h5">
                {m.preview}
              </Title>
              <Select
                aria-label={m.previewBank}
                w={120}
                data={[...bankOptions]}
                value={bank}
                onChange={(v) => v && setBank(v)}
                allowDeselect={false}
              />
            </Group>
            <Paper bg="gray.0" p="md" radius="md" mih={140}>
              <Stack gap="xs" data-testid="template-preview">
                {chosen ? (
                  templatePreviewParts(
                    chosen.campaignTemplateText,
                    previewValues(attachment?.fields ?? {}),
                  ).map((part, index) =>
                    part.kind === 'text' ? (
                      <Text key={index} style={{ whiteSpace: 'pre-wrap' }}>
                        {part.text.replace(/^\n+|\n+$/g, '')}
                      </Text>
                    ) : (
                      <Image key={index} src={part.src} alt={m.imagePreview(part.field)} radius="sm" />
                    ),
                  )
                ) : (
                  <Text>{m.chooseTemplate}</Text>
                )}
              </Stack>
            </Paper>
            {status ? (
              <Text c="red.7" ta="center" size="sm" role="alert" data-testid="form-status">
                {status}
              </Text>
            ) : null}
            <Group justify="space-between">
              <Button variant="default" onClick={handleBack}>
                {messages.common.back}
              </Button>
              <Button onClick={() => void handleSubmit()} loading={save.isPending}>
                {messages.common.submit}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
