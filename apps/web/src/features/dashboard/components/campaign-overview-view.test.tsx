import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { CampaignOverviewScreen } from './campaign-overview-view.tsx';
import { filterDebounceMs } from './use-report-filters.ts';
import { refusal, stubApi, type Sent } from '@/test/stub-api';
import { answerWith, emptyAnswer, ids, renderAt, users } from './test-support.tsx';

/** A figure on its card, not in a chart's table for screen readers (chart-data-table.tsx), which repeats it. */
const shownOnCard = { ignore: 'script, style, .mantine-VisuallyHidden-root *' };

const m = messages.report;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const lists = {
  'GET /api/groupBrand': {
    respCode: 200,
    groups: [
      {
        _id: ids.group,
        groupId: ids.group,
        group_name: 'Harbour Group',
        label: 'Harbour Group',
        value: ids.group,
        group_brand_ids: [],
        brands: [],
      },
    ],
  },
  'GET /api/brands/getBrandList': {
    respCode: 200,
    brands: [
      { _id: ids.brand, name: 'Green Fork', label: 'Green Fork', value: ids.brand },
      { _id: ids.otherBrand, name: 'Harbour Kitchen', label: 'Harbour Kitchen', value: ids.otherBrand },
    ],
  },
  [`GET /api/groupBrand/getBrandGroupWise/${ids.group}`]: {
    respCode: 200,
    brands: [
      { _id: ids.otherBrand, name: 'Harbour Kitchen', label: 'Harbour Kitchen', value: ids.otherBrand },
    ],
  },
  'GET /api/merchants/getMerchantByBrandId': {
    respCode: 200,
    merchants: [
      {
        _id: ids.branch,
        name: 'Leeds',
        kmid: null,
        status: 'Active',
        merchantId: '4419001',
        amexMerchantID: null,
        zettleMerchantID: null,
        postcode: 'LS1 4AP',
        address: null,
        selectable: true,
        createdByBrandUser: false,
      },
    ],
  },
  'GET /api/distributors': {
    respCode: 200,
    distributors: [
      { _id: '1', name: 'ATR', displayName: 'ATR' },
      { _id: '2', name: 'Fidel', displayName: 'NextJump' },
    ],
    distributorDealSetWithBrand: [],
  },
  'GET /api/campaigns': {
    respCode: 200,
    campaigns: [{ _id: ids.campaign, campaign_id: ids.campaign, name: 'Green Fork25061' }],
  },
};

/** The input a label names (a select's list is labelled by it too). */
const field = (label: string) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;
const findField = async (label: string) => {
  await screen.findAllByLabelText(label);
  return field(label);
};

const dashboardCalls = (sent: Sent[]) => sent.filter((call) => call.url.pathname === '/api/dashboard/client');

/**
 * Runs out the filters' debounce before the first figures are asked for, instead of waiting it out
 * in real time: under load a real wait outlasted findBy (as the Customer Type test does).
 */
async function runOutFirstDebounce(sent: Sent[]) {
  await waitFor(async () => {
    await act(() => vi.advanceTimersByTimeAsync(filterDebounceMs));
    expect(dashboardCalls(sent).length).toBeGreaterThan(0);
  });
}

const fakeTimeouts = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });

function renderDashboard(path = '/user/dashboard') {
  return renderAt(path, '/user/dashboard/:id?', <CampaignOverviewScreen variant="dashboard" />);
}

describe('the dashboard', () => {
  it('shows a brand admin the figures, with no Group or Brand filter but a Branch filter', async () => {
    fakeTimeouts();
    const sent = stubApi(
      {
        ...lists,
        'POST /api/dashboard/client': { respCode: 200, dashboard: answerWith() },
      },
      users.brandAdmin,
    );
    renderDashboard();
    await runOutFirstDebounce(sent);

    expect(await screen.findByText('£3,456.78', shownOnCard)).toBeTruthy();
    expect(screen.getByText('Total Success Fee')).toBeTruthy();
    expect(screen.getByText('£100.00')).toBeTruthy();
    expect(screen.getByText('Repeat Customers')).toBeTruthy();
    expect(screen.queryAllByLabelText(m.group)).toEqual([]);
    expect(screen.queryAllByLabelText(m.brand)).toEqual([]);
    expect(field(m.branch)).toBeTruthy();
    expect(field(m.publisher)).toBeTruthy();
    expect(field(m.offerType)).toBeTruthy();
    // Customer Type waits for the ATR publisher.
    expect(screen.queryAllByLabelText(m.customerType)).toEqual([]);

    // The first call: the last 30 days, no filters (the server's scope gives the own brand).
    const [first] = dashboardCalls(sent);
    expect(first!.body).toMatchObject({
      conditions: { brand_id: '', group_id: '', kmid: '', campaign_id: '', data_source: '' },
    });
    const [start, end] = (first!.body as { conditions: { txn_date_time: string[] } }).conditions
      .txn_date_time;
    expect(Date.parse(end!) - Date.parse(start!)).toBe(29 * 86_400_000);
  });

  it('keeps the loader until the first answer, then draws the filters it shows with the figures', async () => {
    fakeTimeouts();
    let answer: (value: unknown) => void = () => undefined;
    const sent = stubApi(
      {
        ...lists,
        'POST /api/dashboard/client': () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
      users.brandAdmin,
    );
    renderDashboard();

    await runOutFirstDebounce(sent);
    expect(dashboardCalls(sent)).toHaveLength(1);
    expect(screen.getByLabelText(messages.common.loading)).toBeTruthy();
    expect(screen.queryAllByLabelText(m.branch)).toEqual([]);

    answer({ respCode: 200, dashboard: answerWith() });
    expect(await screen.findByText('£3,456.78', shownOnCard)).toBeTruthy();
    expect(field(m.offerType)).toBeTruthy();
  });

  it('gives a client admin the Group and Brand filters, and the empty state asks for another brand', async () => {
    stubApi(
      {
        ...lists,
        'POST /api/dashboard/client': { respCode: 200, dashboard: emptyAnswer() },
      },
      users.clientAdmin,
    );
    renderDashboard();

    expect(await screen.findByText(`${m.noOverviewData}${m.selectOtherBrand}`)).toBeTruthy();
    expect(field(m.group)).toBeTruthy();
    expect(field(m.brand)).toBeTruthy();
    // No brand chosen yet: no Branch; no data: no Publisher or Offer Type.
    expect(screen.queryAllByLabelText(m.branch)).toEqual([]);
    expect(screen.queryAllByLabelText(m.publisher)).toEqual([]);
    expect(screen.queryAllByLabelText(m.offerType)).toEqual([]);
  });

  it('tells a brand admin only that there is no data', async () => {
    stubApi(
      {
        ...lists,
        'POST /api/dashboard/client': { respCode: 200, dashboard: emptyAnswer() },
      },
      users.brandAdmin,
    );
    renderDashboard();

    const empty = await screen.findByTestId('overview-empty');
    expect(empty.textContent).toBe(m.noOverviewData);
  });

  it('gives a group admin the Brand filter with All, and no Group filter', async () => {
    stubApi(
      {
        ...lists,
        'POST /api/dashboard/client': { respCode: 200, dashboard: answerWith() },
      },
      users.groupAdmin,
    );
    renderDashboard();

    const brand = (await findField(m.brand)) as HTMLInputElement;
    expect(brand.value).toBe('All');
    expect(screen.queryAllByLabelText(m.group)).toEqual([]);
    expect(screen.queryAllByLabelText(m.branch)).toEqual([]);
    await userEvent.click(brand);
    expect(await screen.findByRole('option', { name: 'Harbour Kitchen', hidden: true })).toBeTruthy();
  });

  it('shows Customer Type once ATR is the publisher, and sends the filter after the debounce', async () => {
    const sent = stubApi(
      {
        ...lists,
        'POST /api/dashboard/client': { respCode: 200, dashboard: answerWith() },
      },
      users.brandAdmin,
    );
    renderDashboard();

    await userEvent.click(await findField(m.publisher));
    await userEvent.click(await screen.findByRole('option', { name: 'ATR', hidden: true }));
    await userEvent.click(await findField(m.customerType));
    // The debounce is run out at once, not waited for: a slow machine cannot outlast waitFor.
    const option = await screen.findByRole('option', { name: m.customerTypeNew, hidden: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(option);
    await act(() => vi.advanceTimersByTimeAsync(filterDebounceMs));
    vi.useRealTimers();

    await waitFor(() =>
      expect(dashboardCalls(sent).at(-1)!.body).toMatchObject({
        conditions: { data_source: 'ATR', customer_type_wrt_account: 'NEW USER' },
      }),
    );
    // Debounced: the two changes made within 300 ms are one call, not two.
    expect(dashboardCalls(sent).length).toBeLessThanOrEqual(3);
  });

  it('shows a retry-able alert when the figures cannot be loaded', async () => {
    let fail = true;
    stubApi(
      {
        ...lists,
        'POST /api/dashboard/client': () =>
          fail
            ? refusal(503, 'Something went wrong on our side.')
            : { respCode: 200, dashboard: answerWith() },
      },
      users.brandAdmin,
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDashboard();

    expect(await screen.findByText(m.loadFailed)).toBeTruthy();
    expect(error).toHaveBeenCalled();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: m.retry }));
    expect(await screen.findByText('£3,456.78', shownOnCard)).toBeTruthy();
    error.mockRestore();
  });

  it("offers View Transaction for this month's campaign and Download Invoice for an earlier one", async () => {
    const month = new Date().toISOString().slice(0, 7);
    stubApi(
      {
        ...lists,
        'POST /api/dashboard/client': { respCode: 200, dashboard: answerWith() },
        [`GET /api/campaigns/${ids.campaign}`]: {
          respCode: 200,
          campaign: {
            _id: ids.campaign,
            name: 'Green Fork25061',
            status: 'Active',
            statusLabel: 'Approved',
            discountType: 'dp',
            discountPercent: 10,
            successFee: 10,
            brandId: ids.brand,
            brandName: 'Green Fork',
            start_date: `${month}-01`,
            startedOn: `${month}-01`,
            period: `${month.slice(5)}/${month.slice(0, 4)}`,
            openingTime: new Date(Date.now() + 86_400_000).toISOString(),
            closingTime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
            merchantNames: ['Leeds'],
            customerType: 'all',
            suggestions: '',
            recurring: true,
            is_primary_campaign: true,
            primaryCampaignId: null,
            pausedDate: [],
            pauses: [],
            editable: false,
            hasQualifiedTransactions: true,
            seriesContinues: false,
            caps: 'No caps',
            budgetType: 'budget',
            budget: 100,
            age_range: [10, 100],
            gender: { male: true, female: true },
            weekDays: [
              { label: 'Monday', value: 1, selected: true },
              { label: 'Tuesday', value: 2, selected: true },
              { label: 'Wednesday', value: 3, selected: true },
              { label: 'Thursday', value: 4, selected: true },
              { label: 'Friday', value: 5, selected: true },
              { label: 'Saturday', value: 6, selected: true },
              { label: 'Sunday', value: 7, selected: true },
            ],
            budgetUse: {
              spentPence: 8_000,
              budgetPence: 10_000,
              percentUsed: 80,
              projection: 'notBeforeEnd',
              runsOutOn: null,
            },
          },
        },
      },
      users.brandAdmin,
    );
    renderDashboard(`/user/dashboard/${ids.campaign}`);

    expect(await screen.findByRole('button', { name: m.viewTransaction })).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.downloadInvoice })).toBeNull();
    // Its budget used, as the campaign lists show it (decision 0120).
    expect(screen.getByRole('progressbar', { name: 'Budget used by Green Fork25061' })).toBeTruthy();
    expect(screen.getByText('£80.00 of £100.00 (80%)')).toBeTruthy();
  });
});
