import { Alert, Center } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';

/** Replaces the whole app when it finds itself inside a frame (spec 3 §2.8). */
export function ClickjackingWarning() {
  return (
    <Center mih="100vh" p="lg">
      <Alert color="red" title="Security warning" maw={560} data-testid="clickjacking-warning">
        {messages.clickjacking.body}
      </Alert>
    </Center>
  );
}
