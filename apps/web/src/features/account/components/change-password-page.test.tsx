import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { ChangePasswordPage } from './change-password-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Change Password', () => {
  it('refuses an easy new password in the browser, saying why, and sends nothing', async () => {
    const sent = stubApi({});
    renderWithProviders(<ChangePasswordPage />);

    await userEvent.type(screen.getByLabelText('Current password'), 'Kettle-Quartz 88');
    await userEvent.type(screen.getByLabelText('New password'), 'abcdefgh');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'abcdefgh');
    await userEvent.click(screen.getByRole('button', { name: messages.auth.changePassword }));

    const strength = messages.passwordStrength;
    expect(
      await screen.findByText(
        strength.tooWeak(strength.warnings.sequences, strength.suggestions.anotherWord),
      ),
    ).toBeTruthy();
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
