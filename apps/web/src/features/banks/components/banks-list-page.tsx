import { Anchor, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { bankSortFields, type BankRow, type BankSortField } from '@krowd/domain/bank/bank.schema';
import { messages } from '@krowd/domain/messages/messages';
import { DataTable, type DataTableColumn, type TableSort } from '@/components/ui/data-table';
import { EntityListToolbar } from '@/components/ui/entity-list-toolbar';
import { formatDate } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { useBanks } from '../api/get-banks.ts';

/** The list's state lives in the URL, so a reload or a shared link shows the same page. */
function useListState() {
  const [params, setParams] = useSearchParams();
  const sortField = params.get('sort') as BankSortField | null;
  const sort: TableSort | undefined =
    sortField && bankSortFields.includes(sortField)
      ? { field: sortField, direction: params.get('direction') === 'asc' ? 'asc' : 'desc' }
      : undefined;
  const update = (changes: Record<string, string>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return {
    page: Number(params.get('page')) || 1,
    limit: Number(params.get('limit')) || 10,
    search: params.get('q') ?? '',
    sort,
    update,
  };
}

/** Banks (/user/banks/list): the system admin's home, every bank with its active users. */
export function BanksListPage() {
  const state = useListState();
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const list = useBanks({
    page: state.page,
    limit: state.limit,
    search: state.search,
    sort: state.sort
      ? { field: state.sort.field as BankSortField, direction: state.sort.direction }
      : undefined,
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
        onPageChange={(page) => state.update({ page: String(page) })}
        onLimitChange={(limit) => state.update({ limit: String(limit), page: '' })}
        sort={state.sort}
        onSortChange={(sort) => state.update({ sort: sort.field, direction: sort.direction, page: '' })}
      />
    </Stack>
  );
}
