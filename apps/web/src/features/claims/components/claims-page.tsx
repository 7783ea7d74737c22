import { Badge, Button, Group, List, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { can } from '@krowd/domain/access/access.rules';
import type { Claim, ClaimStatus } from '@krowd/domain/claim/claim.schema';
import { messages } from '@krowd/domain/messages/messages';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { listFailureText, useListFailureNotice } from '@/components/ui/use-entity-list';
import { audienceOfUser, brandOptionsOf } from '@/lib/access';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useSessionUser } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { useClaims } from '../api/get-claims.ts';
import { ClaimFormModal } from './claim-form-modal.tsx';
import { ResolveClaimModal } from './resolve-claim-modal.tsx';

const m = messages.claim;
const statusColour: Record<ClaimStatus, string> = {
  open: 'yellow',
  in_review: 'orange',
  matched: 'teal',
  resolved: 'gray',
};

/**
 * Missing-transaction claims (/user/claims; docs/decisions/0108): a brand's users file claims and
 * follow their status and history; the system admin sees every claim, the queue of those waiting
 * by deadline first, and resolves them with a code. Times show in the timezone setting.
 */
export function ClaimsPage() {
  const user = useSessionUser();
  const audience = user ? audienceOfUser(user) : null;
  const mayFile = audience ? can(audience, 'claims.file') : false;
  const mayResolve = audience ? can(audience, 'claims.resolve') : false;
  const timezone = useSettings().data?.timezone ?? 'UTC';
  // The system admin starts on the queue; the session may arrive after the first draw.
  const [queueChoice, setQueue] = useState<boolean | null>(null);
  const queue = queueChoice ?? mayResolve;
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const claims = useClaims({ ...paging, queue });
  useListFailureNotice(claims.error);
  const [filing, setFiling] = useState(false);
  const [resolving, setResolving] = useState<Claim | null>(null);
  const [historyOf, setHistoryOf] = useState<Claim | null>(null);

  const columns: DataTableColumn<Claim>[] = [
    { key: 'filed', header: m.columns.filed, render: (row) => formatDateTime(row.filedAt, timezone) },
    { key: 'brand', header: m.columns.brand, render: (row) => row.brand?.name ?? '—' },
    {
      key: 'card',
      header: m.columns.card,
      render: (row) => (row.cardLast4 ? `•••• ${row.cardLast4}` : (row.cardToken ?? '')),
    },
    { key: 'mid', header: m.columns.mid, render: (row) => row.mid },
    { key: 'amount', header: m.columns.amount, render: (row) => formatMoney(row.amountPence) },
    {
      key: 'occurredAt',
      header: m.columns.occurredAt,
      render: (row) => formatDateTime(row.occurredAt, timezone),
    },
    {
      key: 'status',
      header: m.columns.status,
      render: (row) => (
        <Stack gap={2}>
          <Badge color={statusColour[row.status]} variant="light">
            {m.statuses[row.status]}
          </Badge>
          {row.resolution ? <Text size="xs">{m.resolutions[row.resolution]}</Text> : null}
        </Stack>
      ),
    },
    { key: 'deadline', header: m.columns.deadline, render: (row) => formatDateTime(row.deadline, timezone) },
    {
      key: 'actions',
      header: messages.common.actions,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => setHistoryOf(row)}
            aria-label={m.viewHistory(row.reference ?? row.mid)}
          >
            {m.columns.history}
          </Button>
          {mayResolve && (row.status === 'open' || row.status === 'in_review') ? (
            <Button
              size="xs"
              onClick={() => setResolving(row)}
              aria-label={m.resolveOf(row.reference ?? row.mid)}
            >
              {m.resolve}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  const rows = claims.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text c="dimmed" maw={640}>
          {m.intro}
        </Text>
        {mayFile ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setFiling(true)}>
            {m.fileClaim}
          </Button>
        ) : null}
      </Group>
      {mayResolve ? (
        <SegmentedControl
          aria-label={m.queueTitle}
          value={queue ? 'queue' : 'all'}
          onChange={(value) => {
            setQueue(value === 'queue');
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          data={[
            { value: 'queue', label: m.queueTitle },
            { value: 'all', label: m.pageTitle },
          ]}
        />
      ) : null}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={claims.isFetching}
        pagination={claims.data?.pagination ?? { page: 1, limit: paging.limit, total: 0, totalPages: 0 }}
        onPageChange={(page) => setPaging((current) => ({ ...current, page }))}
        onLimitChange={(limit) => setPaging({ page: 1, limit })}
        emptyMessage={
          claims.data && rows.length === 0
            ? queue
              ? m.noQueue
              : m.noClaims
            : listFailureText(claims.error, rows.length > 0)
        }
      />
      {mayFile && user ? (
        <ClaimFormModal opened={filing} onClose={() => setFiling(false)} brands={brandOptionsOf(user)} />
      ) : null}
      <ResolveClaimModal claim={resolving} onClose={() => setResolving(null)} />
      <Modal opened={historyOf !== null} onClose={() => setHistoryOf(null)} title={m.columns.history}>
        <List spacing="xs">
          {historyOf?.history.map((entry, index) => (
            <List.Item key={index}>
              <Text size="sm">{entry.text}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at, timezone)}
              </Text>
            </List.Item>
          ))}
        </List>
      </Modal>
    </Stack>
  );
}
