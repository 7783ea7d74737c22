import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { CampaignOverviewScreen } from '../components/campaign-overview-view.tsx';
import { createTestQueryClient } from '@/test/render-with-providers';
import { stubApi, type Sent } from '@/test/stub-api';
import { emptyAnswer, renderAt, users } from '../components/test-support.tsx';
import { prefetchDashboard } from './prefetch-dashboard.ts';

afterEach(() => vi.unstubAllGlobals());

const client = createTestQueryClient;
const dashboardCalls = (sent: Sent[]) => sent.filter((call) => call.url.pathname === '/api/dashboard/client');

describe('prefetchDashboard', () => {
  it("asks for the dashboard's figures ahead of the page, which shows them without asking again", async () => {
    const sent = stubApi(
      { 'POST /api/dashboard/client': { respCode: 200, dashboard: emptyAnswer() } },
      users.brandAdmin,
    );
    const queryClient = client();

    await prefetchDashboard(queryClient, '');
    expect(dashboardCalls(sent)).toHaveLength(1);

    renderAt(
      '/user/dashboard',
      '/user/dashboard/:id?',
      <CampaignOverviewScreen variant="dashboard" />,
      queryClient,
    );
    expect((await screen.findByTestId('overview-empty')).textContent).toBe(messages.report.noOverviewData);
    expect(dashboardCalls(sent)).toHaveLength(1);
  });

  it("sends the address's filters, as the page would", async () => {
    const sent = stubApi(
      { 'POST /api/dashboard/client': { respCode: 200, dashboard: emptyAnswer() } },
      users.brandAdmin,
    );

    await prefetchDashboard(
      client(),
      '?publisher=ATR&customerType=NEW%20USER&start=2025-05-01&end=2025-05-31',
    );

    expect(dashboardCalls(sent)[0]?.body).toEqual({
      conditions: expect.objectContaining({
        data_source: 'ATR',
        customer_type_wrt_account: 'NEW USER',
        txn_date_time: ['2025-05-01', '2025-05-31'],
      }),
    });
  });

  it('asks nothing for a visitor who is signed out, or for dates the page would refuse', async () => {
    const signedOut = stubApi({});
    await prefetchDashboard(client(), '');
    expect(dashboardCalls(signedOut)).toHaveLength(0);

    const wrongDates = stubApi({}, users.brandAdmin);
    await prefetchDashboard(client(), '?start=2025-05-31&end=2025-05-01');
    expect(dashboardCalls(wrongDates)).toHaveLength(0);
  });
});
