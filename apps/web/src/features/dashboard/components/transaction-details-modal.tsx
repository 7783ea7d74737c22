import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { formatWallTime } from '@krowd/domain/calendar/date-format.rules';
import { monthYearLabel } from '@krowd/domain/dashboard/report.rules';
import { messages } from '@krowd/domain/messages/messages';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { failureMessage } from '../failure-message.ts';
import {
  transactionPageSize,
  useTransactionDetails,
  type TransactionDetail,
} from '../api/get-transaction-details.ts';

const m = messages.report;
const columns = m.transactionColumns;

const poundsFormat = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Pence as pounds with two decimals; the column header carries the £. */
const pounds = (pence: number) => poundsFormat.format(pence / 100);

/** A row with its place in the month (the # column). */
type NumberedTransaction = TransactionDetail & { number: number };

/** The columns; a row's date is its local time, shown with its zone (yyyy-MM-dd HH:mm EST). */
const tableColumns = (timeZone: string): DataTableColumn<NumberedTransaction>[] => [
  { key: 'number', header: columns.index, render: (row) => row.number },
  {
    key: 'date',
    header: columns.date,
    render: (row) => formatWallTime(row.date, timeZone, 'dashboardDateTime'),
  },
  { key: 'postcode', header: columns.postcode, render: (row) => row.postcode },
  { key: 'card', header: columns.card, render: (row) => row.cardLastNumber },
  { key: 'amount', header: columns.amount, render: (row) => pounds(row.amount) },
  { key: 'cashback', header: columns.cashback, render: (row) => pounds(row.cashback) },
];

export interface TransactionDetailsModalProps {
  campaignId: string;
  month: number;
  year: number;
  opened: boolean;
  onClose: () => void;
  /** The timezone setting, which the rows' times are in. */
  timeZone: string;
}

/**
 * 'Transaction Details - {Month Year}' (spec 3 §2.4): the campaign month's qualified transactions,
 * a page at a time from the server, 'Loading...' while the first page comes, 'No Record Found'
 * when there are none.
 */
export function TransactionDetailsModal({
  campaignId,
  month,
  year,
  opened,
  onClose,
  timeZone,
}: TransactionDetailsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={m.transactionDetailsTitle(monthYearLabel(month, year))}
      size="xl"
    >
      {/* A new key for each opening starts the table on its first page. */}
      {opened ? (
        <TransactionTable
          key={`${campaignId}-${month}-${year}`}
          campaignId={campaignId}
          month={month}
          year={year}
          timeZone={timeZone}
        />
      ) : null}
    </Modal>
  );
}

function TransactionTable({
  campaignId,
  month,
  year,
  timeZone,
}: {
  campaignId: string;
  month: number;
  year: number;
  timeZone: string;
}) {
  // The cursor of each page reached so far (the first page has none): Previous goes back one.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const pageIndex = cursors.length - 1;
  const details = useTransactionDetails(campaignId, month, year, cursors[pageIndex] ?? null);
  const page = details.isError ? undefined : details.data;
  const firstNumber = pageIndex * transactionPageSize + 1;
  const rows = (page?.rows ?? []).map((row, index) => ({ ...row, number: firstNumber + index }));
  const next = page?.next;
  const handleNext = () => {
    if (next) setCursors([...cursors, next]);
  };
  const handlePrevious = () => setCursors(cursors.slice(0, -1));
  return (
    <>
      <DataTable
        columns={tableColumns(timeZone)}
        rows={rows}
        rowKey={(row) => String(row.number)}
        loading={details.isFetching}
        pagination={undefined}
        onPageChange={() => undefined}
        onLimitChange={() => undefined}
        emptyMessage={details.isError ? failureMessage(details.error) : m.noRecordFound}
      />
      {/* Past the first page Previous stays, so a page that failed to load can be left. */}
      {(page && page.total > 0) || pageIndex > 0 ? (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {page && rows.length > 0
              ? m.transactionRange(firstNumber, firstNumber + rows.length - 1, page.total)
              : null}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              disabled={pageIndex === 0 || details.isFetching}
              onClick={handlePrevious}
            >
              {m.previousPage}
            </Button>
            <Button variant="default" size="xs" disabled={!next || details.isFetching} onClick={handleNext}>
              {m.nextPage}
            </Button>
          </Group>
        </Group>
      ) : null}
    </>
  );
}
