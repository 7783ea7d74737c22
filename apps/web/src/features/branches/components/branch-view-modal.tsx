import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { formatDate } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { BranchStatusBadge, merchantIdLabels } from './branch-cells.tsx';

export interface BranchViewModalProps {
  branch: BranchRow | null;
  onClose: () => void;
}

/** The read-only Branch View of spec 2 §2.4, every field it lists; dates DD/MM/YYYY. */
export function BranchViewModal({ branch, onClose }: BranchViewModalProps) {
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const orDash = (value: string | null | undefined) => value || '—';
  const fields: [string, ReactNode][] = branch
    ? [
        ['Branch Name', branch.name],
        [
          'Merchant Id',
          <Stack gap={0} key="mids">
            {(Object.keys(merchantIdLabels) as (keyof typeof merchantIdLabels)[]).map((key) => (
              <Text size="sm" key={key}>
                {merchantIdLabels[key]}: {orDash(branch.merchantIds[key])}
              </Text>
            ))}
          </Stack>,
        ],
        ['Block Name', orDash(branch.block)],
        ['Contact Name', orDash(branch.contactName)],
        ['Contact Phone', orDash(branch.contactPhone)],
        ['Contact Email', orDash(branch.contactEmail)],
        ['Address', orDash([branch.address, branch.postalTown, branch.postcode].filter(Boolean).join(', '))],
        ['Brand Name', branch.brandName],
        ['Brand Id', branch.brandId],
        ['Created', formatDate(branch.created, timezone)],
        ['Activated Date', branch.activatedDate ? formatDate(branch.activatedDate, timezone) : '—'],
        ['Comments', orDash(branch.comments)],
        ['Approved By', orDash(branch.approvedBy)],
        ['Status', <BranchStatusBadge key="status" status={branch.status} />],
      ]
    : [];
  return (
    <Modal opened={branch !== null} onClose={onClose} title="Branch View" size="lg" centered>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" component="dl" m={0}>
        {fields.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed" fw={600}>
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
