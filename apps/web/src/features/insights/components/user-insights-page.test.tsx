import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { UserInsightsPage } from './user-insights-page.tsx';
import { stubApi, type Sent } from '@/test/stub-api';
import {
  branches,
  brandId,
  factorsAnswer,
  pick,
  renderAt,
  similarityAnswer,
  trendsAnswer,
} from './test-support.tsx';

const m = messages.insightsWeb;
const groupBrandId = 'c0c0c0c0-0000-4000-8000-000000000009';

afterEach(() => {
  // Unmount first, so no query still on screen reaches the real fetch.
  cleanup();
  vi.unstubAllGlobals();
});

const answers = {
  'GET /api/reviewsdata/branchdetails': branches(1),
  'GET /api/reviewsdata/factorsAffectingars': factorsAnswer({ currentYearRevenue: 123_456 }),
  'GET /api/reviewsdata/similarity': similarityAnswer(),
  'GET /api/reviewsdata': trendsAnswer(),
};

function renderUserPage(path = '/user/socialanalytics') {
  return renderAt(path, { '/user/socialanalytics/*': <UserInsightsPage /> });
}

describe('the signed-in social analytics page', () => {
  it("shows a brand admin their brand's Revenue YTD in pounds, without a pass", async () => {
    const sent = stubApi(answers, sessionUserFixture({ role: 'brandAdmin', brandId }));
    renderUserPage();

    expect(await screen.findByText('£1,234.56')).toBeTruthy();
    expect(screen.getByText(m.revenueYtd)).toBeTruthy();
    expect(screen.queryByTestId('teaser-card')).toBeNull();
    const factors = sent.find((call) => call.url.pathname === '/api/reviewsdata/factorsAffectingars')!;
    expect(factors.url.searchParams.get('brandId')).toBe(brandId);
    expect(factors.headers['x-insights-pass']).toBeUndefined();
  });

  it('uses the first brand of a group admin’s group, and opens the tab the address names', async () => {
    const sent = stubApi(
      answers,
      sessionUserFixture({
        role: 'groupAdmin',
        brandId: null,
        brandObjId: null,
        groupId: 'd0d0d0d0-0000-4000-8000-000000000005',
        brandIds: [
          { brandId: groupBrandId, brandName: 'Harbour Kitchen' },
          { brandId, brandName: 'Green Fork' },
        ],
      }),
    );
    renderUserPage('/user/socialanalytics/trends');

    expect(await screen.findByRole('tab', { name: m.tabs.trends, selected: true })).toBeTruthy();
    expect(screen.getByTestId('insights-brand').textContent).toBe('Harbour Kitchen');
    await waitFor(() =>
      expect(sent.some((call) => call.url.searchParams.get('brandId') === groupBrandId)).toBe(true),
    );
    expect(
      sent.every(
        (call) =>
          !call.url.searchParams.has('brandId') || call.url.searchParams.get('brandId') === groupBrandId,
      ),
    ).toBe(true);
  });

  it('lets the system admin choose the brand, starting with the most reviewed', async () => {
    const brands = [
      { value: groupBrandId, label: 'Harbour Kitchen', cuisine: null, krowdscore: 60, totalreviewscount: 90 },
      { value: brandId, label: 'Green Fork', cuisine: 'Italian', krowdscore: 72.5, totalreviewscount: 148 },
    ];
    const sent = stubApi(
      {
        ...answers,
        // Searched by name on the server, as the API does.
        'GET /api/reviewsdata/getBrandInsights': (call: Sent) => {
          const { search = '' } = JSON.parse(call.url.searchParams.get('filter') ?? '{}') as {
            search?: string;
          };
          return {
            respCode: 200,
            brands: brands.filter((brand) => brand.label.toLowerCase().includes(search.toLowerCase())),
          };
        },
      },
      sessionUserFixture({ entityType: 'systemadmin', role: null, brandId: null, brandObjId: null }),
    );
    renderUserPage();

    const brand = (await screen.findAllByLabelText(m.brandToView)).find(
      (e) => e.tagName === 'INPUT',
    ) as HTMLInputElement;
    await waitFor(() => expect(brand.value).toBe('Green Fork'));
    const factorsBrands = () =>
      sent
        .filter((call) => call.url.pathname === '/api/reviewsdata/factorsAffectingars')
        .map((call) => call.url.searchParams.get('brandId'));
    await waitFor(() => expect(factorsBrands()).toContain(brandId));

    // The chosen brand's name in the box is no search: every brand stays on offer.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await pick(brand, 'Harbour Kitchen');
    await waitFor(() => expect(factorsBrands().at(-1)).toBe(groupBrandId));
  });
});
