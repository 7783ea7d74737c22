import { Paper, Table, Text, Title } from '@mantine/core';
import type { DashboardAnswer } from '@krowd/domain/dashboard/dashboard.schema';
import { messages } from '@krowd/domain/messages/messages';
import { formatCalendarDate, formatMoney } from '@/lib/format';

const m = messages.report.rewards;

export interface RewardStatusCardProps {
  /** The answer's split of cashback and success fee (docs/decisions/0117); money in pence. */
  rewards: NonNullable<DashboardAnswer['rewards']>;
  /** A chosen invoice's figures: all final, as the invoice bills final rewards only. */
  invoiceView: boolean;
}

/**
 * Cashback and success fee pending and final, from the server (pending + final is each total), with
 * when a pending reward becomes final. A real table with headers, so a screen reader reads each
 * figure with its row and column.
 */
export function RewardStatusCard({ rewards, invoiceView }: RewardStatusCardProps) {
  const rows = [
    { label: m.cashback, pending: rewards.pendingCashbackPence, final: rewards.finalCashbackPence },
    { label: m.successFee, pending: rewards.pendingSuccessFeePence, final: rewards.finalSuccessFeePence },
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reward-status-title">
      <Title order={2} size="h4" id="reward-status-title">
        {m.title}
      </Title>
      <Table mt="xs" data-testid="reward-status" withRowBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.kind}</Table.Th>
            <Table.Th scope="col" ta="right">
              {m.pending}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {m.final}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right">{formatMoney(row.pending)}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.final)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" mt="xs" data-testid="reward-status-explanation">
        {invoiceView
          ? m.invoiceExplanation
          : m.explanation(rewards.returnPeriodDays, formatCalendarDate(rewards.finalThrough))}
      </Text>
      {/* Refunds count on their own day, so a period can hold more refunds of final rewards than
          final rewards (docs/decisions/0117): said, so a negative figure is not read as a fault. */}
      {rows.some((row) => row.final < 0) ? (
        <Text size="sm" mt="xs" data-testid="reward-status-negative-final">
          {m.negativeFinal}
        </Text>
      ) : null}
    </Paper>
  );
}
