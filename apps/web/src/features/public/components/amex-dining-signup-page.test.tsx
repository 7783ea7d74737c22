import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPaths } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import { AmexDiningSignupPage } from './amex-dining-signup-page.tsx';
import { refusal, stubApi, withStatus, type Answers } from '@/test/stub-api';
import { renderAt, writes } from './public-pages.fixtures.tsx';

const m = messages.cardNetwork;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () =>
  renderAt(publicPaths.amexDiningSignup, [
    { path: publicPaths.amexDiningSignup, element: <AmexDiningSignupPage /> },
  ]);

async function fillForm() {
  await userEvent.type(screen.getByLabelText(/Name/, { selector: 'input[name="name"]' }), 'Ana Lopez');
  await userEvent.type(screen.getByLabelText(/Restaurant Name/), 'Casa Ana');
  await userEvent.type(screen.getByLabelText(/Legal Name/), 'Casa Ana Ltd');
  await userEvent.type(screen.getByLabelText(/Email/), 'ana@example.test');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

const answerAll: Answers = {
  'POST /api/auth/verifyEmail': { respCode: 200 },
  'POST /api/auth/onBoardAmexBrand': withStatus(201, {
    respCode: 200,
    respMessage: m.registered,
    redirectTo: 'https://marketing.example.test/',
  }),
};

describe('/amexdiningsignup, the dining sign-up', () => {
  it('needs a name, a brand name, a legal name and an e-mail', async () => {
    const sent = stubApi({});
    renderPage();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // Spec 3 §5: the Brand Name message on both the name and the brand name.
    expect(await screen.findAllByText('Brand Name is required')).toHaveLength(2);
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.getByText('Legal Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('verifies the e-mail, shows the terms, and registers on Accept: the form gives way to Registration Successful', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const sent = stubApi(answerAll);
    renderPage();

    await fillForm();
    const terms = await screen.findByRole('dialog');
    expect(within(terms).getByText(m.termsParagraphs[0])).toBeTruthy();
    expect(writes(sent).map((call) => call.path)).toEqual(['/api/auth/verifyEmail']);
    await userEvent.click(within(terms).getByRole('button', { name: m.accept }));

    const done = await screen.findByTestId('registration-successful');
    expect(within(done).getByText(m.registrationSuccessTitle)).toBeTruthy();
    expect(within(done).getByText(m.registrationSuccessBody('ana@example.test'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(writes(sent)[1]).toEqual({
      method: 'POST',
      path: '/api/auth/onBoardAmexBrand',
      query: {},
      body: {
        name: 'Ana Lopez',
        brandName: 'Casa Ana',
        legalName: 'Casa Ana Ltd',
        email: 'ana@example.test',
        phone: '',
        website: '',
        from: 'amexdiningsignup',
      },
    });
    await userEvent.click(within(done).getByRole('button', { name: 'OK' }));
    expect(assign).toHaveBeenCalledWith('https://marketing.example.test/');
  });

  it('tells a failed e-mail check and keeps the form usable, with no terms', async () => {
    stubApi({ 'POST /api/auth/verifyEmail': () => refusal(429, messages.common.tooManyRequests) });
    renderPage();

    await fillForm();

    expect((await screen.findByTestId('form-status')).textContent).toBe(messages.common.tooManyRequests);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false);
  });

  it('keeps the terms open with the reason when the registration is refused', async () => {
    stubApi({
      'POST /api/auth/verifyEmail': { respCode: 200 },
      'POST /api/auth/onBoardAmexBrand': () => refusal(429, messages.common.tooManyRequests),
    });
    renderPage();

    await fillForm();
    const terms = await screen.findByRole('dialog');
    await userEvent.click(within(terms).getByRole('button', { name: m.accept }));

    await waitFor(() =>
      expect(within(terms).getByTestId('form-status').textContent).toBe(messages.common.tooManyRequests),
    );
    expect(screen.queryByTestId('registration-successful')).toBeNull();
  });
});
