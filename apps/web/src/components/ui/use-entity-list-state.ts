import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { validPaging } from '@krowd/domain/list/list.schema';
import { notify } from '@/lib/notify';
import type { TableSort } from './data-table.tsx';

export interface EntityListState<SortField extends string, Status extends string> {
  page: number;
  limit: number;
  search: string;
  status: Status | '';
  /** The group role's chosen brand; '' is All. */
  brand: string;
  sort: (TableSort & { field: SortField }) | undefined;
  /** Sets (or with '' clears) URL parameters: page, limit, q, status, brand, sort, direction. */
  update: (changes: Record<string, string>) => void;
  /** The DataTable's paging and sorting props, bound to this state (a new size or sort goes to page 1). */
  table: {
    sort: (TableSort & { field: SortField }) | undefined;
    onPageChange: (page: number) => void;
    onLimitChange: (limit: number) => void;
    onSortChange: (sort: TableSort) => void;
  };
  /** What the list asks the server for: the page, its size, the search, status and sort. */
  query: {
    page: number;
    limit: number;
    search: string;
    status: Status | '';
    sort: (TableSort & { field: SortField }) | undefined;
  };
  /** The toolbar's handlers, bound to this state: a new search, status or brand goes to page 1. */
  filter: {
    search: (search: string) => void;
    status: (status: string) => void;
    brand: (brand: string) => void;
  };
}

/**
 * An entity list's state kept in the URL (page, size, search, status, brand, sort), so a reload
 * or a shared link shows the same page. Values the list does not know are ignored; paging it
 * cannot show (?limit=999, ?page=-1) is never asked for: the list shows page 1 of 10, the address
 * is corrected to it and a notification says why (`validPaging`, spec 3 §8).
 */
export function useEntityListState<SortField extends string, Status extends string = never>(options: {
  sortFields: readonly SortField[];
  statuses?: readonly Status[];
}): EntityListState<SortField, Status> {
  const [params, setParams] = useSearchParams();
  const paging = validPaging({ page: params.get('page'), limit: params.get('limit') });
  const sortField = params.get('sort');
  const sort =
    sortField && (options.sortFields as readonly string[]).includes(sortField)
      ? {
          field: sortField as SortField,
          direction: params.get('direction') === 'asc' ? ('asc' as const) : ('desc' as const),
        }
      : undefined;
  const chosenStatus = params.get('status') ?? '';
  const status: Status | '' = (options.statuses as readonly string[] | undefined)?.includes(chosenStatus)
    ? (chosenStatus as Status)
    : '';
  const update = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const table = {
    sort,
    onPageChange: (page: number) => update({ page: String(page) }),
    onLimitChange: (limit: number) => update({ limit: String(limit), page: '' }),
    onSortChange: (next: TableSort) => update({ sort: next.field, direction: next.direction, page: '' }),
  };
  const filter = {
    search: (search: string) => update({ q: search, page: '' }),
    status: (chosen: string) => update({ status: chosen, page: '' }),
    brand: (brand: string) => update({ brand, page: '' }),
  };
  usePagingCorrected(paging, update);
  const query = {
    page: paging.page,
    limit: paging.limit,
    search: params.get('q') ?? '',
    status,
    sort,
  };
  return { ...query, brand: params.get('brand') ?? '', update, table, filter, query };
}

/** Puts the paging shown in the address, once for each address that asked for other paging, and says why. */
function usePagingCorrected(
  paging: ReturnType<typeof validPaging>,
  update: (changes: Record<string, string>) => void,
) {
  const told = useRef<string | null>(null);
  const { problem, page, limit } = paging;
  useEffect(() => {
    if (!problem) {
      told.current = null;
      return;
    }
    if (told.current === problem) return;
    told.current = problem;
    notify.error(problem);
    update({ page: page > 1 ? String(page) : '', limit: String(limit) });
  }, [problem, page, limit, update]);
}

/** What a list asks for a group role (spec 2 §6): the chosen brand, or with from 'onboard' all of the group's. */
export interface ListScopeParams {
  brandId?: string;
  from?: 'onboard';
  role?: string;
}

export function listScopeParams(
  groupRole: boolean,
  user: { role: string | null; brandIds: { brandId: string }[] },
  brand: string,
): ListScopeParams {
  if (!groupRole) return {};
  const role = user.role ?? undefined;
  if (brand) return { brandId: brand, role };
  return { brandId: user.brandIds[0]?.brandId, from: 'onboard', role };
}
