import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankSaved } from '@krowd/domain/bank/bank-response.schema';
import type { BankUpdateInput } from '@krowd/domain/bank/bank.schema';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';
import { bankKey } from './keys.ts';

/** PUT banks/{id} (an admin of the bank); the header's bank name follows. */
export function useUpdateBank(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankUpdateInput) =>
      apiRequest<BankSaved & { respMessage: string }>(`banks/${id}`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: async (response) => {
      queryClient.setQueryData(bankKey(id), response.details);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
