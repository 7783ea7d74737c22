import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { OverviewRaw } from '@krowd/domain/overview/overview-response.schema';
import type { OverviewFigures } from '@krowd/domain/overview/overview.schema';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi, type Answers } from '@/test/stub-api';
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

/** Renders the editor against the API, which answers the save with `saved`; keeps what was sent. */
function renderEditor(options: { canEdit?: boolean; saved?: Answers[string] } = {}) {
  const sent = stubApi({
    [`PUT /api/campaignoverview/${campaignId}`]: options.saved ?? { respCode: 205, respMessage: m.saved },
  });
  renderWithProviders(<OverviewEditor raw={raw} canEdit={options.canEdit ?? true} />);
  return {
    /** The bodies of the saves sent. */
    get saves() {
      return sent.filter((call) => call.method === 'PUT').map((call) => call.body);
    },
  };
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
    const editor = renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await submit();
    expect(await screen.findByText(m.performanceEmpty)).toBeTruthy();
    expect(editor.saves).toEqual([]);
  });

  it('will not save while a statistics tab is empty', async () => {
    const editor = renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Age entry' }));
    await submit();
    expect(await screen.findByText(m.statsEmpty('age'))).toBeTruthy();
    expect(editor.saves).toEqual([]);
  });

  it('refuses a date outside the campaign and a missing amount', async () => {
    const editor = renderEditor();
    fireEvent.change(screen.getByLabelText('Date of row 1'), { target: { value: '01/07/2025' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Total Cost/ }), { target: { value: '' } });
    await submit();
    expect(await screen.findByText(m.dateOutsideCampaign('2025-06-01', '2025-06-30'))).toBeTruthy();
    expect(await screen.findByText(m.totalCostRequired)).toBeTruthy();
    expect(editor.saves).toEqual([]);
  });

  it('saves pounds as pence, with a row added, and says so', async () => {
    const editor = renderEditor();
    fireEvent.change(screen.getByRole('textbox', { name: /Total Cost/ }), { target: { value: '20.5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fireEvent.change(screen.getByLabelText('Reach of row 2'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Conversions of row 2'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Revenue of row 2'), { target: { value: '12.34' } });
    await submit();
    await waitFor(() => expect(editor.saves).toHaveLength(1));
    expect(editor.saves[0]).toMatchObject({
      campaign_id: campaignId,
      co: { totalCost: 2_050, highestSpend: 5_000, lowestSpend: 1_000, averageSpend: 2_500 },
      performance: [
        { date: '2025-06-02', reach: 400, conversions: 3, revenue: 7_500 },
        { date: '2025-06-03', reach: 100, conversions: 1, revenue: 1_234 },
      ],
    });
  });

  it("shows 'Error : ' and the server's message when the save fails", async () => {
    renderEditor({ saved: () => refusal(400, 'Not found.') });
    await submit();
    expect(await screen.findByText(m.saveError('Not found.'))).toBeTruthy();
  });

  it('is read only for those who may not edit', () => {
    renderEditor({ canEdit: false });
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByText(m.readOnly)).toBeTruthy();
  });
});
