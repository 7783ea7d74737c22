import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import { serverErrorOf } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useConfirmEmail } from '../api/confirm-email.ts';
import type { LoginLocationState } from './login-state.ts';

/**
 * /verifyemail/:token: the sign-up's confirmation link. Confirms the address, then
 * the login screen, where a failure shows its message as the heading.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const confirmEmail = useConfirmEmail();
  const started = useRef(false);

  useEffect(() => {
    // The token is single use: one attempt per visit, even under React's double effects.
    if (started.current) return;
    started.current = true;
    confirmEmail
      .mutateAsync(token)
      .then((response) => {
        notify.success(response.respMessage ?? messages.auth.emailVerified);
        void navigate(paths.login, { replace: true });
      })
      .catch((error: unknown) => {
        const state: LoginLocationState = { heading: serverErrorOf(error) };
        void navigate(paths.login, { replace: true, state });
      });
  }, [confirmEmail, navigate, token]);

  return (
    <Center mih="100vh">
      <Stack align="center">
        <Loader />
        <Text c="dimmed">{messages.auth.verifyingEmail}</Text>
      </Stack>
    </Center>
  );
}
