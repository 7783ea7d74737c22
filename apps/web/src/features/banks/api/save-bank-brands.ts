import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankBrands } from '@krowd/domain/bank/bank-response.schema';
import { apiRequest } from '@/lib/api-client';
import { bankBrandsKey } from './keys.ts';

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
