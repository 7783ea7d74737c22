import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { auditEntityTypes, type AuditEntityType, type AuditEvent } from '@krowd/domain/audit/audit.schema';
import { actorName } from '@krowd/domain/audit/audit-list.rules';
import { validPaging } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { DateField } from '@/components/ui/date-fields';
import { listFailureText, useListFailureNotice } from '@/components/ui/use-entity-list';
import { formatDateTime } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { auditCsvUrl, useAuditEvents, type AuditFilters } from '../api/get-audit-events.ts';
import { AuditChanges } from '@/components/ui/audit-changes';

const m = messages.audit;
const filterKeys = ['entityType', 'entityId', 'actorEmail', 'from', 'to'] as const;

const isEntityType = (value: string | null): value is AuditEntityType =>
  (auditEntityTypes as readonly string[]).includes(value ?? '');

/**
 * The audit log (/user/audit-log; docs/decisions/0113): every recorded change the caller may read
 * (its brands' for a brand's admins, all for the system admin), newest first, filtered by record,
 * user and days, kept in the address; the same filters export as CSV. Times in the timezone setting.
 */
export function AuditLogPage() {
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const [params, setParams] = useSearchParams();
  const paging = validPaging({ page: params.get('page'), limit: params.get('limit') });
  const entityType = params.get('entityType');
  const filters: AuditFilters = {
    entityType: isEntityType(entityType) ? entityType : '',
    entityId: params.get('entityId') ?? '',
    actorEmail: params.get('actorEmail') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const events = useAuditEvents({ ...filters, page: paging.page, limit: paging.limit });
  useListFailureNotice(events.error);

  /** Sets (or with '' clears) address parameters; a new filter goes back to page 1. */
  function update(changes: Record<string, string>) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === '') next.delete(key);
        else next.set(key, value);
      }
      if (Object.keys(changes).some((key) => (filterKeys as readonly string[]).includes(key))) {
        next.delete('page');
      }
      return next;
    });
  }

  const columns: DataTableColumn<AuditEvent>[] = [
    {
      key: 'occurredAt',
      header: m.columns.occurredAt,
      render: (row) => formatDateTime(row.occurredAt, timezone),
    },
    { key: 'actor', header: m.columns.actor, render: (row) => actorName(row.actor) },
    {
      key: 'entity',
      header: m.columns.entity,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{m.entityTypes[row.entityType]}</Text>
          <Text size="xs" c="dimmed">
            {row.entityId}
          </Text>
        </Stack>
      ),
    },
    { key: 'action', header: m.columns.action, render: (row) => m.actions[row.action] },
    { key: 'changes', header: m.columns.changes, render: (row) => <AuditChanges changes={row.changes} /> },
    {
      key: 'origin',
      header: m.columns.origin,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.ip ?? m.unknownOrigin}</Text>
          {row.userAgent ? (
            <Text size="xs" c="dimmed" lineClamp={1} title={row.userAgent}>
              {row.userAgent}
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ];

  const rows = events.data?.data ?? [];
  return (
    <Stack gap="md">
      <Text c="dimmed" maw={720}>
        {m.intro}
      </Text>
      <Group align="flex-end" gap="sm" role="search" aria-label={m.filters}>
        <Select
          label={m.entityTypeLabel}
          placeholder={m.anyEntity}
          clearable
          value={filters.entityType || null}
          data={auditEntityTypes.map((type) => ({ value: type, label: m.entityTypes[type] }))}
          onChange={(value) => update({ entityType: value ?? '' })}
        />
        <TextInput
          label={m.entityIdLabel}
          defaultValue={filters.entityId}
          onBlur={(event) => update({ entityId: event.currentTarget.value.trim() })}
        />
        <TextInput
          label={m.actorLabel}
          type="email"
          defaultValue={filters.actorEmail}
          onBlur={(event) => update({ actorEmail: event.currentTarget.value.trim() })}
        />
        <DateField label={m.fromLabel} value={filters.from} onChange={(from) => update({ from })} clearable />
        <DateField label={m.toLabel} value={filters.to} onChange={(to) => update({ to })} clearable />
        <Button
          component="a"
          href={auditCsvUrl(filters)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {m.exportCsv}
        </Button>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        loading={events.isFetching}
        pagination={
          events.data?.pagination ?? { page: paging.page, limit: paging.limit, total: 0, totalPages: 0 }
        }
        onPageChange={(page) => update({ page: String(page) })}
        onLimitChange={(limit) => update({ limit: String(limit), page: '' })}
        emptyMessage={
          events.data && rows.length === 0 ? m.noEvents : listFailureText(events.error, rows.length > 0)
        }
      />
    </Stack>
  );
}
