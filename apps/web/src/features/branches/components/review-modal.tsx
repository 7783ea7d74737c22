import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import { FormStatus } from '@/components/ui/form-status';

const m = messages.branch;

export type ReviewDecision = 'approve' | 'reject';

export interface ReviewModalProps {
  /** The decision being confirmed, or null when closed. */
  decision: ReviewDecision | null;
  /** Whom it is about: a branch name, or 'the 3 selected branches'. */
  subject: string;
  pending: boolean;
  onConfirm: (comments: string) => Promise<string | null>;
  onClose: () => void;
}

/**
 * Approve or Reject with comments (spec 2 §4): the confirm dialog with a comments form. A reason
 * is required to reject. onConfirm answers the server's message when it failed.
 */
export function ReviewModal({ decision, subject, pending, onConfirm, onClose }: ReviewModalProps) {
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const title = decision === 'reject' ? m.reject : m.approve;

  const handleClose = () => {
    setComments('');
    setError(null);
    setStatus(null);
    onClose();
  };

  const handleConfirm = async () => {
    if (decision === 'reject' && comments.trim() === '') {
      setError(m.rejectCommentsRequired);
      return;
    }
    const failure = await onConfirm(comments.trim());
    if (failure) setStatus(failure);
    else handleClose();
  };

  return (
    <Modal opened={decision !== null} onClose={handleClose} title={title} centered>
      <Stack>
        <Text>
          {decision === 'reject' ? m.rejectConfirm : m.approveConfirm}{' '}
          <Text span fw={600}>
            {subject}
          </Text>
        </Text>
        <Textarea
          label={m.fields.comments}
          autosize
          minRows={3}
          maxLength={500}
          value={comments}
          required={decision === 'reject'}
          error={error}
          onChange={(event) => {
            setComments(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <FormStatus message={status} />
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose}>
            {messages.common.cancel}
          </Button>
          <Button
            color={decision === 'reject' ? 'red' : 'teal'}
            loading={pending}
            onClick={() => void handleConfirm()}
          >
            {title}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
