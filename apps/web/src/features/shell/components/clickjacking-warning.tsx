import { Alert, Center } from '@mantine/core';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';

/** Replaces the whole app when it finds itself inside a frame (spec 3 §2.8). */
export function ClickjackingWarning() {
  return (
    <Center mih="100vh" p="lg">
      <Alert
        color="red"
        title={signInMessages.clickjacking.title}
        maw={560}
        data-testid="clickjacking-warning"
      >
        {signInMessages.clickjacking.body}
      </Alert>
    </Center>
  );
}
