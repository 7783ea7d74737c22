import { Button, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { IngestionLogRow } from '@krowd/domain/ingestion/ingestion-response.schema';
import { ingestionSortFields } from '@krowd/domain/ingestion/ingestion.schema';
import { can, isGroupRole } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import type { DataTableColumn } from '@/components/ui/data-table';
import { EntityListTable } from '@/components/ui/entity-list-table';
import { EntityListToolbar, listFiltersOf } from '@/components/ui/entity-list-toolbar';
import { listScopeParams, useEntityListState } from '@/components/ui/use-entity-list-state';
import { audienceOfUser, brandOptionsOf } from '@/lib/access';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useSessionUser } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { useIngestionLogs } from '../api/get-ingestion-logs.ts';
import { UploadTransactionsModal } from './upload-transactions-modal.tsx';

const countFormat = new Intl.NumberFormat('en-GB');
const headers = messages.ingestion.columns;

/**
 * Ingestion Logs (/user/ingestionLogs): each publisher file with its data source, upload time, GMV
 * and transaction count, every column sortable (spec 2 §2.6). Brand-side users see their share;
 * the system admin also uploads a publisher's file here.
 */
export function IngestionLogsPage() {
  const user = useSessionUser();
  return user ? <IngestionLogsScreen user={user} /> : null;
}

function IngestionLogsScreen({ user }: { user: SessionUser }) {
  const audience = audienceOfUser(user);
  const groupRole = isGroupRole(audience);
  const uploads = can(audience, 'ingestionLogs.upload');
  const [uploading, setUploading] = useState(false);
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const state = useEntityListState({ sortFields: ingestionSortFields });
  const list = useIngestionLogs({ ...state.query, ...listScopeParams(groupRole, user, state.brand) });

  const columns: DataTableColumn<IngestionLogRow>[] = [
    { key: 'source', header: headers.dataSource, sortField: 'dataSource', render: (row) => row.data_source },
    {
      key: 'uploaded',
      header: headers.uploadedDate,
      sortField: 'uploadedDate',
      render: (row) => formatDateTime(row.uploadedDate, timezone),
    },
    { key: 'gmv', header: headers.gmv, sortField: 'GMV', render: (row) => formatMoney(row.gmvPence) },
    {
      key: 'count',
      header: headers.transactionCount,
      sortField: 'txnCount',
      render: (row) => countFormat.format(row.txnCount),
    },
  ];

  return (
    <Stack>
      <EntityListToolbar
        {...listFiltersOf(state, {
          placeholder: messages.ingestion.searchPlaceholder,
          brands: groupRole ? brandOptionsOf(user) : undefined,
        })}
      >
        {uploads ? (
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading(true)}>
            {messages.ingestion.uploadTitle}
          </Button>
        ) : null}
      </EntityListToolbar>
      <EntityListTable columns={columns} list={list} {...state.table} />
      {uploads ? <UploadTransactionsModal opened={uploading} onClose={() => setUploading(false)} /> : null}
    </Stack>
  );
}
