import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useSessionActions } from '@/lib/session';
import { useSessionExpired } from '@/lib/session-events';

/** How long 'Go to Login Page' waits before leaving (spec 2 §2.3: 1 second). */
const redirectDelayMs = 1000;

/**
 * 'Session Expired, Please login Again': shown when the server ends the session under us. All
 * notifications are cleared; 'Go to Login Page' clears the user and goes to / after 1 s.
 */
export function SessionExpiredModal() {
  const expired = useSessionExpired();
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

  return (
    <Modal
      opened={expired}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={<Title order={4}>{messages.common.sessionExpiredModal}</Title>}
    >
      <Stack>
        <Text>{messages.common.sessionExpired}</Text>
        <Button onClick={handleGoToLogin} loading={leaving} data-autofocus>
          {messages.common.goToLoginPage}
        </Button>
      </Stack>
    </Modal>
  );
}

export interface InactivityModalProps {
  opened: boolean;
  onLoginAgain: () => void;
}

/** "You're being timed out due to inactivity" with a single 'Login again' button. */
export function InactivityModal({ opened, onLoginAgain }: InactivityModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={<Title order={4}>{messages.common.inactivityTitle}</Title>}
    >
      <Stack>
        <Text>{messages.common.inactivityApology}</Text>
        <Text>{messages.common.inactivityBody}</Text>
        <Button onClick={onLoginAgain} data-autofocus>
          {messages.common.loginAgain}
        </Button>
      </Stack>
    </Modal>
  );
}
