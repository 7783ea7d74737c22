import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { MultiFactorSetup } from './multi-factor-setup.tsx';

const m = messages.multiFactor;
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ij${'23456789ab'[i]}${i}`);

/** The set-up's two calls, as the API answers them. */
const setupAnswers = {
  'POST /api/auth/mfa/setup': {
    respCode: 200,
    details: { secret, uri: `otpauth://totp/Krowd:a?secret=${secret}` },
  },
  'POST /api/auth/mfa/enable': { respCode: 200, details: { recoveryCodes } },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('setting up two-step sign-in', () => {
  it('shows the QR code and the key, confirms with a code, then shows the recovery codes once', async () => {
    const sent = stubApi(setupAnswers);
    const onDone = vi.fn();
    renderWithProviders(<MultiFactorSetup onDone={onDone} />);

    const qr = await screen.findByRole('img', { name: m.setupQrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/gif;base64,/);
    expect(screen.getByTestId('mfa-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(document.activeElement).toBe(screen.getByLabelText(m.codeLabel));
    await userEvent.keyboard('123 456{Enter}');

    expect(await screen.findByText(m.recoveryTitle)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
    expect(sent.map((call) => ({ path: call.url.pathname, body: call.body }))).toEqual([
      { path: '/api/auth/mfa/setup', body: undefined },
      { path: '/api/auth/mfa/enable', body: { code: '123456' } },
    ]);
    await userEvent.click(screen.getByRole('button', { name: m.recoveryDone }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});
