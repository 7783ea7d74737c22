import { Button, Group, Loader, Modal, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { confirmCodeSchema, disableMultiFactorSchema } from '@krowd/domain/auth/multi-factor.schema';
import { messages } from '@krowd/domain/messages/messages';
import { AuthenticatorCodeInput } from '@/components/ui/authenticator-code-input';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useQueryClient } from '@tanstack/react-query';
import { multiFactorStatusKey } from '../api/keys.ts';
import { useMultiFactorStatus } from '../api/get-multi-factor-status.ts';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes.ts';
import { useTurnOffMultiFactor } from '../api/turn-off-multi-factor.ts';
import { MultiFactorSetup } from './multi-factor-setup.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';

const m = messages.multiFactor;

type Dialog = 'setup' | 'renew' | 'turnOff' | null;

/**
 * The account's security section (My Profile): two-step sign-in's state, setting it up, new
 * recovery codes, and turning it off (not where it is required).
 */
export function SecuritySection() {
  const status = useMultiFactorStatus();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: multiFactorStatusKey });

  return (
    <Paper withBorder radius="md" p="xl" maw={640} component="section" aria-labelledby="security-title">
      <Stack gap="sm">
        <Text id="security-title" fw={700} size="lg">
          {m.securityTitle}
        </Text>
        {status.isPending ? (
          <Loader size="sm" aria-label={messages.common.loading} />
        ) : status.isError ? (
          <FormStatus message={status.error.message} />
        ) : status.data.enabled ? (
          <>
            <Text size="sm">{m.securityIntroOn}</Text>
            <Text size="sm" c="dimmed">
              {m.recoveryCodesLeft(status.data.recoveryCodesLeft)}
              {status.data.required ? ` ${m.requiredNote}` : ''}
            </Text>
            <Group>
              <Button variant="default" onClick={() => setDialog('renew')}>
                {m.regenerate}
              </Button>
              {status.data.required ? null : (
                <Button variant="default" color="red" onClick={() => setDialog('turnOff')}>
                  {m.turnOff}
                </Button>
              )}
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">{m.securityIntroOff}</Text>
            <Group>
              <Button onClick={() => setDialog('setup')}>{m.setUp}</Button>
            </Group>
          </>
        )}
      </Stack>
      <Modal opened={dialog === 'setup'} onClose={close} title={m.setupTitle} closeOnClickOutside={false}>
        <MultiFactorSetup
          onCancel={close}
          onDone={() => {
            close();
            void refresh();
          }}
        />
      </Modal>
      <Modal
        opened={dialog === 'renew'}
        onClose={close}
        title={m.regenerateTitle}
        closeOnClickOutside={false}
      >
        <RenewRecoveryCodes onDone={close} />
      </Modal>
      <Modal opened={dialog === 'turnOff'} onClose={close} title={m.disableTitle}>
        <TurnOff onDone={close} />
      </Modal>
    </Paper>
  );
}

function RenewRecoveryCodes({ onDone }: { onDone: () => void }) {
  const renew = useRenewRecoveryCodes();
  const form = useZodForm(confirmCodeSchema, { code: '' });
  const { status, onSubmit } = useServerSubmit(form, ({ code }) => renew.mutateAsync({ code }));
  if (renew.data) return <RecoveryCodesPanel codes={renew.data} onDone={onDone} />;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{m.regenerateIntro}</Text>
        <AuthenticatorCodeInput
          data-autofocus
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" loading={renew.isPending}>
          {m.confirm}
        </Button>
        <FormStatus message={status} />
      </Stack>
    </form>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const turnOff = useTurnOffMultiFactor();
  const form = useZodForm(disableMultiFactorSchema, { password: '', code: '' });
  const { errors } = form.formState;
  const { status, onSubmit } = useServerSubmit(form, async (values) => {
    const response = await turnOff.mutateAsync(values);
    notify.success(response.respMessage);
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{m.disableIntro}</Text>
        <PasswordInput
          label={m.passwordLabel}
          autoComplete="current-password"
          data-autofocus
          error={errors.password?.message}
          {...form.register('password')}
        />
        <AuthenticatorCodeInput error={errors.code?.message} {...form.register('code')} />
        <Button type="submit" color="red" loading={turnOff.isPending}>
          {m.turnOff}
        </Button>
        <FormStatus message={status} />
      </Stack>
    </form>
  );
}
