import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPaths } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import { SignupPage } from './signup-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

interface SentCall {
  method: string;
  path: string;
  body?: unknown;
}

/** Stubs fetch: each call is recorded and answered by `answer`. */
function stubApi(answer: (call: SentCall) => { status?: number; body: unknown }) {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit = {}) => {
      const call: SentCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        ...(typeof init.body === 'string' ? { body: JSON.parse(init.body) } : {}),
      };
      sent.push(call);
      const { status = 200, body } = answer(call);
      return Response.json(body, { status });
    }),
  );
  return sent;
}

function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

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
      const sent = stubApi(() => ({ status: 201, body: { respCode: 200 } }));
      renderAt(publicPaths.signup, [{ path: publicPaths.signup, element: <SignupPage /> }]);

      await fillSignup(password);

      expect(await screen.findByText(why)).toBeTruthy();
      expect(sent).toEqual([]);
    },
  );

  it('shows a refusal of the server beside the field it names', async () => {
    const sent = stubApi(() => ({
      status: 400,
      body: {
        errorMessage: messages.validation.passwordPersonal,
        fieldErrors: { password: messages.validation.passwordPersonal },
      },
    }));
    renderAt(publicPaths.signup, [{ path: publicPaths.signup, element: <SignupPage /> }]);

    await fillSignup('quiet tulip river');

    expect(await screen.findAllByText(messages.validation.passwordPersonal)).not.toHaveLength(0);
    expect(sent.map((call) => call.path)).toEqual(['/api/users/signup']);
  });

  it('shows "check your e-mail" with the server\'s answer instead of going on', async () => {
    const sent = stubApi(() => ({
      status: 201,
      body: { respCode: 200, respMessage: messages.auth.signupSuccess },
    }));
    renderAt(publicPaths.signup, [{ path: publicPaths.signup, element: <SignupPage /> }, loginScreen]);

    await fillSignup('quiet tulip river');

    expect(await screen.findByText(messages.auth.signupCheckEmailTitle)).toBeTruthy();
    expect(screen.getByTestId('signup-sent').textContent).toBe(messages.auth.signupSuccess);
    expect(sent.map((call) => call.path)).toEqual(['/api/users/signup']);
  });
});

describe('/verifyemail/:token', () => {
  const routes = [{ path: publicPaths.verifyEmail, element: <VerifyEmailPage /> }, loginScreen];

  it('confirms the token once and goes on to the login screen', async () => {
    const sent = stubApi(() => ({ body: { respCode: 200, respMessage: messages.auth.emailVerified } }));
    renderAt('/verifyemail/abcdefghijklmnopqrstuvwxyz0123456789', routes);

    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/auth/confirmEmail',
        body: { token: 'abcdefghijklmnopqrstuvwxyz0123456789' },
      }),
    ]);
  });
});
