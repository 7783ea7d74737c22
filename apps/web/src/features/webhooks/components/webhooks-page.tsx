import { Anchor, Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import type { WebhookEndpoint } from '@krowd/domain/webhook/webhook.schema';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { listFailureText, useListFailureNotice } from '@/components/ui/use-entity-list';
import { serverErrorOf } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSettings } from '@/lib/settings';
import { useDeleteEndpoint } from '../api/delete-endpoint.ts';
import { useEndpoints } from '../api/get-endpoints.ts';
import { usePingEndpoint } from '../api/ping-endpoint.ts';
import { useRotateEndpointSecret } from '../api/rotate-endpoint-secret.ts';
import { useUpdateEndpoint } from '../api/update-endpoint.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointFormModal } from './endpoint-form-modal.tsx';
import { SecretModal } from './secret-modal.tsx';

const m = messages.webhook;
/** The old secret keeps signing for a day after a rotation from this screen (the API allows 0–72 h). */
const rotationOverlapHours = 24;

/**
 * Settings → Webhooks (/user/settings/webhooks; docs/decisions/0097): the endpoints the caller
 * manages, each with its events, mode and state; Add endpoint shows the new secret once; a row's
 * menu sends a test ping, enables or disables it, rotates its secret, deletes it, or opens its log.
 */
export function WebhooksPage() {
  const endpoints = useEndpoints();
  useListFailureNotice(endpoints.error);
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const rotate = useRotateEndpointSecret();
  const ping = usePingEndpoint();

  const act = async <T extends { respMessage: string }>(work: () => Promise<T>) => {
    try {
      const answer = await work();
      notify.success(answer.respMessage);
      return answer;
    } catch (error) {
      notify.error(serverErrorOf(error));
      return null;
    }
  };

  if (logOf) return <DeliveryLog endpoint={logOf} onBack={() => setLogOf(null)} />;

  const columns: DataTableColumn<WebhookEndpoint>[] = [
    {
      key: 'url',
      header: m.urlLabel,
      render: (row) => <Text style={{ wordBreak: 'break-all' }}>{row.url}</Text>,
    },
    {
      key: 'owner',
      header: m.ownerLabel,
      render: (row) =>
        row.owner.type === 'brand' ? m.ownerBrand(row.owner.name) : m.ownerPublisher(row.owner.name),
    },
    {
      key: 'events',
      header: m.eventsLabel,
      render: (row) => row.events.map((type) => m.events[type]).join(', '),
    },
    {
      key: 'state',
      header: messages.common.status,
      render: (row) => (
        <Group gap={4}>
          <Badge color={row.enabled ? 'teal' : 'gray'} variant="light">
            {row.enabled ? m.enabled : m.disabled}
          </Badge>
          <Badge color={row.mode === 'live' ? 'blue' : 'grape'} variant="outline">
            {m.modes[row.mode]}
          </Badge>
        </Group>
      ),
    },
    {
      key: 'secret',
      header: m.secretLabel,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" ff="monospace">
            {row.secretPrefix}
          </Text>
          {row.previousSecretExpiresAt ? (
            <Text size="xs" c="dimmed">
              {m.previousSecretUntil(formatDateTime(row.previousSecretExpiresAt, timezone))}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: messages.common.actions,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setLogOf(row)}>
            {m.viewLog}
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="xs" variant="subtle" aria-label={m.rowActions(row.url)}>
                <IconDots size={16} aria-hidden />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item disabled={!row.enabled} onClick={() => void act(() => ping.mutateAsync(row.id))}>
                {m.sendPing}
              </Menu.Item>
              <Menu.Item
                onClick={() =>
                  void act(() => update.mutateAsync({ id: row.id, change: { enabled: !row.enabled } }))
                }
              >
                {row.enabled ? m.disable : m.enable}
              </Menu.Item>
              <Menu.Item
                onClick={async () => {
                  const answer = await act(() =>
                    rotate.mutateAsync({ id: row.id, overlapHours: rotationOverlapHours }),
                  );
                  if (answer) setSecret(answer.endpoint.secret);
                }}
              >
                {m.rotateSecret}
              </Menu.Item>
              <Menu.Item color="red" onClick={() => setDeleting(row)}>
                {m.delete}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ),
    },
  ];

  const rows = endpoints.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} maw={640}>
          <Text c="dimmed">{m.intro}</Text>
          <Anchor component={Link} to={`${paths.page('publisherIntegration')}#webhooks-title`} size="sm">
            {messages.publisherIntegration.webhooksGuideLink}
          </Anchor>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {m.addEndpoint}
        </Button>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={endpoints.isFetching}
        pagination={{ page: 1, limit: Math.max(rows.length, 10), total: rows.length, totalPages: 1 }}
        onPageChange={() => {}}
        onLimitChange={() => {}}
        emptyMessage={
          endpoints.data && rows.length === 0
            ? m.noEndpoints
            : listFailureText(endpoints.error, rows.length > 0)
        }
      />
      <EndpointFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={(endpoint) => {
          setAdding(false);
          setSecret(endpoint.secret);
        }}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        question={m.deleteConfirm}
        subject={deleting?.url}
        pending={remove.isPending}
        onConfirm={async () => {
          if (deleting) await act(() => remove.mutateAsync(deleting.id));
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
