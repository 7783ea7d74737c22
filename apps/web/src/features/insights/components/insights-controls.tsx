import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';

const m = messages.insightsWeb;

export interface BranchOption {
  value: string;
  label: string;
}

/** '' is All (spec 3 §4: empty kmid = every branch). */
export function branchOptionsOf(branches: readonly { kmid: string; branchName: string }[]): BranchOption[] {
  return [
    { value: '', label: m.allBranches },
    ...branches.map((b) => ({ value: b.kmid, label: b.branchName })),
  ];
}

/** The branch picker (spec 3 §2.7): only when the brand has more than one branch, with All. */
export function BranchPicker({
  options,
  value,
  onChange,
  label = m.selectBranch,
  description,
}: {
  options: readonly BranchOption[];
  value: string;
  onChange: (kmid: string) => void;
  /** What it is called and what it chooses for, where a screen has two (the Overview tab's own). */
  label?: string;
  description: string;
}) {
  // options holds All plus the branches.
  if (options.length <= 2) return null;
  return (
    <Select
      label={label}
      description={description}
      data={options.map((option) => ({ value: option.value || 'all', label: option.label }))}
      value={value || 'all'}
      onChange={(next) => onChange(!next || next === 'all' ? '' : next)}
      allowDeselect={false}
      searchable
      w={240}
    />
  );
}

/** The failure of a call, with what the person can do about it. */
export function LoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" title={m.loadFailed} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {m.tryAgain}
        </Button>
      </Stack>
    </Alert>
  );
}
