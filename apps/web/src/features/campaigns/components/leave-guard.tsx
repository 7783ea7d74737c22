import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';

/**
 * Asks before leaving a form with changes: 'Stay on this page' or 'Leave this page' (spec 1 §2).
 * `active` is asked at the moment of leaving, so a save that navigates can switch it off first.
 */
export function LeaveGuard({ active }: { active: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active() && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave this page?"
      centered
    >
      <Text mb="lg">{messages.campaign.leaveGuard}</Text>
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
