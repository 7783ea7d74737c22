import { Stack, TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, type FormEventHandler, type ReactNode } from 'react';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';

export interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** The form of a signed-out screen: its fields stacked, checked by the schema rather than the browser. */
export function AuthForm({ onSubmit, children }: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">{children}</Stack>
    </form>
  );
}

/** The e-mail field of the signed-out forms, filled in by the browser the same way on each. */
export const EmailInput = forwardRef<HTMLInputElement, TextInputProps>((props, ref) => (
  <TextInput ref={ref} label={signInMessages.auth.emailLabel} type="email" autoComplete="email" {...props} />
));
EmailInput.displayName = 'EmailInput';
