import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Grid,
  Group,
  Modal,
  Paper,
  Radio,
  RangeSlider,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { canOpen } from '@krowd/domain/access/access.rules';
import { awaitsBrandDecision } from '@krowd/domain/branch/branch.rules';
import {
  campaignMonthWindow,
  displayDate,
  periodOf,
  shiftMonth,
  type IsoMonth,
} from '@krowd/domain/campaign/campaign-dates.rules';
import {
  campaignName,
  campaignNameForMonth,
  cardNetworkCampaignName,
  fixedDiscountPercent,
  lastTransactionMonths,
  needsLastTransaction,
} from '@krowd/domain/campaign/campaign.rules';
import { formValuesOf } from '@krowd/domain/campaign/campaign-response.schema';
import {
  ageRangeLimits,
  campaignFormSchema,
  defaultCampaignForm,
  suggestionsMaxLength,
  type CampaignFormInput,
} from '@krowd/domain/campaign/campaign.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  internalDemoProjection,
  type ProjectionFigures,
  type ProjectionInput,
} from '@krowd/domain/projection/projection.rules';
import { NumberField } from '@/components/ui/number-field';
import { serverErrorOf, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { audienceOfUser } from '@/lib/access';
import { useSessionUser } from '@/lib/session';
import { useScreenSessionModalVariant } from '@/lib/session-modal-variant';
import { notify } from '@/lib/notify';
import { useSettings } from '@/lib/settings';
import { useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/lib/session';
import {
  useAcceptTerms,
  useBrandDetails,
  useCampaign,
  useCampaignNameParts,
  useDistributorDeals,
  useMerchants,
} from '../api/campaign-calls.ts';
import { draftStore, useCampaignDraft } from '../draft-store.ts';
import { BranchSelect } from './branch-select.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { ProjectionPanel } from './projection-panel.tsx';
import { TermsModal } from './terms-modal.tsx';

const m = messages.campaign;
const customerTypeOptions = [
  { value: 'all', label: 'All customers' },
  { value: 'new', label: 'New customers' },
  { value: 'existing', label: 'Existing customers' },
  { value: 'lapsed', label: 'Lapsed customers' },
];

/** Months from `first` to `last`, as the picker's options (MM/YYYY). */
function monthsBetween(first: IsoMonth, last: IsoMonth) {
  const months: { value: string; label: string }[] = [];
  for (let month = first; month <= last; month = shiftMonth(month, 1)) {
    months.push({ value: `${month}-01`, label: periodOf(month) });
  }
  return months;
}

/**
 * A guest's campaign step (spec 1 §4 'Create flow (guest user)'): the campaign runs at every branch
 * they add in the onboarding train (type 'All'), so the form has no branch choice; Next saves it
 * with the terms accepted and the train follows. There is no template step.
 */
export interface GuestCampaignStep {
  /** The values saved before (stepOneData), when the guest comes back from the train. */
  savedValues: CampaignFormInput | null;
  /** Saves the form with the terms accepted; the page then gives way to the train. */
  onSave: (values: CampaignFormInput) => Promise<unknown>;
  /** Why the guest is back on the form, when the server sent them (the saved month has gone by). */
  notice?: string;
}

export interface CampaignFormPageProps {
  mode: 'create' | 'edit';
  /** Set for a guest onboarding (create only). */
  guest?: GuestCampaignStep;
}

/**
 * Create / Edit Campaign (spec 1 §2): the form on the left, the summary and projection on the
 * right. Next checks the form, asks for the terms once, then goes to the template step (a guest's
 * form is saved and the onboarding train follows).
 */
export function CampaignFormPage({ mode, guest }: CampaignFormPageProps) {
  const user = useSessionUser()!;
  const timeZone = useSettings().data?.timezone ?? 'America/New_York';
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editId = mode === 'edit' ? (search.get('id') ?? undefined) : undefined;
  const existing = useCampaign(editId);
  const draft = useCampaignDraft();
  const now = useMemo(() => new Date(), []);
  const isGroupAdmin = user.role === 'groupAdmin';
  /** A session from a card-network link (spec 1 §2, §6): fixed 10%, month-in-full name, no figures. */
  const cardNetwork = user.source === 'cardNetwork';
  const discountFixed = user.isInternalDemo || cardNetwork;
  const initialBrandId =
    (mode === 'edit' ? existing.data?.brandId : undefined) ??
    draft?.form.brandId ??
    search.get('brandId') ??
    user.brandId ??
    user.brandIds[0]?.brandId ??
    '';

  const form = useZodForm(
    campaignFormSchema,
    guest
      ? {
          ...defaultCampaignForm({ now, timeZone, brandId: initialBrandId }),
          ...guest.savedValues,
          type: 'All',
          merchantIds: [],
        }
      : draft && draft.campaignId === editId
        ? draft.form
        : defaultCampaignForm({ now, timeZone, brandId: initialBrandId }),
  );
  const { control, setValue, formState } = form;
  const values = useWatch({ control }) as CampaignFormInput;
  const brandId = values.brandId || initialBrandId;

  const brand = useBrandDetails(brandId);
  // A guest's campaign runs at the branches they add in the train: nothing to choose from here.
  const merchants = useMerchants(guest ? undefined : brandId);
  const deals = useDistributorDeals(brandId);
  const nameParts = useCampaignNameParts(mode === 'create' ? brandId : undefined);
  const acceptTerms = useAcceptTerms();

  const [termsOpened, setTermsOpened] = useState(false);
  const [guestSaving, setGuestSaving] = useState(false);
  const [allBranchesHint, setAllBranchesHint] = useState(false);
  const [status, setStatus] = useState<string | null>(guest?.notice ?? null);
  const figures = useRef<ProjectionFigures | null>(null);
  const leaving = useRef(false);

  // Editing: fill the form with the campaign once it has loaded (unless coming back from the template step).
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (mode !== 'edit' || !existing.data || loadedFor.current === existing.data._id) return;
    loadedFor.current = existing.data._id;
    if (draft?.campaignId === existing.data._id) return;
    form.reset(formValuesOf(existing.data));
  }, [mode, existing.data, draft, form]);

  // The name follows the brand and month (create); an edit to another month changes the month
  // part of the campaign's name and keeps its sequence number, as the server does.
  useEffect(() => {
    if (!values.start_date) return;
    if (mode === 'create' && nameParts.data) {
      const { brandName, count } = nameParts.data;
      setValue(
        'name',
        cardNetwork
          ? cardNetworkCampaignName(brandName, values.start_date)
          : campaignName(brandName, values.start_date, count),
      );
    } else if (mode === 'edit' && existing.data) {
      setValue('name', campaignNameForMonth(existing.data.name, existing.data.start_date, values.start_date));
    }
  }, [mode, nameParts.data, existing.data, values.start_date, cardNetwork, setValue]);

  // The fixed discount shows as what the server will store.
  useEffect(() => {
    if (discountFixed && values.discountType === 'dp' && values.discountPercent !== fixedDiscountPercent) {
      setValue('discountPercent', fixedDiscountPercent);
    }
  }, [discountFixed, values.discountType, values.discountPercent, setValue]);

  // Said before the user fills the form in: branches the operator side created that the brand has
  // not approved or rejected yet, which hold up a new campaign until it has (spec 1 §8, the server
  // refuses it too), or no branch to run one at.
  const branchProblem: 'pending' | 'none' | null =
    !merchants.data || guest
      ? null
      : mode === 'create' && merchants.data.some(awaitsBrandDecision)
        ? 'pending'
        : !merchants.data.some((branch) => branch.selectable)
          ? 'none'
          : null;
  const [branchAlertDismissed, setBranchAlertDismissed] = useState(false);
  // A session ending on this screen is told with its own modal: 'Try Again' when no branch can run it.
  useScreenSessionModalVariant(branchProblem === 'none' ? 'tryAgain' : 'loginAgain');
  const branchAlert = branchAlertDismissed ? null : branchProblem;
  const branchesReachable = canOpen(audienceOfUser(user), 'branches');
  const handleGoToBranches = () => {
    leaving.current = true;
    navigate(paths.page('branches'));
  };

  const kind = user.isFirstLogin || cardNetwork ? 'cardNetworkOrFirstLogin' : 'standard';
  const window = campaignMonthWindow(now, timeZone, kind);
  const monthOptions = monthsBetween(window.first, window.last);
  const startMonth = (values.start_date ?? '').slice(0, 7) || window.first;
  const validUntilOptions = monthsBetween(startMonth, shiftMonth(startMonth, 12)).map((o) => ({
    value: o.value.slice(0, 7),
    label: o.label,
  }));
  const usableBranches = (merchants.data ?? []).filter((branch) => branch.selectable);
  const branchValue: 'All' | string[] = values.type === 'All' ? 'All' : (values.merchantIds ?? []);
  const noBranchChosen = usableBranches.length > 0 && branchValue !== 'All' && branchValue.length === 0;

  const projectionInput: ProjectionInput = {
    customerType: values.discountType === 'dp' ? 'all' : (values.customerType ?? 'all'),
    discountType: values.discountType ?? 'dp',
    discountPercent: values.discountPercent as ProjectionInput['discountPercent'],
    discountAmount: values.discountAmount as ProjectionInput['discountAmount'],
    discountValue: values.discountValue as ProjectionInput['discountValue'],
    discountSpreadValue: values.discountSpreadValue as ProjectionInput['discountSpreadValue'],
    successFee: values.successFee as ProjectionInput['successFee'],
  };
  const handleFigures = useCallback((next: ProjectionFigures | null) => {
    figures.current = next;
  }, []);

  const goToTemplates = (input: CampaignFormInput) => {
    draftStore.set({
      form: input,
      campaignId: editId,
      brandName: brand.data?.name ?? user.brandName ?? '',
      expectedReach: figures.current?.expected_reach,
    });
    leaving.current = true;
    navigate(paths.page('campaignsCreatePreview'));
  };

  /** The guest's save (the terms accepted with it); a failure says so in the spec's words (spec 1 §8). */
  const saveGuestCampaign = async (onboarding: GuestCampaignStep) => {
    setGuestSaving(true);
    try {
      leaving.current = true;
      await onboarding.onSave(form.getValues());
    } catch {
      leaving.current = false;
      setStatus(messages.onboarding.updateFailed);
      notify.error(messages.onboarding.updateFailed);
    } finally {
      setGuestSaving(false);
    }
  };

  const handleNext = () =>
    form.handleSubmit(
      () => {
        setStatus(null);
        if (!user.isTAndCAccepted) {
          setTermsOpened(true);
          return;
        }
        if (guest) void saveGuestCampaign(guest);
        else goToTemplates(form.getValues());
      },
      () => setStatus('Please correct the highlighted fields.'),
    )();

  const handleAcceptTerms = async () => {
    if (guest) {
      await saveGuestCampaign(guest);
      setTermsOpened(false);
      return;
    }
    try {
      await acceptTerms.mutateAsync();
      queryClient.setQueryData(sessionQueryKey, { ...user, isTAndCAccepted: true });
      setTermsOpened(false);
      goToTemplates(form.getValues());
    } catch (error) {
      setTermsOpened(false);
      setStatus(serverErrorOf(error));
    }
  };

  const errors = formState.errors;
  // Read while rendering: react-hook-form only tracks isDirty for a form that reads it then, so
  // reading it first at the moment of leaving always gave false and the guard never asked.
  const dirty = formState.isDirty;
  const discountType = values.discountType;
  const editBlocked = mode === 'edit' && existing.data && !existing.data.editable;

  if (mode === 'edit' && !editId) {
    return <Alert color="red">{m.notFound}</Alert>;
  }
  if (mode === 'edit' && existing.isError) {
    return <Alert color="red">{existing.error.message}</Alert>;
  }

  return (
    <Grid gap="lg">
      <LeaveGuard
        active={() => (guest ? true : dirty) && !leaving.current}
        message={guest ? m.leaveGuardGuest : undefined}
      />
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p="lg">
          {branchProblem === 'pending' && branchAlert === null ? (
            // Closing the alert leaves the reason in view: Next stays disabled until the brand decides.
            <Alert color="yellow" mb="lg" data-testid="branches-pending">
              <Text size="sm">{m.branchesPending}</Text>
              {branchesReachable ? (
                <Button variant="light" size="xs" mt="sm" onClick={handleGoToBranches}>
                  {m.goToBranches}
                </Button>
              ) : null}
            </Alert>
          ) : null}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void handleNext();
            }}
            noValidate
          >
            <Stack gap="md">
              {editBlocked ? <Alert color="yellow">{m.cannotEdit}</Alert> : null}
              {isGroupAdmin && mode === 'create' ? (
                <Controller
                  control={control}
                  name="brandId"
                  render={({ field }) => (
                    <Select
                      label="Brand"
                      data={user.brandIds.map((b) => ({ value: b.brandId, label: b.brandName }))}
                      value={field.value || null}
                      onChange={(value) => {
                        field.onChange(value ?? '');
                        setValue('merchantIds', []);
                        setValue('type', undefined);
                      }}
                      error={errors.brandId?.message}
                      allowDeselect={false}
                    />
                  )}
                />
              ) : null}
              <Group grow align="flex-start">
                <TextInput
                  label="Campaign name"
                  disabled
                  {...form.register('name')}
                  error={errors.name?.message}
                />
                <Controller
                  control={control}
                  name="start_date"
                  render={({ field }) => (
                    <Select
                      label="Campaign month (MM/YYYY)"
                      data={monthOptions}
                      value={field.value || null}
                      onChange={(value) => field.onChange(value ?? '')}
                      error={errors.start_date?.message}
                      allowDeselect={false}
                    />
                  )}
                />
              </Group>

              <Controller
                control={control}
                name="discountType"
                render={({ field }) => (
                  <Radio.Group label="Discount type" value={field.value} onChange={field.onChange}>
                    <Group mt={6}>
                      <Radio value="dp" label="Discount percent" />
                      <Radio value="dv" label="Discount value (minimum spend)" />
                      <Radio value="ss" label="Stretch spend" />
                    </Group>
                  </Radio.Group>
                )}
              />

              {discountType === 'dp' ? (
                <NumberField
                  control={control}
                  name="discountPercent"
                  kind="percent"
                  label="Discount (%)"
                  disabled={discountFixed}
                  description={discountFixed ? m.discountFixed(fixedDiscountPercent) : undefined}
                />
              ) : null}
              {discountType === 'dv' ? (
                <Group grow align="flex-start">
                  <NumberField
                    control={control}
                    name="discountAmount"
                    kind="pounds"
                    label="Minimum spend (£)"
                  />
                  <NumberField control={control} name="discountValue" kind="pounds" label="Discount (£)" />
                </Group>
              ) : null}
              {discountType === 'ss' ? (
                <Group grow align="flex-start">
                  <NumberField
                    control={control}
                    name="discountSpreadAmount"
                    kind="percent"
                    label="Spend above average (ATV %)"
                  />
                  <NumberField
                    control={control}
                    name="discountSpreadValue"
                    kind="percent"
                    label="Discount (%)"
                  />
                  <NumberField
                    control={control}
                    name="spreadAvgSpend"
                    kind="pounds"
                    label="Average spend (£, optional)"
                  />
                </Group>
              ) : null}

              <Group grow align="flex-start">
                <Controller
                  control={control}
                  name="customerType"
                  render={({ field }) => (
                    <Select
                      label="Customer type"
                      data={customerTypeOptions}
                      value={discountType === 'dp' ? 'all' : field.value}
                      onChange={(value) => field.onChange(value ?? 'all')}
                      disabled={discountType === 'dp'}
                      description={
                        discountType === 'dp' ? 'A percent discount is offered to all customers' : undefined
                      }
                      error={errors.customerType?.message}
                      allowDeselect={false}
                    />
                  )}
                />
                {discountType !== 'dp' && needsLastTransaction(values.customerType) ? (
                  <Controller
                    control={control}
                    name="lastTransaction"
                    render={({ field }) => (
                      <Select
                        label="Last transaction"
                        placeholder="Choose"
                        data={lastTransactionMonths.map((n) => ({
                          value: String(n),
                          label: m.lastTransactionOption(n),
                        }))}
                        value={typeof field.value === 'number' ? String(field.value) : null}
                        onChange={(value) => field.onChange(value ? Number(value) : 'NULL')}
                        error={errors.lastTransaction?.message}
                      />
                    )}
                  />
                ) : null}
              </Group>

              <Group grow align="flex-start">
                <NumberField
                  control={control}
                  name="successFee"
                  blank={undefined}
                  label={
                    <Group gap={4}>
                      Success fee (%)
                      <Tooltip label={m.successFeeTooltip} multiline w={240}>
                        <IconInfoCircle size={14} aria-label={m.successFeeTooltip} />
                      </Tooltip>
                    </Group>
                  }
                  min={0}
                  max={100}
                  allowDecimal={false}
                />
                <Controller
                  control={control}
                  name="budgetType"
                  render={({ field }) => (
                    <Radio.Group label="Budget" value={field.value ?? 'na'} onChange={field.onChange}>
                      <Group mt={6}>
                        <Radio value="na" label="No limit" />
                        <Radio value="budget" label="Set a budget" />
                      </Group>
                    </Radio.Group>
                  )}
                />
                {values.budgetType === 'budget' ? (
                  <NumberField control={control} name="budget" kind="pounds" label="Budget (£)" />
                ) : null}
              </Group>

              <Controller
                control={control}
                name="age_range"
                render={({ field }) => (
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      Age range: {field.value?.[0] ?? 10} to {field.value?.[1] ?? 100}
                    </Text>
                    <RangeSlider
                      min={ageRangeLimits.min}
                      max={ageRangeLimits.max}
                      step={1}
                      minRange={0}
                      marks={Array.from({ length: 10 }, (_, i) => ({
                        value: 10 + i * 10,
                        label: String(10 + i * 10),
                      }))}
                      value={(field.value as [number, number]) ?? [10, 100]}
                      onChange={field.onChange}
                      mb="lg"
                      thumbFromLabel="Minimum age"
                      thumbToLabel="Maximum age"
                    />
                  </Stack>
                )}
              />

              <Group align="flex-start" gap="xl">
                <Controller
                  control={control}
                  name="gender"
                  render={({ field }) => (
                    <Stack gap={6}>
                      <Text size="sm" fw={500}>
                        Gender
                      </Text>
                      <Group>
                        <Checkbox
                          label="Male"
                          checked={field.value?.male ?? true}
                          onChange={(e) => field.onChange({ ...field.value, male: e.currentTarget.checked })}
                        />
                        <Checkbox
                          label="Female"
                          checked={field.value?.female ?? true}
                          onChange={(e) =>
                            field.onChange({ ...field.value, female: e.currentTarget.checked })
                          }
                        />
                      </Group>
                      {errors.gender ? (
                        <Text size="xs" c="red">
                          {errors.gender.message ?? errors.gender.root?.message}
                        </Text>
                      ) : null}
                    </Stack>
                  )}
                />
                <Controller
                  control={control}
                  name="recurring"
                  render={({ field }) => (
                    <Stack gap={6}>
                      <Text size="sm" fw={500}>
                        Recurring (repeats monthly)
                      </Text>
                      <SegmentedControl
                        data={[
                          { value: 'yes', label: 'Yes' },
                          { value: 'no', label: 'No' },
                        ]}
                        value={field.value === false ? 'no' : 'yes'}
                        onChange={(value) => field.onChange(value === 'yes')}
                      />
                    </Stack>
                  )}
                />
              </Group>

              <Controller
                control={control}
                name="weekDays"
                render={({ field }) => (
                  <Stack gap={6}>
                    <Text size="sm" fw={500}>
                      Week days
                    </Text>
                    <Group gap={6}>
                      {(field.value ?? []).map((day, index) => (
                        <Chip
                          key={day.label}
                          checked={day.selected}
                          onChange={(checked) =>
                            field.onChange(
                              (field.value ?? []).map((d, i) =>
                                i === index ? { ...d, selected: checked } : d,
                              ),
                            )
                          }
                        >
                          {day.label.slice(0, 3)}
                        </Chip>
                      ))}
                    </Group>
                    {errors.weekDays ? (
                      <Text size="xs" c="red">
                        {errors.weekDays.message ?? errors.weekDays.root?.message}
                      </Text>
                    ) : null}
                  </Stack>
                )}
              />

              <Group grow align="flex-start">
                <TextInput
                  type="time"
                  label="Start time (optional)"
                  {...form.register('start_time')}
                  error={errors.start_time?.message}
                />
                <TextInput
                  type="time"
                  label="End time (optional)"
                  {...form.register('end_time')}
                  error={errors.end_time?.message}
                />
              </Group>

              {guest ? null : (
                <BranchSelect
                  branches={merchants.data ?? []}
                  value={branchValue}
                  disabled={merchants.isPending}
                  error={errors.merchantIds?.message ?? errors.type?.message}
                  onChange={(next) => {
                    if (next === 'All') {
                      setValue('type', 'All', { shouldDirty: true, shouldValidate: formState.isSubmitted });
                      setValue('merchantIds', [], { shouldDirty: true });
                    } else {
                      setValue('type', undefined, { shouldDirty: true });
                      setValue('merchantIds', next, {
                        shouldDirty: true,
                        shouldValidate: formState.isSubmitted,
                      });
                      if (next.length > 0 && !allBranchesHint) setAllBranchesHint(true);
                    }
                  }}
                />
              )}

              <Controller
                control={control}
                name="validUntil"
                render={({ field }) => (
                  <Select
                    label="Valid until (templates)"
                    description={m.validUntilNote}
                    placeholder="No end month"
                    data={validUntilOptions}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    clearable
                    error={errors.validUntil?.message}
                  />
                )}
              />

              <Textarea
                label="Additional comments"
                autosize
                minRows={3}
                maxLength={suggestionsMaxLength}
                description={`${(values.suggestions ?? '').length}/${suggestionsMaxLength}`}
                {...form.register('suggestions')}
                error={errors.suggestions?.message}
              />

              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  Distributor deals
                </Text>
                <Table withTableBorder striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Distributor</Table.Th>
                      <Table.Th>Cashback %</Table.Th>
                      <Table.Th>Success fee %</Table.Th>
                      <Table.Th>Start date</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(deals.data ?? []).length === 0 ? (
                      <Table.Tr>
                        <Table.Td colSpan={4}>
                          <Text size="sm" c="dimmed" ta="center">
                            {messages.common.noDataFound}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : (
                      (deals.data ?? []).map((deal) => (
                        <Table.Tr key={deal._id}>
                          <Table.Td>{deal.distributors_name}</Table.Td>
                          <Table.Td>{deal.percentage}</Table.Td>
                          <Table.Td>{deal.successFee}</Table.Td>
                          <Table.Td>{displayDate(deal.startDate).replaceAll('/', '-')}</Table.Td>
                        </Table.Tr>
                      ))
                    )}
                  </Table.Tbody>
                </Table>
              </Stack>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ProjectionPanel
          record={brand.data?.json ?? null}
          input={projectionInput}
          fixedFigures={user.isInternalDemo ? internalDemoProjection : undefined}
          comingSoon={cardNetwork}
          onFigures={handleFigures}
          nextDisabled={
            guest
              ? false
              : branchProblem === 'pending' ||
                noBranchChosen ||
                Boolean(editBlocked) ||
                usableBranches.length === 0
          }
          nextLabel="Next"
          onNext={() => void handleNext()}
          busy={guestSaving}
          status={status}
        />
      </Grid.Col>

      <TermsModal
        opened={termsOpened}
        busy={acceptTerms.isPending || guestSaving}
        onAccept={() => void handleAcceptTerms()}
        onCancel={() => setTermsOpened(false)}
      />
      <Modal
        opened={branchAlert !== null}
        onClose={() => setBranchAlertDismissed(true)}
        title="Alert"
        centered
      >
        <Text mb="lg">{branchAlert === 'none' ? m.noBranches : m.branchesPending}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setBranchAlertDismissed(true)}>
            Close
          </Button>
          {branchesReachable ? (
            <Button onClick={handleGoToBranches}>
              {branchAlert === 'none' ? m.addBranch : m.goToBranches}
            </Button>
          ) : null}
        </Group>
      </Modal>
      <Modal opened={allBranchesHint} onClose={() => setAllBranchesHint(false)} title="Alert" centered>
        <Text mb="lg">{m.allBranchesAlert}</Text>
        <Group justify="flex-end">
          <Button onClick={() => setAllBranchesHint(false)}>OK</Button>
        </Group>
      </Modal>
    </Grid>
  );
}
