import { Button, Code, Group, Image, Loader, Stack, Text } from '@mantine/core';
import qrcode from 'qrcode-generator';
import { useEffect, useMemo, useRef, useState } from 'react';
import { confirmCodeSchema } from '@krowd/domain/auth/multi-factor.schema';
import { messages } from '@krowd/domain/messages/messages';
import { AuthenticatorCodeInput } from '@/components/ui/authenticator-code-input';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { useBeginMultiFactorSetup } from '../api/begin-multi-factor-setup.ts';
import { useConfirmMultiFactorSetup } from '../api/confirm-multi-factor-setup.ts';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';

const m = messages.multiFactor;

/** The otpauth URI as a QR code image (a GIF data URL: the page's policy allows data: images). */
function qrImageOf(uri: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(uri);
  qr.make();
  return qr.createDataURL(5, 4);
}

/**
 * Setting up two-step sign-in: a new secret as a QR code and as text, confirmed by a code of the
 * app; then the recovery codes, shown once. `onDone` after the codes are saved; `onCancel` (when
 * given) leaves before confirming.
 */
export function MultiFactorSetup({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const begin = useBeginMultiFactorSetup();
  const confirm = useConfirmMultiFactorSetup();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const form = useZodForm(confirmCodeSchema, { code: '' });
  const { status, onSubmit } = useServerSubmit(form, async ({ code }) => {
    setRecoveryCodes(await confirm.mutateAsync({ code }));
  });
  const { mutate: start } = begin;
  // Once per screen: each start makes a new secret, and only the newest is confirmed by a code.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);
  const setup = begin.data;
  const qrImage = useMemo(() => (setup ? qrImageOf(setup.uri) : null), [setup]);

  if (recoveryCodes) return <RecoveryCodesPanel codes={recoveryCodes} onDone={onDone} />;
  if (begin.isError) return <FormStatus message={begin.error.message} />;
  if (!setup || !qrImage) return <Loader aria-label={messages.common.loading} />;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{m.setupScan}</Text>
        <Image src={qrImage} alt={m.setupQrAlt} w={200} h={200} />
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {m.setupKeyLabel}
          </Text>
          <Code fz="md" data-testid="mfa-secret" style={{ wordBreak: 'break-all' }}>
            {setup.secret.match(/.{1,4}/g)?.join(' ')}
          </Code>
        </Stack>
        <Text size="sm">{m.setupConfirm}</Text>
        <AuthenticatorCodeInput
          autoFocus
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            {m.confirm}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {m.cancel}
            </Button>
          ) : null}
        </Group>
        <FormStatus message={status} />
      </Stack>
    </form>
  );
}
