import { Alert, Anchor, Badge, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { OutboxMail } from '@krowd/domain/mail/mail-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { listFailureText, useListFailureNotice } from '@/components/ui/use-entity-list';
import { useEntityListState } from '@/components/ui/use-entity-list-state';
import { formatDateTime } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { useOutbox } from '../api/get-outbox.ts';

const m = messages.outbox;
const statusColours = { stored: 'gray', sent: 'teal', failed: 'red' } as const;

/** Links in a mail's text become clickable, so an admin can follow a link a user was sent. */
function linkify(text: string): ReactNode[] {
  return text.split(/(https?:\/\/\S+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      <Anchor key={index} href={part}>
        {part}
      </Anchor>
    ) : (
      part
    ),
  );
}

/**
 * Settings → Outbox (system admin): every mail the product wrote, newest first. Without an SMTP
 * server this is where mail waits; with one, each row says whether it was sent.
 */
export function OutboxPage() {
  const state = useEntityListState({ sortFields: [] });
  const outbox = useOutbox(state.page, state.limit);
  useListFailureNotice(outbox.error);
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const [opened, setOpened] = useState<OutboxMail | null>(null);

  const columns: DataTableColumn<OutboxMail>[] = [
    {
      key: 'created',
      header: messages.common.created,
      render: (mail) => formatDateTime(mail.created, timezone),
    },
    { key: 'to', header: m.columns.to, render: (mail) => mail.to },
    { key: 'subject', header: m.columns.subject, render: (mail) => mail.subject },
    {
      key: 'status',
      header: messages.common.status,
      render: (mail) => (
        <Badge color={statusColours[mail.status]} variant="light">
          {mail.status}
        </Badge>
      ),
    },
  ];

  return (
    <Stack>
      <Text c="dimmed">{m.intro}</Text>
      <DataTable
        columns={columns}
        rows={outbox.data?.data ?? []}
        rowKey={(mail) => mail._id}
        loading={outbox.isFetching}
        pagination={outbox.data?.pagination}
        onPageChange={state.table.onPageChange}
        onLimitChange={state.table.onLimitChange}
        emptyMessage={listFailureText(outbox.error, (outbox.data?.data.length ?? 0) > 0)}
        onRowClick={setOpened}
      />
      <Modal opened={opened !== null} onClose={() => setOpened(null)} title={opened?.subject} size="lg">
        {opened ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {m.mailTo(opened.to, formatDateTime(opened.created, timezone))}
            </Text>
            {opened.error ? <Alert color="red">{opened.error}</Alert> : null}
            {/* Scrolled by the keyboard too (WCAG 2.1.1): the mail's box takes the focus, named by its subject. */}
            <ScrollArea.Autosize
              mah={420}
              viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': opened.subject }}
            >
              <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="outbox-mail-text">
                {linkify(opened.text)}
              </Text>
            </ScrollArea.Autosize>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
