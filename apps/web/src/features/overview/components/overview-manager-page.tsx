import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { currentMonth, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { transactionColumns } from '@krowd/domain/ingestion/transaction-file.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  impressionColumns,
  overviewTriggerSchema,
  type OverviewTrigger,
} from '@krowd/domain/overview/overview.schema';
import { CsvFileInput } from '@/components/ui/csv-file-input';
import { MonthField } from '@/components/ui/date-fields';
import { FormStatus } from '@/components/ui/form-status';
import editableTable from '@/components/ui/editable-table.module.css';
import { isCancelled, UploadProgressBar, useUploadProgress } from '@/components/ui/upload-progress';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { csvFileProblem } from '@/lib/csv-file';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSettings } from '@/lib/settings';
import { useOverviewList } from '../api/get-overview-list.ts';
import { useTriggerOverview } from '../api/trigger-overview.ts';
import { useUploadOverviewDocs, type DocsAnswer, type DocsRefusal } from '../api/upload-overview-docs.ts';

const m = messages.overview;

/**
 * The Campaign Overview Manager (spec 2 §2.12, system admin): the create trigger for a month
 * range, the docs upload (transactions and impressions together) and the campaigns of the range
 * with their overview status, each linking to the editor.
 */
export function OverviewManagerPage() {
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const thisMonth = currentMonth(new Date(), timezone);
  const [range, setRange] = useState<OverviewTrigger>({
    start_date: shiftMonth(thisMonth, -1),
    end_date: thisMonth,
  });
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TriggerForm range={range} onRange={setRange} />
        <DocsUploadForm range={range} />
      </SimpleGrid>
      <CampaignsOfRange range={range} timezone={timezone} />
    </Stack>
  );
}

function TriggerForm({
  range,
  onRange,
}: {
  range: OverviewTrigger;
  onRange: (range: OverviewTrigger) => void;
}) {
  const trigger = useTriggerOverview();
  const form = useZodForm(overviewTriggerSchema, range);
  const { errors } = form.formState;
  const { status, onSubmit } = useServerSubmit(form, async (values) => {
    const answer = await trigger.mutateAsync(values);
    notify.success(answer.respMessage);
    onRange(values);
  });
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {m.triggerTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {m.triggerIntro}
          </Text>
          <Group grow align="flex-start">
            {(['start_date', 'end_date'] as const).map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <MonthField
                    label={name === 'start_date' ? m.startDate : m.endDate}
                    required
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors[name]?.message}
                  />
                )}
              />
            ))}
          </Group>
          <Button type="submit" loading={trigger.isPending} style={{ alignSelf: 'flex-start' }}>
            {m.trigger}
          </Button>
          <FormStatus message={status} />
        </Stack>
      </form>
    </Paper>
  );
}

const linesOf = (refusal: DocsRefusal | undefined) =>
  (refusal?.errors ?? []).map((error) => m.fileLine(m.fileNames[error.file], error.line, error.message));

function DocsUploadForm({ range }: { range: OverviewTrigger }) {
  const upload = useUploadOverviewDocs();
  const progress = useUploadProgress();
  const [transactions, setTransactions] = useState<File | null>(null);
  const [impressions, setImpressions] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [lines, setLines] = useState<string[]>([]);
  const [answer, setAnswer] = useState<DocsAnswer | null>(null);
  const transactionsProblem = csvFileProblem(transactions, {
    required: m.transactionsFileRequired,
    notCsv: m.fileNotCsv,
    empty: m.fileEmpty,
  });
  const impressionsProblem = csvFileProblem(impressions, {
    required: m.impressionsFileRequired,
    notCsv: m.fileNotCsv,
    empty: m.fileEmpty,
  });

  const handleUpload = async () => {
    setTouched(true);
    setStatus(null);
    setLines([]);
    setAnswer(null);
    if (transactionsProblem || impressionsProblem || !transactions || !impressions) return;
    try {
      const result = await upload.mutateAsync({
        transactions,
        impressions,
        range,
        tracking: progress.track(),
      });
      notify.success(result.respMessage);
      setAnswer(result);
    } catch (error) {
      if (isCancelled(error)) return setStatus(messages.upload.cancelled);
      setStatus(error instanceof Error ? error.message : String(error));
      if (error instanceof ApiError) setLines(linesOf(error.payload as DocsRefusal));
    } finally {
      progress.done();
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {m.docsTitle}
        </Title>
        <CsvFileInput
          label={m.transactionsFile}
          columns={transactionColumns}
          required
          file={transactions}
          onChange={setTransactions}
          error={touched ? transactionsProblem : null}
        />
        <CsvFileInput
          label={m.impressionsFile}
          columns={impressionColumns}
          required
          file={impressions}
          onChange={setImpressions}
          error={touched ? impressionsProblem : null}
        />
        <Button
          onClick={() => void handleUpload()}
          loading={upload.isPending}
          disabled={touched && (transactionsProblem !== null || impressionsProblem !== null)}
          style={{ alignSelf: 'flex-start' }}
        >
          {messages.common.upload}
        </Button>
        <UploadProgressBar upload={progress} />
        {answer ? (
          <Alert color="teal" title={answer.respMessage} data-testid="docs-answer">
            {m.docsCounts(answer)}
          </Alert>
        ) : null}
        <FormStatus message={status} />
        {lines.length > 0 ? (
          <Stack gap={2} data-testid="docs-errors">
            {lines.map((line) => (
              <Text key={line} c="red.7" size="sm">
                {line}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function CampaignsOfRange({ range, timezone }: { range: OverviewTrigger; timezone: string }) {
  const list = useOverviewList(range);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {m.campaignsOfRange(range.start_date, range.end_date)}
        </Title>
        {list.isError ? <Alert color="red">{list.error.message}</Alert> : null}
        {list.data && list.data.length === 0 ? <Text c="dimmed">{messages.common.noDataFound}</Text> : null}
        {list.data && list.data.length > 0 ? (
          <div className={editableTable.scroller}>
            <Table striped aria-label={m.overviewsTable} className={editableTable.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.columns.campaign}</Table.Th>
                  <Table.Th>{messages.common.brand}</Table.Th>
                  <Table.Th>{m.columns.month}</Table.Th>
                  <Table.Th>{m.columns.overview}</Table.Th>
                  <Table.Th aria-label={messages.common.actions} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td className={editableTable.wide} data-label={m.columns.campaign}>
                      {row.name}
                    </Table.Td>
                    <Table.Td data-label={messages.common.brand}>{row.brandName}</Table.Td>
                    <Table.Td data-label={m.columns.month}>{row.month}</Table.Td>
                    <Table.Td className={editableTable.wide} data-label={m.columns.overview}>
                      <Group gap={4}>
                        {row.computedAt ? (
                          <Badge
                            variant="light"
                            color="teal"
                            title={formatDateTime(row.computedAt, timezone)}
                          >
                            {m.computedBadge}
                          </Badge>
                        ) : (
                          <Badge variant="light" color="gray">
                            {m.notComputedBadge}
                          </Badge>
                        )}
                        {row.editedAt ? (
                          <Badge
                            variant="light"
                            color="yellow"
                            title={formatDateTime(row.editedAt, timezone)}
                          >
                            {m.editedBadge}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={paths.page('campaignOverviewEdit', { id: row.id })}>
                        {messages.common.edit}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
