import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { formatDate } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { BranchStatusBadge, merchantIdLabels } from './branch-cells.tsx';
import { MidHealthSection } from './mid-health.tsx';

const { fields, viewFields } = messages.branch;

export interface BranchViewModalProps {
  branch: BranchRow | null;
  onClose: () => void;
}

/** The read-only Branch View of spec 2 §2.4, every field it lists; dates DD/MM/YYYY. */
export function BranchViewModal({ branch, onClose }: BranchViewModalProps) {
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const orDash = (value: string | null | undefined) => value || '—';
  const entries: [string, ReactNode][] = branch
    ? [
        [fields.name, branch.name],
        [
          viewFields.merchantId,
          <Stack gap={0} key="mids">
            {(Object.keys(merchantIdLabels) as (keyof typeof merchantIdLabels)[]).map((key) => (
              <Text size="sm" key={key}>
                {merchantIdLabels[key]}: {orDash(branch.merchantIds[key])}
              </Text>
            ))}
          </Stack>,
        ],
        ...(branch.proposedMerchantIds
          ? ([
              [
                messages.branch.proposedMerchantIds,
                <Stack gap={0} key="proposed">
                  {(Object.keys(merchantIdLabels) as (keyof typeof merchantIdLabels)[]).map((key) => (
                    <Text size="sm" key={key}>
                      {merchantIdLabels[key]}: {orDash(branch.proposedMerchantIds?.[key])}
                    </Text>
                  ))}
                </Stack>,
              ],
            ] as [string, ReactNode][])
          : []),
        [viewFields.blockName, orDash(branch.block)],
        [fields.contactName, orDash(branch.contactName)],
        [fields.contactPhone, orDash(branch.contactPhone)],
        [fields.contactEmail, orDash(branch.contactEmail)],
        [
          fields.address,
          orDash([branch.address, branch.postalTown, branch.postcode].filter(Boolean).join(', ')),
        ],
        [fields.brandName, branch.brandName],
        [viewFields.brandId, branch.brandId],
        [messages.common.created, formatDate(branch.created, timezone)],
        [viewFields.activatedDate, branch.activatedDate ? formatDate(branch.activatedDate, timezone) : '—'],
        [fields.comments, orDash(branch.comments)],
        [viewFields.approvedBy, orDash(branch.approvedBy)],
        [messages.common.status, <BranchStatusBadge key="status" status={branch.status} />],
      ]
    : [];
  return (
    <Modal opened={branch !== null} onClose={onClose} title={messages.branch.viewTitle} size="lg" centered>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" component="dl" m={0}>
        {entries.map(([label, value]) => (
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
      {branch ? (
        <Stack mt="md">
          <MidHealthSection health={branch.midHealth} />
        </Stack>
      ) : null}
    </Modal>
  );
}
