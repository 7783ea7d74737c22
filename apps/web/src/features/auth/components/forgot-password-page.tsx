import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { forgotPasswordSchema } from '@krowd/domain/auth/auth.schema';
import { messages } from '@krowd/domain/messages/messages';
import { AuthLayout } from '@/components/ui/auth-layout';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useForgotPassword } from '../api/auth-calls.ts';

/** /forgot: e-mail only; the same notification whether or not the account exists. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const form = useZodForm(forgotPasswordSchema, { email: '' });

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    const response = await forgot.mutateAsync(values);
    notify.success(response.respMessage ?? messages.auth.forgotPasswordSent);
    navigate(paths.root);
  });

  return (
    <AuthLayout title={messages.auth.forgotPasswordTitle} subtitle={messages.auth.forgotPasswordSubtitle}>
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
