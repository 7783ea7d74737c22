import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { NotQualifiedReason } from '@krowd/domain/dashboard/not-qualified.schema';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { failureMessage } from '../failure-message.ts';
import type { DashboardConditions } from '../api/get-dashboard.ts';
import { useNotQualified } from '../api/get-not-qualified.ts';
import type { ChosenReason } from '../api/get-not-qualified-transactions.ts';
import { NotQualifiedModal } from './not-qualified-modal.tsx';

const m = messages.notQualifiedReport;

/** A reason's row key: its code and, for a cap, the number it named. */
const keyOf = (row: NotQualifiedReason) => JSON.stringify([row.reason, row.params]);

export interface NotQualifiedPanelProps {
  conditions: DashboardConditions | null;
  timeZone: string;
}

/**
 * "Why transactions did not qualify" (docs/decisions/0130): the dashboard's not-qualified
 * purchases for its filters, counted by the reason stored with each (the catalogue's words, a
 * cap's with its number), largest first; a reason opens its transactions. Skeletons while the
 * first answer loads, a plain sentence when every transaction qualified.
 */
export function NotQualifiedPanel({ conditions, timeZone }: NotQualifiedPanelProps) {
  const counts = useNotQualified(conditions);
  const [chosen, setChosen] = useState<ChosenReason | null>(null);
  const answer = counts.isError ? undefined : counts.data;
  const columns: DataTableColumn<NotQualifiedReason>[] = [
    {
      key: 'reason',
      header: m.reason,
      render: (row) => (
        <Anchor
          component="button"
          type="button"
          ta="left"
          aria-label={m.viewTransactions(row.label)}
          onClick={() => setChosen({ reason: row.reason, params: row.params, label: row.label })}
        >
          {row.label}
        </Anchor>
      ),
    },
    { key: 'count', header: m.transactions, render: (row) => row.count.toLocaleString('en-GB') },
    { key: 'spend', header: m.spend, render: (row) => formatPence(row.spendPence) },
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="not-qualified-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="not-qualified-title">
          {m.title}
        </Title>
        <Text size="sm" c="dimmed">
          {m.intro}
        </Text>
        {counts.isError ? (
          <Alert color="red" title={m.loadFailed}>
            {failureMessage(counts.error)}
          </Alert>
        ) : !answer ? (
          <Stack gap="xs" data-testid="not-qualified-loading" aria-busy="true">
            <Skeleton h={28} />
            <Skeleton h={28} />
            <Skeleton h={28} />
          </Stack>
        ) : answer.reasons.length === 0 ? (
          <Group gap="xs" data-testid="not-qualified-empty">
            <IconCircleCheck size={20} color="var(--mantine-color-green-7)" aria-hidden />
            <Text size="sm">{m.empty}</Text>
          </Group>
        ) : (
          <>
            <DataTable
              columns={columns}
              rows={answer.reasons}
              rowKey={keyOf}
              loading={counts.isFetching}
              pagination={undefined}
              onPageChange={() => undefined}
              onLimitChange={() => undefined}
            />
            <Text size="sm" fw={600} data-testid="not-qualified-total">
              {m.total}: {answer.total.count.toLocaleString('en-GB')} · {formatPence(answer.total.spendPence)}
            </Text>
          </>
        )}
        {answer && answer.notApplied.length > 0 ? (
          <Text size="xs" c="dimmed">
            {m.notApplied}
          </Text>
        ) : null}
      </Stack>
      {conditions && chosen ? (
        <NotQualifiedModal
          conditions={conditions}
          chosen={chosen}
          onClose={() => setChosen(null)}
          timeZone={timeZone}
        />
      ) : null}
    </Paper>
  );
}
