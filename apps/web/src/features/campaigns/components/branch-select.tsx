import { Checkbox, MultiSelect, Stack, Text } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';
import type { BrandMerchant } from '@krowd/domain/branch/branch-response.schema';

export interface BranchSelectProps {
  branches: BrandMerchant[];
  /** 'All' or the chosen branch ids. */
  value: 'All' | string[];
  onChange: (value: 'All' | string[]) => void;
  error?: string;
  disabled?: boolean;
}

/** Branch multi-select with 'Select All Branches' (spec 1 §2). Only approved branches can run a campaign. */
export function BranchSelect({ branches, value, onChange, error, disabled }: BranchSelectProps) {
  const usable = branches.filter((branch) => branch.selectable);
  const all = value === 'All';
  return (
    <Stack gap={6}>
      <Checkbox
        label={messages.campaign.selectAllBranches}
        checked={all}
        disabled={disabled || usable.length === 0}
        onChange={(event) => onChange(event.currentTarget.checked ? 'All' : [])}
      />
      <MultiSelect
        label={messages.campaign.selectBranchesLabel}
        placeholder={all ? messages.campaign.allBranchesSelected : messages.campaign.fields.chooseBranches}
        data={usable.map((branch) => ({ value: branch._id, label: branch.name }))}
        value={all ? [] : value}
        onChange={(ids) => onChange(ids.length === usable.length && ids.length > 0 ? 'All' : ids)}
        disabled={disabled || all}
        searchable
        clearable
        error={error}
        nothingFoundMessage={messages.campaign.fields.noBranchMatches}
      />
      {all ? (
        <Text size="xs" c="dimmed">
          {messages.campaign.allBranchesSelected} ({usable.length})
        </Text>
      ) : null}
    </Stack>
  );
}
