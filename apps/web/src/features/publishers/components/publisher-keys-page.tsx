import { Alert, Anchor, Badge, Button, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isSystemAdmin } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { PublisherKey } from '@krowd/domain/publisher/publisher-response.schema';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ServerSearchSelect, type SearchOption } from '@/components/ui/server-search-select';
import { listFailureText, useListFailureNotice } from '@/components/ui/use-entity-list';
import { serverErrorOf } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { audienceOfUser } from '@/lib/access';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { useOwnPublisher } from '../api/get-own-publisher.ts';
import { usePublisherKeys } from '../api/get-publisher-keys.ts';
import { usePublisherSearch } from '../api/search-publishers.ts';
import { useRevokePublisherKey } from '../api/revoke-publisher-key.ts';
import { KeyCreateModal } from './key-create-modal.tsx';
import { KeyRotateModal } from './key-rotate-modal.tsx';
import { KeySecretModal } from './key-secret-modal.tsx';

const k = messages.publisherKey;
const statusColours = { active: 'teal', expiring: 'orange', expired: 'gray', revoked: 'red' } as const;

/**
 * Settings → API keys (/user/settings/apikeys; decision 0089): a publisher's keys by prefix with
 * their mode, status and last use. A bank admin manages their bank's publisher's keys, the system
 * admin chooses the publisher. Create key and Rotate show the new secret once; Revoke asks first.
 */
export function PublisherKeysPage() {
  const user = useSessionUser();
  const operator = user !== null && isSystemAdmin(audienceOfUser(user));
  const own = useOwnPublisher(user !== null && !operator);
  // The system admin's first publishers: the page opens at the first unless the address names one.
  const first = usePublisherSearch('', operator);
  // The Publishers page's Keys link names the publisher to show first.
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<SearchOption | null>(null);
  const named = params.get('publisher');
  const shown =
    chosen ??
    (named
      ? (first.options.find((option) => option.value === named) ?? { value: named, label: '' })
      : (first.options[0] ?? null));
  const publisherId = operator ? (shown?.value ?? null) : (own.data?._id ?? null);
  const keys = usePublisherKeys(publisherId);
  // A publisher named by the address but not among the first matches is labelled by its keys' answer.
  const answered = keys.data?.publisher;
  const label = shown?.label || (answered ? `${answered.displayName} (${answered.code})` : '');

  return (
    <Stack gap="md">
      <Stack gap={4} maw={640}>
        <Text c="dimmed">{k.intro}</Text>
        <Anchor component={Link} to={paths.page('publisherIntegration')} size="sm">
          {messages.publisherIntegration.keysGuideLink}
        </Anchor>
      </Stack>
      {operator ? (
        <ServerSearchSelect
          label={k.publisherLabel}
          description={k.choosePublisher}
          placeholder={messages.publisher.publisherPlaceholder}
          maw={360}
          value={shown ? { value: shown.value, label } : null}
          onChange={(option) => option && setChosen(option)}
          useOptions={usePublisherSearch}
          nothingFound={messages.publisher.noPublisherMatches}
        />
      ) : null}
      {!operator && own.error ? (
        <Alert color="red">{serverErrorOf(own.error)}</Alert>
      ) : publisherId ? (
        <KeysOf publisherId={publisherId} keys={keys} />
      ) : (operator ? first.isFetching : own.isPending) ? (
        <Loader size="sm" aria-label={messages.common.loading} />
      ) : null}
    </Stack>
  );
}

/** One publisher's keys and what one may do with them. */
function KeysOf({ publisherId, keys }: { publisherId: string; keys: ReturnType<typeof usePublisherKeys> }) {
  useListFailureNotice(keys.error);
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<PublisherKey | null>(null);
  const [revoking, setRevoking] = useState<PublisherKey | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const revoke = useRevokePublisherKey(publisherId);
  const at = (iso: string) => formatDateTime(iso, timezone);

  const columns: DataTableColumn<PublisherKey>[] = [
    { key: 'name', header: k.fields.name, render: (row) => row.name },
    {
      key: 'mode',
      header: k.fields.mode,
      render: (row) => (
        <Badge color={row.mode === 'live' ? 'blue' : 'grape'} variant="outline">
          {k.modes[row.mode]}
        </Badge>
      ),
    },
    {
      key: 'prefix',
      header: k.fields.prefix,
      render: (row) => (
        <Text size="sm" ff="monospace">
          {row.prefix}
        </Text>
      ),
    },
    {
      key: 'status',
      header: k.fields.status,
      render: (row) => (
        <Badge color={statusColours[row.status]} variant="light">
          {k.statuses[row.status]}
        </Badge>
      ),
    },
    { key: 'created', header: k.fields.created, render: (row) => at(row.created) },
    {
      key: 'lastUsed',
      header: k.fields.lastUsed,
      render: (row) => (row.lastUsed ? at(row.lastUsed) : k.neverUsed),
    },
    {
      key: 'expires',
      header: k.fields.expires,
      render: (row) => (row.revoked ? k.revokedAt(at(row.revoked)) : row.expires ? at(row.expires) : k.noEnd),
    },
    {
      key: 'actions',
      header: messages.common.actions,
      render: (row) =>
        row.status === 'revoked' || row.status === 'expired' ? null : (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="xs" variant="subtle" aria-label={k.rowActions(row.name)}>
                <IconDots size={16} aria-hidden />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {row.status === 'active' ? (
                <Menu.Item onClick={() => setRotating(row)}>{k.rotate}</Menu.Item>
              ) : null}
              <Menu.Item color="red" onClick={() => setRevoking(row)}>
                {k.revoke}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ),
    },
  ];

  const rows = keys.data?.keys ?? [];
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {k.add}
        </Button>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row._id}
        loading={keys.isFetching}
        pagination={{ page: 1, limit: Math.max(rows.length, 10), total: rows.length, totalPages: 1 }}
        onPageChange={() => {}}
        onLimitChange={() => {}}
        emptyMessage={keys.data && rows.length === 0 ? k.empty : listFailureText(keys.error, rows.length > 0)}
      />
      <KeyCreateModal
        publisherId={publisherId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(made) => {
          setCreating(false);
          setSecret(made);
        }}
      />
      <KeyRotateModal
        publisherId={publisherId}
        apiKey={rotating}
        onClose={() => setRotating(null)}
        onRotated={(made) => {
          setRotating(null);
          setSecret(made);
        }}
      />
      <KeySecretModal secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDeleteModal
        opened={revoking !== null}
        action={{ title: k.revokeTitle, confirm: k.revoke }}
        question={k.revokeConfirm(revoking?.name ?? '')}
        subject={revoking?.prefix}
        pending={revoke.isPending}
        onConfirm={async () => {
          if (revoking) {
            try {
              notify.success((await revoke.mutateAsync(revoking)).respMessage);
            } catch (error) {
              notify.error(serverErrorOf(error));
            }
          }
          setRevoking(null);
        }}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
