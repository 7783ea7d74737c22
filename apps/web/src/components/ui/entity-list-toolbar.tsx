import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconUpload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import type { EntityListState } from './use-entity-list-state.ts';

/** The hint shows while fewer than this many characters are typed (spec 2 §2.3: "under 4"). */
const hintBelow = 4;
const searchDelayMs = 300;

export interface ListOption {
  value: string;
  label: string;
}

export interface EntityListToolbarProps {
  /** The search box; the list is told the text once typing pauses. */
  search?: { value: string; placeholder: string; onChange: (value: string) => void };
  /** The status dropdown; '' is 'Status (All)'. */
  statusFilter?: { value: string; statuses: readonly string[]; onChange: (value: string) => void };
  /** The brand selector of group roles; '' is All. */
  brandSelector?: { value: string; brands: ListOption[]; onChange: (value: string) => void };
  /** A list's own dropdowns after the status one (the Branches list's Tracking); '' is the first option. */
  moreFilters?: ListFilter[];
  /** The action dropdown and Go: Go needs an action and at least one ticked row. */
  bulkActions?: { options: ListOption[]; selectedCount: number; onGo: (action: string) => void };
  onUpload?: () => void;
  /** Buttons of the screen's own, after the toolbar's (e.g. Add New). */
  children?: ReactNode;
}

/** A dropdown filter: its accessible name, the option for all ('') and the others. */
export interface ListFilter {
  label: string;
  allLabel: string;
  value: string;
  options: ListOption[];
  onChange: (value: string) => void;
}

export interface ListFiltersOptions {
  /** The search box's placeholder. */
  placeholder: string;
  /** The statuses of the status dropdown, for a list that has one. */
  statuses?: readonly string[];
  /** The brands of a group role's brand selector; none for other roles. */
  brands?: ListOption[];
  /** Runs as a new brand is chosen, before the list is told (e.g. to clear a selection). */
  onBrandChange?: () => void;
}

/** The toolbar's search, status dropdown and brand selector, bound to the list's state. */
export function listFiltersOf(
  state: Pick<EntityListState<string, string>, 'search' | 'status' | 'brand' | 'filter'>,
  { placeholder, statuses, brands, onBrandChange }: ListFiltersOptions,
): Pick<EntityListToolbarProps, 'search' | 'statusFilter' | 'brandSelector'> {
  return {
    search: { value: state.search, placeholder, onChange: state.filter.search },
    statusFilter: statuses ? { value: state.status, statuses, onChange: state.filter.status } : undefined,
    brandSelector: brands
      ? {
          value: state.brand,
          brands,
          onChange: (brand) => {
            onBrandChange?.();
            state.filter.brand(brand);
          },
        }
      : undefined,
  };
}

/**
 * The entity list's toolbar (spec 2 §2.3): search with the 3-character hint, 'Status (All)', the
 * brand selector for group roles, the action dropdown with Go, and Upload CSV. Used above DataTable.
 */
export function EntityListToolbar(props: EntityListToolbarProps) {
  const { search, statusFilter, brandSelector, moreFilters, bulkActions } = props;
  const [typed, setTyped] = useState(search?.value ?? '');
  const [action, setAction] = useState<string | null>(null);
  const notifySearch = useDebouncedCallback((value: string) => search?.onChange(value), searchDelayMs);
  const chosen = bulkActions?.options.some((option) => option.value === action) ? action : null;
  const trimmed = typed.trim();

  const handleGo = () => {
    if (!chosen) return;
    bulkActions?.onGo(chosen);
    setAction(null);
  };

  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Group align="flex-start" gap="sm">
        {search ? (
          <TextInput
            aria-label={search.placeholder}
            placeholder={search.placeholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              notifySearch(event.currentTarget.value);
            }}
            description={
              trimmed.length > 0 && trimmed.length < hintBelow ? messages.list.searchMin : undefined
            }
            inputWrapperOrder={['input', 'description']}
            w={300}
          />
        ) : null}
        {brandSelector ? (
          <Select
            aria-label={messages.common.brand}
            data={[{ value: '', label: messages.list.all }, ...brandSelector.brands]}
            value={brandSelector.value}
            onChange={(value) => brandSelector.onChange(value ?? '')}
            allowDeselect={false}
            w={200}
          />
        ) : null}
        {statusFilter ? (
          <Select
            aria-label={messages.common.status}
            data={[
              { value: '', label: messages.list.statusAll },
              ...statusFilter.statuses.map((s) => ({ value: s, label: s })),
            ]}
            value={statusFilter.value}
            onChange={(value) => statusFilter.onChange(value ?? '')}
            allowDeselect={false}
            w={160}
          />
        ) : null}
        {moreFilters?.map((filter) => (
          <Select
            key={filter.label}
            aria-label={filter.label}
            data={[{ value: '', label: filter.allLabel }, ...filter.options]}
            value={filter.value}
            onChange={(value) => filter.onChange(value ?? '')}
            allowDeselect={false}
            w={220}
          />
        ))}
      </Group>
      <Group gap="sm">
        {bulkActions ? (
          <Group gap={4}>
            <Select
              aria-label={messages.list.action}
              placeholder={messages.list.selectAction}
              data={bulkActions.options}
              value={chosen}
              onChange={setAction}
              disabled={bulkActions.options.length === 0}
              w={160}
            />
            <Button onClick={handleGo} disabled={!chosen || bulkActions.selectedCount === 0}>
              {messages.list.go}
            </Button>
          </Group>
        ) : null}
        {props.onUpload ? (
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={props.onUpload}
          >
            {messages.list.uploadCsv}
          </Button>
        ) : null}
        {props.children}
      </Group>
    </Group>
  );
}
