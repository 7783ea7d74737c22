import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type Ref } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import { useBrandsWithReviews } from '../api/get-brands-with-reviews.ts';

const m = messages.insightsWeb;

export interface BrandOption {
  value: string;
  label: string;
}

export interface BrandSearchSelectProps {
  label: string;
  value: BrandOption | null;
  onChange: (brand: BrandOption | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  width?: number;
}

/**
 * A searchable select of the brands that have reviews (reviewsdata/getBrandInsights), searched by
 * name on the server 300 ms after typing stops.
 */
export function BrandSearchSelect({
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  width,
}: BrandSearchSelectProps) {
  const [search, setSearch] = useState('');
  // Mantine writes the chosen brand's name into the box: that shows the choice, it is no search.
  const typed = search.trim() === value?.label ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 300);
  const brands = useBrandsWithReviews(debounced);
  const found = (brands.data ?? []).map((brand) => ({ value: brand.value, label: brand.label }));
  // The chosen brand stays an option while another search's answer is shown.
  const options = value && !found.some((brand) => brand.value === value.value) ? [value, ...found] : found;
  return (
    <Select
      label={label}
      placeholder={m.brandPlaceholder}
      data={options}
      value={value?.value ?? null}
      onChange={(_next, option) => onChange(option ? { value: option.value, label: option.label } : null)}
      onBlur={onBlur}
      ref={inputRef}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered by name; every brand it answers is shown.
      filter={({ options: all }) => all}
      nothingFoundMessage={brands.isFetching ? messages.common.loading : m.noBrandFound}
      error={error}
      w={width}
    />
  );
}
