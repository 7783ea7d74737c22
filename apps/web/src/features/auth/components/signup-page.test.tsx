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

describe('/signup (issue 16 §13, §14)', () => {
  it('states the password rule from the catalogue', () => {
    renderAt(publicPaths.signup, [{ path: publicPaths.signup, element: <SignupPage /> }]);

    expect(screen.getByText(messages.validation.passwordRule)).toBeTruthy();
  });

  it('shows the server’s refusal of a common password beside the field (the list stays on the server)', async () => {
    const sent = stubApi(() => ({
      status: 400,
      body: {
        errorMessage: messages.validation.passwordCommon,
        fieldErrors: { password: messages.validation.passwordCommon },
      },
    }));
    renderAt(publicPaths.signup, [{ path: publicPaths.signup, element: <SignupPage /> }]);

    await fillSignup('Password1!');

    expect(await screen.findAllByText(messages.validation.passwordCommon)).not.toHaveLength(0);
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
