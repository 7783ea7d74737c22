import { Button, Modal, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { changePasswordSchema } from '@krowd/domain/auth/auth.schema';
import { messages } from '@krowd/domain/messages/messages';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
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
  const form = useZodForm(changePasswordSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
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
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description={messages.validation.passwordRule}
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" disabled={changePassword.isPending} loading={changePassword.isPending}>
            Change password
          </Button>
          <FormStatus message={status} />
        </Stack>
      </form>
      <Modal
        opened={done}
        onClose={handleLoginAgain}
        withCloseButton={false}
        closeOnClickOutside={false}
        centered
        title={
          <Text span fw={700} size="lg">
            {messages.auth.passwordChanged}
          </Text>
        }
      >
        <Stack>
          <Text>Please login again with your new password.</Text>
          <Button onClick={handleLoginAgain} data-autofocus>
            {messages.common.loginAgain}
          </Button>
        </Stack>
      </Modal>
    </Paper>
  );
}
