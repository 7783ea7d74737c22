import { Center, Modal, Stack, Table, Text } from '@mantine/core';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import { failureMessage } from '../failure-message.ts';
import { useUploadedDate } from '../api/get-uploaded-date.ts';

const m = messages.report;

/** An instant as the dashboard's date 'yyyy-MM-dd' in the timezone setting (spec 3 §9). */
const dashboardDate = (iso: string, timeZone: string) => localToday(new Date(iso), timeZone);

export interface LastTransactionModalProps {
  opened: boolean;
  onClose: () => void;
  /** The current filter: publisher code, group and brand ('' for none). */
  filter: { data_source: string; groupId: string; brandId: string };
  timeZone: string;
}

/** 'Last Transaction' (spec 3 §2.4): each distributor with the date of its last transaction. */
export function LastTransactionModal({ opened, onClose, filter, timeZone }: LastTransactionModalProps) {
  const answer = useUploadedDate(filter, opened);
  const rows = answer.data?.ingestionLogList ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={m.lastTransactionTitle}>
      {answer.isPending ? (
        <Center py="md">
          <Text c="dimmed">{messages.common.loading}</Text>
        </Center>
      ) : answer.isError ? (
        <Text c="red">{failureMessage(answer.error)}</Text>
      ) : (
        <Stack gap="sm">
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.distributor}</Table.Th>
                <Table.Th>{m.lastTransactionDate}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={2}>
                    <Text c="dimmed" ta="center">
                      {m.noLastTransaction}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((row) => (
                  <Table.Tr key={row.data_source}>
                    <Table.Td>{row.data_source}</Table.Td>
                    <Table.Td>
                      {row.last_trans_date
                        ? dashboardDate(row.last_trans_date, timeZone)
                        : messages.common.notAvailable}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
          {answer.data?.ingestionLogDate ? (
            <Text size="sm" c="dimmed">
              {m.lastUploaded}: {dashboardDate(answer.data.ingestionLogDate.uploadedDate, timeZone)}
              {answer.data.ingestionLogDate.next_ingestion_date
                ? ` · ${m.nextIngestion}: ${dashboardDate(answer.data.ingestionLogDate.next_ingestion_date, timeZone)}`
                : ''}
            </Text>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
