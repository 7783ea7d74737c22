import { Text } from '@mantine/core';

/** The server's message under a form: centred red text (spec 2 §8), announced to screen readers. */
export function FormStatus({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Text c="red.7" ta="center" size="sm" role="alert" data-testid="form-status">
      {message}
    </Text>
  );
}
