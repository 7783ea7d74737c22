import { Button, Group } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';
import { FormStatus } from './form-status.tsx';

export interface FormModalActionsProps {
  /** The server's message for a failed submit. */
  status: string | null;
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: string;
  pending: boolean;
  /** For a modal without a form: the submit button's click. */
  onSubmit?: () => void;
  submitDisabled?: boolean;
}

/** The foot of a form in a modal: the server's message, then Cancel and the submit on the right. */
export function FormModalActions({
  status,
  onCancel,
  cancelLabel = messages.common.cancel,
  submitLabel,
  pending,
  onSubmit,
  submitDisabled,
}: FormModalActionsProps) {
  return (
    <>
      <FormStatus message={status} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button
          type={onSubmit ? 'button' : 'submit'}
          onClick={onSubmit}
          loading={pending}
          disabled={submitDisabled}
        >
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
