import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { MultiFactorSetup } from './multi-factor-setup.tsx';

const m = messages.multiFactor;
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ij${'23456789ab'[i]}${i}`);

/** The set-up's two calls, as the API answers them; what was sent is kept. */
function stubApi() {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      sent.push({ path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/auth/mfa/setup') {
        return Response.json({
          respCode: 200,
          details: { secret, uri: `otpauth://totp/Krowd:a?secret=${secret}` },
        });
      }
      return Response.json({ respCode: 200, details: { recoveryCodes } });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('setting up two-step sign-in', () => {
  it('shows the QR code and the key, confirms with a code, then shows the recovery codes once', async () => {
    const sent = stubApi();
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <MultiFactorSetup onDone={onDone} />
        </MantineProvider>
      </QueryClientProvider>,
    );

    const qr = await screen.findByRole('img', { name: m.setupQrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/gif;base64,/);
    expect(screen.getByTestId('mfa-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(document.activeElement).toBe(screen.getByLabelText(m.codeLabel));
    await userEvent.keyboard('123 456{Enter}');

    expect(await screen.findByText(m.recoveryTitle)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
    expect(sent).toEqual([
      { path: '/api/auth/mfa/setup', body: undefined },
      { path: '/api/auth/mfa/enable', body: { code: '123456' } },
    ]);
    await userEvent.click(screen.getByRole('button', { name: m.recoveryDone }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});
