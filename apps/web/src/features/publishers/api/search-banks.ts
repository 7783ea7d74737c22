import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BankRow } from '@krowd/domain/bank/bank-response.schema';
import type { Pagination } from '@krowd/domain/list/list.schema';
import type { SearchResult } from '@/components/ui/server-search-select';
import { entityListFilters } from '@/components/ui/use-entity-list';
import { apiRequest } from '@/lib/api-client';
import { bankChoicesKey } from './keys.ts';
import { choicesPage } from './search-publishers.ts';

/** GET banks: the first matches of the banks list's search (3+ letters). */
export function bankSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: bankChoicesKey(search),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<{ data: BankRow[]; pagination: Pagination }>('banks', {
        query: {
          page: 1,
          limit: choicesPage,
          filters: entityListFilters({ page: 1, limit: choicesPage, search }),
        },
        signal,
      }),
  });
}

/** The publisher form's choice of bank: the first matches of the banks list's search (3+ letters). */
export function useBankSearch(search: string): SearchResult {
  const query = useQuery(bankSearchQueryOptions(search));
  return {
    options: (query.data?.data ?? []).map((bank) => ({ value: bank._id, label: bank.name })),
    total: query.data?.pagination.total ?? 0,
    isFetching: query.isFetching,
  };
}
