import { Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface BlockingModalProps {
  opened: boolean;
  title: ReactNode;
  /** What Escape does; without it Escape does nothing and only the modal's own button leads on. */
  onEscape?: () => void;
  /** The modal's text and its button. */
  children: ReactNode;
}

/** A centred notice that a click outside cannot dismiss and that has no close button. */
export function BlockingModal({ opened, title, onEscape, children }: BlockingModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onEscape ?? (() => undefined)}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={onEscape !== undefined}
      centered
      title={
        <Text span fw={700} size="lg">
          {title}
        </Text>
      }
    >
      <Stack>{children}</Stack>
    </Modal>
  );
}
