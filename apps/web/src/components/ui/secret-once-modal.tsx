import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';

export interface SecretOnceModalProps {
  /** The secret to show; null keeps the dialog closed. */
  secret: string | null;
  onClose: () => void;
  title: string;
  /** Says plainly that the secret is not shown again. */
  hint: string;
  copyLabel: string;
  copiedLabel: string;
  testId: string;
}

/** A secret shown this once (an API key, a signing secret), with a copy button. */
export function SecretOnceModal({
  secret,
  onClose,
  title,
  hint,
  copyLabel,
  copiedLabel,
  testId,
}: SecretOnceModalProps) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} centered size="lg">
      <Stack>
        <Alert color="yellow">{hint}</Alert>
        <Code block data-testid={testId} style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? copiedLabel : copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{messages.common.close}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
