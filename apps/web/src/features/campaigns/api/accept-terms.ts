import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

interface Message {
  respCode: number;
  respMessage?: string;
}

/** POST users/acceptTerms: the user accepts the campaign terms. */
export function useAcceptTerms() {
  return useMutation({
    mutationFn: () => apiRequest<Message>('users/acceptTerms', { method: 'POST' }),
  });
}
