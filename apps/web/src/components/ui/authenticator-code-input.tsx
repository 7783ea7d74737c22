import { TextInput, type TextInputProps } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';

/** A code of the authenticator app: six digits (seven characters with the space some apps show). */
export function AuthenticatorCodeInput(props: TextInputProps) {
  return (
    <TextInput
      label={messages.multiFactor.codeLabel}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      {...props}
    />
  );
}
