import { Autocomplete, Text, type MantineSize } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, type Ref } from 'react';
import type { DirectoryBranch } from '@krowd/domain/branch/branch-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { useDirectorySearch } from './api/search-directory.ts';

export interface DirectoryNameInputProps {
  value: string;
  /** Every typed change; a name other than a picked venue's is a new branch, so the caller clears its kmid. */
  onChange: (name: string) => void;
  /** A directory venue chosen from the list: the caller fills the branch in from it. */
  onPick: (hit: DirectoryBranch) => void;
  onBlur?: () => void;
  error?: string;
  label?: string;
  'aria-label'?: string;
  required?: boolean;
  size?: MantineSize;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A branch name with the directory's venues offered from 3 typed characters (spec 2 §4), each
 * shown with its address and postcode. Used by Add New Branch and the onboarding wizard's rows.
 */
export function DirectoryNameInput({ value, onChange, onPick, ...props }: DirectoryNameInputProps) {
  const [searchText] = useDebouncedValue(value, 300);
  const directory = useDirectorySearch(searchText);
  const hits = directory.data?.data ?? [];
  const hitOf = (kmid: string) => hits.find((candidate) => candidate.kmid === kmid);
  // Mantine reports a picked option as a typed change of its label right after onOptionSubmit; that
  // change is the pick itself, not a new name, so it must not clear the venue the caller just took.
  const pickedName = useRef<string | null>(null);

  return (
    <Autocomplete
      {...props}
      placeholder={messages.branch.directoryPlaceholder}
      value={value}
      onChange={(name) => {
        const picked = pickedName.current;
        pickedName.current = null;
        if (name !== picked) onChange(name);
      }}
      data={hits.map((hit) => ({ value: hit.kmid, label: hit.merchant_name }))}
      filter={({ options }) => options}
      renderOption={({ option }) => {
        const hit = hitOf(option.value);
        return (
          <div>
            <Text size="sm">{hit?.merchant_name}</Text>
            <Text size="xs" c="dimmed">
              {[hit?.address, hit?.postcode].filter(Boolean).join(', ')}
            </Text>
          </div>
        );
      }}
      onOptionSubmit={(kmid) => {
        const hit = hitOf(kmid);
        if (!hit) return;
        pickedName.current = hit.merchant_name;
        onPick(hit);
      }}
    />
  );
}
