import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi, type Sent } from '@/test/stub-api';
import { SecondStepForm } from './second-step-form.tsx';

const m = messages.multiFactor;
const challenge = 'c'.repeat(43);
const user = sessionUserFixture({ email: 'brandadmin@demo.test' });

/** Answers POST auth/login/mfa: the right code or recovery code signs in, anything else is refused. */
function stubSecondStep() {
  const sent = stubApi({
    'POST /api/auth/login/mfa': ({ body }: Sent) => {
      const { code, recoveryCode } = body as { code?: string; recoveryCode?: string };
      if (code === '246810' || recoveryCode === 'abcdefghijkm') {
        return { respCode: 200, accessToken: 'token', details: user };
      }
      return refusal(400, code ? m.codeWrong : m.recoveryCodeWrong);
    },
  });
  return {
    /** The bodies of what the step sent to the server (every call but a read). */
    get bodies() {
      return sent.filter((call) => call.method !== 'GET').map((call) => call.body);
    },
  };
}

function renderStep() {
  const onSignedIn = vi.fn();
  const onBack = vi.fn();
  renderWithProviders(<SecondStepForm challenge={challenge} onSignedIn={onSignedIn} onBack={onBack} />);
  return { onSignedIn, onBack };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the login's second step", () => {
  it('takes the code by keyboard in a focused one-time-code field and signs in', async () => {
    const sent = stubSecondStep();
    const { onSignedIn } = renderStep();

    const field = screen.getByLabelText(m.codeLabel);
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    await userEvent.keyboard('246810{Enter}');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(sent.bodies).toEqual([{ challenge, code: '246810' }]);
  });

  it('says what is wrong with a short code without asking the server, then shows its refusal', async () => {
    const sent = stubSecondStep();
    const { onSignedIn } = renderStep();

    await userEvent.keyboard('1234{Enter}');
    expect(await screen.findByText(m.codeFormat)).toBeTruthy();
    expect(sent.bodies).toEqual([]);

    await userEvent.clear(screen.getByLabelText(m.codeLabel));
    await userEvent.keyboard('111111{Enter}');

    expect((await screen.findByRole('alert')).textContent).toBe(m.codeWrong);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('switches to a recovery code, which signs in as typed', async () => {
    const sent = stubSecondStep();
    const { onSignedIn } = renderStep();

    await userEvent.click(screen.getByRole('button', { name: m.useRecoveryCode }));
    const field = screen.getByLabelText(m.recoveryCodeLabel);
    expect(document.activeElement).toBe(field);
    await userEvent.keyboard('ABCD-EFGH-IJKM{Enter}');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(sent.bodies).toEqual([{ challenge, recoveryCode: 'abcdefghijkm' }]);
    expect(screen.getByRole('button', { name: m.useAuthenticatorCode })).toBeTruthy();
  });

  it('goes back to the password', async () => {
    stubSecondStep();
    const { onBack } = renderStep();

    await userEvent.click(screen.getByRole('button', { name: m.backToLogin }));

    expect(onBack).toHaveBeenCalled();
  });
});
