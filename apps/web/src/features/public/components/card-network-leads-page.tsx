import { Anchor, Badge, Select, Stack, Table, Text, Modal, Title, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import { leadKinds, leadSortFields, type LeadKind } from '@krowd/domain/public/card-network.schema';
import type { LeadRow } from '@krowd/domain/public/public-response.schema';
import type { DataTableColumn } from '@/components/ui/data-table';
import { EntityListTable } from '@/components/ui/entity-list-table';
import { EntityListToolbar, listFiltersOf } from '@/components/ui/entity-list-toolbar';
import { useEntityListState } from '@/components/ui/use-entity-list-state';
import { formatDateTime } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { useCardNetworkLeads } from '../api/get-card-network-leads.ts';

const m = messages.cardNetwork;
const kindColours: Record<LeadKind, string> = {
  contact: 'blue',
  lookupFailed: 'yellow',
  diningSignup: 'teal',
};

function KindBadge({ kind }: { kind: LeadKind }) {
  return (
    <Badge color={kindColours[kind]} variant="light">
      {messages.cardNetwork.leadKinds[kind]}
    </Badge>
  );
}

/** One labelled value of the lead's details; an absent value shows a dash. */
function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children ?? '—'}</Text>
    </div>
  );
}

function LeadDetails({ lead, timezone }: { lead: LeadRow; timezone: string }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="sm">
        <Detail label={m.leadFields.kind}>
          <KindBadge kind={lead.kind} />
        </Detail>
        <Detail label={m.leadFields.page}>/{lead.from}</Detail>
        <Detail label={m.fields.name}>{lead.name}</Detail>
        <Detail label={m.fields.email}>
          <Anchor href={`mailto:${lead.email}`}>{lead.email}</Anchor>
        </Detail>
        <Detail label={m.fields.phone}>{lead.phone}</Detail>
        <Detail label={m.fields.restaurantName}>{lead.company}</Detail>
        <Detail label={m.fields.legalName}>{lead.legalName}</Detail>
        <Detail label={m.fields.website}>
          {lead.website ? (
            <Anchor href={lead.website} target="_blank" rel="noopener noreferrer">
              {lead.website}
            </Anchor>
          ) : null}
        </Detail>
        <Detail label={m.fields.merchantId}>{lead.amexMerchantID}</Detail>
        <Detail label={m.leadFields.received}>{formatDateTime(lead.created, timezone)}</Detail>
      </SimpleGrid>
      {lead.kind === 'diningSignup' ? (
        <Stack gap="sm">
          <Title order={2} size="h4">
            {m.branchSubmissions}
          </Title>
          {lead.branchSubmissions.length === 0 ? (
            <Text size="sm" c="dimmed">
              {m.noBranchSubmissions}
            </Text>
          ) : null}
          {lead.branchSubmissions.map((submission) => (
            <Stack key={submission._id} gap={4}>
              <Text size="sm" fw={500}>
                {formatDateTime(submission.created, timezone)}
              </Text>
              <Table withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{m.submissionColumns.branch}</Table.Th>
                    <Table.Th>{m.submissionColumns.postcode}</Table.Th>
                    <Table.Th>{m.submissionColumns.merchantIds}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {submission.branches.map((branch, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{branch.name}</Table.Td>
                      <Table.Td>{branch.postcode}</Table.Td>
                      <Table.Td>
                        {[branch.merchantId, branch.amexMerchantID, branch.zettleMerchantID]
                          .filter(Boolean)
                          .join(', ')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {submission.comments ? <Text size="sm">{submission.comments}</Text> : null}
              {submission.fileUrl ? (
                <Anchor size="sm" href={submission.fileUrl} download>
                  {submission.fileName}
                </Anchor>
              ) : null}
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * Card-network Leads (system admin): contact requests, Merchant ID look-ups that found no account
 * and dining sign-ups with their branch submissions, from the public card-network pages.
 */
export function CardNetworkLeadsPage() {
  const state = useEntityListState({ sortFields: leadSortFields, statuses: leadKinds });
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const list = useCardNetworkLeads(state.query);
  const [opened, setOpened] = useState<LeadRow | null>(null);

  const columns: DataTableColumn<LeadRow>[] = [
    {
      key: 'created',
      header: m.leadFields.received,
      sortField: 'created',
      render: (row) => formatDateTime(row.created, timezone),
    },
    {
      key: 'kind',
      header: m.leadFields.kind,
      sortField: 'kind',
      render: (row) => <KindBadge kind={row.kind} />,
    },
    { key: 'name', header: m.fields.name, sortField: 'name', render: (row) => row.name ?? '—' },
    {
      key: 'company',
      header: m.leadColumns.restaurant,
      sortField: 'company',
      render: (row) => row.company ?? '—',
    },
    { key: 'email', header: m.fields.email, sortField: 'email', render: (row) => row.email },
    { key: 'mid', header: m.fields.merchantId, render: (row) => row.amexMerchantID ?? '—' },
    {
      key: 'branches',
      header: m.leadColumns.branchesSent,
      render: (row) =>
        row.kind === 'diningSignup'
          ? row.branchSubmissions.reduce((sum, submission) => sum + submission.branches.length, 0)
          : '—',
    },
  ];

  return (
    <Stack gap="md">
      <Text c="dimmed">{m.leadsIntro}</Text>
      <EntityListToolbar {...listFiltersOf(state, { placeholder: m.leadsSearch })}>
        <Select
          aria-label={m.leadFields.kind}
          data={[
            { value: '', label: m.allKinds },
            ...leadKinds.map((kind) => ({ value: kind, label: messages.cardNetwork.leadKinds[kind] })),
          ]}
          value={state.status}
          onChange={(value) => state.update({ status: value ?? '', page: '' })}
          allowDeselect={false}
          w={200}
        />
      </EntityListToolbar>
      <EntityListTable columns={columns} list={list} onRowClick={setOpened} {...state.table} />
      <Modal
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title={opened?.company ?? opened?.email}
        size="lg"
      >
        {opened ? <LeadDetails lead={opened} timezone={timezone} /> : null}
      </Modal>
    </Stack>
  );
}
