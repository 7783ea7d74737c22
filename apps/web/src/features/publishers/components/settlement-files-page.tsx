import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isSystemAdmin } from '@krowd/domain/access/access.rules';
import { periodOf } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { SettlementFile } from '@krowd/domain/settlement/settlement-response.schema';
import { settlementKinds } from '@krowd/domain/settlement/settlement.schema';
import type { SettlementKind } from '@krowd/domain/settlement/settlement.rules';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ServerSearchSelect, type SearchOption } from '@/components/ui/server-search-select';
import { listFailureText, useListFailureNotice } from '@/components/ui/use-entity-list';
import { serverErrorOf } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { audienceOfUser } from '@/lib/access';
import { formatCalendarDate, formatDateTime, formatMoney } from '@/lib/format';
import { useSessionUser } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { usePublisherSearch } from '../api/search-publishers.ts';
import { settlementFileDownloadUrl, useSettlementFiles } from '../api/get-settlement-files.ts';

const m = messages.settlement;
/** How much of a checksum a row shows; the whole is in its title and copied by its button. */
const shownChecksum = 12;

const isKind = (value: string | null): value is SettlementKind =>
  settlementKinds.some((kind) => kind === value);

/** A daily file's local date as DD/MM/YYYY, a monthly file's month as MM/YYYY. */
const periodText = (file: SettlementFile) =>
  file.kind === 'daily' ? formatCalendarDate(file.period) : periodOf(file.period);

/**
 * Settings → Settlement files (/user/settings/settlement-files; docs/decisions/0107): a publisher's
 * daily redemption and monthly settlement files with their totals and checksums, each downloaded
 * as stored. The system admin chooses the publisher (or sees every one's); a bank admin sees its
 * bank's publisher's. The kind and the publisher chosen are kept in the address.
 */
export function SettlementFilesPage() {
  const user = useSessionUser();
  const operator = user !== null && isSystemAdmin(audienceOfUser(user));
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : null;
  const [publisher, setPublisher] = useState<SearchOption | null>(null);
  const publisherId = operator ? (publisher?.value ?? params.get('publisher')) : null;
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const files = useSettlementFiles({ ...paging, publisherId, kind }, user !== null);
  useListFailureNotice(files.error);

  const choose = (name: 'kind' | 'publisher', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
    setPaging((current) => ({ ...current, page: 1 }));
  };

  const columns: DataTableColumn<SettlementFile>[] = [
    ...(operator
      ? [{ key: 'publisher', header: m.publisherLabel, render: (row: SettlementFile) => row.publisherName }]
      : []),
    {
      key: 'kind',
      header: m.kindLabel,
      render: (row) => (
        <Badge color={row.kind === 'daily' ? 'blue' : 'grape'} variant="light">
          {m.kinds[row.kind]}
        </Badge>
      ),
    },
    { key: 'period', header: m.periodLabel, render: periodText },
    { key: 'rows', header: m.rowsLabel, render: (row) => row.rows.toLocaleString('en-GB') },
    { key: 'cashback', header: m.cashbackLabel, render: (row) => formatMoney(row.cashbackPence) },
    { key: 'fee', header: m.feeLabel, render: (row) => formatMoney(row.successFeePence) },
    {
      key: 'checksum',
      header: m.checksumLabel,
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" ff="monospace" title={row.sha256}>
            {`${row.sha256.slice(0, shownChecksum)}…`}
          </Text>
          <CopyButton value={row.sha256}>
            {({ copied, copy }) => (
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={copy}
                aria-label={copied ? m.checksumCopied : m.copyChecksum(row.fileName)}
              >
                {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              </ActionIcon>
            )}
          </CopyButton>
        </Group>
      ),
    },
    {
      key: 'generated',
      header: m.generatedLabel,
      render: (row) => formatDateTime(row.generatedAt, timezone),
    },
    {
      key: 'download',
      header: m.downloadLabel,
      render: (row) => (
        <Button
          component="a"
          href={settlementFileDownloadUrl(row.id)}
          download={row.fileName}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={m.download(row.fileName)}
        >
          {m.downloadLabel}
        </Button>
      ),
    },
  ];

  const rows = files.data?.data ?? [];
  return (
    <Stack gap="md">
      <Stack gap={4} maw={640}>
        <Text c="dimmed">{m.intro}</Text>
        <Anchor
          component={Link}
          to={`${paths.page('publisherIntegration')}#settlement-files-title`}
          size="sm"
        >
          {m.guideLink}
        </Anchor>
      </Stack>
      <Group align="flex-end" gap="md">
        {operator ? (
          <ServerSearchSelect
            label={m.publisherLabel}
            placeholder={m.publisherPlaceholder}
            maw={360}
            clearable
            description={m.choosePublisher}
            value={
              publisher ?? (publisherId ? { value: publisherId, label: rows[0]?.publisherName ?? '' } : null)
            }
            onChange={(option) => {
              setPublisher(option);
              choose('publisher', option?.value ?? null);
            }}
            useOptions={usePublisherSearch}
            nothingFound={messages.publisher.noPublisherMatches}
          />
        ) : null}
        <SegmentedControl
          aria-label={m.kindLabel}
          value={kind ?? 'all'}
          onChange={(value) => choose('kind', isKind(value) ? value : null)}
          data={[
            { value: 'all', label: m.allKinds },
            ...settlementKinds.map((value) => ({ value, label: m.kinds[value] })),
          ]}
        />
      </Group>
      {files.error && rows.length === 0 ? <Alert color="red">{serverErrorOf(files.error)}</Alert> : null}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.fileName}
        loading={files.isFetching}
        pagination={files.data?.pagination ?? { page: 1, limit: paging.limit, total: 0, totalPages: 0 }}
        onPageChange={(page) => setPaging((current) => ({ ...current, page }))}
        onLimitChange={(limit) => setPaging({ page: 1, limit })}
        emptyMessage={
          files.data && rows.length === 0 ? m.noFiles : listFailureText(files.error, rows.length > 0)
        }
      />
    </Stack>
  );
}
