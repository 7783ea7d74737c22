import { Anchor, Button, Group, Loader, PasswordInput, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginSchema } from '@krowd/domain/auth/login.schema';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { AuthForm, EmailInput } from '@/components/ui/auth-form';
import { AuthLayout } from '@/components/ui/auth-layout';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { useSessionActions } from '@/lib/session';
import { useLoginUser } from '../api/login-user.ts';
import { returnPathOf, type LoginLocationState } from './login-state.ts';

// Only accounts with two-step sign-in reach the code step: its rules load then, not with /login.
const SecondStepForm = lazy(async () => ({
  default: (await import('./second-step-form.tsx')).SecondStepForm,
}));

/**
 * /login: e-mail, password, forgot link; the server's message under the form on failure. An
 * account with two-step sign-in then asks for its code (SecondStepForm).
 */
export function LoginPage() {
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;
  const navigate = useNavigate();
  const login = useLoginUser();
  const { signedIn } = useSessionActions();
  const form = useZodForm(loginSchema, { email: '', password: '' });
  const { errors } = form.formState;
  const [challenge, setChallenge] = useState<string | null>(null);

  const enter = (details: SessionUser) => {
    signedIn(details);
    void navigate(returnPathOf(state), { replace: true });
  };

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    const answer = await login.mutateAsync(values);
    if ('mfaRequired' in answer) setChallenge(answer.challenge);
    else enter(answer.details);
  });

  if (challenge) {
    return (
      <AuthLayout
        title={signInMessages.auth.loginTitle}
        subtitle={signInMessages.auth.loginSubtitle}
        heading={state.heading}
      >
        <Suspense fallback={<Loader aria-label={signInMessages.common.loading} m="xl" />}>
          <SecondStepForm
            challenge={challenge}
            onSignedIn={enter}
            onBack={() => {
              setChallenge(null);
              form.resetField('password');
            }}
          />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={signInMessages.auth.loginTitle}
      subtitle={signInMessages.auth.loginSubtitle}
      heading={state.heading}
    >
      <AuthForm onSubmit={handleSubmit}>
        <EmailInput placeholder="you@company.com" error={errors.email?.message} {...form.register('email')} />
        <PasswordInput
          label={signInMessages.auth.passwordLabel}
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgot} size="sm">
            {signInMessages.auth.forgotPasswordLink}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth disabled={login.isPending} loading={login.isPending}>
          {signInMessages.auth.login}
        </Button>
        <FormStatus message={status} />
        <Text size="sm" ta="center">
          {signInMessages.auth.newToKrowd}{' '}
          <Anchor component={Link} to={paths.signup}>
            {signInMessages.auth.signUp}
          </Anchor>
        </Text>
      </AuthForm>
    </AuthLayout>
  );
}
