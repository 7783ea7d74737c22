import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { LastTransactionModal } from './last-transaction-modal.tsx';
import { transactionPageSize } from '../api/get-transaction-details.ts';
import { refusal, stubApi, type Sent } from '@/test/stub-api';
import { ids, renderAt, users } from './test-support.tsx';
import { TransactionDetailsModal } from './transaction-details-modal.tsx';

const m = messages.report;

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (index: number) => ({
  date: `2025-05-${String((index % 28) + 1).padStart(2, '0')} 12:30`,
  postcode: 'LS1 4DY',
  cardLastNumber: String(1000 + index),
  amount: 2_345 + index,
  cashback: 234,
});

function renderTransactions() {
  return renderAt(
    '/',
    '/',
    <TransactionDetailsModal
      campaignId={ids.campaign}
      month={5}
      year={2025}
      opened
      onClose={() => undefined}
      timeZone="America/New_York"
    />,
  );
}

describe('Transaction Details modal', () => {
  it("asks the server for the month's first page and shows 'Loading...' until it comes", async () => {
    let release: (value: Response) => void = () => undefined;
    const sent = stubApi(
      {
        [`GET /api/dashboard/getInvoice/${ids.campaign}`]: () =>
          new Promise<Response>((resolve) => (release = resolve)),
      },
      users.brandAdmin,
    );
    renderTransactions();

    expect(await screen.findByText('Transaction Details - May 2025')).toBeTruthy();
    expect(await screen.findByText(messages.common.loading)).toBeTruthy();
    const call = sent.find((s) => s.url.pathname.startsWith('/api/dashboard/getInvoice'))!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      type: 'detailed',
      month: '05',
      year: '2025',
      transaction: 'true',
      limit: String(transactionPageSize),
    });
    release(
      Response.json({
        respCode: 200,
        fileName: null,
        pdfType: 'detailed',
        pdfData: { detailedList: [] },
        total: 0,
        next: null,
      }),
    );
    expect(await screen.findByText(m.noRecordFound)).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.nextPage })).toBeNull();
  });

  it('lists a page with the spec columns and amounts in pounds, and pages through the server by its cursor', async () => {
    const pages: Record<string, { rows: number[]; next: string | null }> = {
      first: { rows: Array.from({ length: 10 }, (_, index) => index), next: 'cursor-2' },
      'cursor-2': { rows: [10, 11], next: null },
    };
    const sent = stubApi(
      {
        [`GET /api/dashboard/getInvoice/${ids.campaign}`]: (call: Sent) => {
          const page = pages[call.url.searchParams.get('after') ?? 'first']!;
          return {
            respCode: 200,
            fileName: null,
            pdfType: 'detailed',
            pdfData: { detailedList: page.rows.map(row) },
            total: 12,
            next: page.next,
          };
        },
      },
      users.brandAdmin,
    );
    renderTransactions();

    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'DATE', 'POST CODE', 'CARD (LAST 4 DIGITS)', 'AMOUNT (£)', 'CASHBACK (£)']);
    const first = await within(table).findByRole('row', { name: /1000/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '2025-05-01 12:30 EDT', 'LS1 4DY', '1000', '23.45', '2.34']);
    expect(within(table).getAllByRole('row')).toHaveLength(transactionPageSize + 1);
    expect(screen.getByText(m.transactionRange(1, 10, 12))).toBeTruthy();
    expect(screen.getByRole('button', { name: m.previousPage }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: m.nextPage }));
    const eleventh = await within(table).findByRole('row', { name: /1010/ });
    expect(within(eleventh).getAllByRole('cell')[0]!.textContent).toBe('11');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText(m.transactionRange(11, 12, 12))).toBeTruthy();
    expect(sent.at(-1)!.url.searchParams.get('after')).toBe('cursor-2');
    expect(screen.getByRole('button', { name: m.nextPage }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: m.previousPage }));
    expect(await within(table).findByRole('row', { name: /1000/ })).toBeTruthy();
    expect(screen.getByText(m.transactionRange(1, 10, 12))).toBeTruthy();
  });

  it("says why when the page can't be loaded", async () => {
    stubApi(
      {
        [`GET /api/dashboard/getInvoice/${ids.campaign}`]: () =>
          refusal(400, messages.invoice.transactionPageInvalid),
      },
      users.brandAdmin,
    );
    renderTransactions();

    expect(await screen.findByText(messages.invoice.transactionPageInvalid)).toBeTruthy();
    expect(screen.queryByText(m.noRecordFound)).toBeNull();
  });
});

describe('Last Transaction modal', () => {
  it('lists each distributor with its last transaction date in the timezone setting, for the current filter', async () => {
    const sent = stubApi(
      {
        'POST /api/ingestionLogs/getUploadedDate': {
          respCode: 200,
          ingestionLogDate: null,
          ingestionLogList: [
            // London's clocks go back at 01:00 UTC on 25 October 2026, forward at 01:00 UTC on 29 March.
            { data_source: 'NextJump', last_trans_date: '2026-10-24T23:30:00.000Z' },
            { data_source: 'Visa', last_trans_date: '2026-03-28T23:30:00.000Z' },
            { data_source: 'Amex', last_trans_date: '2026-03-31T23:30:00.000Z' },
            { data_source: 'Mastercard', last_trans_date: null },
          ],
        },
      },
      users.brandAdmin,
    );
    renderAt(
      '/',
      '/',
      <LastTransactionModal
        opened
        onClose={() => undefined}
        filter={{ data_source: '', groupId: '', brandId: ids.brand }}
        timeZone="Europe/London"
      />,
    );

    const cellsOf = async (name: RegExp) =>
      within(await screen.findByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(await cellsOf(/NextJump/)).toEqual(['NextJump', '2026-10-25']);
    expect(await cellsOf(/Visa/)).toEqual(['Visa', '2026-03-28']);
    expect(await cellsOf(/Amex/)).toEqual(['Amex', '2026-04-01']);
    expect(screen.getByRole('row', { name: /Mastercard/ }).textContent).toContain('N/A');
    expect(sent.find((s) => s.method === 'POST')!.body).toEqual({ data_source: 'All', brandId: ids.brand });
  });
});
