import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankRow } from '@krowd/domain/bank/bank-response.schema';
import type { BrandOptions } from '@krowd/domain/brand/brand-response.schema';
import type { Pagination } from '@krowd/domain/list/list.schema';
import type {
  PublisherBrand,
  PublisherKey,
  PublisherKeyMade,
  PublisherKeysAnswer,
  PublisherRow,
} from '@krowd/domain/publisher/publisher-response.schema';
import type {
  PublisherCreateInput,
  PublisherKeyCreateInput,
  PublisherKeyRotateInput,
  PublisherUpdateInput,
} from '@krowd/domain/publisher/publisher.schema';
import type { SearchOption, SearchResult } from '@/components/ui/server-search-select';
import { entityListFilters } from '@/components/ui/use-entity-list';
import { apiRequest } from '@/lib/api-client';

/** The publisher screens' calls (decisions 0088–0089): publishers, and a publisher's API keys. */
const keysKey = (publisherId: string) => ['publishers', 'keys', publisherId] as const;

interface Answer {
  respMessage: string;
}

/** GET publishers/own: a bank admin's publisher (404 while their bank belongs to none). */
export function useOwnPublisher(enabled: boolean) {
  return useQuery({
    queryKey: ['publishers', 'own'],
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<{ publisher: PublisherRow }>('publishers/own', { signal }).then(
        (answer) => answer.publisher,
      ),
  });
}

/** How many matches a publisher or bank select lists at once; typing searches the rest. */
const choicesPage = 20;

const publisherOption = (row: PublisherRow): SearchOption => ({
  value: row._id,
  label: `${row.displayName} (${row.code})`,
});

/** The system admin's choice of publisher: the first matches of a search by code or name. */
export function usePublisherSearch(search: string, enabled = true): SearchResult {
  const query = useQuery({
    queryKey: ['publishers', 'choices', search],
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<{ data: PublisherRow[]; pagination: Pagination }>('publishers', {
        query: { page: 1, limit: choicesPage, search: search || undefined },
        signal,
      }),
  });
  return {
    options: (query.data?.data ?? []).map(publisherOption),
    total: query.data?.pagination.total ?? 0,
    isFetching: query.isFetching,
  };
}

/** The publisher form's choice of bank: the first matches of the banks list's search (3+ letters). */
export function useBankSearch(search: string): SearchResult {
  const query = useQuery({
    queryKey: ['publishers', 'bankChoices', search],
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
  return {
    options: (query.data?.data ?? []).map((bank) => ({ value: bank._id, label: bank.name })),
    total: query.data?.pagination.total ?? 0,
    isFetching: query.isFetching,
  };
}

export function usePublisherKeys(publisherId: string | null) {
  return useQuery({
    queryKey: keysKey(publisherId ?? ''),
    enabled: publisherId !== null,
    queryFn: ({ signal }) => apiRequest<PublisherKeysAnswer>(`publishers/${publisherId}/keys`, { signal }),
  });
}

function useKeyMutation<Input, Output extends Answer>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['publishers'] }),
  });
}

export const useCreateKey = (publisherId: string) =>
  useKeyMutation((input: PublisherKeyCreateInput) =>
    apiRequest<Answer & PublisherKeyMade>(`publishers/${publisherId}/keys`, {
      method: 'POST',
      body: input,
    }),
  );

export const useRotateKey = (publisherId: string) =>
  useKeyMutation(({ key, change }: { key: PublisherKey; change: PublisherKeyRotateInput }) =>
    apiRequest<Answer & PublisherKeyMade>(`publishers/${publisherId}/keys/${key._id}/rotate`, {
      method: 'POST',
      body: change,
    }),
  );

export const useRevokeKey = (publisherId: string) =>
  useKeyMutation((key: PublisherKey) =>
    apiRequest<Answer & { key: PublisherKey }>(`publishers/${publisherId}/keys/${key._id}`, {
      method: 'DELETE',
    }),
  );

/** The system admin's Publishers list: a page of it, searched by code or name. */
export function usePublishers(query: { page: number; limit: number; search: string }) {
  const search = query.search.trim();
  return useQuery({
    queryKey: ['publishers', 'list', { ...query, search }],
    queryFn: ({ signal }) =>
      apiRequest<{ data: PublisherRow[]; pagination: Pagination }>('publishers', {
        query: { page: query.page, limit: query.limit, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function usePublisherMutation<Input, Output extends Answer>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['publishers'] }),
  });
}

export const useCreatePublisher = () =>
  usePublisherMutation((input: PublisherCreateInput) =>
    apiRequest<Answer & { publisher: PublisherRow }>('publishers', { method: 'POST', body: input }),
  );

export const useUpdatePublisher = () =>
  usePublisherMutation(({ id, change }: { id: string; change: PublisherUpdateInput }) =>
    apiRequest<Answer & { publisher: PublisherRow }>(`publishers/${id}`, { method: 'PUT', body: change }),
  );

/** GET publishers/{id}/brands: the brands in the publisher's offers feed. */
export function usePublisherBrands(publisherId: string) {
  return useQuery({
    queryKey: ['publishers', 'brands', publisherId],
    queryFn: ({ signal }) =>
      apiRequest<{ brands: PublisherBrand[] }>(`publishers/${publisherId}/brands`, { signal }).then(
        (answer) => answer.brands,
      ),
  });
}

/** PUT publishers/{id}/brands: the whole set of brands the feed shows. */
export const useSavePublisherBrands = (publisherId: string) =>
  usePublisherMutation((brandIds: string[]) =>
    apiRequest<Answer & { brands: PublisherBrand[] }>(`publishers/${publisherId}/brands`, {
      method: 'PUT',
      body: { brandIds },
    }),
  );

/** GET brands/getBrandList: every brand (the system admin's scope), as choices. */
export function useBrandChoices() {
  return useQuery({
    queryKey: ['publishers', 'brandChoices'],
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<BrandOptions>('brands/getBrandList', { signal }).then((answer) =>
        answer.brands.map((brand) => ({ value: brand.value, label: brand.label })),
      ),
  });
}
