import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPaths } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi, type Sent } from '@/test/stub-api';
import { SignupPage } from './signup-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  return renderWithProviders(null, {
    path,
    routes: Object.fromEntries(routes.map((route) => [route.path, route.element])),
  });
}

/** What the page sent the server: every call but a read, as method, path and body. */
const writes = (sent: Sent[]) =>
  sent
    .filter((call) => call.method !== 'GET')
    .map((call) => ({ method: call.method, path: call.url.pathname, body: call.body }));

const signedUp = (respMessage?: string) => () =>
  Response.json({ respCode: 200, ...(respMessage ? { respMessage } : {}) }, { status: 201 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const loginScreen = { path: publicPaths.login, element: <p>login screen</p> };

async function fillSignup(password: string) {
  await userEvent.type(screen.getByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.test');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('/signup', () => {
  it('states the password rule from the catalogue', () => {
    renderAt(publicPaths.signup, [{ path: publicPaths.signup, element: <SignupPage /> }]);

    expect(screen.getByText(messages.validation.passwordRule)).toBeTruthy();
  });

  it.each([
    {
      password: 'Qwerty123!',
      why: messages.passwordStrength.tooWeak(
        messages.passwordStrength.warnings.similarToCommon,
        messages.passwordStrength.suggestions.anotherWord,
      ),
    },
    {
      password: 'abcdefgh',
      why: messages.passwordStrength.tooWeak(
        messages.passwordStrength.warnings.sequences,
        messages.passwordStrength.suggestions.anotherWord,
      ),
    },
    { password: 'Password1!', why: messages.validation.passwordCommon },
  ])(
    'refuses $password in the browser, saying why, and sends nothing (the checks load with the form)',
    async ({ password, why }) => {
      const sent = stubApi({ 'POST /api/users/signup': signedUp() });
      renderAt(publicPaths.signup, [{ path: publicPaths.signup, element: <SignupPage /> }]);

      await fillSignup(password);

      expect(await screen.findByText(why)).toBeTruthy();
      expect(writes(sent)).toEqual([]);
    },
  );

  it('shows a refusal of the server beside the field it names', async () => {
    const sent = stubApi({
      'POST /api/users/signup': () =>
        refusal(400, messages.validation.passwordPersonal, {
          fieldErrors: { password: messages.validation.passwordPersonal },
        }),
    });
    renderAt(publicPaths.signup, [{ path: publicPaths.signup, element: <SignupPage /> }]);

    await fillSignup('quiet tulip river');

    expect(await screen.findAllByText(messages.validation.passwordPersonal)).not.toHaveLength(0);
    expect(writes(sent).map((call) => call.path)).toEqual(['/api/users/signup']);
  });

  it('shows "check your e-mail" with the server\'s answer instead of going on', async () => {
    const sent = stubApi({ 'POST /api/users/signup': signedUp(messages.auth.signupSuccess) });
    renderAt(publicPaths.signup, [{ path: publicPaths.signup, element: <SignupPage /> }, loginScreen]);

    await fillSignup('quiet tulip river');

    expect(await screen.findByText(messages.auth.signupCheckEmailTitle)).toBeTruthy();
    expect(screen.getByTestId('signup-sent').textContent).toBe(messages.auth.signupSuccess);
    expect(writes(sent).map((call) => call.path)).toEqual(['/api/users/signup']);
  });
});

describe('/verifyemail/:token', () => {
  const routes = [{ path: publicPaths.verifyEmail, element: <VerifyEmailPage /> }, loginScreen];

  it('confirms the token once and goes on to the login screen', async () => {
    const sent = stubApi({
      'POST /api/auth/confirmEmail': { respCode: 200, respMessage: messages.auth.emailVerified },
    });
    renderAt('/verifyemail/abcdefghijklmnopqrstuvwxyz0123456789', routes);

    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(writes(sent)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/auth/confirmEmail',
        body: { token: 'abcdefghijklmnopqrstuvwxyz0123456789' },
      }),
    ]);
  });
});
