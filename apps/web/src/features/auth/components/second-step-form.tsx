import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { confirmCodeSchema, recoveryCodeSchema } from '@krowd/domain/auth/multi-factor.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { AuthenticatorCodeInput } from '@/components/ui/authenticator-code-input';
import { AuthForm } from '@/components/ui/auth-form';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { useLoginSecondStep } from '../api/login-second-step.ts';

const m = messages.multiFactor;

interface SecondStepProps {
  challenge: string;
  onSignedIn: (details: SessionUser) => void;
  onBack: () => void;
}

/**
 * The login's second step: a code of the authenticator app, or (toggled) one of
 * the recovery codes. Wrong codes answer the server's message; an expired challenge sends the user
 * back to the password.
 */
export function SecondStepForm(props: SecondStepProps) {
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  return (
    <Stack gap="md">
      <Text fw={600} size="lg">
        {m.codeStepTitle}
      </Text>
      <Text size="sm" c="dimmed">
        {mode === 'code' ? m.codeStepIntro : m.recoveryStepIntro}
      </Text>
      {mode === 'code' ? <CodeForm {...props} /> : <RecoveryForm {...props} />}
      <Stack gap={4} align="center">
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => setMode(mode === 'code' ? 'recovery' : 'code')}
        >
          {mode === 'code' ? m.useRecoveryCode : m.useAuthenticatorCode}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={props.onBack}>
          {m.backToLogin}
        </Anchor>
      </Stack>
    </Stack>
  );
}

function CodeForm({ challenge, onSignedIn }: SecondStepProps) {
  const secondStep = useLoginSecondStep();
  const form = useZodForm(confirmCodeSchema, { code: '' });
  const { status, onSubmit } = useServerSubmit(form, async ({ code }) => {
    onSignedIn((await secondStep.mutateAsync({ challenge, code })).details);
  });
  return (
    <StepForm onSubmit={onSubmit} pending={secondStep.isPending} status={status}>
      <AuthenticatorCodeInput
        autoFocus
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
    </StepForm>
  );
}

function RecoveryForm({ challenge, onSignedIn }: SecondStepProps) {
  const secondStep = useLoginSecondStep();
  const form = useZodForm(recoveryCodeSchema, { recoveryCode: '' });
  const { status, onSubmit } = useServerSubmit(form, async ({ recoveryCode }) => {
    onSignedIn((await secondStep.mutateAsync({ challenge, recoveryCode })).details);
  });
  return (
    <StepForm onSubmit={onSubmit} pending={secondStep.isPending} status={status}>
      <TextInput
        label={m.recoveryCodeLabel}
        autoComplete="off"
        autoFocus
        error={form.formState.errors.recoveryCode?.message}
        {...form.register('recoveryCode')}
      />
    </StepForm>
  );
}

interface StepFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  status: string | null;
  /** The code's field. */
  children: ReactNode;
}

/** Either code's form: its field, then Verify and the server's message. */
function StepForm({ onSubmit, pending, status, children }: StepFormProps) {
  return (
    <AuthForm onSubmit={onSubmit}>
      {children}
      <Button type="submit" fullWidth loading={pending}>
        {m.verify}
      </Button>
      <FormStatus message={status} />
    </AuthForm>
  );
}
