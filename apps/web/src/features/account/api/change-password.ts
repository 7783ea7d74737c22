import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@krowd/domain/auth/auth.schema';
import { apiRequest } from '@/lib/api-client';

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<{ respMessage: string }>('auth/changePassword', {
        method: 'POST',
        body: input,
      }),
  });
}
