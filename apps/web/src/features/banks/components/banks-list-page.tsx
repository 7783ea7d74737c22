import { Anchor, Stack } from '@mantine/core';
import { bankSortFields, type BankRow } from '@krowd/domain/bank/bank.schema';
import { messages } from '@krowd/domain/messages/messages';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EntityListToolbar } from '@/components/ui/entity-list-toolbar';
import { useEntityListState } from '@/components/ui/use-entity-list-state';
import { formatDate } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { useBanks } from '../api/get-banks.ts';

/** Banks (/user/banks/list): the system admin's home, every bank with its active users. */
export function BanksListPage() {
  const state = useEntityListState({ sortFields: bankSortFields });
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const list = useBanks({
    page: state.page,
    limit: state.limit,
    search: state.search,
    sort: state.sort,
  });

  const columns: DataTableColumn<BankRow>[] = [
    { key: 'name', header: 'Bank Name', sortField: 'name', render: (row) => row.name },
    {
      key: 'contactEmail',
      header: 'Contact Email',
      render: (row) =>
        row.contactEmail ? (
          <Anchor fz="sm" href={`mailto:${row.contactEmail}`}>
            {row.contactEmail}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'contactPhone', header: 'Contact Number', render: (row) => row.contactPhone ?? '—' },
    { key: 'usersCount', header: 'Users', sortField: 'usersCount', render: (row) => row.usersCount },
    {
      key: 'created',
      header: 'Created',
      sortField: 'created',
      render: (row) => formatDate(row.created, timezone),
    },
  ];

  return (
    <Stack gap="md">
      <EntityListToolbar
        search={{
          value: state.search,
          placeholder: messages.bank.searchPlaceholder,
          onChange: (value) => state.update({ q: value, page: '' }),
        }}
      />
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(row) => row._id}
        loading={list.isFetching}
        pagination={list.data?.pagination}
        {...state.table}
      />
    </Stack>
  );
}
