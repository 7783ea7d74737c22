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
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
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
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { csvFileProblem } from '@/lib/csv-file';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSettings } from '@/lib/settings';
import {
  useOverviewList,
  useTriggerOverview,
  useUploadDocs,
  type DocsAnswer,
  type DocsRefusal,
} from '../api/overview-calls.ts';

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
          <Title order={4}>{m.triggerTitle}</Title>
          <Text size="sm" c="dimmed">
            {m.triggerIntro}
          </Text>
          <Group grow align="flex-start">
            <TextInput
              type="month"
              label={m.startDate}
              required
              error={errors.start_date?.message}
              {...form.register('start_date')}
            />
            <TextInput
              type="month"
              label={m.endDate}
              required
              error={errors.end_date?.message}
              {...form.register('end_date')}
            />
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
  const upload = useUploadDocs();
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
      const result = await upload.mutateAsync({ transactions, impressions, range });
      notify.success(result.respMessage);
      setAnswer(result);
    } catch (error) {
      setStatus(error instanceof Error ? error.message : String(error));
      if (error instanceof ApiError) setLines(linesOf(error.payload as DocsRefusal));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4}>{m.docsTitle}</Title>
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
        <Title order={4}>{m.campaignsOfRange(range.start_date, range.end_date)}</Title>
        {list.isError ? <Alert color="red">{list.error.message}</Alert> : null}
        {list.data && list.data.length === 0 ? <Text c="dimmed">{messages.common.noDataFound}</Text> : null}
        {list.data && list.data.length > 0 ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={m.overviewsTable}>
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
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>{row.brandName}</Table.Td>
                    <Table.Td>{row.month}</Table.Td>
                    <Table.Td>
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
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Paper>
  );
}
