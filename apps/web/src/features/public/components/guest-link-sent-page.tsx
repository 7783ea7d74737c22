import { Anchor, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import { AuthLayout } from '@/components/ui/auth-layout';
import { paths } from '@/config/paths';

const m = messages.cardNetwork;

/** What /amexsignup hands the guest user page: the masked address the link went to. */
export interface GuestLinkSentState {
  maskedEmail: string;
}

function maskedEmailOf(state: unknown): string | undefined {
  const value = (state as Partial<GuestLinkSentState> | null)?.maskedEmail;
  return typeof value === 'string' ? value : undefined;
}

/**
 * /guestuser without a token: the guest user page after a card-network look-up, saying where the
 * sign-in link was sent (the address travels in the page's state, never in its URL).
 */
export function GuestLinkSentPage() {
  const maskedEmail = maskedEmailOf(useLocation().state);

  return (
    <AuthLayout title={m.linkSentTitle}>
      <Text data-testid="guest-link-sent">{maskedEmail ? m.linkSent(maskedEmail) : m.linkSentAnywhere}</Text>
      <Text size="sm" ta="center" mt="lg">
        <Anchor component={Link} to={paths.login}>
          {messages.auth.backToLogin}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
