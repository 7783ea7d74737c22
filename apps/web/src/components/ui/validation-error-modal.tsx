import { Button, Group, List, Modal, Stack } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';

export interface ValidationErrorModalProps {
  /** One line per refused row, e.g. 'Line 3: …'; the modal shows while there are any. */
  errors: string[];
  onClose: () => void;
}

/**
 * The Validation Error modal of the CSV uploads (spec 2 §5): the rows the server refused, each
 * with its line, over the upload modal that sent them.
 */
export function ValidationErrorModal({ errors, onClose }: ValidationErrorModalProps) {
  return (
    <Modal
      opened={errors.length > 0}
      onClose={onClose}
      title={messages.list.validationError}
      centered
      size="lg"
      zIndex={300}
    >
      <Stack>
        <List size="sm" spacing={4} data-testid="validation-errors">
          {errors.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {messages.common.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
