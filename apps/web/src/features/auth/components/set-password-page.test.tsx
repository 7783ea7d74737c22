import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPaths } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { SetPasswordPage } from './set-password-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const strength = messages.passwordStrength;

describe.each([
  { kind: 'recover' as const, route: publicPaths.changeRecoverPassword, url: '/changerecoverpassword/' },
  { kind: 'create' as const, route: publicPaths.setPassword, url: '/setpassword/' },
])('$url:token', ({ kind, route, url }) => {
  it('refuses an easy new password in the browser, saying why, and sends nothing', async () => {
    const sent = stubApi({});
    renderWithProviders(null, {
      path: `${url}abcdefghijklmnopqrstuvwxyz0123456789`,
      routes: { [route]: <SetPasswordPage kind={kind} /> },
    });

    await userEvent.type(screen.getByLabelText('New password'), 'Demo@12345');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: messages.auth.savePassword }));

    expect(await screen.findByText(strength.tooWeak(null, strength.suggestions.anotherWord))).toBeTruthy();
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
