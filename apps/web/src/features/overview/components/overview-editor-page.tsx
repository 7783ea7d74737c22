import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useParams } from 'react-router';
import { can } from '@krowd/domain/access/access.rules';
import { shiftDate } from '@krowd/domain/calendar/calendar.rules';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';
import {
  emptyStatTypes,
  overviewSchemaFor,
  performanceTotals,
  statTypeLabels,
  statTypes,
  type CampaignReference,
  type OverviewContentInput,
  type OverviewFigures,
  type StatType,
} from '@krowd/domain/overview/overview.schema';
import { FormStatus } from '@/components/ui/form-status';
import { NumberField } from '@/components/ui/number-field';
import { serverErrorOf, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { audienceOfUser } from '@/lib/access';
import { formatCalendarDate, formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { useOverviewRaw, useSaveOverview, type OverviewRaw } from '../api/overview-calls.ts';
import { PenceField } from './pence-field.tsx';

const m = messages.overview;

const summaryFields = [
  { name: 'totalCost', label: 'Total Cost' },
  { name: 'highestSpend', label: 'Highest Spend' },
  { name: 'lowestSpend', label: 'Lowest Spend' },
  { name: 'averageSpend', label: 'Average Spend' },
] as const;

/** The editable part of figures: the four amounts, the rows and the statistics. */
export function editableOf(figures: OverviewFigures): OverviewContentInput {
  return {
    co: {
      totalCost: figures.co.totalCost,
      highestSpend: figures.co.highestSpend,
      lowestSpend: figures.co.lowestSpend,
      averageSpend: figures.co.averageSpend,
    },
    performance: figures.performance.map((row) => ({ ...row })),
    stats: figures.stats.map((stat) => ({ ...stat })),
  };
}

/** Campaign Overview Edit (spec 2 §2.13): loads the overview, then the form. */
export function OverviewEditorPage() {
  const { id = '' } = useParams();
  const raw = useOverviewRaw(id);
  const user = useSessionUser();
  const canEdit = user ? can(audienceOfUser(user), 'overview.edit') : false;
  if (raw.isPending) return <Loader aria-label={messages.common.loading} />;
  if (raw.isError) return <Alert color="red">{raw.error.message}</Alert>;
  return <OverviewEditor key={`${id}-${raw.data.overriddenAt ?? ''}`} raw={raw.data} canEdit={canEdit} />;
}

export interface OverviewEditorProps {
  raw: OverviewRaw;
  canEdit: boolean;
}

/**
 * The editor's form (spec 2 §2.13, §4, §5): summary amounts in £ (stored as pence), the
 * performance table with totals, the four conversion-statistics tabs, each list non-empty before
 * saving. The computed value shows beside each edited one. Saving stores an override beside the
 * computed figures; Preview opens the saved overview in a new tab.
 */
export function OverviewEditor({ raw, canEdit }: OverviewEditorProps) {
  const { campaign, computed } = raw;
  const schema = useMemo(() => overviewSchemaFor(campaign), [campaign]);
  const form = useZodForm(schema, editableOf(raw.overview));
  const performance = useFieldArray({ control: form.control, name: 'performance' });
  const stats = useFieldArray({ control: form.control, name: 'stats' });
  const save = useSaveOverview(campaign.id);
  const [status, setStatus] = useState<string | null>(null);
  const { errors, isDirty } = form.formState;
  const timezone = useSettings().data?.timezone ?? 'UTC';

  const handleSubmit = form.handleSubmit(async (values) => {
    setStatus(null);
    try {
      const answer = await save.mutateAsync(values);
      notify.success(answer.respMessage);
    } catch (error) {
      const message = m.saveError(serverErrorOf(error, form.setError as never));
      setStatus(message);
      notify.error(message);
    }
  });

  const handlePreview = () => {
    window.open(paths.page('campaignsPreview', { id: campaign.id }), '_blank', 'noopener');
  };

  const handleAddRow = () => {
    const rows = form.getValues('performance');
    const last = rows.at(-1)?.date;
    const date =
      typeof last === 'string' && last >= campaign.startDate && last < campaign.endDate
        ? shiftDate(last, 1)
        : campaign.startDate;
    performance.append({ date, reach: '', conversions: '', revenue: '' });
  };

  const computedOf = new Map(computed.performance.map((row) => [row.date, row]));
  const performanceError = errors.performance?.root?.message ?? errors.performance?.message;
  const statsError = errors.stats?.root?.message ?? errors.stats?.message;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3}>{campaign.name}</Title>
            <Text c="dimmed" size="sm">
              {formatCalendarDate(campaign.startDate)} – {formatCalendarDate(campaign.endDate)}
            </Text>
          </div>
          <Group>
            <Button variant="default" leftSection={<IconExternalLink size={16} />} onClick={handlePreview}>
              Preview
            </Button>
            {canEdit ? (
              <Button type="submit" loading={save.isPending}>
                Submit
              </Button>
            ) : null}
          </Group>
        </Group>
        {!canEdit ? <Alert color="blue">{m.readOnly}</Alert> : null}
        {raw.overridden && raw.overriddenAt ? (
          <Alert color="yellow" data-testid="overridden-note">
            {m.overriddenNote(formatDateTime(raw.overriddenAt, timezone), raw.overriddenBy ?? '')}
          </Alert>
        ) : null}
        {canEdit && isDirty ? (
          <Text size="sm" c="dimmed">
            {m.previewSavedOnly}
          </Text>
        ) : null}

        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="lg">
            <Paper withBorder p="md" radius="md">
              <Title order={4} mb="sm">
                Summary
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                {summaryFields.map((field) => (
                  <PenceField
                    key={field.name}
                    control={form.control}
                    name={`co.${field.name}`}
                    label={field.label}
                    required
                    description={`Computed: ${formatPence(computed.co[field.name])}`}
                  />
                ))}
              </SimpleGrid>
            </Paper>

            <Paper withBorder p="md" radius="md">
              <Group justify="space-between" mb="sm">
                <Title order={4}>Performance</Title>
                <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={handleAddRow}>
                  Add row
                </Button>
              </Group>
              <Table.ScrollContainer minWidth={760}>
                <Table verticalSpacing="xs" aria-label="Performance">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Reach</Table.Th>
                      <Table.Th>Conversions</Table.Th>
                      <Table.Th>Revenue</Table.Th>
                      <Table.Th>Computed</Table.Th>
                      <Table.Th aria-label="Actions" />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {performance.fields.map((row, index) => (
                      <PerformanceRowView
                        key={row.id}
                        index={index}
                        control={form.control}
                        campaign={campaign}
                        computedOf={computedOf}
                        dateError={errors.performance?.[index]?.date?.message}
                        register={form.register}
                        onRemove={() => performance.remove(index)}
                      />
                    ))}
                  </Table.Tbody>
                  <PerformanceTotals control={form.control} computed={computed} />
                </Table>
              </Table.ScrollContainer>
              <FormStatus message={performanceError} />
            </Paper>

            <Paper withBorder p="md" radius="md">
              <Title order={4} mb="sm">
                Conversion statistics
              </Title>
              <StatsTabs
                control={form.control}
                fields={stats.fields}
                computed={computed}
                errors={errors.stats}
                register={form.register}
                onAdd={(type) => stats.append({ type, label: '', value: '' })}
                onRemove={(index) => stats.remove(index)}
              />
              <FormStatus message={statsError} />
            </Paper>
          </Stack>
        </fieldset>
        <FormStatus message={status} />
      </Stack>
    </form>
  );
}

type EditorForm = ReturnType<typeof useZodForm<ReturnType<typeof overviewSchemaFor>>>;

function PerformanceRowView({
  index,
  control,
  campaign,
  computedOf,
  dateError,
  register,
  onRemove,
}: {
  index: number;
  control: Control<OverviewContentInput>;
  campaign: CampaignReference;
  computedOf: Map<string, OverviewFigures['performance'][number]>;
  dateError: string | undefined;
  register: EditorForm['register'];
  onRemove: () => void;
}) {
  const date = useWatch({ control, name: `performance.${index}.date` });
  const computed = typeof date === 'string' ? computedOf.get(date) : undefined;
  return (
    <Table.Tr>
      <Table.Td>
        <TextInput
          type="date"
          aria-label={`Date of row ${index + 1}`}
          min={campaign.startDate}
          max={campaign.endDate}
          error={dateError}
          {...register(`performance.${index}.date`)}
        />
      </Table.Td>
      <Table.Td>
        <NumberField
          control={control}
          name={`performance.${index}.reach`}
          aria-label={`Reach of row ${index + 1}`}
          min={0}
          allowDecimal={false}
        />
      </Table.Td>
      <Table.Td>
        <NumberField
          control={control}
          name={`performance.${index}.conversions`}
          aria-label={`Conversions of row ${index + 1}`}
          min={0}
          allowDecimal={false}
        />
      </Table.Td>
      <Table.Td>
        <PenceField
          control={control}
          name={`performance.${index}.revenue`}
          aria-label={`Revenue of row ${index + 1}`}
        />
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {computed
            ? `${computed.reach} · ${computed.conversions} · ${formatPence(computed.revenue)}`
            : 'none'}
        </Text>
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove row ${index + 1}`} onClick={onRemove}>
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function PerformanceTotals({
  control,
  computed,
}: {
  control: Control<OverviewContentInput>;
  computed: OverviewFigures;
}) {
  const rows = useWatch({ control, name: 'performance' });
  const totals = performanceTotals(
    rows.map((row) => ({
      reach: asNumber(row.reach),
      conversions: asNumber(row.conversions),
      revenue: asNumber(row.revenue),
    })),
  );
  return (
    <Table.Tfoot>
      <Table.Tr data-testid="performance-totals">
        <Table.Th>Total</Table.Th>
        <Table.Th>{totals.reach.toLocaleString('en-GB')}</Table.Th>
        <Table.Th>{totals.conversions.toLocaleString('en-GB')}</Table.Th>
        <Table.Th>{formatPence(totals.revenue)}</Table.Th>
        <Table.Th>
          <Text size="xs" c="dimmed">
            {`${computed.co.reach} · ${computed.co.conversions} · ${formatPence(computed.co.revenue)}`}
          </Text>
        </Table.Th>
        <Table.Th />
      </Table.Tr>
    </Table.Tfoot>
  );
}

function StatsTabs({
  control,
  fields,
  computed,
  errors,
  register,
  onAdd,
  onRemove,
}: {
  control: Control<OverviewContentInput>;
  fields: { id: string; type: StatType }[];
  computed: OverviewFigures;
  errors: EditorForm['formState']['errors']['stats'];
  register: EditorForm['register'];
  onAdd: (type: StatType) => void;
  onRemove: (index: number) => void;
}) {
  const stats = useWatch({ control, name: 'stats' });
  const empty = new Set(emptyStatTypes(stats));
  return (
    <Tabs defaultValue="age" keepMounted={false}>
      <Tabs.List>
        {statTypes.map((type) => (
          <Tabs.Tab
            key={type}
            value={type}
            rightSection={
              <Badge size="xs" variant="light" color={empty.has(type) ? 'red' : 'gray'}>
                {fields.filter((field) => field.type === type).length}
              </Badge>
            }
          >
            {statTypeLabels[type]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {statTypes.map((type) => (
        <Tabs.Panel key={type} value={type} pt="sm">
          <Stack gap="xs">
            {fields.map((field, index) =>
              field.type === type ? (
                <Group key={field.id} align="flex-start" wrap="nowrap">
                  <TextInput
                    label="Label"
                    required
                    style={{ flex: 2 }}
                    error={errors?.[index]?.label?.message}
                    description={computedStatOf(computed, type, stats[index]?.label)}
                    {...register(`stats.${index}.label`)}
                  />
                  <NumberField
                    control={control}
                    name={`stats.${index}.value`}
                    label="Value"
                    required
                    style={{ flex: 1 }}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${statTypeLabels[type]} entry`}
                    onClick={() => onRemove(index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ) : null,
            )}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onAdd(type)}
              style={{ alignSelf: 'flex-start' }}
            >
              {`Add ${statTypeLabels[type]}`}
            </Button>
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function computedStatOf(computed: OverviewFigures, type: StatType, label: unknown): string | undefined {
  if (typeof label !== 'string' || !label.trim()) return undefined;
  const found = computed.stats.find((stat) => stat.type === type && stat.label === label.trim());
  return found ? `Computed: ${found.value}` : undefined;
}
