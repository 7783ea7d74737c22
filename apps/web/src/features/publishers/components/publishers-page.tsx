import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconBuildingStore, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import type { PublisherRow } from '@krowd/domain/publisher/publisher-response.schema';
import type { DataTableColumn } from '@/components/ui/data-table';
import { EntityListTable } from '@/components/ui/entity-list-table';
import { EntityListToolbar, listFiltersOf } from '@/components/ui/entity-list-toolbar';
import { useListFailureNotice } from '@/components/ui/use-entity-list';
import { useEntityListState } from '@/components/ui/use-entity-list-state';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { usePublishers } from '../api/get-publishers.ts';
import { PublisherBrandsModal } from './publisher-brands-modal.tsx';
import { PublisherFormModal } from './publisher-form-modal.tsx';

const m = messages.publisher;
const noSortFields = [] as const;

/**
 * Publishers (/user/publishers/list; decision 0088): the system admin's list of publishers with
 * their bank, brands and working keys. Add Publisher and a row's Edit set the code and name; a
 * row's Brands chooses the brands in its offers feed.
 */
export function PublishersPage() {
  const state = useEntityListState({ sortFields: noSortFields });
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const list = usePublishers(state.query);
  useListFailureNotice(list.error);
  const [editing, setEditing] = useState<PublisherRow | null>(null);
  const [adding, setAdding] = useState(false);
  const [linking, setLinking] = useState<PublisherRow | null>(null);

  const columns: DataTableColumn<PublisherRow>[] = [
    {
      key: 'actions',
      header: messages.common.actions,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={m.editOf(row.displayName)}
            onClick={() => setEditing(row)}
          >
            {messages.common.edit}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconBuildingStore size={14} aria-hidden />}
            aria-label={m.brandsOf(row.displayName)}
            onClick={() => setLinking(row)}
          >
            {m.fields.brands}
          </Button>
        </Group>
      ),
    },
    { key: 'code', header: m.fields.code, render: (row) => row.code },
    { key: 'displayName', header: m.fields.displayName, render: (row) => row.displayName },
    { key: 'bank', header: m.fields.bank, render: (row) => row.bankName ?? m.noBank },
    { key: 'brands', header: m.fields.brands, render: (row) => row.brandsCount },
    {
      key: 'keys',
      header: m.fields.keys,
      render: (row) => (
        <Anchor
          component={Link}
          to={`${paths.page('publisherKeys')}?publisher=${row._id}`}
          aria-label={m.keysOf(row.displayName, row.workingKeysCount)}
        >
          {row.workingKeysCount}
        </Anchor>
      ),
    },
    { key: 'created', header: m.fields.created, render: (row) => formatDate(row.created, timezone) },
  ];

  return (
    <Stack gap="md">
      <EntityListToolbar {...listFiltersOf(state, { placeholder: m.searchPlaceholder })}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {m.add}
        </Button>
      </EntityListToolbar>
      <EntityListTable columns={columns} list={list} emptyMessage={m.empty} {...state.table} />
      <PublisherFormModal
        opened={adding || editing !== null}
        publisher={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <PublisherBrandsModal publisher={linking} onClose={() => setLinking(null)} />
    </Stack>
  );
}
