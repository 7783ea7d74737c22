import { describe, expect, it } from 'vitest';
import type { CampaignStatus } from '../campaign/campaign.rules.ts';
import { messages } from '../messages/messages.ts';
import {
  percentOfPence,
  qualificationMessage,
  qualifyForCampaign,
  qualifyTransaction,
  type CardHistory,
  type QualificationCampaign,
  type QualificationInput,
  type QualificationTransaction,
  type QualificationOutcome,
  type QualificationReason,
  type QualifiedOutcome,
  type RefundOriginal,
} from './qualification.rules.ts';
import { juneCampaign } from './qualification.fixtures.ts';

/**
 * Every case starts from one purchase and one campaign and changes what it tests:
 * - the timezone setting Europe/London (BST, UTC+1, in June);
 * - a £50.00 purchase at branch 'branch-1' of brand 'brand-1' on Wednesday 11 June 2025 at
 *   12:00 London time, by a card with no earlier purchase at the brand;
 * - campaign 'june' of brand-1 for June 2025, approved, all branches, every day, no hours, all
 *   customers, dp 10%, success fee 10%, no budget;
 * - the brand's 4th campaign month (March, April, May, June), so the success fee is charged.
 * It earns 10% of 5,000 p = 500 p cashback and 500 p success fee.
 */
const london = 'Europe/London';
const newYork = 'America/New_York';
const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const mondayToFriday = everyDay.slice(0, 5);

function campaign(change: Partial<QualificationCampaign> = {}): QualificationCampaign {
  return juneCampaign({ status: 'Bank Approved', ...change });
}

const noHistory: CardHistory = { lastPurchaseAt: null, averageSpendPence: null };

function input(change: {
  datetime?: string;
  amountPence?: number;
  campaigns?: QualificationCampaign[];
  history?: CardHistory;
  brandCampaignMonths?: string[];
  branch?: QualificationInput['branch'];
  original?: RefundOriginal | null;
  timeZone?: string;
}): QualificationInput {
  // A whole transaction of a file, of which the engine reads the instant and amount.
  const transaction: QualificationTransaction = {
    publisher: 'ATR',
    transactionId: 'T-1',
    datetime: change.datetime ?? '2025-06-11T12:00:00+01:00',
    amountPence: change.amountPence ?? 5_000,
    mid: 'MID-1',
    cardToken: 'card-1',
    cardLast4: '4242',
    postcode: 'EC1A 1BB',
  };
  return {
    transaction,
    branch:
      change.branch === undefined
        ? { branchId: 'branch-1', brandId: 'brand-1', status: 'Active' }
        : change.branch,
    campaigns: change.campaigns ?? [campaign()],
    history: change.history ?? noHistory,
    brandCampaignMonths: change.brandCampaignMonths ?? ['2025-03', '2025-04', '2025-05', '2025-06'],
    original: change.original,
    timeZone: change.timeZone ?? london,
  };
}

type Change = Parameters<typeof input>[0];

/** 'qualified 500/500' or the reason, so one table column says what happened. */
function summary(outcome: QualificationOutcome): string {
  if (outcome.outcome === 'notQualified') return outcome.reason;
  return `${outcome.outcome} ${outcome.cashbackPence}/${outcome.successFeePence}`;
}

const run = (change: Change) => summary(qualifyTransaction(input(change)));

function qualified(change: Change): QualifiedOutcome {
  const outcome = qualifyTransaction(input(change));
  if (outcome.outcome === 'notQualified') throw new Error(`Expected a reward, got ${outcome.reason}`);
  return outcome;
}

describe('a qualified purchase', () => {
  it('names the campaign, the cashback and fee in pence, the customer type and the offer type', () => {
    expect(qualifyTransaction(input({}))).toEqual({
      outcome: 'qualified',
      campaignId: 'june',
      cashbackPence: 500,
      successFeePence: 500,
      customerType: 'new',
      offerType: 'dp',
      terms: {
        cashbackPercent: 10,
        cashbackValuePence: null,
        minimumSpendPence: 0,
        successFeePercent: 10,
        successFeeFree: false,
      },
    });
  });
});

describe('rounding: each amount rounds half up to the penny, per transaction', () => {
  it.each([
    [5_000, 10, 500],
    [1_230, 15, 185], // 184.5 → 185
    [1_234, 15, 185], // 185.1 → 185
    [1_237, 15, 186], // 185.55 → 186
    [50, 1, 1], // 0.5 → 1
    [49, 1, 0], // 0.49 → 0
    [1, 100, 1],
    [0, 10, 0],
  ])('%i p × %i%% = %i p', (pence, percent, expected) => {
    expect(percentOfPence(pence, percent)).toBe(expected);
  });

  it('rounds the cashback and the success fee separately', () => {
    // 1,235 p: dp 10% → 123.5 → 124; fee 15% → 185.25 → 185.
    expect(run({ amountPence: 1_235, campaigns: [campaign({ successFee: 15 })] })).toBe('qualified 124/185');
  });
});

describe('discount types (brief §5)', () => {
  const dv = {
    discountType: 'dv',
    discountPercent: null,
    discountAmountPence: 3_000,
    discountValuePence: 500,
  } as const;
  const ss = {
    discountType: 'ss',
    discountPercent: null,
    discountSpreadAmount: 20,
    discountSpreadValue: 10,
  } as const;
  const averaging = (averageSpendPence: number | null): CardHistory => ({
    lastPurchaseAt: averageSpendPence === null ? null : Date.parse('2025-05-01T12:00:00+01:00'),
    averageSpendPence,
  });

  it.each<[string, Change, string]>([
    [
      'dp: the percent of the amount',
      { campaigns: [campaign({ discountPercent: 25 })] },
      'qualified 1250/500',
    ],
    ['dp: no minimum spend, 1 p qualifies (10% of 1 p rounds to 0)', { amountPence: 1 }, 'qualified 0/0'],
    [
      'dv: exactly the minimum spend earns the fixed value',
      { amountPence: 3_000, campaigns: [campaign(dv)] },
      'qualified 500/300',
    ],
    [
      'dv: above the minimum the value stays fixed',
      { amountPence: 9_999, campaigns: [campaign(dv)] },
      'qualified 500/1000',
    ],
    ['dv: 1 p below the minimum', { amountPence: 2_999, campaigns: [campaign(dv)] }, 'belowMinimumSpend'],
    [
      'ss: exactly 20% above the card average of 3,000 p',
      { amountPence: 3_600, campaigns: [campaign(ss)], history: averaging(3_000) },
      'qualified 360/360',
    ],
    [
      'ss: 1 p below the stretch target',
      { amountPence: 3_599, campaigns: [campaign(ss)], history: averaging(3_000) },
      'belowStretchSpend',
    ],
    [
      'ss: a fractional target (3,333 × 1.1 = 3,666.3) rounds up to 3,667',
      {
        amountPence: 3_667,
        campaigns: [campaign({ ...ss, discountSpreadAmount: 10 })],
        history: averaging(3_333),
      },
      'qualified 367/367',
    ],
    [
      'ss: 3,666 p is below 3,666.3',
      {
        amountPence: 3_666,
        campaigns: [campaign({ ...ss, discountSpreadAmount: 10 })],
        history: averaging(3_333),
      },
      'belowStretchSpend',
    ],
    [
      'ss: the card average wins over the campaign average',
      {
        amountPence: 3_600,
        campaigns: [campaign({ ...ss, spreadAvgSpendPence: 4_000 })],
        history: averaging(3_000),
      },
      'qualified 360/360',
    ],
    [
      'ss: a card with no average uses the campaign average',
      { amountPence: 4_800, campaigns: [campaign({ ...ss, spreadAvgSpendPence: 4_000 })] },
      'qualified 480/480',
    ],
    [
      'ss: below the campaign average target',
      { amountPence: 4_799, campaigns: [campaign({ ...ss, spreadAvgSpendPence: 4_000 })] },
      'belowStretchSpend',
    ],
    ['ss: no average at all', { amountPence: 9_999, campaigns: [campaign(ss)] }, 'noAverageSpend'],
  ])('%s', (_, change, expected) => {
    expect(run(change)).toBe(expected);
  });

  it('keeps the terms a refund needs: dv value and minimum, ss percent and stretch target', () => {
    expect(qualified({ amountPence: 3_000, campaigns: [campaign(dv)] }).terms).toMatchObject({
      cashbackPercent: null,
      cashbackValuePence: 500,
      minimumSpendPence: 3_000,
    });
    expect(
      qualified({ amountPence: 3_600, campaigns: [campaign(ss)], history: averaging(3_000) }),
    ).toMatchObject({
      offerType: 'ss',
      terms: { cashbackPercent: 10, cashbackValuePence: null, minimumSpendPence: 3_600 },
    });
  });
});

describe('campaign month in the timezone setting', () => {
  it.each<[string, string, string, string]>([
    ['London: 1 June 00:00 BST is 31 May 23:00 UTC', '2025-05-31T23:00:00Z', london, 'qualified 500/500'],
    ['London: the last millisecond of May', '2025-05-31T22:59:59.999Z', london, 'notInCampaignMonth'],
    ['London: the last millisecond of June', '2025-06-30T22:59:59.999Z', london, 'qualified 500/500'],
    ['London: 1 July 00:00 BST', '2025-06-30T23:00:00Z', london, 'notInCampaignMonth'],
    [
      'London: the offset in the file does not matter, only the instant',
      '2025-06-01T00:00:00+01:00',
      london,
      'qualified 500/500',
    ],
    ['New York: 1 June 00:00 EDT is 04:00 UTC', '2025-06-01T04:00:00Z', newYork, 'qualified 500/500'],
    [
      'New York: 31 May 23:59:59 EDT, already June in London',
      '2025-06-01T03:59:59Z',
      newYork,
      'notInCampaignMonth',
    ],
    [
      'New York: 30 June 23:59:59 EDT, already July in UTC',
      '2025-07-01T03:59:59Z',
      newYork,
      'qualified 500/500',
    ],
    ['New York: 1 July 00:00 EDT', '2025-07-01T04:00:00Z', newYork, 'notInCampaignMonth'],
  ])('%s', (_, datetime, timeZone, expected) => {
    expect(run({ datetime, timeZone })).toBe(expected);
  });
});

describe('branches (MID → branch → brand)', () => {
  it.each<[string, Change, string]>([
    ['a MID no branch has', { branch: null }, 'unknownMerchantId'],
    [
      'a chosen branch',
      { campaigns: [campaign({ allBranches: false, branchIds: ['branch-0', 'branch-1'] })] },
      'qualified 500/500',
    ],
    [
      'a branch the campaign did not choose',
      { campaigns: [campaign({ allBranches: false, branchIds: ['branch-2'] })] },
      'branchNotInCampaign',
    ],
    [
      'all branches, but the MID is another brand’s',
      { branch: { branchId: 'branch-9', brandId: 'brand-2', status: 'Active' } },
      'branchNotInCampaign',
    ],
    ['a brand with no campaign', { campaigns: [] }, 'noCampaign'],
    [
      'all branches, at an Approved branch',
      { branch: { branchId: 'branch-1', brandId: 'brand-1', status: 'Approved' } },
      'qualified 500/500',
    ],
    [
      'all branches, at an Updated branch: it earns on its reviewed IDs while the new ones wait (decision 0070)',
      { branch: { branchId: 'branch-1', brandId: 'brand-1', status: 'Updated' } },
      'qualified 500/500',
    ],
    ...(['Pending', 'Rejected', 'Deleted'] as const).map((status): [string, Change, string] => [
      `all branches, at a ${status} branch: only approved branches carry campaigns`,
      { branch: { branchId: 'branch-1', brandId: 'brand-1', status } },
      'branchNotApproved',
    ]),
    [
      'a chosen branch since rejected',
      {
        branch: { branchId: 'branch-1', brandId: 'brand-1', status: 'Rejected' },
        campaigns: [campaign({ allBranches: false, branchIds: ['branch-1'] })],
      },
      'branchNotApproved',
    ],
  ])('%s', (_, change, expected) => {
    expect(run(change)).toBe(expected);
  });
});

describe('status: only approved campaigns pay (brief §5)', () => {
  it.each<[CampaignStatus, string]>([
    ['Bank Approved', 'qualified 500/500'],
    ['Active', 'qualified 500/500'],
    ['Pending', 'campaignNotApproved'],
    ['Bank Approval Pending', 'campaignNotApproved'],
    ['Rejected', 'campaignNotApproved'],
    ['Bank Rejected', 'campaignNotApproved'],
    ['Krowd Rejected', 'campaignNotApproved'],
  ])('%s → %s', (status, expected) => {
    expect(run({ campaigns: [campaign({ status })] })).toBe(expected);
  });
});

describe('paused ranges: both days inclusive, in local dates', () => {
  const paused = campaign({ pauses: [{ from: '2025-06-10', to: '2025-06-12' }] });
  it.each<[string, string, string]>([
    ['the day before', '2025-06-09T23:59:59+01:00', 'qualified 500/500'],
    ['the first day, 00:00 London (23:00 UTC the day before)', '2025-06-09T23:00:00Z', 'campaignPaused'],
    ['the last day, 23:59:59 London', '2025-06-12T23:59:59+01:00', 'campaignPaused'],
    ['the day after, 00:00 London', '2025-06-12T23:00:00Z', 'qualified 500/500'],
  ])('%s', (_, datetime, expected) => {
    expect(run({ datetime, campaigns: [paused] })).toBe(expected);
  });
});

describe('week days in the timezone setting', () => {
  const weekdays = mondayToFriday;
  const toSaturday = [...mondayToFriday, 'Saturday' as const];
  it.each<[string, string, string, string, readonly QualificationCampaign['weekDays'][number][], string]>([
    ['London BST: Friday 23:59:59', '2025-06-13T22:59:59Z', london, '2025-06-01', weekdays, 'qualified'],
    [
      'London BST: Saturday 00:00 (still Friday in UTC)',
      '2025-06-13T23:00:00Z',
      london,
      '2025-06-01',
      weekdays,
      'outsideCampaignDays',
    ],
    [
      'London BST: Sunday 23:59:59',
      '2025-06-15T22:59:59Z',
      london,
      '2025-06-01',
      weekdays,
      'outsideCampaignDays',
    ],
    [
      'London BST: Monday 00:00 (still Sunday in UTC)',
      '2025-06-15T23:00:00Z',
      london,
      '2025-06-01',
      weekdays,
      'qualified',
    ],
    [
      'London GMT: Friday 23:59:59, the same as UTC',
      '2025-01-10T23:59:59Z',
      london,
      '2025-01-01',
      weekdays,
      'qualified',
    ],
    [
      'London GMT: Saturday 00:00',
      '2025-01-11T00:00:00Z',
      london,
      '2025-01-01',
      weekdays,
      'outsideCampaignDays',
    ],
    [
      'New York EDT: Friday 23:59:59 (Saturday in UTC)',
      '2025-06-14T03:59:59Z',
      newYork,
      '2025-06-01',
      weekdays,
      'qualified',
    ],
    [
      'New York EDT: Saturday 00:00',
      '2025-06-14T04:00:00Z',
      newYork,
      '2025-06-01',
      weekdays,
      'outsideCampaignDays',
    ],
    [
      'London, clocks go forward on Sunday 30 March: Saturday 23:59:59 GMT',
      '2025-03-29T23:59:59Z',
      london,
      '2025-03-01',
      toSaturday,
      'qualified',
    ],
    [
      'London, clocks go forward: Sunday 00:00 GMT',
      '2025-03-30T00:00:00Z',
      london,
      '2025-03-01',
      toSaturday,
      'outsideCampaignDays',
    ],
    [
      'London, clocks go back on Sunday 26 October: Saturday 23:59:59 BST',
      '2025-10-25T22:59:59Z',
      london,
      '2025-10-01',
      toSaturday,
      'qualified',
    ],
    [
      'London, clocks go back: Sunday 00:00 BST (Saturday in UTC)',
      '2025-10-25T23:00:00Z',
      london,
      '2025-10-01',
      toSaturday,
      'outsideCampaignDays',
    ],
  ])('%s', (_, datetime, timeZone, start_date, weekDays, expected) => {
    const outcome = run({ datetime, timeZone, campaigns: [campaign({ start_date, weekDays })] });
    expect(outcome.split(' ')[0]).toBe(expected);
  });
});

describe('campaign hours: start inclusive, end exclusive, local time', () => {
  const hours = (start_time: string | null, end_time: string | null, start_date = '2025-06-01') =>
    campaign({ start_time, end_time, start_date });
  it.each<[string, string, QualificationCampaign, string]>([
    [
      '11:00–14:00, 10:59:59.999',
      '2025-06-11T10:59:59.999+01:00',
      hours('11:00', '14:00'),
      'outsideCampaignHours',
    ],
    ['11:00–14:00, 11:00:00 exactly', '2025-06-11T11:00:00+01:00', hours('11:00', '14:00'), 'qualified'],
    ['11:00–14:00, 13:59:59.999', '2025-06-11T13:59:59.999+01:00', hours('11:00', '14:00'), 'qualified'],
    [
      '11:00–14:00, 14:00:00 exactly',
      '2025-06-11T14:00:00+01:00',
      hours('11:00', '14:00'),
      'outsideCampaignHours',
    ],
    [
      '11:00–14:00 read in London, not UTC: 13:30 UTC is 14:30 BST',
      '2025-06-11T13:30:00Z',
      hours('11:00', '14:00'),
      'outsideCampaignHours',
    ],
    ['start only 18:00, 17:59:59', '2025-06-11T17:59:59+01:00', hours('18:00', null), 'outsideCampaignHours'],
    ['start only 18:00, 23:59:59', '2025-06-11T23:59:59+01:00', hours('18:00', null), 'qualified'],
    ['end only 10:00, 00:00:00', '2025-06-11T00:00:00+01:00', hours(null, '10:00'), 'qualified'],
    ['end only 10:00, 10:00:00', '2025-06-11T10:00:00+01:00', hours(null, '10:00'), 'outsideCampaignHours'],
    [
      'clocks go forward, 02:00–03:00: 00:59:59 GMT',
      '2025-03-30T00:59:59Z',
      hours('02:00', '03:00', '2025-03-01'),
      'outsideCampaignHours',
    ],
    [
      'clocks go forward, 02:00–03:00: 01:00 UTC is 02:00 BST',
      '2025-03-30T01:00:00Z',
      hours('02:00', '03:00', '2025-03-01'),
      'qualified',
    ],
    [
      'clocks go forward, 02:00–03:00: 02:00 UTC is 03:00 BST',
      '2025-03-30T02:00:00Z',
      hours('02:00', '03:00', '2025-03-01'),
      'outsideCampaignHours',
    ],
    [
      'clocks go back, 01:00–02:00: 00:00 UTC is 01:00 BST',
      '2025-10-26T00:00:00Z',
      hours('01:00', '02:00', '2025-10-01'),
      'qualified',
    ],
    [
      'clocks go back, 01:00–02:00: 01:00 UTC is 01:00 GMT, the hour again',
      '2025-10-26T01:00:00Z',
      hours('01:00', '02:00', '2025-10-01'),
      'qualified',
    ],
    [
      'clocks go back, 01:00–02:00: 02:00 UTC is 02:00 GMT',
      '2025-10-26T02:00:00Z',
      hours('01:00', '02:00', '2025-10-01'),
      'outsideCampaignHours',
    ],
  ])('%s', (_, datetime, test, expected) => {
    expect(run({ datetime, campaigns: [test] }).split(' ')[0]).toBe(expected);
  });
});

describe('customer type from the card history at the brand', () => {
  // The purchase is 11 June 2025 12:00 BST (11:00 UTC). 3 months before is 11 March 12:00 GMT
  // (12:00 UTC); 12 months before is 11 June 2024 12:00 BST (11:00 UTC).
  const lastAt = (lastPurchaseAt: string | null): CardHistory => ({
    lastPurchaseAt: lastPurchaseAt === null ? null : Date.parse(lastPurchaseAt),
    averageSpendPence: null,
  });
  const threeMonths = '2025-03-11T12:00:00Z';
  const justOverThree = '2025-03-11T11:59:59.999Z';
  const twelveMonths = '2024-06-11T11:00:00Z';
  const justOverTwelve = '2024-06-11T10:59:59.999Z';
  const type = (
    customerType: QualificationCampaign['customerType'],
    lastTransaction: number | 'NULL' = 'NULL',
  ) => campaign({ customerType, lastTransaction });

  it.each<[string, QualificationCampaign, string | null, string]>([
    ['all, no history → new', type('all'), null, 'new'],
    ['all, bought last month → existing', type('all'), '2025-05-20T12:00:00Z', 'existing'],
    ['all, bought exactly 12 months before → existing', type('all'), twelveMonths, 'existing'],
    ['all, bought just over 12 months before → new', type('all'), justOverTwelve, 'new'],
    ['new, no history', type('new'), null, 'new'],
    ['new, bought exactly 12 months before', type('new'), twelveMonths, 'customerTypeMismatch'],
    ['new, bought just over 12 months before', type('new'), justOverTwelve, 'new'],
    ['existing 3, bought exactly 3 months before', type('existing', 3), threeMonths, 'existing'],
    [
      'existing 3, bought just over 3 months before',
      type('existing', 3),
      justOverThree,
      'customerTypeMismatch',
    ],
    ['existing 3, no history', type('existing', 3), null, 'customerTypeMismatch'],
    ['lapsed 3, bought exactly 3 months before', type('lapsed', 3), threeMonths, 'customerTypeMismatch'],
    ['lapsed 3, bought just over 3 months before', type('lapsed', 3), justOverThree, 'lapsed'],
    ['lapsed 3, bought 2 years before', type('lapsed', 3), '2023-06-01T12:00:00Z', 'lapsed'],
    ['lapsed 3, no history', type('lapsed', 3), null, 'customerTypeMismatch'],
    ['lapsed 12, bought just over 12 months before', type('lapsed', 12), justOverTwelve, 'lapsed'],
  ])('%s', (_, test, lastPurchaseAt, expected) => {
    const outcome = qualifyTransaction(input({ campaigns: [test], history: lastAt(lastPurchaseAt) }));
    expect(outcome.outcome === 'notQualified' ? outcome.reason : outcome.customerType).toBe(expected);
  });

  it('counts calendar months in the timezone: 1 month before 31 March 12:00 BST is 28 February 12:00 GMT', () => {
    const march = campaign({ start_date: '2025-03-01', customerType: 'existing', lastTransaction: 1 });
    const at = '2025-03-31T12:00:00+01:00';
    expect(run({ datetime: at, campaigns: [march], history: lastAt('2025-02-28T12:00:00Z') })).toBe(
      'qualified 500/0',
    );
    expect(run({ datetime: at, campaigns: [march], history: lastAt('2025-02-28T11:59:59Z') })).toBe(
      'customerTypeMismatch',
    );
  });
});

describe('budget: cashback plus fee may reach the budget, never pass it', () => {
  const budgeted = (budgetSpentPence: number) =>
    campaign({ budgetType: 'budget', budgetPence: 10_000, budgetSpentPence });
  it.each<[string, QualificationCampaign, string]>([
    ['nothing spent', budgeted(0), 'qualified 500/500'],
    ['this purchase reaches the budget exactly (9,000 + 1,000)', budgeted(9_000), 'qualified 500/500'],
    [
      'this purchase would pass it by 1 p: it earns nothing, not the remainder',
      budgeted(9_001),
      'budgetExhausted',
    ],
    ['the budget already reached', budgeted(10_000), 'budgetExhausted'],
    [
      'no budget (na): no cap',
      campaign({ budgetType: 'na', budgetSpentPence: 1_000_000 }),
      'qualified 500/500',
    ],
  ])('%s', (_, test, expected) => {
    expect(run({ campaigns: [test] })).toBe(expected);
  });
});

describe('success fee: free in the brand’s first 3 campaign months', () => {
  it.each<[string, string[], string]>([
    ['the 1st campaign month', ['2025-06'], 'qualified 500/0'],
    ['the 3rd', ['2025-04', '2025-05', '2025-06'], 'qualified 500/0'],
    ['the 4th', ['2025-03', '2025-04', '2025-05', '2025-06'], 'qualified 500/500'],
    [
      'the 3rd with a gap: months are campaign months, not calendar months',
      ['2024-01', '2025-02', '2025-06'],
      'qualified 500/0',
    ],
    ['later months do not count', ['2025-06', '2025-07', '2025-08', '2025-09'], 'qualified 500/0'],
    ['a month listed twice counts once', ['2025-04', '2025-04', '2025-05', '2025-06'], 'qualified 500/0'],
  ])('%s', (_, brandCampaignMonths, expected) => {
    expect(run({ brandCampaignMonths })).toBe(expected);
  });

  it('records that the fee was free', () => {
    expect(qualified({ brandCampaignMonths: ['2025-06'] }).terms).toMatchObject({
      successFeePercent: 0,
      successFeeFree: true,
    });
  });
});

describe('one reward per transaction: the larger cashback wins', () => {
  const other = (id: string, change: Partial<QualificationCampaign>) => campaign({ id, ...change });
  it.each<[string, QualificationCampaign[], string]>([
    ['15% beats 10%, whatever the order', [campaign(), other('bigger', { discountPercent: 15 })], 'bigger'],
    ['15% beats 10%, listed first', [other('bigger', { discountPercent: 15 }), campaign()], 'bigger'],
    [
      'dv £5 and dp 10% of £50 tie: the earlier created wins',
      [
        other('dv', {
          createdAt: '2025-03-01T09:00:00Z',
          discountType: 'dv',
          discountPercent: null,
          discountAmountPence: 1_000,
          discountValuePence: 500,
        }),
        campaign(),
      ],
      'dv',
    ],
    [
      'equal cashback, the earlier created wins',
      [campaign(), other('older', { createdAt: '2025-03-31T09:00:00Z' })],
      'older',
    ],
    ['equal cashback, created together: the lower id wins', [other('zeta', {}), other('alpha', {})], 'alpha'],
    [
      'the bigger one over budget: the smaller pays',
      [
        campaign(),
        other('bigger', { discountPercent: 15, budgetType: 'budget', budgetPence: 100, budgetSpentPence: 0 }),
      ],
      'june',
    ],
    [
      'the bigger one for another branch: the smaller pays',
      [campaign(), other('bigger', { discountPercent: 15, allBranches: false, branchIds: ['branch-2'] })],
      'june',
    ],
  ])('%s', (_, campaigns, winner) => {
    expect(qualified({ campaigns }).campaignId).toBe(winner);
  });

  it('the cashback decides, not cashback plus fee', () => {
    const lowFee = other('lowFee', { discountPercent: 12, successFee: 0 });
    const highFee = other('highFee', { discountPercent: 11, successFee: 30 });
    expect(qualified({ campaigns: [highFee, lowFee] }).campaignId).toBe('lowFee');
  });
});

describe('when nothing qualifies, the reason is that of the campaign that came closest', () => {
  it('prefers a June campaign that failed on the day over a May campaign', () => {
    const may = campaign({ id: 'may', start_date: '2025-05-01' });
    const june = campaign({ weekDays: ['Monday'] });
    expect(qualifyTransaction(input({ campaigns: [may, june] }))).toEqual({
      outcome: 'notQualified',
      reason: 'outsideCampaignDays',
      campaignId: 'june',
    });
  });

  it('on a tie in closeness, the earliest created campaign gives the reason', () => {
    const later = campaign({ id: 'later', createdAt: '2025-05-01T00:00:00Z', start_time: '18:00' });
    const earlier = campaign({ id: 'earlier', createdAt: '2025-01-01T00:00:00Z', end_time: '09:00' });
    const outcome = qualifyTransaction(input({ campaigns: [later, earlier] }));
    expect(outcome).toMatchObject({ reason: 'outsideCampaignHours', campaignId: 'earlier' });
  });

  it.each<[QualificationReason, Partial<QualificationCampaign>]>([
    ['notInCampaignMonth', { start_date: '2025-07-01', status: 'Pending' }],
    ['branchNotInCampaign', { allBranches: false, branchIds: [], status: 'Pending' }],
    ['campaignNotApproved', { status: 'Pending', weekDays: [] }],
    ['campaignPaused', { pauses: [{ from: '2025-06-11', to: '2025-06-11' }], weekDays: [] }],
    ['outsideCampaignDays', { weekDays: ['Monday'], start_time: '18:00' }],
    ['outsideCampaignHours', { start_time: '18:00', customerType: 'existing', lastTransaction: 1 }],
    [
      'customerTypeMismatch',
      {
        customerType: 'existing',
        lastTransaction: 1,
        discountType: 'dv',
        discountAmountPence: 9_000,
        discountValuePence: 500,
      },
    ],
    [
      'belowMinimumSpend',
      {
        discountType: 'dv',
        discountAmountPence: 9_000,
        discountValuePence: 500,
        budgetType: 'budget',
        budgetPence: 0,
      },
    ],
  ])('checks in order: %s comes first', (reason, change) => {
    expect(run({ campaigns: [campaign(change)] })).toBe(reason);
  });
});

describe('refunds reverse what their original earned', () => {
  const earned = qualified({});
  const original = (
    refundedPence = 0,
    outcome: QualificationOutcome = earned,
    amountPence = 5_000,
  ): RefundOriginal => ({
    amountPence,
    refundedPence,
    outcome,
  });

  it('a full refund takes back the cashback and fee, same campaign, customer type and offer', () => {
    expect(qualifyTransaction(input({ amountPence: -5_000, original: original() }))).toEqual({
      ...earned,
      outcome: 'refund',
      cashbackPence: -500,
      successFeePence: -500,
    });
  });

  it.each<[string, number, RefundOriginal, string]>([
    ['a partial refund: £50 → £40 takes back 10%', -1_000, original(), 'refund -100/-100'],
    ['the second half of two halves', -2_500, original(2_500), 'refund -250/-250'],
    ['more than was paid: everything, nothing more', -6_000, original(), 'refund -500/-500'],
    ['after a full refund: nothing left to take back', -100, original(5_000), 'refund 0/0'],
  ])('%s', (_, amountPence, from, expected) => {
    expect(run({ amountPence, original: from })).toBe(expected);
  });

  it('still reverses a refund at a branch rejected since its purchase earned', () => {
    expect(
      run({
        amountPence: -1_000,
        branch: { branchId: 'branch-1', brandId: 'brand-1', status: 'Rejected' },
        original: original(),
      }),
    ).toBe('refund -100/-100');
  });

  it('partial refunds add up to the original exactly, whatever the rounding', () => {
    // 1,235 p at 10%: 123.5 → 124. Refunds of 617 and 618: 124 − 62 = 62 (618 left → 61.8 → 62), then 62.
    const odd = qualified({ amountPence: 1_235 });
    expect(odd.cashbackPence).toBe(124);
    const first = run({ amountPence: -617, original: original(0, odd, 1_235) });
    const second = run({ amountPence: -618, original: original(617, odd, 1_235) });
    expect([first, second]).toEqual(['refund -62/-62', 'refund -62/-62']);
  });

  it('dv: the fixed value stays while what is left still reaches the minimum spend', () => {
    const dv = qualified({
      campaigns: [
        campaign({
          discountType: 'dv',
          discountPercent: null,
          discountAmountPence: 3_000,
          discountValuePence: 500,
        }),
      ],
    });
    expect(run({ amountPence: -2_000, original: original(0, dv) })).toBe('refund 0/-200');
    expect(run({ amountPence: -2_001, original: original(0, dv) })).toBe('refund -500/-500');
  });

  it('a refund of a purchase in a free month takes back no fee', () => {
    const free = qualified({ brandCampaignMonths: ['2025-06'] });
    expect(run({ amountPence: -5_000, original: original(0, free) })).toBe('refund -500/0');
  });

  it('reverses after the campaign month, on any day and hour, whatever the budget', () => {
    const closed = campaign({ weekDays: ['Monday'], budgetType: 'budget', budgetPence: 0 });
    expect(
      run({
        datetime: '2025-07-20T03:00:00Z',
        amountPence: -5_000,
        original: original(),
        campaigns: [closed],
      }),
    ).toBe('refund -500/-500');
  });

  it.each<[string, RefundOriginal | null, QualificationOutcome]>([
    [
      'no original found',
      null,
      { outcome: 'notQualified', reason: 'refundOriginalNotFound', campaignId: null },
    ],
    [
      'an original that did not qualify',
      original(0, { outcome: 'notQualified', reason: 'belowMinimumSpend', campaignId: 'june' }),
      { outcome: 'notQualified', reason: 'refundOfUnqualified', campaignId: 'june' },
    ],
  ])('earns nothing for %s', (_, from, expected) => {
    expect(qualifyTransaction(input({ amountPence: -5_000, original: from }))).toEqual(expected);
  });

  it('a refund at an unknown MID is reported as the unknown MID', () => {
    expect(run({ amountPence: -5_000, branch: null, original: original() })).toBe('unknownMerchantId');
  });
});

describe('inputs the engine refuses', () => {
  it('a zero amount earns nothing', () => {
    expect(run({ amountPence: 0 })).toBe('zeroAmount');
  });

  it.each<[string, Change]>([
    ['an amount in fractions of a penny', { amountPence: 10.5 }],
    ['a date-time that is not ISO 8601 with an offset', { datetime: '11/06/2025' }],
    ['a date-time without an offset', { datetime: '2025-06-11T12:00:00' }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }],
    ['a dp campaign without its percent', { campaigns: [campaign({ discountPercent: null })] }],
    [
      'an existing-customer campaign without its months',
      { campaigns: [campaign({ customerType: 'existing' })] },
    ],
  ])('throws on %s (a programming error: the schemas validate first)', (_, change) => {
    expect(() => qualifyTransaction(input(change))).toThrow(RangeError);
  });
});

describe('the rule simulator and the messages', () => {
  it('tests one transaction against one campaign', () => {
    expect(summary(qualifyForCampaign(input({ campaigns: [] }), campaign({ weekDays: ['Monday'] })))).toBe(
      'outsideCampaignDays',
    );
  });

  it.each(Object.keys(messages.qualification) as QualificationReason[])(
    '%s has its text in the catalogue',
    (reason) => {
      const entry = messages.qualification[reason];
      // A cap's text is made with its number (cap-reasons.rules.ts); every other is the text itself.
      if (typeof entry === 'string') expect(qualificationMessage(reason)).toBe(entry);
      else
        expect(qualificationMessage(reason, { limit: 3, interval: 'day' })).toMatch(/^Capped: .*(3|£0\.03)/);
      expect(qualificationMessage(reason).length).toBeGreaterThan(0);
    },
  );

  it('says why in plain words', () => {
    expect(qualificationMessage('belowMinimumSpend')).toBe('Below minimum spend');
    expect(qualificationMessage('outsideCampaignHours')).toBe('Outside campaign hours');
  });
});
