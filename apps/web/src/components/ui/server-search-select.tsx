import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';

export interface SearchOption {
  value: string;
  label: string;
}

/** The options one search finds on the server: a first page of them, and how many match in all. */
export interface SearchResult {
  options: SearchOption[];
  total: number;
  isFetching: boolean;
}

export interface ServerSearchSelectProps {
  label: string;
  description?: string;
  placeholder?: string;
  value: SearchOption | null;
  onChange: (option: SearchOption | null) => void;
  /** A query hook: the first matches of the search (the server filters), called on every render. */
  useOptions: (search: string) => SearchResult;
  nothingFound: string;
  clearable?: boolean;
  required?: boolean;
  error?: string;
  maw?: number;
}

/**
 * A select whose choices the server searches, 300 ms after typing stops: it lists the first page
 * of matches and says when there are more, so a list of any length can be chosen from (a select
 * of "the first 100" silently hides the rest).
 */
export function ServerSearchSelect({
  label,
  description,
  placeholder,
  value,
  onChange,
  useOptions,
  nothingFound,
  clearable,
  required,
  error,
  maw,
}: ServerSearchSelectProps) {
  const [search, setSearch] = useState('');
  // Mantine writes the chosen option's label into the box: that shows the choice, it is no search.
  const typed = search.trim() === value?.label ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 300);
  const found = useOptions(debounced);
  // The chosen option stays listed while another search's answer is shown.
  const options =
    value && !found.options.some((option) => option.value === value.value)
      ? [value, ...found.options]
      : found.options;
  const more =
    found.total > found.options.length ? messages.list.firstMatches(found.options.length, found.total) : null;
  return (
    <Select
      label={label}
      description={[description, more].filter(Boolean).join(' ') || undefined}
      placeholder={placeholder}
      data={options}
      value={value?.value ?? null}
      onChange={(_next, option) => onChange(option ? { value: option.value, label: option.label } : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched; every option it answers is shown.
      filter={({ options: all }) => all}
      nothingFoundMessage={found.isFetching ? messages.list.searching : nothingFound}
      clearable={clearable}
      allowDeselect={clearable ?? false}
      required={required}
      error={error}
      maw={maw}
    />
  );
}
