import { Button, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import { BlockingModal } from '@/components/ui/blocking-modal';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useSessionActions } from '@/lib/session';
import { useSessionEnd } from '@/lib/session-events';
import type { SessionModalVariant } from '@/lib/session-modal-variant';

/** How long 'Go to Login Page' waits before leaving (spec 2 §2.3: 1 second). */
const redirectDelayMs = 1000;

export interface SessionExpiredModalProps {
  /** The create screen's variant (spec 1 §8), when that screen is open. */
  variant: SessionModalVariant | null;
  /** What the variant's button does ('Login again' / 'Try Again'). */
  onLoginAgain: () => void;
}

/**
 * The one modal of an ended session. 'Session Expired, Please login Again' when the server ends it
 * under us: 'Go to Login Page' clears the user and goes to / after 1 s. The timeout modal instead
 * after idling, and on the create screen (its variant, spec 1 §2, §8). All notifications are
 * cleared, and none shows while it is up (notify.ts), so it is the only message.
 */
export function SessionExpiredModal({ variant, onLoginAgain }: SessionExpiredModalProps) {
  const endedBy = useSessionEnd();
  const expired = endedBy !== null;
  const { signedOut } = useSessionActions();
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (expired) notify.clearAll();
  }, [expired]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handleGoToLogin = () => {
    setLeaving(true);
    timer.current = window.setTimeout(() => {
      setLeaving(false);
      signedOut({ to: paths.root });
    }, redirectDelayMs);
  };

  if (variant || endedBy === 'idle') {
    return <InactivityModal opened={expired} variant={variant} onLoginAgain={onLoginAgain} />;
  }

  return (
    <BlockingModal opened={expired} title={messages.common.sessionExpiredModal}>
      <Text>{messages.common.sessionExpired}</Text>
      <Button onClick={handleGoToLogin} loading={leaving} data-autofocus>
        {messages.common.goToLoginPage}
      </Button>
    </BlockingModal>
  );
}

export interface InactivityModalProps {
  opened: boolean;
  /** 'tryAgain' on the create screen when the brand has no branch (spec 1 §2). */
  variant?: SessionModalVariant | null;
  onLoginAgain: () => void;
}

/**
 * "You're being timed out due to inactivity" with a single 'Login again' button, or 'Try Again'
 * and '…please try again' in the create screen's no-branch case.
 */
export function InactivityModal({ opened, variant, onLoginAgain }: InactivityModalProps) {
  const tryAgain = variant === 'tryAgain';
  return (
    <BlockingModal opened={opened} title={messages.common.inactivityTitle}>
      <Text>{messages.common.inactivityApology}</Text>
      <Text>{tryAgain ? messages.campaign.sessionExpiredTryAgain : messages.common.inactivityBody}</Text>
      <Button onClick={onLoginAgain} data-autofocus>
        {tryAgain ? messages.campaign.tryAgain : messages.common.loginAgain}
      </Button>
    </BlockingModal>
  );
}
