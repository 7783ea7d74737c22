import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';

export interface LeaveGuardProps {
  /** Asked at the moment of leaving, so a save that navigates can switch it off first. */
  active: () => boolean;
  /** What the modal says; the form's 'Form data will be lost…' unless given (the guest flow's, spec 1 §8). */
  message?: string;
}

/**
 * Asks before leaving a form with changes: 'Stay on this page' or 'Leave this page' (spec 1 §2).
 * Closing the tab or reloading gets the browser's own question, the only one a page may ask then.
 */
export function LeaveGuard({ active, message = messages.campaign.leaveGuard }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (active()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={messages.campaign.leaveTitle}
      centered
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {messages.campaign.stayOnPage}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {messages.campaign.leavePage}
        </Button>
      </Group>
    </Modal>
  );
}
