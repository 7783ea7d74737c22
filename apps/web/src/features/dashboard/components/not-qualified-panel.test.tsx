import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';
import { stubApi, type Sent } from '@/test/stub-api';
import type { DashboardConditions } from '../api/get-dashboard.ts';
import { NotQualifiedPanel } from './not-qualified-panel.tsx';
import { ReportActions } from './report-actions.tsx';
import { renderAt, users } from './test-support.tsx';

const m = messages.notQualifiedReport;

afterEach(() => {
  vi.unstubAllGlobals();
});

const conditions: DashboardConditions = {
  brand_id: '',
  group_id: '',
  kmid: '',
  campaign_id: '',
  data_source: '',
  customer_type_wrt_account: '',
  selectedOfferType: '',
  txn_date_time: ['2025-06-01', '2025-06-30'],
};

const perCard = messages.qualification.cappedTransactionsPerCard(3);
const counts = (reasons: unknown[], notApplied: string[] = []) => ({
  respCode: 200,
  notQualified: {
    start_date: '2025-06-01',
    end_date: '2025-06-30',
    reasons,
    total: {
      count: (reasons as { count: number }[]).reduce((sum, row) => sum + row.count, 0),
      spendPence: (reasons as { spendPence: number }[]).reduce((sum, row) => sum + row.spendPence, 0),
    },
    notApplied,
  },
});
const twoReasons = counts([
  {
    reason: 'cappedTransactionsPerCard',
    params: { limit: 3, interval: null },
    label: perCard,
    count: 12,
    spendPence: 45_600,
  },
  {
    reason: 'outsideCampaignHours',
    params: null,
    label: messages.qualification.outsideCampaignHours,
    count: 4,
    spendPence: 7_250,
  },
]);

const renderPanel = () =>
  renderAt('/', '/', <NotQualifiedPanel conditions={conditions} timeZone="America/New_York" />);

const reasonCalls = (sent: Sent[]) =>
  sent.filter((call) => call.url.pathname === '/api/dashboard/not-qualified');

describe('the "why not qualified" panel', () => {
  it("asks with the dashboard's conditions and lists each reason in the catalogue's words, largest first, with its spend", async () => {
    const sent = stubApi({ 'POST /api/dashboard/not-qualified': twoReasons }, users.brandAdmin);
    renderPanel();

    expect(screen.getByTestId('not-qualified-loading')).toBeTruthy();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [perCard, '12', formatPence(45_600)],
      [messages.qualification.outsideCampaignHours, '4', formatPence(7_250)],
    ]);
    expect(screen.getByTestId('not-qualified-total').textContent).toBe(
      `${m.total}: 16 · ${formatPence(52_850)}`,
    );
    expect(reasonCalls(sent)[0]!.body).toEqual({ conditions });
    expect(screen.getByRole('heading', { name: m.title })).toBeTruthy();
  });

  it('says every transaction qualified when there is no reason to show', async () => {
    stubApi({ 'POST /api/dashboard/not-qualified': counts([]) }, users.brandAdmin);
    renderPanel();
    expect((await screen.findByTestId('not-qualified-empty')).textContent).toBe(m.empty);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('names the filters it could not apply', async () => {
    stubApi({ 'POST /api/dashboard/not-qualified': counts([], ['customerType']) }, users.brandAdmin);
    renderPanel();
    expect(await screen.findByText(m.notApplied)).toBeTruthy();
  });

  it("opens a reason's transactions a page at a time: local time with its zone, amount, branch, masked card", async () => {
    const sent = stubApi(
      {
        'POST /api/dashboard/not-qualified': twoReasons,
        'POST /api/dashboard/not-qualified/transactions': (call: Sent) => ({
          respCode: 200,
          rows: [
            {
              id: (call.body as { after?: string }).after
                ? 'b0b0b0b0-0000-4000-8000-000000000002'
                : 'b0b0b0b0-0000-4000-8000-000000000001',
              date: (call.body as { after?: string }).after ? '2025-06-04 19:05' : '2025-06-03 12:30',
              amountPence: 2_000,
              branch: 'Leeds',
              cardLast4: '1111',
              reason: 'cappedTransactionsPerCard',
              label: perCard,
            },
          ],
          total: 11,
          next: (call.body as { after?: string }).after ? null : 'cursor-1',
        }),
      },
      users.brandAdmin,
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: m.viewTransactions(perCard) }));

    const dialog = await screen.findByRole('dialog', { name: m.drillDownTitle(perCard) });
    expect(await within(dialog).findByText('2025-06-03 12:30 EDT')).toBeTruthy();
    expect(within(dialog).getByText(formatPence(2_000))).toBeTruthy();
    expect(within(dialog).getByText('Leeds')).toBeTruthy();
    expect(within(dialog).getByText(m.maskedCard('1111'))).toBeTruthy();
    const calls = sent.filter((call) => call.url.pathname === '/api/dashboard/not-qualified/transactions');
    expect(calls[0]!.body).toEqual({
      conditions,
      reason: 'cappedTransactionsPerCard',
      params: { limit: 3, interval: null },
    });

    await userEvent.click(within(dialog).getByRole('button', { name: messages.report.nextPage }));
    expect(await within(dialog).findByText('2025-06-04 19:05 EDT')).toBeTruthy();
    await waitFor(() =>
      expect(
        sent.filter((call) => call.url.pathname === '/api/dashboard/not-qualified/transactions').at(-1)!.body,
      ).toMatchObject({ after: 'cursor-1' }),
    );
  });
});

describe('the export with reasons', () => {
  const exportAnswer = {
    respCode: 200,
    respMessage: messages.dashboardExport.exported,
    responseCode: 200,
    responseMessage: messages.dashboardExport.exported,
    exportId: 'a1a1a1a1-0000-4000-8000-000000000001',
  };
  const renderActions = (mayExportReasons: boolean) =>
    renderAt(
      '/',
      '/',
      <ReportActions
        variant="dashboard"
        campaign={undefined}
        conditions={conditions}
        printPath="/print"
        lastTransactionFilter={{ data_source: '', groupId: '', brandId: '' }}
        now={new Date('2025-07-15T12:00:00Z')}
        timeZone="America/New_York"
        mayExportReasons={mayExportReasons}
      />,
    );
  const exportCalls = (sent: Sent[]) => sent.filter((call) => call.url.pathname === '/api/dashboard/export');

  it('sends the spec’s body unless the option is ticked, then asks for the not-qualified rows too', async () => {
    const sent = stubApi(
      {
        'POST /api/dashboard/export': exportAnswer,
        'GET /api/dashboard/exports/a1a1a1a1-0000-4000-8000-000000000001': {
          respCode: 200,
          state: 'preparing',
          rowCount: null,
        },
      },
      users.brandAdmin,
    );
    renderActions(true);
    await userEvent.click(screen.getByRole('button', { name: messages.report.export }));
    await waitFor(() => expect(exportCalls(sent)).toHaveLength(1));
    expect(exportCalls(sent)[0]!.body).toEqual({ conditions });

    await userEvent.click(screen.getByRole('checkbox', { name: m.exportWithReasons }));
    await userEvent.click(screen.getByRole('button', { name: messages.report.export }));
    await waitFor(() => expect(exportCalls(sent)).toHaveLength(2));
    expect(exportCalls(sent)[1]!.body).toEqual({ conditions, include_not_qualified: true });
  });

  it('offers no option to those who may not see the reasons', () => {
    stubApi({}, users.brandAdmin);
    renderActions(false);
    expect(screen.queryByRole('checkbox', { name: m.exportWithReasons })).toBeNull();
  });
});
