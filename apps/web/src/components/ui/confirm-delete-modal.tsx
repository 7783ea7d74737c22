import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '@krowd/domain/messages/messages';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  /** The question, e.g. 'Are you sure you want to delete this user?'. */
  question: string;
  /** What would be deleted, in bold under the question. */
  subject: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Delete': the question, what it is about, Cancel and a red Delete that has the focus. */
export function ConfirmDeleteModal({
  opened,
  question,
  subject,
  pending,
  onConfirm,
  onClose,
}: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={messages.common.delete} centered>
      <Stack>
        <Text>{question}</Text>
        {subject ? (
          <Text fw={600} size="sm">
            {subject}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {messages.common.cancel}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm} data-autofocus>
            {messages.common.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
