import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { OverviewRaw } from '@krowd/domain/overview/overview-response.schema';
import type { OverviewFigures } from '@krowd/domain/overview/overview.schema';
import { OverviewEditor } from './overview-editor-page.tsx';

const m = messages.overview;
const campaignId = 'c0c0c0c0-0000-4000-8000-000000000001';

const figures: OverviewFigures = {
  co: {
    totalCost: 1_250,
    highestSpend: 5_000,
    lowestSpend: 1_000,
    averageSpend: 2_500,
    reach: 400,
    conversions: 3,
    revenue: 7_500,
    cpa: 417,
  },
  performance: [{ date: '2025-06-02', reach: 400, conversions: 3, revenue: 7_500 }],
  stats: [
    { type: 'age', label: '25-34', value: 2 },
    { type: 'branches', label: 'Soho', value: 3 },
    { type: 'nationality', label: 'British', value: 3 },
    { type: 'gender', label: 'Female', value: 1 },
  ],
};

const raw: OverviewRaw = {
  campaign: { id: campaignId, name: 'Green Fork25061', startDate: '2025-06-01', endDate: '2025-06-30' },
  overview: { ...figures, campaign_id: campaignId },
  computed: figures,
  computedAt: '2025-07-01T10:00:00.000Z',
  overridden: false,
};

/** Renders the editor against a fake API; answers the PUT with `answer` and records what it sent. */
function renderEditor(options: { canEdit?: boolean; answer?: { status: number; body: unknown } } = {}) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: URL | string, init: RequestInit) => {
      if (init.method === 'PUT') {
        sent.push(JSON.parse(init.body as string));
        const answer = options.answer ?? { status: 200, body: { respCode: 205, respMessage: m.saved } };
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }
      return new Response(JSON.stringify({ respCode: 200 }));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <OverviewEditor raw={raw} canEdit={options.canEdit ?? true} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return sent;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OverviewEditor', () => {
  it('shows the computed value beside each summary amount and the totals row', () => {
    renderEditor();
    expect(screen.getByText('Computed: £12.50')).toBeTruthy();
    expect(screen.getByTestId('performance-totals').textContent).toContain('£75.00');
  });

  it('will not save without a performance row', async () => {
    const sent = renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await submit();
    expect(await screen.findByText(m.performanceEmpty)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('will not save while a statistics tab is empty', async () => {
    const sent = renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Age entry' }));
    await submit();
    expect(await screen.findByText(m.statsEmpty('age'))).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('refuses a date outside the campaign and a missing amount', async () => {
    const sent = renderEditor();
    fireEvent.change(screen.getByLabelText('Date of row 1'), { target: { value: '01/07/2025' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Total Cost/ }), { target: { value: '' } });
    await submit();
    expect(await screen.findByText(m.dateOutsideCampaign('2025-06-01', '2025-06-30'))).toBeTruthy();
    expect(await screen.findByText(m.totalCostRequired)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('saves pounds as pence, with a row added, and says so', async () => {
    const sent = renderEditor();
    fireEvent.change(screen.getByRole('textbox', { name: /Total Cost/ }), { target: { value: '20.5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fireEvent.change(screen.getByLabelText('Reach of row 2'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Conversions of row 2'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Revenue of row 2'), { target: { value: '12.34' } });
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      campaign_id: campaignId,
      co: { totalCost: 2_050, highestSpend: 5_000, lowestSpend: 1_000, averageSpend: 2_500 },
      performance: [
        { date: '2025-06-02', reach: 400, conversions: 3, revenue: 7_500 },
        { date: '2025-06-03', reach: 100, conversions: 1, revenue: 1_234 },
      ],
    });
  });

  it("shows 'Error : ' and the server's message when the save fails", async () => {
    renderEditor({ answer: { status: 400, body: { errorMessage: 'Not found.' } } });
    await submit();
    expect(await screen.findByText(m.saveError('Not found.'))).toBeTruthy();
  });

  it('is read only for those who may not edit', () => {
    renderEditor({ canEdit: false });
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByText(m.readOnly)).toBeTruthy();
  });
});
