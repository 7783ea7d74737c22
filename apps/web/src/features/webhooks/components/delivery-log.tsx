import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import { instantOfWallTime } from '@krowd/domain/qualification/simulation.schema';
import type { WebhookDelivery, WebhookEndpoint } from '@krowd/domain/webhook/webhook.schema';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { DateTimeField } from '@/components/ui/date-fields';
import { listFailureText, useListFailureNotice } from '@/components/ui/use-entity-list';
import { useEntityListState } from '@/components/ui/use-entity-list-state';
import { serverErrorOf } from '@/components/ui/zod-form';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSettings } from '@/lib/settings';
import { useDeliveries } from '../api/get-deliveries.ts';
import { useRedeliverDelivery } from '../api/redeliver-delivery.ts';
import { useRedeliverFailedDeliveries } from '../api/redeliver-failed-deliveries.ts';

const m = messages.webhook;
const statusColours = { pending: 'blue', delivered: 'teal', failed: 'red' } as const;

/** An endpoint's delivery log, newest first: each delivery's state and last attempt, Redeliver. */
export function DeliveryLog({ endpoint, onBack }: { endpoint: WebhookEndpoint; onBack: () => void }) {
  const state = useEntityListState({ sortFields: [] });
  const deliveries = useDeliveries(endpoint.id, state.page, state.limit);
  useListFailureNotice(deliveries.error);
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const redeliver = useRedeliverDelivery();
  const redeliverFailed = useRedeliverFailedDeliveries();
  const [since, setSince] = useState('');
  const sinceInstant = instantOfWallTime(since, timezone);

  const act = async (work: () => Promise<{ respMessage: string }>) => {
    try {
      notify.success((await work()).respMessage);
    } catch (error) {
      notify.error(serverErrorOf(error));
    }
  };
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timezone) : '—');

  const columns: DataTableColumn<WebhookDelivery>[] = [
    { key: 'event', header: m.eventColumn, render: (row) => m.events[row.eventType] },
    {
      key: 'status',
      header: m.statusColumn,
      render: (row) => (
        <Badge color={statusColours[row.status]} variant="light">
          {m.statuses[row.status]}
        </Badge>
      ),
    },
    { key: 'attempts', header: m.attemptsColumn, render: (row) => row.attempts },
    { key: 'code', header: m.statusCodeColumn, render: (row) => row.lastStatusCode ?? '—' },
    {
      key: 'latency',
      header: m.latencyColumn,
      render: (row) => (row.lastLatencyMs === null ? '—' : m.latency(row.lastLatencyMs)),
    },
    { key: 'next', header: m.nextTryColumn, render: (row) => when(row.nextAttemptAt) },
    { key: 'error', header: m.errorColumn, render: (row) => row.lastError ?? '—' },
    { key: 'created', header: m.createdColumn, render: (row) => when(row.createdAt) },
    {
      key: 'actions',
      header: messages.common.actions,
      render: (row) =>
        row.status === 'pending' ? null : (
          <Button
            size="xs"
            variant="light"
            loading={redeliver.isPending && redeliver.variables === row.id}
            onClick={() => void act(() => redeliver.mutateAsync(row.id))}
          >
            {m.redeliver}
          </Button>
        ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {m.deliveriesTitle}
        </Title>
        <Button variant="subtle" onClick={onBack}>
          {m.back}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {endpoint.url}
      </Text>
      <Group align="flex-end">
        {/* A wall time in the timezone setting, as every date-time field (decision 0073). */}
        <DateTimeField label={m.redeliverFailed} value={since} onChange={setSince} />
        <Button
          variant="light"
          disabled={sinceInstant === null}
          loading={redeliverFailed.isPending}
          onClick={() =>
            sinceInstant &&
            void act(() => redeliverFailed.mutateAsync({ endpointId: endpoint.id, since: sinceInstant }))
          }
        >
          {m.redeliverAllFailed}
        </Button>
      </Group>
      <DataTable
        columns={columns}
        rows={deliveries.data?.data ?? []}
        rowKey={(row) => row.id}
        // The first load and a change of page; not the quiet look again while deliveries are pending.
        loading={deliveries.isLoading || deliveries.isPlaceholderData}
        pagination={deliveries.data?.pagination}
        onPageChange={state.table.onPageChange}
        onLimitChange={state.table.onLimitChange}
        emptyMessage={
          deliveries.data && deliveries.data.data.length === 0
            ? m.noDeliveries
            : listFailureText(deliveries.error, (deliveries.data?.data.length ?? 0) > 0)
        }
      />
    </Stack>
  );
}
