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
  /** The dialog's title and red button for another irreversible act, e.g. 'Revoke'. */
  action?: { title: string; confirm: string };
}

/**
 * 'Delete': the question, what it is about, a red Delete and Cancel, which has the focus: Enter on
 * a dialog just opened never deletes (docs/decisions.md 'Colours, focus and landmarks').
 */
export function ConfirmDeleteModal({
  opened,
  question,
  subject,
  pending,
  onConfirm,
  onClose,
  action = { title: messages.common.delete, confirm: messages.common.delete },
}: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={action.title} centered>
      <Stack>
        <Text>{question}</Text>
        {subject ? (
          <Text fw={600} size="sm">
            {subject}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {messages.common.cancel}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {action.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
