import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { createPasswordFormSchema } from '@krowd/domain/auth/auth.schema';
import { messages } from '@krowd/domain/messages/messages';
import { AuthLayout } from '@/components/ui/auth-layout';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useSetPasswordFromLink } from '../api/auth-calls.ts';

export interface SetPasswordPageProps {
  /** 'recover' for /changerecoverpassword/:token, 'create' for /setpassword/:token. */
  kind: 'recover' | 'create';
}

/** The create-password screen: new password and its confirmation; on success, back to /. */
export function SetPasswordPage({ kind }: SetPasswordPageProps) {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const setPassword = useSetPasswordFromLink(kind);
  const form = useZodForm(createPasswordFormSchema, { newPassword: '', confirmPassword: '' });
  const { errors } = form.formState;

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    const response = await setPassword.mutateAsync({ ...values, token });
    if (response.respMessage) notify.success(response.respMessage);
    navigate(paths.root);
  });

  return (
    <AuthLayout
      title={kind === 'recover' ? 'Reset password' : 'Create password'}
      subtitle={messages.validation.passwordRule}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" fullWidth disabled={setPassword.isPending} loading={setPassword.isPending}>
            Save password
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
