import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPaths } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import { AmexSignupPage } from './amex-signup-page.tsx';
import { GuestLinkSentPage } from './guest-link-sent-page.tsx';
import { refusal, stubApi, withStatus } from '@/test/stub-api';
import { renderAt, writes } from './public-pages.fixtures.tsx';

const m = messages.cardNetwork;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () =>
  renderAt(publicPaths.amexSignup, [
    { path: publicPaths.amexSignup, element: <AmexSignupPage /> },
    { path: publicPaths.guestLinkSent, element: <GuestLinkSentPage /> },
  ]);

async function fillLookup() {
  await userEvent.type(screen.getByLabelText(/Merchant ID/), 'AX1234');
  await userEvent.type(screen.getByLabelText(/Email/), 'owner@example.test');
  await userEvent.type(screen.getByLabelText(/Phone/), '07700900123');
  await userEvent.type(screen.getByLabelText(/Website/), 'www.owner.example');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('/amexsignup, the card-network sign-up', () => {
  it('needs a Merchant ID and an e-mail', async () => {
    const sent = stubApi({});
    renderPage();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Merchant ID is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it("goes to the guest user page saying a sign-in link went to the account's address, showing nothing of it", async () => {
    const sent = stubApi({ 'POST /api/auth/getAmexUser/AX1234': { respCode: 200, respMessage: m.linkSent } });
    renderPage();

    await fillLookup();

    const page = await screen.findByTestId('guest-link-sent');
    expect(page.textContent).toBe(m.linkSent);
    expect(screen.queryByText(/@/)).toBeNull();
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/auth/getAmexUser/AX1234',
        query: {},
        body: {
          amexMerchantID: 'AX1234',
          email: 'owner@example.test',
          phone: '07700900123',
          website: 'https://www.owner.example',
        },
      },
    ]);
  });

  it('opens the contact dialog with what was typed when no account waits, and sends it from amexsignup', async () => {
    const sent = stubApi({
      'POST /api/auth/getAmexUser/AX1234': () => refusal(404, m.lookupFailed),
      'POST /api/auth/notifyAdminForAmex': withStatus(201, {
        respCode: 200,
        redirectTo: 'https://marketing.example.test/',
      }),
    });
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderPage();

    await fillLookup();

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(m.lookupFailed)).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Email/).value).toBe('owner@example.test');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Phone/).value).toBe('07700900123');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Website/).value).toBe('www.owner.example');
    await userEvent.type(
      within(dialog).getByLabelText(/Name/, { selector: 'input[name="name"]' }),
      'Ana Lopez',
    );
    await userEvent.type(within(dialog).getByLabelText(/Restaurant Name/), 'Casa Ana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(m.redirecting)).toBeTruthy();
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
    expect(writes(sent)[1]).toEqual({
      method: 'POST',
      path: '/api/auth/notifyAdminForAmex',
      query: {},
      body: {
        name: 'Ana Lopez',
        email: 'owner@example.test',
        phone: '07700900123',
        company: 'Casa Ana',
        website: 'https://www.owner.example',
        from: 'amexsignup',
        amexMerchantID: 'AX1234',
      },
    });
  });

  it('shows any other failure under the form, with no dialog', async () => {
    stubApi({ 'POST /api/auth/getAmexUser/AX1234': () => refusal(429, messages.common.tooManyRequests) });
    renderPage();

    await fillLookup();

    expect((await screen.findByTestId('form-status')).textContent).toBe(messages.common.tooManyRequests);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('/guestuser without a token', () => {
  it('says the same when opened on its own', () => {
    stubApi({});
    renderAt(publicPaths.guestLinkSent, [
      { path: publicPaths.guestLinkSent, element: <GuestLinkSentPage /> },
    ]);

    expect(screen.getByTestId('guest-link-sent').textContent).toBe(m.linkSent);
  });
});
