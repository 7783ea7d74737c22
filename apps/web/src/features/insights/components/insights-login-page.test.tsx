import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { insightsPassStore } from '../insights-pass.ts';
import { isInsightsLoginCode } from '../login-codes.ts';
import { InsightsLoginPage } from './insights-login-page.tsx';
import { refusal, stubApi } from '@/test/stub-api';
import { brandId, pick, renderAt } from './test-support.tsx';

const m = messages.insightsWeb;

afterEach(() => {
  // Unmount first, so no query still on screen reaches the real fetch.
  cleanup();
  vi.unstubAllGlobals();
  insightsPassStore.clear();
});

const brandsAnswer = {
  respCode: 200,
  brands: [
    { value: brandId, label: 'Green Fork', cuisine: 'Italian', krowdscore: 72.5, totalreviewscount: 148 },
    {
      value: 'c0c0c0c0-0000-4000-8000-000000000004',
      label: 'Harbour Kitchen',
      cuisine: null,
      krowdscore: 60,
      totalreviewscount: 90,
    },
  ],
};

function renderLogin() {
  return renderAt('/getinsights/6aacdxmr6', {
    '/getinsights/:code': <InsightsLoginPage />,
    '/socialanalytics': <p>the public page</p>,
  });
}

const brandInput = () =>
  screen.getAllByLabelText(m.brand).find((element) => element.tagName === 'INPUT') as HTMLInputElement;

describe('the insights login', () => {
  it('opens for the code handed out only', () => {
    expect(isInsightsLoginCode('6aacdxmr6')).toBe(true);
    expect(isInsightsLoginCode('6AACDXMR6')).toBe(false);
    expect(isInsightsLoginCode('nope')).toBe(false);
    expect(isInsightsLoginCode(undefined)).toBe(false);
  });

  it("says what is missing: 'Email is required' and 'brandId is required'", async () => {
    const sent = stubApi({ 'GET /api/reviewsdata/getBrandInsights': brandsAnswer });
    renderLogin();
    // The side panel carries the spec's heading; the card names what this login opens.
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      'Customer Acquisition Marketplace',
      messages.insights.title,
    ]);

    await userEvent.click(screen.getByRole('button', { name: m.login }));
    expect(await screen.findByText(messages.validation.emailRequired)).toBeTruthy();
    expect(screen.getByText(messages.insights.brandIdRequired)).toBeTruthy();

    await userEvent.type(screen.getByLabelText(m.email), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: m.login }));
    expect(await screen.findByText(messages.validation.emailInvalid)).toBeTruthy();
    expect(sent.some((call) => call.url.pathname === '/api/insights/savebrandDetails')).toBe(false);
  });

  it('searches the brands on the server, keeps the pass and goes to /socialanalytics', async () => {
    const sent = stubApi({
      'GET /api/reviewsdata/getBrandInsights': brandsAnswer,
      'POST /api/insights/savebrandDetails': {
        respCode: 200,
        data: {
          _id: 'v1',
          email: 'owner@greenfork.test',
          brandId,
          brandName: 'Green Fork',
          insightsPass: 'pass-123',
          expiresAt: '2026-12-31T00:00:00.000Z',
        },
      },
    });
    renderLogin();

    await userEvent.type(screen.getByLabelText(m.email), 'owner@greenfork.test');
    await userEvent.type(brandInput(), 'Gre');
    await waitFor(() =>
      expect(
        sent.some(
          (call) =>
            call.url.pathname === '/api/reviewsdata/getBrandInsights' &&
            JSON.parse(call.url.searchParams.get('filter')!).search === 'Gre',
        ),
      ).toBe(true),
    );
    await pick(brandInput(), 'Green Fork');
    await userEvent.click(screen.getByRole('button', { name: m.login }));

    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/socialanalytics'));
    const login = sent.find((call) => call.url.pathname === '/api/insights/savebrandDetails')!;
    expect(login.body).toEqual({ email: 'owner@greenfork.test', brandId });
    expect(insightsPassStore.get()).toEqual({
      _id: 'v1',
      insightsPass: 'pass-123',
      email: 'owner@greenfork.test',
      brandId,
      brandName: 'Green Fork',
    });
  });

  it("shows the server's refusal under the form", async () => {
    stubApi({
      'GET /api/reviewsdata/getBrandInsights': brandsAnswer,
      'POST /api/insights/savebrandDetails': () => refusal(429, messages.common.tooManyRequests),
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText(m.email), 'owner@greenfork.test');
    await pick(brandInput(), 'Harbour Kitchen');
    await userEvent.click(screen.getByRole('button', { name: m.login }));
    expect((await screen.findByTestId('form-status')).textContent).toBe(messages.common.tooManyRequests);
    expect(insightsPassStore.get()).toBeNull();
  });
});
