import { PasswordInput } from '@mantine/core';
import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { messages } from '@krowd/domain/messages/messages';

export interface NewPasswordFieldsProps<Values extends FieldValues & { confirmPassword: string }, Output> {
  form: UseFormReturn<Values, unknown, Output>;
  /** The new password's field ('newPassword', or 'password' on sign-up). */
  name: Path<Values>;
  label: string;
  /** Shows the password rule under the field, where the screen does not show it already. */
  withRule?: boolean;
}

/** A new password and its confirmation ('confirmPassword'), both filled as new passwords. */
export function NewPasswordFields<Values extends FieldValues & { confirmPassword: string }, Output>({
  form,
  name,
  label,
  withRule = false,
}: NewPasswordFieldsProps<Values, Output>) {
  // The constraint guarantees the field; TypeScript cannot resolve Path<> of a generic shape.
  const confirmName = 'confirmPassword' as Path<Values>;
  const errorOf = (field: Path<Values>) =>
    (get(form.formState.errors, field) as FieldError | undefined)?.message;
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        description={withRule ? messages.validation.passwordRule : undefined}
        error={errorOf(name)}
        {...form.register(name)}
      />
      <PasswordInput
        label={messages.auth.confirmPasswordLabel}
        autoComplete="new-password"
        error={errorOf(confirmName)}
        {...form.register(confirmName)}
      />
    </>
  );
}
