import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FreshModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Mounted only while open, so each opening starts from empty fields. */
  children: ReactNode;
}

/** A large centred modal whose content is mounted afresh for each opening. */
export function FreshModal({ opened, onClose, title, children }: FreshModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      {opened ? children : null}
    </Modal>
  );
}
