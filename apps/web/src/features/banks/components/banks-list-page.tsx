import { Anchor, Button, Stack } from '@mantine/core';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { BankRow } from '@krowd/domain/bank/bank-response.schema';
import { bankSortFields } from '@krowd/domain/bank/bank.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DataTableColumn } from '@/components/ui/data-table';
import { EntityListTable } from '@/components/ui/entity-list-table';
import { EntityListToolbar, listFiltersOf } from '@/components/ui/entity-list-toolbar';
import { useEntityListState } from '@/components/ui/use-entity-list-state';
import { formatDate } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { useBanks } from '../api/get-banks.ts';
import { BankBrandsModal } from './bank-brands-modal.tsx';
import { BankFormModal } from './bank-form-modal.tsx';

const m = messages.bank;

/**
 * Banks (/user/banks/list): the system admin's home, every bank with its active users. Add Bank
 * creates one with its first admin; a row's Brands action sets the brands it publishes.
 */
export function BanksListPage() {
  const state = useEntityListState({ sortFields: bankSortFields });
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const list = useBanks(state.query);
  const [adding, setAdding] = useState(false);
  const [linking, setLinking] = useState<BankRow | null>(null);

  const columns: DataTableColumn<BankRow>[] = [
    {
      key: 'actions',
      header: messages.common.actions,
      render: (row) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconBuildingStore size={14} aria-hidden />}
          aria-label={m.brandsOf(row.name)}
          onClick={() => setLinking(row)}
        >
          {m.brands}
        </Button>
      ),
    },
    { key: 'name', header: m.fields.name, sortField: 'name', render: (row) => row.name },
    {
      key: 'contactEmail',
      header: m.fields.contactEmail,
      render: (row) =>
        row.contactEmail ? (
          <Anchor fz="sm" href={`mailto:${row.contactEmail}`}>
            {row.contactEmail}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'contactPhone', header: m.fields.contactNumber, render: (row) => row.contactPhone ?? '—' },
    { key: 'usersCount', header: m.fields.users, sortField: 'usersCount', render: (row) => row.usersCount },
    {
      key: 'created',
      header: messages.common.created,
      sortField: 'created',
      render: (row) => formatDate(row.created, timezone),
    },
  ];

  return (
    <Stack gap="md">
      <EntityListToolbar {...listFiltersOf(state, { placeholder: m.searchPlaceholder })}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {m.add}
        </Button>
      </EntityListToolbar>
      <EntityListTable columns={columns} list={list} {...state.table} />
      <BankFormModal opened={adding} onClose={() => setAdding(false)} />
      <BankBrandsModal bank={linking} onClose={() => setLinking(null)} />
    </Stack>
  );
}
