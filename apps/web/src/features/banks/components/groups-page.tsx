import { Badge, Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { GroupWithBrands } from '@krowd/domain/group/group-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EntityListToolbar } from '@/components/ui/entity-list-toolbar';
import { useGroupList } from '../api/get-group-list.ts';
import { GroupFormModal } from './group-form-modal.tsx';

const noPaging = () => {};

/**
 * Groups (/user/groups/list, system admin): every group with its brands, and Add Group, which
 * creates one with its brands and its first Group Admin. Groups are few, so the
 * server answers them in one list.
 */
export function GroupsPage() {
  const groups = useGroupList();
  const [adding, setAdding] = useState(false);

  const columns: DataTableColumn<GroupWithBrands>[] = [
    { key: 'name', header: messages.group.name, render: (row) => row.group_name },
    {
      key: 'brands',
      header: messages.bank.brands,
      render: (row) => (
        <Group gap={4}>
          {row.brands.map((brand) => (
            <Badge key={brand.value} variant="light" color="gray" tt="none">
              {brand.label}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <EntityListToolbar>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {messages.group.add}
        </Button>
      </EntityListToolbar>
      <DataTable
        columns={columns}
        rows={groups.data ?? []}
        rowKey={(row) => row.groupId}
        loading={groups.isFetching}
        pagination={undefined}
        onPageChange={noPaging}
        onLimitChange={noPaging}
      />
      <GroupFormModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
