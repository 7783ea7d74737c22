import { Stack, Table, Text } from '@mantine/core';
import { displayDate } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { DistributorDeal } from '@krowd/domain/distributor/distributor-response.schema';

const m = messages.campaign;

/** The brand's distributor deals, shown under the form for reference. */
export function DistributorDealsTable({ deals }: { deals: DistributorDeal[] | undefined }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {m.distributorDeals}
      </Text>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m.distributorColumns.distributor}</Table.Th>
            <Table.Th>{m.distributorColumns.cashback}</Table.Th>
            <Table.Th>{m.distributorColumns.successFee}</Table.Th>
            <Table.Th>{m.distributorColumns.startDate}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(deals ?? []).length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed" ta="center">
                  {messages.common.noDataFound}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            (deals ?? []).map((deal) => (
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
  );
}
