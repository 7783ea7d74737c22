import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankSaved } from '@krowd/domain/bank/bank-response.schema';
import type { BankCreateInput } from '@krowd/domain/bank/bank.schema';
import { apiRequest } from '@/lib/api-client';
import { banksListKey } from './keys.ts';

/** POST banks: a new bank with its first admin, who is mailed a link to set a password. */
export function useCreateBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankCreateInput) =>
      apiRequest<BankSaved & { respMessage: string }>('banks', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: banksListKey }),
  });
}
