import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { PauseSettingsModal } from './pause-settings-modal.tsx';

const m = messages.campaign;

/** A series from April 2031 with three paused ranges: over, under way and to come on 15 April. */
const series: CampaignListItem = {
  _id: '0b5c5a1e-7c39-4a53-9a0e-2b2f3f1d9c11',
  name: 'Spring series',
  status: 'Bank Approved',
  statusLabel: 'Approved',
  discountType: 'dp',
  discountPercent: 10,
  discountValue: null,
  discountSpreadValue: null,
  successFee: 10,
  openingTime: '2031-04-01T04:00:00.000Z',
  closingTime: '2031-05-01T03:59:59.999Z',
  start_date: '2031-04-01',
  period: '04/2031',
  merchantNames: [],
  brandId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  brandName: 'Green Fork',
  customerType: 'all',
  suggestions: '',
  recurring: true,
  is_primary_campaign: true,
  pausedDate: ['01/04/2031 - 05/04/2031', '10/04/2031 - 20/04/2031', '01/06/2031 - 05/06/2031'],
  editable: false,
  hasQualifiedTransactions: false,
  seriesContinues: true,
  caps: 'No caps',
  holdoutShare: 1000,
  budgetUse: { spentPence: 0, budgetPence: null, percentUsed: null, projection: 'noBudget', runsOutOn: null },
};

describe('the paused ranges of a series (docs/decisions/0120)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-04-15T15:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers no edit or delete of a range that is over: its days were paused and stay so', () => {
    renderWithProviders(
      <PauseSettingsModal campaign={series} timeZone="America/New_York" onClose={() => {}} />,
    );

    for (const range of series.pausedDate) expect(screen.getByText(range)).toBeTruthy();
    const over = '01/04/2031 - 05/04/2031';
    expect(screen.queryByRole('button', { name: m.editPausedRangeNamed(over) })).toBeNull();
    expect(screen.queryByRole('button', { name: m.deletePausedRangeNamed(over) })).toBeNull();
    for (const range of ['10/04/2031 - 20/04/2031', '01/06/2031 - 05/06/2031']) {
      expect(screen.getByRole('button', { name: m.editPausedRangeNamed(range) })).toBeTruthy();
      expect(screen.getByRole('button', { name: m.deletePausedRangeNamed(range) })).toBeTruthy();
    }
  });
});
