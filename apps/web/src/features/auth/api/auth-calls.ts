import { useMutation } from '@tanstack/react-query';
import type {
  CreatePasswordFormInput,
  ForgotPasswordInput,
  SignupInput,
} from '@krowd/domain/auth/auth.schema';
import type { LoginInput } from '@krowd/domain/auth/login.schema';
import type { LoginSecondStepInput } from '@krowd/domain/auth/multi-factor.schema';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { apiRequest } from '@/lib/api-client';

interface SignedInResponse {
  respCode: number;
  accessToken: string;
  details: SessionUser;
}

/** A correct password for an account with two-step sign-in: the code step comes next. */
interface SecondStepDueResponse {
  respCode: number;
  mfaRequired: true;
  challenge: string;
}

interface MessageResponse {
  respCode: number;
  respMessage?: string;
}

/** The sign-in and account-access calls of spec 1 §7, one mutation each. */
export function useLogin() {
  return useMutation({
    mutationFn: ({ email, password }: LoginInput) =>
      apiRequest<SignedInResponse | SecondStepDueResponse>('auth/login', {
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
      apiRequest<SignedInResponse>('auth/login/mfa', { method: 'POST', body: input, sessionRequired: false }),
  });
}

export function useGuestLogin() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<SignedInResponse>('users/checkGuestUser', { query: { token }, sessionRequired: false }),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: (input: SignupInput) =>
      apiRequest<MessageResponse>('users/signup', { method: 'POST', body: input, sessionRequired: false }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: ({ email }: ForgotPasswordInput) =>
      apiRequest<MessageResponse>('auth/forgotPassword', {
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
        ? apiRequest<MessageResponse>('auth/changeRecoverPassword', {
            method: 'POST',
            body: { ...input, enEmail: token },
            sessionRequired: false,
          })
        : apiRequest<MessageResponse>('auth/createPassword', {
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
      apiRequest<MessageResponse>('auth/confirmEmail', {
        method: 'POST',
        body: { token },
        sessionRequired: false,
      }),
  });
}
