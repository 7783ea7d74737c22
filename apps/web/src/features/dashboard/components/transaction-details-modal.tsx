import { Center, Group, Modal, Pagination, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { monthYearLabel } from '@krowd/domain/dashboard/report.rules';
import { messages } from '@krowd/domain/messages/messages';
import { failureMessage, useTransactionDetails, type TransactionDetail } from '../api/dashboard-calls.ts';

const m = messages.report;
const columns = m.transactionColumns;

/** Rows a page of the modal's table shows. */
export const transactionPageSize = 10;

const poundsFormat = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Pence as pounds with two decimals; the column header carries the £. */
const pounds = (pence: number) => poundsFormat.format(pence / 100);

export interface TransactionDetailsModalProps {
  campaignId: string;
  month: number;
  year: number;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Transaction Details - {Month Year}' (spec 3 §2.4): the campaign month's qualified transactions,
 * 'Loading...' while they come, 'No Record Found' when there are none, paged when long.
 */
export function TransactionDetailsModal({
  campaignId,
  month,
  year,
  opened,
  onClose,
}: TransactionDetailsModalProps) {
  const details = useTransactionDetails(campaignId, month, year, opened);
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
          loading={details.isPending}
          error={details.isError ? failureMessage(details.error) : null}
          rows={details.data ?? []}
        />
      ) : null}
    </Modal>
  );
}

function TransactionTable({
  loading,
  error,
  rows,
}: {
  loading: boolean;
  error: string | null;
  rows: TransactionDetail[];
}) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / transactionPageSize));
  const shown = rows.slice((page - 1) * transactionPageSize, page * transactionPageSize);
  const status = loading
    ? messages.common.loading
    : error
      ? error
      : rows.length === 0
        ? m.noRecordFound
        : null;
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{columns.index}</Table.Th>
              <Table.Th>{columns.date}</Table.Th>
              <Table.Th>{columns.postcode}</Table.Th>
              <Table.Th>{columns.card}</Table.Th>
              <Table.Th ta="right">{columns.amount}</Table.Th>
              <Table.Th ta="right">{columns.cashback}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Center py="md">
                    <Text c={error && !loading ? 'red' : 'dimmed'}>{status}</Text>
                  </Center>
                </Table.Td>
              </Table.Tr>
            ) : (
              shown.map((row, index) => (
                <Table.Tr key={(page - 1) * transactionPageSize + index}>
                  <Table.Td>{(page - 1) * transactionPageSize + index + 1}</Table.Td>
                  <Table.Td>{row.date}</Table.Td>
                  <Table.Td>{row.postcode}</Table.Td>
                  <Table.Td>{row.cardLastNumber}</Table.Td>
                  <Table.Td ta="right">{pounds(row.amount)}</Table.Td>
                  <Table.Td ta="right">{pounds(row.cashback)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && !status ? (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {rows.length} transactions
          </Text>
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      ) : null}
    </>
  );
}
