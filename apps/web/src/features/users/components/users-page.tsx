import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { isGroupRole, managesUsers, userActions, type UserManager } from '@krowd/domain/user/user.rules';
import type { UserRow } from '@krowd/domain/user/user-response.schema';
import { userSortFields } from '@krowd/domain/user/user.schema';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import type { DataTableColumn } from '@/components/ui/data-table';
import { EntityListTable } from '@/components/ui/entity-list-table';
import { EntityListToolbar, listFiltersOf } from '@/components/ui/entity-list-toolbar';
import { listScopeParams, useEntityListState } from '@/components/ui/use-entity-list-state';
import { serverErrorOf } from '@/components/ui/zod-form';
import { audienceOfUser, brandOptionsOf } from '@/lib/access';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { useUsers } from '../api/get-users.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { RoleBadge } from './role-badge.tsx';
import { UserFormModal } from './user-form-modal.tsx';

const m = messages.user;

export interface UsersPageProps {
  /** Users (/user/users, brand side) or Bank Users (/user/bank/users): the same screen. */
  kind: 'brand' | 'bank';
}

export function UsersPage({ kind }: UsersPageProps) {
  const user = useSessionUser();
  return user ? <UsersScreen user={user} kind={kind} /> : null;
}

function managerOfUser(user: SessionUser): UserManager {
  return {
    id: user._id,
    audience: audienceOfUser(user),
    brandId: user.brandId,
    groupId: user.groupId,
    bankId: user.bankId,
    isBankAdmin: user.isBankAdmin ?? false,
  };
}

const managedOf = (row: UserRow) => ({
  id: row._id,
  entityType: row.entityType,
  role: row.role,
  brandId: row.brandId,
  groupId: row.groupId,
  bankId: row.bankId,
});

function UsersScreen({ user, kind }: { user: SessionUser; kind: UsersPageProps['kind'] }) {
  const manager = managerOfUser(user);
  const manages = managesUsers(manager);
  const groupRole = isGroupRole(manager.audience);
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const state = useEntityListState({ sortFields: userSortFields });
  const brands = brandOptionsOf(user);
  const list = useUsers({ ...state.query, ...listScopeParams(groupRole, user, state.brand) });

  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const deleteUser = useDeleteUser();

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await deleteUser.mutateAsync(deleting._id);
      notify.success(answer.respMessage);
      setDeleting(null);
    } catch (error) {
      notify.error(serverErrorOf(error));
    }
  };

  const columns: DataTableColumn<UserRow>[] = [
    // The plain user (and anyone else who manages nobody) sees the list minus its first column.
    ...(manages
      ? [
          {
            key: 'actions',
            header: messages.common.actions,
            render: (row: UserRow) => {
              const actions = userActions(manager, managedOf(row));
              return (
                <Group gap={2} wrap="nowrap">
                  {actions.includes('edit') ? (
                    <Tooltip label={messages.common.edit} withArrow openDelay={300}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={messages.common.editNamed(row.email)}
                        onClick={() => setEditing(row)}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                  {actions.includes('delete') ? (
                    <Tooltip label={messages.common.delete} withArrow openDelay={300}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={messages.common.deleteNamed(row.email)}
                        onClick={() => setDeleting(row)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              );
            },
          },
        ]
      : []),
    { key: 'email', header: m.fields.email, sortField: 'email', render: (row) => row.email },
    {
      key: 'displayName',
      header: m.columns.displayName,
      sortField: 'displayName',
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{row.displayName}</Text>
          {row.status === 'deactivated' ? (
            <Badge color="gray" variant="outline" size="xs">
              {m.deactivatedBadge}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    ...(kind === 'brand'
      ? [
          {
            key: 'role',
            header: m.fields.role,
            sortField: 'role',
            render: (row: UserRow) => <RoleBadge role={row.role} />,
          },
          {
            key: 'brand',
            header: groupRole ? m.columns.groupOrBrandName : m.columns.brandName,
            sortField: 'brandName',
            render: (row: UserRow) => row.brandName ?? row.groupName ?? '',
          },
        ]
      : []),
    { key: 'phone', header: m.columns.contactPhone, sortField: 'phone', render: (row) => row.phone ?? '' },
    {
      key: 'created',
      header: messages.common.created,
      sortField: 'created',
      render: (row) => formatDate(row.created, timezone),
    },
  ];

  return (
    <Stack>
      <EntityListToolbar
        {...listFiltersOf(state, {
          placeholder: kind === 'brand' ? m.searchPlaceholder : m.bankSearchPlaceholder,
          brands: groupRole ? brands : undefined,
        })}
      >
        {manages ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {messages.common.addNew}
          </Button>
        ) : null}
      </EntityListToolbar>
      <EntityListTable columns={columns} list={list} {...state.table} />

      {manages ? (
        <UserFormModal
          opened={editing !== null}
          kind={kind}
          manager={manager}
          user={editing === 'new' || editing === null ? undefined : editing}
          brands={brands}
          defaultBrandId={state.brand || undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDeleteModal
        opened={deleting !== null}
        question={m.deleteConfirm}
        subject={deleting ? `${deleting.displayName} (${deleting.email})` : null}
        pending={deleteUser.isPending}
        onConfirm={() => void handleDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
