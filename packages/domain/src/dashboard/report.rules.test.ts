import { describe, expect, it } from 'vitest';
import {
  brandFilterKind,
  campaignReportRange,
  countLabel,
  dateCardOf,
  dateCondition,
  dateRangeBounds,
  defaultDateRange,
  filterVisibility,
  invoiceAction,
  monthYearLabel,
  type FilterVisibilityInput,
} from './report.rules';

const zone = 'America/New_York';
/** 15 June 2025, 12:00 in New York. */
const midJune = new Date('2025-06-15T16:00:00Z');

describe('invoice button (Download Invoice / View Transaction)', () => {
  it('downloads when the campaign opened before the first of the current month', () => {
    expect(invoiceAction('2025-05-01T04:00:00.000Z', midJune, zone)).toBe('download');
  });

  it('views transactions for a campaign of the current month or later', () => {
    expect(invoiceAction('2025-06-01T04:00:00.000Z', midJune, zone)).toBe('view');
    expect(invoiceAction('2025-07-01T04:00:00.000Z', midJune, zone)).toBe('view');
  });

  it('takes the month from the timezone setting', () => {
    // 1 June 02:00 UTC is still 31 May in New York: June has not begun there.
    const earlyFirst = new Date('2025-06-01T02:00:00Z');
    expect(invoiceAction('2025-05-01T04:00:00.000Z', earlyFirst, zone)).toBe('view');
    expect(invoiceAction('2025-04-01T04:00:00.000Z', earlyFirst, zone)).toBe('download');
  });
});

describe('date card', () => {
  it('shows the campaign count when there is no single campaign', () => {
    expect(dateCardOf(null, 4, midJune, zone)).toEqual({ kind: 'campaigns', count: 4 });
  });

  it('shows the days left, today included, while the campaign runs', () => {
    expect(dateCardOf({ start_date: '2025-06-01' }, 1, midJune, zone)).toEqual({
      kind: 'daysLeft',
      days: 16,
    });
    const lastDay = new Date('2025-06-30T16:00:00Z');
    expect(dateCardOf({ start_date: '2025-06-01' }, 1, lastDay, zone)).toEqual({ kind: 'daysLeft', days: 1 });
  });

  it('shows the days to the start while the campaign is in the future', () => {
    expect(dateCardOf({ start_date: '2025-07-01' }, 0, midJune, zone)).toEqual({
      kind: 'daysToStart',
      days: 16,
    });
  });

  it('shows the month and year once the campaign is past', () => {
    expect(dateCardOf({ start_date: '2025-02-01' }, 1, midJune, zone)).toEqual({
      kind: 'month',
      month: 2,
      year: 2025,
    });
  });
});

describe('labels', () => {
  it('names the month and year', () => {
    expect(monthYearLabel(6, 2025)).toBe('June 2025');
    expect(monthYearLabel(12, 2024)).toBe('December 2024');
  });

  it('is singular for 1 or fewer, otherwise plural', () => {
    expect(countLabel(0, 'Day')).toBe('0 Day');
    expect(countLabel(1, 'Day')).toBe('1 Day');
    expect(countLabel(2, 'Day')).toBe('2 Days');
  });
});

describe('date range', () => {
  it('defaults to the last 30 days ending today', () => {
    expect(defaultDateRange(midJune, zone)).toEqual({ start: '2025-05-17', end: '2025-06-15' });
  });

  it('allows no future date and no end before the start', () => {
    expect(dateRangeBounds('2025-06-01', midJune, zone)).toEqual({
      startMax: '2025-06-15',
      endMin: '2025-06-01',
      endMax: '2025-06-15',
    });
    expect(dateRangeBounds(undefined, midJune, zone).endMin).toBeUndefined();
  });

  it('sends the dates only when both are set', () => {
    expect(dateCondition('2025-06-01', '2025-06-10')).toEqual(['2025-06-01', '2025-06-10']);
    expect(dateCondition('2025-06-01', undefined)).toBeUndefined();
    expect(dateCondition(undefined, '2025-06-10')).toBeUndefined();
  });

  it("asks for a campaign's month, cut at today, and nothing before it starts", () => {
    expect(campaignReportRange('2025-04-01', midJune, zone)).toEqual({
      start: '2025-04-01',
      end: '2025-04-30',
    });
    expect(campaignReportRange('2025-06-01', midJune, zone)).toEqual({
      start: '2025-06-01',
      end: '2025-06-15',
    });
    expect(campaignReportRange('2025-07-01', midJune, zone)).toBeNull();
  });
});

describe('filter visibility', () => {
  const base: FilterVisibilityInput = {
    audience: 'brandAdmin',
    hasData: true,
    isTwoCustomer: true,
    offerTypes: ['dp'],
    invoiceCount: 0,
  };

  it('gives Group to client admins (and banks), Brand to them and group roles', () => {
    expect(brandFilterKind('clientAdmin')).toBe('groupsAndBrands');
    expect(brandFilterKind('bank')).toBe('groupsAndBrands');
    expect(brandFilterKind('groupAdmin')).toBe('groupBrands');
    expect(brandFilterKind('groupUser')).toBe('groupBrands');
    for (const audience of ['user', 'companyAdmin', 'brandAdmin', 'brandUser'] as const) {
      expect(brandFilterKind(audience)).toBe('ownBrand');
      const visible = filterVisibility({ ...base, audience });
      expect([visible.group, visible.brand]).toEqual([false, false]);
    }
    expect(filterVisibility({ ...base, audience: 'clientAdmin' })).toMatchObject({
      group: true,
      brand: true,
    });
    expect(filterVisibility({ ...base, audience: 'groupUser' })).toMatchObject({ group: false, brand: true });
  });

  it('shows Branch once a specific brand is chosen (always for one-brand roles)', () => {
    expect(filterVisibility(base).branch).toBe(true);
    expect(filterVisibility({ ...base, audience: 'groupAdmin', brandId: 'All' }).branch).toBe(false);
    expect(filterVisibility({ ...base, audience: 'groupAdmin', brandId: '' }).branch).toBe(false);
    expect(filterVisibility({ ...base, audience: 'groupAdmin', brandId: 'b1' }).branch).toBe(true);
  });

  it('shows Publisher while there is data or a publisher is chosen', () => {
    expect(filterVisibility(base).publisher).toBe(true);
    expect(filterVisibility({ ...base, hasData: false }).publisher).toBe(false);
    expect(filterVisibility({ ...base, hasData: false, dataSource: 'LUX' }).publisher).toBe(true);
  });

  it('shows Customer Type only with two customer types, a group or brand, and ATR', () => {
    expect(filterVisibility({ ...base, dataSource: 'ATR' }).customerType).toBe(true);
    expect(filterVisibility({ ...base, dataSource: 'LUX' }).customerType).toBe(false);
    expect(filterVisibility({ ...base, dataSource: 'ATR', isTwoCustomer: false }).customerType).toBe(false);
    const operator = { ...base, audience: 'clientAdmin' as const, dataSource: 'ATR' };
    expect(filterVisibility(operator).customerType).toBe(false);
    expect(filterVisibility({ ...operator, groupId: 'g1' }).customerType).toBe(true);
    expect(filterVisibility({ ...operator, brandId: 'b1' }).customerType).toBe(true);
  });

  it('shows Offer Type when offer types exist and the invoice selector when invoices do', () => {
    expect(filterVisibility(base).offerType).toBe(true);
    expect(filterVisibility({ ...base, offerTypes: [] }).offerType).toBe(false);
    expect(filterVisibility(base).invoice).toBe(false);
    expect(filterVisibility({ ...base, invoiceCount: 2 }).invoice).toBe(true);
  });
});
