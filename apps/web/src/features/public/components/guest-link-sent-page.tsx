import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import { AuthLayout } from '@/components/ui/auth-layout';
import { paths } from '@/config/paths';

const m = messages.cardNetwork;

/**
 * /guestuser without a token: the guest user page after a card-network look-up found the Merchant
 * ID's waiting account. It says a sign-in link went to that account's address and shows nothing
 * of the address (brief §4), so the page tells a visitor no more than the look-up did.
 */
export function GuestLinkSentPage() {
  return (
    <AuthLayout title={m.linkSentTitle}>
      <Text data-testid="guest-link-sent">{m.linkSent}</Text>
      <Text size="sm" ta="center" mt="lg">
        <Anchor component={Link} to={paths.login}>
          {messages.auth.backToLogin}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
