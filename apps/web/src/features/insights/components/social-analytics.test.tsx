import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { SocialAnalytics, type InsightsTab } from './social-analytics.tsx';
import { refusal, stubApi, type Sent } from '@/test/stub-api';
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
const dayMs = 86_400_000;

afterEach(() => {
  // Unmount first, so no query still on screen reaches the real fetch.
  cleanup();
  vi.unstubAllGlobals();
});

const tabHref = (tab: InsightsTab) => `/t/${tab}`;

function renderPage(tab: InsightsTab = 'overview') {
  const page = (value: InsightsTab) => (
    <SocialAnalytics caller={{ pass: 'the-pass' }} brandId={brandId} tab={value} tabHref={tabHref} />
  );
  return renderAt(tabHref(tab), {
    '/t/overview': page('overview'),
    '/t/trends': page('trends'),
    '/t/similarity': page('similarity'),
  });
}

const calls = (sent: Sent[], path: string) => sent.filter((call) => call.url.pathname === path);
const datePayloadOf = (call: Sent) =>
  JSON.parse(call.url.searchParams.get('datePayload')!) as { $gt: string; $lt: string };
const input = (label: string) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT') as HTMLInputElement;

const answers = (overrides: Record<string, unknown> = {}) => ({
  'GET /api/reviewsdata/branchdetails': branches(1),
  'GET /api/reviewsdata/factorsAffectingars': factorsAnswer(),
  'GET /api/reviewsdata/similarity': similarityAnswer(),
  'GET /api/reviewsdata': trendsAnswer(),
  ...overrides,
});

describe('the social analytics screen', () => {
  it('asks for the last 12 months (360 days) with the pass, and shows the summary cards', async () => {
    const sent = stubApi(answers());
    renderPage();

    expect(await screen.findByText('72.5')).toBeTruthy();
    expect(screen.getByText(m.basedOnReviews(148, 'the last 12 months'))).toBeTruthy();
    expect(screen.getByText('Based on 148 Reviews in the last 12 months')).toBeTruthy();
    expect(screen.getByText(m.overallRank)).toBeTruthy();
    expect(screen.getByText('3 of 17')).toBeTruthy();
    expect(screen.getByText('Italian Rank')).toBeTruthy();
    expect(screen.getByLabelText(m.aggregateScoreTooltip)).toBeTruthy();

    const [first] = calls(sent, '/api/reviewsdata/factorsAffectingars');
    const window = datePayloadOf(first!);
    expect(Date.parse(window.$lt) - Date.parse(window.$gt)).toBe(360 * dayMs);
    expect(first!.url.searchParams.get('brandId')).toBe(brandId);
    expect(first!.url.searchParams.get('kmid')).toBe('');
    expect(first!.headers['x-insights-pass']).toBe('the-pass');
    expect(input(m.dateRange).value).toBe('Last 12 months');
  });

  it('sends 90 days for the last 3 months, and a whole month for a single month', async () => {
    const sent = stubApi(answers());
    renderPage();
    await screen.findByText('72.5');

    await userEvent.click(input(m.dateRange));
    await userEvent.click(await screen.findByRole('option', { name: m.lastMonths(3), hidden: true }));
    await waitFor(() =>
      expect(calls(sent, '/api/reviewsdata/factorsAffectingars').length).toBeGreaterThan(1),
    );
    const threeMonths = datePayloadOf(calls(sent, '/api/reviewsdata/factorsAffectingars').at(-1)!);
    expect(Date.parse(threeMonths.$lt) - Date.parse(threeMonths.$gt)).toBe(90 * dayMs);
    expect(await screen.findByText(m.basedOnReviews(148, 'the last 3 months'))).toBeTruthy();

    await userEvent.click(input(m.dateRange));
    const monthOption = screen
      .getAllByRole('option', { hidden: true })
      .find((option) => /^[A-Z][a-z]+ \d{4}$/.test(option.textContent ?? '') && option !== undefined)!;
    const monthName = monthOption.textContent!;
    await userEvent.click(monthOption);
    await waitFor(() => expect(screen.getByText(m.basedOnReviews(148, monthName))).toBeTruthy());
    const month = datePayloadOf(calls(sent, '/api/reviewsdata/factorsAffectingars').at(-1)!);
    // From just before the month's first instant to its next month's first instant (London time).
    const days = (Date.parse(month.$lt) - Date.parse(month.$gt) - 1) / dayMs;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
  });

  it('hides the branch picker when the brand has one branch', async () => {
    stubApi(answers());
    renderPage();
    await screen.findByText('72.5');
    expect(screen.queryAllByLabelText(m.selectBranch)).toEqual([]);
  });

  it('offers the branches with All when there are several, and All sends an empty kmid', async () => {
    const sent = stubApi(answers({ 'GET /api/reviewsdata/branchdetails': branches(2) }));
    renderPage();
    await screen.findByText('72.5');
    const [picker] = await screen.findAllByLabelText(m.selectBranch);
    const pageInput = screen
      .getAllByLabelText(m.selectBranch)
      .filter((element) => element.tagName === 'INPUT')[0]!;
    expect((pageInput as HTMLInputElement).value).toBe(m.allBranches);
    expect(picker).toBeTruthy();

    await pick(pageInput, 'Green Fork York');
    await waitFor(() =>
      expect(calls(sent, '/api/reviewsdata/factorsAffectingars').at(-1)!.url.searchParams.get('kmid')).toBe(
        'KM101',
      ),
    );

    await pick(pageInput, m.allBranches);
    await waitFor(() =>
      expect(calls(sent, '/api/reviewsdata/factorsAffectingars').at(-1)!.url.searchParams.get('kmid')).toBe(
        '',
      ),
    );
  });

  // An answer without respCode counts as a failure (insights-request.test.ts), so this is the
  // view's side of spec 3 §4: a failed answer leaves the figures drawn as they were.
  it('keeps the figures on screen when a later answer fails', async () => {
    let answered = 0;
    stubApi(
      answers({
        'GET /api/reviewsdata/factorsAffectingars': () => {
          answered += 1;
          if (answered === 1) return factorsAnswer();
          return refusal(503, messages.common.somethingWentWrong);
        },
      }),
    );
    renderPage();
    await screen.findByText('72.5');

    await userEvent.click(input(m.dateRange));
    await userEvent.click(await screen.findByRole('option', { name: m.lastMonths(6), hidden: true }));
    await waitFor(() => expect(answered).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.queryByLabelText(messages.common.loading)).toBeNull());
    expect(screen.getByText('72.5')).toBeTruthy();
  });

  it("says 'No data available' for charts without data", async () => {
    stubApi(
      answers({
        'GET /api/reviewsdata/factorsAffectingars': factorsAnswer({
          krowdscore: null,
          totalreviewscount: 0,
          loggedinBrandoverallRank: null,
          cusineRankingforselectedrange: null,
          cuisineRankings: [],
          chartDetails: { factorsAffecting: { categories: [], Positive: [], Negative: [] } },
        }),
        'GET /api/reviewsdata/similarity': {
          ...similarityAnswer(),
          objectwithjsd: { labels: [], datasets: [] },
          brandList: [],
        },
      }),
    );
    renderPage();

    await waitFor(() => expect(screen.getAllByText(m.noData)).toHaveLength(2));
    expect(screen.getByText(m.basedOnReviews(0, 'the last 12 months'))).toBeTruthy();
    expect(screen.getByText(m.noRank)).toBeTruthy();
  });

  it('shows the Overview charts, and its own branch picker changes only its charts', async () => {
    const sent = stubApi(answers({ 'GET /api/reviewsdata/branchdetails': branches(2) }));
    renderPage();
    expect(await screen.findByRole('heading', { name: m.sentimentTitle })).toBeTruthy();
    expect(screen.getByRole('heading', { name: m.mostSimilarBrands })).toBeTruthy();
    expect(screen.getByText(m.mentionCount)).toBeTruthy();
    expect(screen.getByText(m.netPositiveSimilarity)).toBeTruthy();
    expect(
      within(await screen.findByTestId('similar-brands')).getByText('Pasta Place: 91.3% similar'),
    ).toBeTruthy();

    // Two pickers on one screen, each named for what it chooses (spec 3 §2.7).
    const inputsLabelled = (label: string) =>
      screen.getAllByLabelText(label).filter((e) => e.tagName === 'INPUT') as HTMLInputElement[];
    await waitFor(() => expect(inputsLabelled(m.overviewBranch)).toHaveLength(1));
    expect(inputsLabelled(m.selectBranch)).toHaveLength(1);
    expect(screen.getByText(m.selectBranchHint)).toBeTruthy();
    expect(screen.getByText(m.overviewBranchHint)).toBeTruthy();
    const overviewPicker = inputsLabelled(m.overviewBranch)[0]!;
    await pick(overviewPicker, 'Green Fork York');
    await waitFor(() =>
      expect(calls(sent, '/api/reviewsdata/similarity').at(-1)!.url.searchParams.get('kmid')).toBe('KM101'),
    );
    const pagePicker = inputsLabelled(m.selectBranch)[0]!;
    expect(pagePicker.value).toBe(m.allBranches);
  });

  it('moves between the tabs by address, with the keyboard too', async () => {
    const sent = stubApi(answers());
    renderPage();
    await screen.findByText('72.5');

    await userEvent.click(screen.getByRole('tab', { name: m.tabs.trends }));
    expect(screen.getByTestId('address').textContent).toBe('/t/trends');
    expect(await screen.findByRole('heading', { name: m.netPositiveReviews })).toBeTruthy();
    // The most reviewed competitor is compared first.
    await waitFor(() =>
      expect(calls(sent, '/api/reviewsdata').at(-1)!.url.searchParams.get('entityId')).toBe('KM901'),
    );
    expect(input(m.competitor).value).toBe('Thai Garden – Leeds');
    expect(calls(sent, '/api/reviewsdata').at(-1)!.url.searchParams.get('trendFlag')).toBe('Food');

    await userEvent.click(input(m.type));
    await userEvent.click(await screen.findByRole('option', { name: 'Service', hidden: true }));
    await waitFor(() =>
      expect(calls(sent, '/api/reviewsdata').at(-1)!.url.searchParams.get('trendFlag')).toBe('Service'),
    );

    screen.getByRole('tab', { name: m.tabs.trends }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/t/similarity'));
    for (const aspect of ['Food', 'Price', 'Ambiance', 'Service']) {
      expect(await screen.findByRole('heading', { name: aspect })).toBeTruthy();
    }
    const similarity = calls(sent, '/api/reviewsdata/similarity').at(-1)!.url.searchParams;
    expect(similarity.get('entityId')).toBe(brandId);
    expect(similarity.get('fromdate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(similarity.get('todate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('says what failed and lets the person try again', async () => {
    let failures = 1;
    stubApi(
      answers({
        'GET /api/reviewsdata/factorsAffectingars': () => {
          if (failures-- > 0) return refusal(404, 'Brand not found.');
          return factorsAnswer();
        },
      }),
    );
    renderPage();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((alert) => alert.textContent?.includes('Brand not found.'))).toBe(true);
    await userEvent.click(screen.getAllByRole('button', { name: m.tryAgain })[0]!);
    expect(await screen.findByText('72.5')).toBeTruthy();
  });
});
