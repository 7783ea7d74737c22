import { useMutation } from '@tanstack/react-query';
import type { SecondStepDue, SignedIn } from '@krowd/domain/auth/auth-response.schema';
import type {
  CreatePasswordFormInput,
  ForgotPasswordInput,
  SignupInput,
} from '@krowd/domain/auth/auth.schema';
import type { LoginInput } from '@krowd/domain/auth/login.schema';
import type { LoginSecondStepInput } from '@krowd/domain/auth/multi-factor.schema';
import { apiRequest } from '@/lib/api-client';

/** The sign-in and account-access calls of spec 1 §7, one mutation each. */
export function useLogin() {
  return useMutation({
    mutationFn: ({ email, password }: LoginInput) =>
      apiRequest<SignedIn | SecondStepDue>('auth/login', {
        method: 'POST',
        body: { email, password },
        sessionRequired: false,
      }),
  });
}

/** The login's second step: the challenge with a code of the app or a recovery code. */
export function useLoginSecondStep() {
  return useMutation({
    mutationFn: (input: LoginSecondStepInput) =>
      apiRequest<SignedIn>('auth/login/mfa', { method: 'POST', body: input, sessionRequired: false }),
  });
}

export function useGuestLogin() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<SignedIn>('users/checkGuestUser', { query: { token }, sessionRequired: false }),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: (input: SignupInput) =>
      apiRequest<{ respMessage: string }>('users/signup', {
        method: 'POST',
        body: input,
        sessionRequired: false,
      }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: ({ email }: ForgotPasswordInput) =>
      apiRequest<{ respMessage: string }>('auth/forgotPassword', {
        method: 'POST',
        query: { email },
        sessionRequired: false,
      }),
  });
}

/** Sets a password from an e-mailed link: a recovery link or a set-password link. */
export function useSetPasswordFromLink(kind: 'recover' | 'create') {
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

/** Opens a sign-up's confirmation link (/verifyemail/:token). */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ respMessage: string }>('auth/confirmEmail', {
        method: 'POST',
        body: { token },
        sessionRequired: false,
      }),
  });
}
