import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Audience } from '@krowd/domain/access/access.rules';
import { brandFilterKind, type BrandFilterKind } from '@krowd/domain/dashboard/report.rules';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';

/** Filter changes wait this long before the figures are fetched (spec 3 §4). */
export const filterDebounceMs = 300;
/** Brand, branch and campaign lists reload this long after a group, brand or branch change (spec 3 §4). */
export const listReloadMs = 1000;

/** The filter object (spec 3 §3) as the screen keeps it, in the URL so a link shares the view. */
export interface ReportFilters {
  group: string;
  brand: string;
  branch: string;
  /** null: not set by the user, so the default range applies; '': cleared. */
  start: string | null;
  end: string | null;
  publisher: string;
  customerType: string;
  offerType: string;
  invoice: string;
}

export type FilterKey = keyof ReportFilters;

const keys: FilterKey[] = [
  'group',
  'brand',
  'branch',
  'start',
  'end',
  'publisher',
  'customerType',
  'offerType',
  'invoice',
];

/** What a change clears: a new group clears its brand and below, a new brand its branch, and so on. */
const clears: Partial<Record<FilterKey, FilterKey[]>> = {
  group: ['brand', 'branch', 'invoice'],
  brand: ['branch', 'invoice'],
  publisher: ['customerType'],
};

export function readFilters(params: URLSearchParams): ReportFilters {
  return {
    group: params.get('group') ?? '',
    brand: params.get('brand') ?? '',
    branch: params.get('branch') ?? '',
    start: params.get('start'),
    end: params.get('end'),
    publisher: params.get('publisher') ?? '',
    customerType: params.get('customerType') ?? '',
    offerType: params.get('offerType') ?? '',
    invoice: params.get('invoice') ?? '',
  };
}

/** The search params after one filter changes, with the filters it governs cleared. */
export function withFilter(params: URLSearchParams, key: FilterKey, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: FilterKey, to: string | null) => {
    if (to === null || (to === '' && name !== 'start' && name !== 'end')) next.delete(name);
    else next.set(name, to);
  };
  set(key, value);
  for (const cleared of clears[key] ?? []) set(cleared, null);
  return next;
}

/** Only the filter params (a print link carries them on). */
export function filterParams(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null) kept.set(key, value);
  }
  return kept;
}

/** The caller's own brand and group, and which brand filters they get. */
export interface FilterSubject {
  audience: Audience;
  kind: BrandFilterKind;
  ownBrandId: string;
  ownGroupId: string;
}

export function filterSubjectOf(user: SessionUser, audience: Audience): FilterSubject {
  return {
    audience,
    kind: brandFilterKind(audience),
    ownBrandId: user.brandId ?? user.brandIds[0]?.brandId ?? '',
    ownGroupId: user.groupId ?? '',
  };
}

/** The brand whose branches the Branch filter lists: the chosen one, or one's own. */
export function branchBrandOf(subject: FilterSubject, filters: ReportFilters): string {
  return subject.kind === 'ownBrand' ? subject.ownBrandId : filters.brand;
}

/** The filters kept in the URL, with setters; the lists' scope follows a second later. */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  // The same objects while the address stays, so the filter bar is drawn again only when it changes.
  const filters = useMemo(() => readFilters(params), [params]);
  const setFilter = useCallback(
    (key: FilterKey, value: string | null) =>
      setParams((current) => withFilter(current, key, value), { replace: true }),
    [setParams],
  );
  const setDates = (start: string, end: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('start', start);
        next.set('end', end);
        return next;
      },
      { replace: true },
    );
  const [listScopeKey] = useDebouncedValue(
    JSON.stringify({ group: filters.group, brand: filters.brand, branch: filters.branch }),
    listReloadMs,
  );
  const listScope = JSON.parse(listScopeKey) as { group: string; brand: string; branch: string };
  return { params, filters, setFilter, setDates, listScope };
}
