import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankBrands } from '@krowd/domain/bank/bank-response.schema';
import { apiRequest } from '@/lib/api-client';

const bankBrandsKey = (bankId: string) => ['banks', 'brands', bankId] as const;

/** GET banks/{id}/brands: the brands the bank publishes, the only ones it reads and reviews. */
export function useBankBrands(bankId: string | null) {
  return useQuery({
    queryKey: bankBrandsKey(bankId ?? ''),
    enabled: Boolean(bankId),
    queryFn: ({ signal }) =>
      apiRequest<BankBrands>(`banks/${bankId}/brands`, { signal }).then((answer) => answer.brands),
  });
}

/** PUT banks/{id}/brands: replaces the bank's linked brands with those chosen. */
export function useSaveBankBrands(bankId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brandIds: string[]) =>
      apiRequest<BankBrands & { respMessage: string }>(`banks/${bankId}/brands`, {
        method: 'PUT',
        body: { brandIds },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankBrandsKey(bankId) }),
  });
}
