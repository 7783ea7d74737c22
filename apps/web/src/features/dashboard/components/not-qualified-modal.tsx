import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { formatWallTime } from '@krowd/domain/calendar/date-format.rules';
import {
  notQualifiedPageSize,
  type NotQualifiedTransaction,
} from '@krowd/domain/dashboard/not-qualified.schema';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { failureMessage } from '../failure-message.ts';
import type { DashboardConditions } from '../api/get-dashboard.ts';
import { useNotQualifiedTransactions, type ChosenReason } from '../api/get-not-qualified-transactions.ts';

const m = messages.notQualifiedReport;
const report = messages.report;

/** The columns; a row's date is its local time, shown with its zone (yyyy-MM-dd HH:mm EST). */
const tableColumns = (timeZone: string): DataTableColumn<NotQualifiedTransaction>[] => [
  {
    key: 'date',
    header: m.columns.date,
    render: (row) => formatWallTime(row.date, timeZone, 'dashboardDateTime'),
  },
  { key: 'amount', header: m.columns.amount, render: (row) => formatPence(row.amountPence) },
  { key: 'branch', header: m.columns.branch, render: (row) => row.branch },
  { key: 'card', header: m.columns.card, render: (row) => m.maskedCard(row.cardLast4) },
  { key: 'reason', header: m.columns.reason, render: (row) => row.label },
];

export interface NotQualifiedModalProps {
  conditions: DashboardConditions;
  chosen: ChosenReason;
  onClose: () => void;
  timeZone: string;
}

/**
 * One reason's not-qualified purchases (docs/decisions/0130), a page at a time from the server in
 * local time order, in the one list component, as Transaction Details pages its rows.
 */
export function NotQualifiedModal({ conditions, chosen, onClose, timeZone }: NotQualifiedModalProps) {
  // The cursor of each page reached so far (the first page has none): Previous goes back one.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const pageIndex = cursors.length - 1;
  const details = useNotQualifiedTransactions(conditions, chosen, cursors[pageIndex] ?? null);
  const page = details.isError ? undefined : details.data;
  const first = pageIndex * notQualifiedPageSize + 1;
  const rows = page?.rows ?? [];
  const next = page?.next;
  return (
    <Modal opened onClose={onClose} title={m.drillDownTitle(chosen.label)} size="xl">
      <DataTable
        columns={tableColumns(timeZone)}
        rows={rows}
        rowKey={(row) => row.id}
        loading={details.isFetching}
        pagination={undefined}
        onPageChange={() => undefined}
        onLimitChange={() => undefined}
        emptyMessage={details.isError ? failureMessage(details.error) : report.noRecordFound}
      />
      {(page && page.total > 0) || pageIndex > 0 ? (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {page && rows.length > 0
              ? report.transactionRange(first, first + rows.length - 1, page.total)
              : null}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              disabled={pageIndex === 0 || details.isFetching}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              {report.previousPage}
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={!next || details.isFetching}
              onClick={() => {
                if (next) setCursors([...cursors, next]);
              }}
            >
              {report.nextPage}
            </Button>
          </Group>
        </Group>
      ) : null}
    </Modal>
  );
}
