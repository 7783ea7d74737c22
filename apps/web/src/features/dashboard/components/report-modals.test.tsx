import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { LastTransactionModal } from './last-transaction-modal.tsx';
import { ids, renderAt, stubApi, users } from './test-support.tsx';
import { TransactionDetailsModal, transactionPageSize } from './transaction-details-modal.tsx';

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
    />,
  );
}

describe('Transaction Details modal', () => {
  it("asks for the campaign month's transactions and shows 'Loading...' until they come", async () => {
    let release: (value: Response) => void = () => undefined;
    const sent = stubApi(users.brandAdmin, {
      [`GET /api/dashboard/getInvoice/${ids.campaign}`]: () =>
        new Promise<Response>((resolve) => (release = resolve)),
    });
    renderTransactions();

    expect(await screen.findByText('Transaction Details - May 2025')).toBeTruthy();
    expect(await screen.findByText(messages.common.loading)).toBeTruthy();
    const call = sent.find((s) => s.url.pathname.startsWith('/api/dashboard/getInvoice'))!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      type: 'detailed',
      month: '05',
      year: '2025',
      transaction: 'true',
    });
    release(Response.json({ respCode: 200, pdfData: { detailedList: [] } }));
    expect(await screen.findByText(m.noRecordFound)).toBeTruthy();
  });

  it('lists the rows with the spec columns, amounts in pounds, paged by 10', async () => {
    stubApi(users.brandAdmin, {
      [`GET /api/dashboard/getInvoice/${ids.campaign}`]: {
        respCode: 200,
        fileName: 'x.pdf',
        pdfType: 'detailed',
        pdfData: { detailedList: Array.from({ length: 12 }, (_, index) => row(index)) },
      },
    });
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
    ).toEqual(['1', '2025-05-01 12:30', 'LS1 4DY', '1000', '23.45', '2.34']);
    expect(within(table).getAllByRole('row')).toHaveLength(transactionPageSize + 1);
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('row', { name: /1011/ })).toBeTruthy();
  });
});

describe('Last Transaction modal', () => {
  it('lists each distributor with its last transaction date, for the current filter', async () => {
    const sent = stubApi(users.brandAdmin, {
      'POST /api/ingestionLogs/getUploadedDate': {
        respCode: 200,
        ingestionLogDate: null,
        ingestionLogList: [
          { data_source: 'NextJump', last_trans_date: '2025-06-10T14:00:00.000Z' },
          { data_source: 'Mastercard', last_trans_date: null },
        ],
      },
    });
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

    const nextJump = await screen.findByRole('row', { name: /NextJump/ });
    expect(
      within(nextJump)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['NextJump', '2025-06-10']);
    expect(screen.getByRole('row', { name: /Mastercard/ }).textContent).toContain('N/A');
    expect(sent.find((s) => s.method === 'POST')!.body).toEqual({ data_source: 'All', brandId: ids.brand });
  });
});
