import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentsKey } from './keys.ts';

/** DELETE payments/mandate?brandId=: cancels the brand's live mandate with the provider. */
export function useCancelMandate(brandId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ respMessage: string }>('payments/mandate', { method: 'DELETE', query: { brandId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKey }),
  });
}
