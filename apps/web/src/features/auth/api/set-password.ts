import { useMutation } from '@tanstack/react-query';
import type { CreatePasswordFormInput } from '@krowd/domain/auth/auth.schema';
import { apiRequest } from '@/lib/api-client';

/** Sets a password from an e-mailed link: a recovery link or a set-password link. */
export function useSetPassword(kind: 'recover' | 'create') {
  return useMutation({
    mutationFn: ({ token, ...input }: CreatePasswordFormInput & { token: string }) =>
      kind === 'recover'
        ? apiRequest<{ respMessage: string }>('auth/changeRecoverPassword', {
            method: 'POST',
            body: { ...input, enEmail: token },
            sessionRequired: false,
          })
        : apiRequest<{ respMessage: string }>('auth/createPassword', {
            method: 'POST',
            body: { ...input, token },
            sessionRequired: false,
          }),
  });
}
