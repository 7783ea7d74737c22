import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPaths } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import { AmexDiningPage } from './amex-dining-page.tsx';
import { refusal, stubApi, withStatus } from '@/test/stub-api';
import { renderAt, writes } from './public-pages.fixtures.tsx';

const m = messages.cardNetwork;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () =>
  renderAt(publicPaths.amexDining, [{ path: publicPaths.amexDining, element: <AmexDiningPage /> }]);

describe('/amexdining, the contact page', () => {
  it('says what is missing with the spec’s messages and sends nothing', async () => {
    const sent = stubApi({});
    renderPage();

    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please provide a valid email')).toBeTruthy();
    expect(screen.getByText('Restaurant name is required')).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('sends the lead from amexdining, then goes to the marketing site 1 second later', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const sent = stubApi({
      'POST /api/auth/notifyAdminForAmex': withStatus(201, {
        respCode: 200,
        respMessage: m.detailsSubmitted,
        redirectTo: 'https://marketing.example.test/',
      }),
    });
    renderPage();

    await userEvent.type(screen.getByLabelText(/Name/, { selector: 'input[name="name"]' }), 'Ana Lopez');
    await userEvent.type(screen.getByLabelText(/Email/), 'ana@example.test');
    await userEvent.type(screen.getByLabelText(/Phone/), '020 7946 0000');
    await userEvent.type(screen.getByLabelText(/Restaurant Name/), 'Casa Ana');
    await userEvent.type(screen.getByLabelText(/Website/), 'casa-ana.example');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(m.detailsSubmitted)).toBeTruthy();
    expect(screen.getByText(m.redirecting)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://marketing.example.test/'));
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/auth/notifyAdminForAmex',
        query: {},
        body: {
          name: 'Ana Lopez',
          email: 'ana@example.test',
          phone: '020 7946 0000',
          company: 'Casa Ana',
          website: 'https://casa-ana.example',
          from: 'amexdining',
          amexMerchantID: null,
        },
      },
    ]);
  });

  it('shows the server’s refusal under the form and keeps the form usable', async () => {
    stubApi({ 'POST /api/auth/notifyAdminForAmex': () => refusal(429, messages.common.tooManyRequests) });
    renderPage();

    await userEvent.type(screen.getByLabelText(/Name/, { selector: 'input[name="name"]' }), 'Ana Lopez');
    await userEvent.type(screen.getByLabelText(/Email/), 'ana@example.test');
    await userEvent.type(screen.getByLabelText(/Restaurant Name/), 'Casa Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('form-status')).textContent).toBe(messages.common.tooManyRequests);
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false);
  });
});
