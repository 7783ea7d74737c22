import { Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { changePasswordSchema } from '@krowd/domain/auth/auth.schema';
import { messages } from '@krowd/domain/messages/messages';
import { BlockingModal } from '@/components/ui/blocking-modal';
import { FormStatus } from '@/components/ui/form-status';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { loadPasswordChecks } from '@/lib/password-checks';
import { useSessionActions } from '@/lib/session';
import { useChangePassword } from '../api/change-password.ts';

/**
 * Change Password (spec 2 §2.9): current, new and confirm. Success ends every session of the
 * user, so the 'Password changed successfully' modal offers only 'Login again'.
 */
export function ChangePasswordPage() {
  const changePassword = useChangePassword();
  const { signedOut } = useSessionActions();
  const [done, setDone] = useState(false);
  const form = useZodForm(
    changePasswordSchema,
    {
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
    { ready: loadPasswordChecks },
  );
  const { errors } = form.formState;

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    await changePassword.mutateAsync(values);
    setDone(true);
  });

  const handleLoginAgain = () => signedOut({ to: paths.login });

  return (
    <Paper withBorder radius="md" p="xl" maw={520}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={messages.auth.currentPasswordLabel}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <NewPasswordFields form={form} name="newPassword" label={messages.auth.newPasswordLabel} withRule />
          <Button type="submit" disabled={changePassword.isPending} loading={changePassword.isPending}>
            {messages.auth.changePassword}
          </Button>
          <FormStatus message={status} />
        </Stack>
      </form>
      <BlockingModal opened={done} title={messages.auth.passwordChanged} onEscape={handleLoginAgain}>
        <Text>{messages.auth.loginWithNewPassword}</Text>
        <Button onClick={handleLoginAgain} data-autofocus>
          {messages.common.loginAgain}
        </Button>
      </BlockingModal>
    </Paper>
  );
}
