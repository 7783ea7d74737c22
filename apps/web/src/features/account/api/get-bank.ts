import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankSaved } from '@krowd/domain/bank/bank-response.schema';
import { apiRequest } from '@/lib/api-client';
import { bankKey } from './keys.ts';

/** GET banks/{id}: the bank's details and whether the caller may change them. */
export function bankQueryOptions(id: string) {
  return queryOptions({
    queryKey: bankKey(id),
    queryFn: ({ signal }) =>
      apiRequest<BankSaved>(`banks/${id}`, { signal }).then((response) => response.details),
  });
}

export function useBank(id: string) {
  return useQuery(bankQueryOptions(id));
}
