import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankBrands } from '@krowd/domain/bank/bank-response.schema';
import { apiRequest } from '@/lib/api-client';
import { bankBrandsKey } from './keys.ts';

/** GET banks/{id}/brands: the brands the bank publishes, the only ones it reads and reviews. */
export function bankBrandsQueryOptions(bankId: string | null) {
  return queryOptions({
    queryKey: bankBrandsKey(bankId ?? ''),
    enabled: Boolean(bankId),
    queryFn: ({ signal }) =>
      apiRequest<BankBrands>(`banks/${bankId}/brands`, { signal }).then((answer) => answer.brands),
  });
}

export function useBankBrands(bankId: string | null) {
  return useQuery(bankBrandsQueryOptions(bankId));
}
