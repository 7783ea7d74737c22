import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import { paths } from '@/config/paths';
import { serverErrorOf } from '@/components/ui/zod-form';
import { useSessionActions } from '@/lib/session';
import { useLoginGuest } from '../api/login-guest.ts';
import type { LoginLocationState } from './login-state.ts';

/**
 * /guestuser/:token: one-click login from a guest link. type=campaign, or a guest who has started
 * (stepOne) or accepted the terms, goes to create a campaign; others to social analytics. A
 * failure shows its message as a heading on the login screen (spec 1 §2).
 */
export function GuestLoginPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const guestLogin = useLoginGuest();
  const { signedIn } = useSessionActions();
  const started = useRef(false);

  useEffect(() => {
    // The token is single use: one attempt per visit, even under React's double effects.
    if (started.current) return;
    started.current = true;
    guestLogin
      .mutateAsync(token)
      .then(({ details }) => {
        signedIn(details);
        const toCampaign = search.get('type') === 'campaign' || details.stepOne || details.isTAndCAccepted;
        void navigate(toCampaign ? paths.page('campaignsCreate') : paths.socialAnalytics, { replace: true });
      })
      .catch((error: unknown) => {
        const state: LoginLocationState = { heading: serverErrorOf(error) };
        void navigate(paths.login, { replace: true, state });
      });
  }, [guestLogin, navigate, search, signedIn, token]);

  return (
    <Center mih="100vh">
      <Stack align="center">
        <Loader />
        <Text c="dimmed">{messages.auth.signingIn}</Text>
      </Stack>
    </Center>
  );
}
