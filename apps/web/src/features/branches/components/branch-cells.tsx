import { Anchor, Badge, Stack, Text, TextInput } from '@mantine/core';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import type { BranchStatus, MerchantIds } from '@krowd/domain/branch/branch.schema';
import { messages } from '@krowd/domain/messages/messages';

const statusColours: Record<Exclude<BranchStatus, 'Active'>, string> = {
  Pending: 'yellow',
  Approved: 'teal',
  Rejected: 'red',
  Deleted: 'gray',
  Updated: 'blue',
};

/** The status as a coloured badge; Active, the normal state, has none (spec 2 §4). */
export function BranchStatusBadge({ status }: { status: BranchStatus }) {
  if (status === 'Active') return <Text size="sm">{status}</Text>;
  return (
    <Badge color={statusColours[status]} variant="light" tt="none" miw="max-content">
      {status}
    </Badge>
  );
}

/** A link only when the value is a web address; a link opens in a new tab without access back. */
export function TripadvisorLink({ url }: { url: string | null }) {
  if (!url || !/^https?:\/\//i.test(url))
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {messages.branch.fields.tripadvisor}
    </Anchor>
  );
}

export const merchantIdLabels: Record<keyof MerchantIds, string> = messages.branch.merchantIdLabels;
const merchantIdKeys = Object.keys(merchantIdLabels) as (keyof MerchantIds)[];

export interface MerchantIdCellProps {
  branch: BranchRow;
  /** Editable inline (the caller may edit this branch); each input saves when left. */
  editable: boolean;
  onSave: (branch: BranchRow, key: keyof MerchantIds, value: string) => Promise<boolean>;
}

/** The merchant IDs given, in one line. */
const midsText = (ids: MerchantIds) =>
  merchantIdKeys
    .filter((key) => ids[key])
    .map((key) => `${merchantIdLabels[key]} ${ids[key]}`)
    .join(', ');

/**
 * The three merchant IDs: inputs that save on blur when editable, else text (spec 2 §2.4); a
 * proposal awaiting the operator side's review shown beside the IDs in use.
 */
export function MerchantIdCell({ branch, editable, onSave }: MerchantIdCellProps) {
  const proposed = branch.proposedMerchantIds;
  if (!editable) {
    const given = merchantIdKeys.filter((key) => branch.merchantIds[key]);
    if (given.length === 0)
      return (
        <Text size="sm" c="dimmed">
          —
        </Text>
      );
    return (
      <Stack gap={0}>
        {given.map((key) => (
          <Text key={key} size="sm">
            <Text span size="xs" c="dimmed">
              {merchantIdLabels[key]}:{' '}
            </Text>
            {branch.merchantIds[key]}
          </Text>
        ))}
        {proposed ? (
          <Text size="xs" c="blue.8">
            {messages.branch.proposedMerchantIds}: {midsText(proposed)}
          </Text>
        ) : null}
      </Stack>
    );
  }
  // The brand edits what it last gave: its proposal while it awaits review, else the reviewed IDs.
  const shown = proposed ?? branch.merchantIds;
  return (
    <Stack gap={4} miw={170}>
      {proposed ? (
        <Text size="xs" c="blue.8">
          {messages.branch.proposedMerchantIdsHint(midsText(branch.merchantIds) || '—')}
        </Text>
      ) : null}
      {merchantIdKeys.map((key) => {
        const saved = shown[key] ?? '';
        return (
          <TextInput
            key={`${branch._id}-${key}-${saved}`}
            size="xs"
            aria-label={messages.branch.merchantIdOf(merchantIdLabels[key], branch.name)}
            placeholder={merchantIdLabels[key]}
            defaultValue={saved}
            maxLength={50}
            onBlur={async (event) => {
              const input = event.currentTarget;
              const value = input.value.trim();
              if (value === saved) return;
              if (!(await onSave(branch, key, value))) input.value = saved;
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.currentTarget.blur();
            }}
          />
        );
      })}
    </Stack>
  );
}
