import { describe, expect, it } from 'vitest';
import {
  applyFormRules,
  branchSelectionPayload,
  campaignName,
  campaignNameForMonth,
  campaignStatuses,
  cardNetworkCampaignName,
  discountText,
  needsLastTransaction,
  statusLabel,
  type CampaignStatus,
  type CampaignStatusLabel,
} from './campaign.rules.ts';

describe('statusLabel', () => {
  it.each<{ status: CampaignStatus; label: CampaignStatusLabel }>([
    { status: 'Active', label: 'Approved' },
    { status: 'Bank Approved', label: 'Approved' },
    { status: 'Pending', label: 'Submitted' },
    { status: 'Bank Approval Pending', label: 'Submitted' },
    { status: 'Rejected', label: 'Rejected' },
    { status: 'Krowd Rejected', label: 'Rejected' },
    { status: 'Bank Rejected', label: 'Rejected' },
  ])('a campaign stored as $status shows as $label', ({ status, label }) => {
    expect(statusLabel(status)).toBe(label);
  });

  it('has a label for every stored status', () => {
    for (const status of campaignStatuses) expect(statusLabel(status)).toBeTypeOf('string');
  });
});

describe('campaignName', () => {
  it.each([
    { brand: 'Green Fork', start: '2025-12-01', count: 0, name: 'Green Fork25121' },
    { brand: 'Green Fork', start: '2026-01-01', count: 4, name: 'Green Fork26015' },
    { brand: 'Green Fork', start: '2026-03-01', count: 11, name: 'Green Fork260312' },
    { brand: '  Green   Fork ', start: '2026-03-01', count: 0, name: 'Green Fork26031' },
    { brand: 'Yo', start: '2024-02-01', count: 0, name: 'Yo24021' },
    { brand: '', start: '2030-10-01', count: 99, name: '3010100' },
  ])('$brand starting $start with $count campaigns is named "$name"', ({ brand, start, count, name }) => {
    expect(campaignName(brand, start, count)).toBe(name);
  });

  it('cuts a long brand name so the whole name keeps its suffix within 70 characters', () => {
    const name = campaignName('B'.repeat(80), '2026-03-01', 122);
    expect(name).toHaveLength(70);
    expect(name.endsWith('2603123')).toBe(true);
  });

  it('does not leave a space before the suffix when the cut falls after a word', () => {
    const brand = `${'A'.repeat(64)} Bistro`;
    expect(campaignName(brand, '2026-03-01', 0)).toBe(`${'A'.repeat(64)}26031`);
  });

  it('is always at least 5 characters long', () => {
    expect(campaignName('', '2026-03-01', 0).length).toBeGreaterThanOrEqual(5);
  });

  it.each([-1, 1.5, Number.NaN])('refuses a campaign count of %s', (count) => {
    expect(() => campaignName('Green Fork', '2026-03-01', count)).toThrow(RangeError);
  });
});

describe('cardNetworkCampaignName', () => {
  it.each([
    { brand: 'Green Fork', start: '2025-12-01', name: 'Green Fork December 2025' },
    { brand: 'Green Fork', start: '2026-01-01', name: 'Green Fork January 2026' },
    { brand: 'Curry House', start: '2024-02-01', name: 'Curry House February 2024' },
  ])('$brand starting $start is named "$name"', ({ brand, start, name }) => {
    expect(cardNetworkCampaignName(brand, start)).toBe(name);
  });

  it('cuts a long brand name to keep within 70 characters', () => {
    const name = cardNetworkCampaignName('B'.repeat(80), '2026-09-01');
    expect(name).toHaveLength(70);
    expect(name.endsWith(' September 2026')).toBe(true);
  });
});

describe('campaignNameForMonth', () => {
  it.each([
    { name: 'Green Fork26013', from: '2026-01-01', to: '2026-03-01', renamed: 'Green Fork26033' },
    { name: 'Green Fork261112', from: '2026-11-01', to: '2027-02-01', renamed: 'Green Fork270212' },
    { name: 'Cafe 2612261213', from: '2026-12-01', to: '2027-01-01', renamed: 'Cafe 2612270113' },
    { name: 'Cafe 2612261226121', from: '2026-12-01', to: '2027-01-01', renamed: 'Cafe 2612261227011' },
    {
      name: 'Green Fork January 2026',
      from: '2026-01-01',
      to: '2026-03-01',
      renamed: 'Green Fork March 2026',
    },
  ])('"$name" moved from $from to $to is "$renamed"', ({ name, from, to, renamed }) => {
    expect(campaignNameForMonth(name, from, to)).toBe(renamed);
  });

  it('keeps the sequence number the campaign was created with', () => {
    const created = campaignName('Green Fork', '2026-01-01', 6);
    expect(campaignNameForMonth(created, '2026-01-01', '2026-04-01')).toBe(
      campaignName('Green Fork', '2026-04-01', 6),
    );
  });

  it('keeps the name when the month stays or the name follows neither reading', () => {
    expect(campaignNameForMonth('Green Fork26013', '2026-01-15', '2026-01-01')).toBe('Green Fork26013');
    expect(campaignNameForMonth('Summer special', '2026-01-01', '2026-03-01')).toBe('Summer special');
  });
});

describe('applyFormRules', () => {
  const dvFields = { discountAmount: 50, discountValue: 10 };
  const ssFields = { discountSpreadAmount: 20, discountSpreadValue: 15, spreadAvgSpend: 30 };

  it('clears the minimum spend and value and forces all customers when the discount is a percent', () => {
    const form = {
      discountType: 'dp',
      discountPercent: 12,
      customerType: 'existing',
      lastTransaction: 3,
      ...dvFields,
      ...ssFields,
    };
    expect(applyFormRules(form)).toEqual({
      discountType: 'dp',
      discountPercent: 12,
      customerType: 'all',
      lastTransaction: 'NULL',
      discountAmount: undefined,
      discountValue: undefined,
      discountSpreadAmount: undefined,
      discountSpreadValue: undefined,
      spreadAvgSpend: undefined,
    });
  });

  it('keeps the customer type of a value discount and clears the other kinds', () => {
    const form = {
      discountType: 'dv',
      discountPercent: 12,
      customerType: 'lapsed',
      lastTransaction: 6,
      ...dvFields,
      ...ssFields,
    };
    expect(applyFormRules(form)).toEqual({
      discountType: 'dv',
      discountPercent: undefined,
      customerType: 'lapsed',
      lastTransaction: 6,
      ...dvFields,
      discountSpreadAmount: undefined,
      discountSpreadValue: undefined,
      spreadAvgSpend: undefined,
    });
  });

  it('keeps the spread fields of a spread discount and clears the other kinds', () => {
    const form = {
      discountType: 'ss',
      discountPercent: 12,
      customerType: 'new',
      lastTransaction: 2,
      ...dvFields,
      ...ssFields,
    };
    expect(applyFormRules(form)).toEqual({
      discountType: 'ss',
      discountPercent: undefined,
      customerType: 'new',
      lastTransaction: 'NULL',
      discountAmount: undefined,
      discountValue: undefined,
      ...ssFields,
    });
  });

  it.each([
    { customerType: 'all', lastTransaction: 4, sent: 'NULL' },
    { customerType: 'new', lastTransaction: 4, sent: 'NULL' },
    { customerType: 'existing', lastTransaction: 4, sent: 4 },
    { customerType: 'lapsed', lastTransaction: 9, sent: 9 },
    { customerType: 'existing', lastTransaction: 'NULL', sent: 'NULL' },
  ])(
    'a $customerType customer with last transaction $lastTransaction sends $sent',
    ({ customerType, lastTransaction, sent }) => {
      expect(applyFormRules({ discountType: 'ss', customerType, lastTransaction }).lastTransaction).toBe(
        sent,
      );
    },
  );

  it.each([
    { budgetType: 'na', budget: 500, kept: undefined },
    { budgetType: 'budget', budget: 500, kept: 500 },
  ])('budget type $budgetType keeps budget $kept', ({ budgetType, budget, kept }) => {
    expect(applyFormRules({ budgetType, budget }).budget).toBe(kept);
  });

  it('leaves every other field alone and does not change the form it is given', () => {
    const form = { discountType: 'dp', customerType: 'new', name: 'Green Fork26031', recurring: false };
    const next = applyFormRules(form);
    expect(next).toMatchObject({ name: 'Green Fork26031', recurring: false });
    expect(form.customerType).toBe('new');
  });

  it.each([
    { customerType: 'existing', needs: true },
    { customerType: 'lapsed', needs: true },
    { customerType: 'all', needs: false },
    { customerType: 'new', needs: false },
  ])('a $customerType customer needs a last transaction: $needs', ({ customerType, needs }) => {
    expect(needsLastTransaction(customerType)).toBe(needs);
  });
});

describe('branchSelectionPayload', () => {
  const all = ['b1', 'b2', 'b3'];

  it.each([
    { selected: ['b1', 'b2', 'b3'], payload: { type: 'All' }, why: 'every branch' },
    { selected: ['b3', 'b1', 'b2'], payload: { type: 'All' }, why: 'every branch in another order' },
    { selected: ['b1', 'b3'], payload: { merchantIds: ['b1', 'b3'] }, why: 'some branches' },
    { selected: ['b2', 'b2'], payload: { merchantIds: ['b2'] }, why: 'a branch chosen twice' },
    { selected: [], payload: { merchantIds: [] }, why: 'no branch (the schema refuses it)' },
  ])('$why gives $payload', ({ selected, payload }) => {
    expect(branchSelectionPayload(selected, all)).toEqual(payload);
  });

  it('never says All for a brand without branches', () => {
    expect(branchSelectionPayload([], [])).toEqual({ merchantIds: [] });
  });

  it('sends a single branch of a one-branch brand as All', () => {
    expect(branchSelectionPayload(['b1'], ['b1'])).toEqual({ type: 'All' });
  });
});

describe("discountText (the lists' Discount(%) column)", () => {
  const none = { discountPercent: null, discountValue: null, discountSpreadValue: null };

  it('shows a percent discount with its sign', () => {
    expect(discountText({ ...none, discountType: 'dp', discountPercent: 15 })).toBe('15%');
    expect(discountText({ ...none, discountType: 'ss', discountSpreadValue: 12 })).toBe('12%');
  });

  it('shows a value discount as pounds off, so it is not read as a percent', () => {
    expect(discountText({ ...none, discountType: 'dv', discountValue: 5 })).toBe('£5.00 off');
    expect(discountText({ ...none, discountType: 'dv', discountValue: 1250.5 })).toBe('£1,250.50 off');
  });

  it('has nothing to show for a campaign without its discount', () => {
    expect(discountText({ ...none, discountType: 'dv' })).toBeNull();
    expect(discountText({ ...none, discountType: 'dp' })).toBeNull();
  });
});
