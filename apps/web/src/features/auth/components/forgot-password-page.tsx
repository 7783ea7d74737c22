import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { forgotPasswordSchema } from '@krowd/domain/auth/auth.schema';
import { messages } from '@krowd/domain/messages/messages';
import { AuthLayout } from '@/components/ui/auth-layout';
import { FormStatus } from '@/components/ui/form-status';
import { serverErrorOf, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useForgotPassword } from '../api/auth-calls.ts';

/** /forgot: e-mail only; the same notification whether or not the account exists. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const [status, setStatus] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordSchema, { email: '' });

  const handleSubmit = form.handleSubmit(async (values) => {
    setStatus(null);
    try {
      const response = await forgot.mutateAsync(values);
      notify.success(response.respMessage ?? messages.auth.forgotPasswordSent);
      navigate(paths.root);
    } catch (error) {
      setStatus(serverErrorOf(error, form.setError));
    }
  });

  return (
    <AuthLayout title="Forgot password" subtitle="We will e-mail you a link to choose a new password.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" fullWidth disabled={forgot.isPending} loading={forgot.isPending}>
            Send link
          </Button>
          <FormStatus message={status} />
          <Text size="sm" ta="center">
            <Anchor component={Link} to={paths.login}>
              Back to login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
