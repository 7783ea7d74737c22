import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { signupSchema } from '@krowd/domain/auth/auth.schema';
import { messages } from '@krowd/domain/messages/messages';
import { AuthForm, EmailInput } from '@/components/ui/auth-form';
import { AuthLayout } from '@/components/ui/auth-layout';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { loadPasswordChecks } from '@/lib/password-checks';
import { useCreateAccount } from '../api/create-account.ts';
import { AuthFormEnd, BackToLogin } from './auth-form-end.tsx';

/**
 * /signup: first and last name, e-mail, password and its confirmation. Then 'check your e-mail':
 * the account works once its owner opens the mailed link, and the answer is the same for an
 * address that already has an account.
 */
export function SignupPage() {
  const signup = useCreateAccount();
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(
    signupSchema,
    {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
    { ready: loadPasswordChecks },
  );
  const { errors } = form.formState;

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    const response = await signup.mutateAsync(values);
    setSent(response.respMessage ?? messages.auth.signupSuccess);
  });

  if (sent) {
    return (
      <AuthLayout title={messages.auth.signupCheckEmailTitle}>
        <Stack gap="md">
          <Text data-testid="signup-sent">{sent}</Text>
          <BackToLogin />
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={messages.auth.signupTitle} subtitle={messages.auth.signupSubtitle}>
      <AuthForm onSubmit={handleSubmit}>
        <Group grow align="flex-start">
          <TextInput
            label={messages.auth.firstNameLabel}
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextInput
            label={messages.auth.lastNameLabel}
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </Group>
        <EmailInput error={errors.email?.message} {...form.register('email')} />
        <NewPasswordFields form={form} name="password" label={messages.auth.passwordLabel} withRule />
        <AuthFormEnd
          submitLabel={messages.auth.signUp}
          pending={signup.isPending}
          status={status}
          lead={messages.auth.alreadyHaveAccount}
        />
      </AuthForm>
    </AuthLayout>
  );
}
