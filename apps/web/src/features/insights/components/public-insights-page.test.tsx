import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { sessionEvents } from '@/lib/session-events';
import { insightsPassStore } from '../insights-pass.ts';
import { PublicInsightsPage } from './public-insights-page.tsx';
import { refusal, stubApi } from '@/test/stub-api';
import {
  branches,
  brandId,
  factorsAnswer,
  renderAt,
  similarityAnswer,
  trendsAnswer,
} from './test-support.tsx';

const m = messages.insightsWeb;

const pass = {
  _id: 'v1',
  insightsPass: 'pass-123',
  email: 'owner@greenfork.test',
  brandId,
  brandName: 'Green Fork',
};

afterEach(() => {
  // Unmount first, so no query still on screen reaches the real fetch.
  cleanup();
  vi.unstubAllGlobals();
  insightsPassStore.clear();
});

const answers = {
  'GET /api/reviewsdata/branchdetails': branches(1),
  'GET /api/reviewsdata/factorsAffectingars': factorsAnswer({
    teaser: { month: '2026-10', discountPercent: 20, customers: 37 },
  }),
  'GET /api/reviewsdata/similarity': similarityAnswer(),
  'GET /api/reviewsdata': trendsAnswer(),
};

function renderPublic(path = '/socialanalytics') {
  return renderAt(path, {
    '/socialanalytics': <PublicInsightsPage tab="overview" />,
    '/insights/trends': <PublicInsightsPage tab="trends" />,
    '/login': <p>the login page</p>,
  });
}

describe('the public social analytics page', () => {
  describe('with a pass', () => {
    beforeEach(() => insightsPassStore.save(pass));

    it('shows the e-mail, the teaser with Click here in revenue’s place, and sends the pass', async () => {
      const sent = stubApi(answers);
      renderPublic();

      expect(screen.getByTestId('insights-email').textContent).toBe('owner@greenfork.test');
      expect(screen.getByRole('heading', { name: messages.insights.title })).toBeTruthy();
      const teaser = await screen.findByTestId('teaser-card');
      expect(teaser.textContent).toContain(
        '37 customers you could have acquired if you ran a 20% campaign in October 2026.',
      );
      expect(within(teaser).getByRole('link', { name: m.clickHere }).getAttribute('href')).toBe(
        '/user/campaigns/create',
      );
      expect(screen.queryByText(m.revenueYtd)).toBeNull();
      const reviewCalls = sent.filter((call) => call.url.pathname.startsWith('/api/reviewsdata'));
      expect(reviewCalls.length).toBeGreaterThan(0);
      expect(reviewCalls.every((call) => call.headers['x-insights-pass'] === 'pass-123')).toBe(true);
    });

    it('asks before logging out; Cancel stays, Logout forgets the pass and goes to /login', async () => {
      stubApi(answers);
      renderPublic();

      await userEvent.click(screen.getByRole('button', { name: m.logout }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Are you sure you want to Logout?')).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: m.cancel }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(insightsPassStore.get()).not.toBeNull();

      await userEvent.click(screen.getByRole('button', { name: m.logout }));
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: m.logout }),
      );
      await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/login'));
      expect(insightsPassStore.get()).toBeNull();
    });

    it('opens the Sign Up dialog with the e-mail read-only', async () => {
      stubApi(answers);
      renderPublic('/insights/trends');
      expect(await screen.findByRole('tab', { name: m.tabs.trends, selected: true })).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: m.signUp }));
      const dialog = await screen.findByRole('dialog');
      const email = within(dialog).getByLabelText(m.email) as HTMLInputElement;
      expect(email.value).toBe('owner@greenfork.test');
      expect(email.readOnly).toBe(true);
    });
  });

  it('forgets a pass the server refuses and says it expired, without the session modal', async () => {
    insightsPassStore.save(pass);
    stubApi({
      ...answers,
      'GET /api/reviewsdata/factorsAffectingars': () => refusal(401, messages.insights.passExpired),
    });
    renderPublic();
    expect(await screen.findByText(messages.insights.passExpired)).toBeTruthy();
    expect(screen.getByRole('link', { name: m.openLogin }).getAttribute('href')).toBe(
      '/getinsights/6aacdxmr6',
    );
    expect(insightsPassStore.get()).toBeNull();
    expect(sessionEvents.isExpired()).toBe(false);
  });

  it('without a pass, sends the visitor to the insights login', () => {
    const sent = stubApi(answers);
    renderPublic();
    expect(screen.getByText(m.noPass)).toBeTruthy();
    expect(screen.getByRole('link', { name: m.openLogin }).getAttribute('href')).toBe(
      '/getinsights/6aacdxmr6',
    );
    expect(sent.filter((call) => call.url.pathname.startsWith('/api/reviewsdata'))).toEqual([]);
  });
});
