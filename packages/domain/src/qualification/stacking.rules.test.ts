import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import {
  qualificationMessage,
  qualifyForCampaign,
  qualifyTransaction,
  type QualificationCampaign,
  type QualificationInput,
  type QualificationOutcome,
} from './qualification.rules.ts';
import { paysBefore } from './stacking.rules.ts';
import { juneCampaign } from './qualification.fixtures.ts';

/**
 * Stacking (qualification.md 'One reward per transaction: stacking', decision 0105): several live
 * campaigns of one brand match one purchase, exactly one pays. Every case is a £50.00 purchase at
 * branch-1 of brand-1 on Wednesday 11 June 2025 at 12:00 London time, by a card whose average
 * spend at the brand is £30.00, the brand's 4th campaign month (the fee is charged). The offers:
 * - `percent`: dp 10% → 500 p cashback;
 * - `value`: dv £6 off a spend of £30 → 600 p;
 * - `stretch`: ss 20% above the average (target £36.00), 14% back → 700 p;
 * created in that order, a day apart, unless a case says otherwise.
 */

function offer(id: string, change: Partial<QualificationCampaign> = {}): QualificationCampaign {
  return juneCampaign({ id, ...change });
}

const percent = offer('percent');
const value = offer('value', {
  createdAt: '2025-04-02T09:00:00Z',
  discountType: 'dv',
  discountPercent: null,
  discountAmountPence: 3_000,
  discountValuePence: 600,
});
const stretch = offer('stretch', {
  createdAt: '2025-04-03T09:00:00Z',
  discountType: 'ss',
  discountPercent: null,
  discountSpreadAmount: 20,
  discountSpreadValue: 14,
});

function input(campaigns: QualificationCampaign[], amountPence = 5_000): QualificationInput {
  return {
    transaction: { datetime: '2025-06-11T12:00:00+01:00', amountPence },
    branch: { branchId: 'branch-1', brandId: 'brand-1', status: 'Active' },
    campaigns,
    history: { lastPurchaseAt: Date.parse('2025-05-20T12:00:00+01:00'), averageSpendPence: 3_000 },
    brandCampaignMonths: ['2025-03', '2025-04', '2025-05', '2025-06'],
    timeZone: 'Europe/London',
  };
}

/** 'paid 700' for the payer, else its reason, with the campaign it names when stacked. */
function verdict(outcome: QualificationOutcome): string {
  if (outcome.outcome !== 'notQualified') return `paid ${outcome.cashbackPence}`;
  return outcome.paidBy ? `${outcome.reason} → ${outcome.paidBy.campaignId}` : outcome.reason;
}

/** What the stored transaction says, and every campaign's answer to "why not this one". */
function stack(campaigns: QualificationCampaign[], amountPence?: number) {
  const paid = qualifyTransaction(input(campaigns, amountPence));
  const each = Object.fromEntries(
    campaigns.map((campaign) => [
      campaign.id,
      verdict(qualifyForCampaign(input(campaigns, amountPence), campaign)),
    ]),
  );
  return { paid: paid.campaignId, each };
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('two overlapping campaigns: the one giving the cardholder more pays, the other names it', () => {
  it('£6 off beats 10% of £50 (500 p)', () => {
    expect(stack([percent, value])).toEqual({
      paid: 'value',
      each: { percent: 'stackedWithBetterOffer → value', value: 'paid 600' },
    });
  });

  it('10% of £80 (800 p) beats £6 off: the amount decides between a percent and a value', () => {
    expect(stack([percent, value], 8_000).paid).toBe('percent');
  });

  it('the stacked answer gives the payer and what it pays, and its text is in the catalogue', () => {
    expect(qualifyForCampaign(input([percent, value]), percent)).toEqual({
      outcome: 'notQualified',
      reason: 'stackedWithBetterOffer',
      campaignId: 'percent',
      paidBy: { campaignId: 'value', cashbackPence: 600 },
    });
    expect(qualificationMessage('stackedWithBetterOffer')).toBe(
      messages.qualification.stackedWithBetterOffer,
    );
  });
});

describe('three overlapping campaigns: percent, value and stretch spend', () => {
  it('the stretch offer gives 700 p and pays; both others name it', () => {
    expect(stack([percent, value, stretch])).toEqual({
      paid: 'stretch',
      each: {
        percent: 'stackedWithBetterOffer → stretch',
        value: 'stackedWithBetterOffer → stretch',
        stretch: 'paid 700',
      },
    });
  });

  it('below the stretch target (£35), the stretch offer gives its own reason and £6 off pays', () => {
    expect(stack([percent, value, stretch], 3_500)).toEqual({
      paid: 'value',
      each: {
        percent: 'stackedWithBetterOffer → value',
        value: 'paid 600',
        stretch: 'belowStretchSpend',
      },
    });
  });

  it.each(permutations([percent, value, stretch]).map((order) => [order.map((c) => c.id).join(', '), order]))(
    'the same payer whatever the order: %s',
    (_, order) => {
      expect(qualifyTransaction(input(order as QualificationCampaign[])).campaignId).toBe('stretch');
    },
  );

  it('pays exactly one campaign: the others answer not qualified', () => {
    const { each } = stack([percent, value, stretch]);
    expect(Object.values(each).filter((answer) => answer.startsWith('paid'))).toEqual(['paid 700']);
  });
});

describe('ties: the earliest created, then the lowest id', () => {
  const fiver = (id: string, createdAt: string) =>
    offer(id, {
      createdAt,
      discountType: 'dv',
      discountPercent: null,
      discountAmountPence: 0,
      discountValuePence: 500,
    });

  it('10% of £50 and £5 off give the same 500 p: the earlier created pays, in either order', () => {
    const older = fiver('older', '2025-03-01T09:00:00Z');
    for (const order of [
      [percent, older],
      [older, percent],
    ]) {
      expect(stack(order)).toEqual({
        paid: 'older',
        each: { older: 'paid 500', percent: 'stackedWithBetterOffer → older' },
      });
    }
  });

  it('created at the same instant: the lowest id pays', () => {
    const b = fiver('b-campaign', '2025-03-01T09:00:00Z');
    const a = fiver('a-campaign', '2025-03-01T09:00:00Z');
    expect(stack([b, a])).toEqual({
      paid: 'a-campaign',
      each: { 'b-campaign': 'stackedWithBetterOffer → a-campaign', 'a-campaign': 'paid 500' },
    });
  });

  it('is a total order: of two different campaigns exactly one pays before the other', () => {
    const pairs: [QualificationCampaign, QualificationCampaign][] = [
      [percent, value],
      [fiver('x', percent.createdAt), fiver('y', percent.createdAt)],
    ];
    for (const [a, b] of pairs) {
      for (const cashback of [
        [500, 500],
        [500, 600],
      ]) {
        expect(paysBefore(a, cashback[0]!, b, cashback[1]!)).not.toBe(
          paysBefore(b, cashback[1]!, a, cashback[0]!),
        );
      }
    }
  });
});

describe('only live campaigns are candidates', () => {
  it('a paused best offer gives its own reason, and the next best pays', () => {
    const paused = { ...stretch, pauses: [{ from: '2025-06-09', to: '2025-06-13' }] };
    expect(stack([percent, value, paused])).toEqual({
      paid: 'value',
      each: { percent: 'stackedWithBetterOffer → value', value: 'paid 600', stretch: 'campaignPaused' },
    });
  });

  it('a best offer not approved, for weekends, or after hours is no candidate either', () => {
    for (const change of [
      { status: 'Pending' },
      { weekDays: ['Saturday', 'Sunday'] },
      { start_time: '18:00' },
    ] as const) {
      expect(stack([percent, { ...stretch, ...change }]).paid).toBe('percent');
    }
  });
});

describe("a series' months overlapping other campaigns (campaigns.series)", () => {
  // A monthly series opened in May at 20%; its June child at 10%. Another series' June child, 12%.
  const mayPrimary = offer('series-a-may', { start_date: '2025-05-01', discountPercent: 20 });
  const juneChild = offer('series-a-june', { createdAt: '2025-04-25T00:00:00Z' });
  const otherSeries = offer('series-b-june', { createdAt: '2025-04-26T00:00:00Z', discountPercent: 12 });
  const brand = [mayPrimary, juneChild, otherSeries];

  it('in June only the June months are candidates: the 12% child pays, the 10% child names it', () => {
    expect(stack(brand)).toEqual({
      paid: 'series-b-june',
      each: {
        'series-a-may': 'notInCampaignMonth',
        'series-a-june': 'stackedWithBetterOffer → series-b-june',
        'series-b-june': 'paid 600',
      },
    });
  });

  it('in May the primary pays alone', () => {
    const may = {
      ...input(brand),
      transaction: { datetime: '2025-05-14T12:00:00+01:00', amountPence: 5_000 },
    };
    expect(qualifyTransaction(may)).toMatchObject({ outcome: 'qualified', campaignId: 'series-a-may' });
  });
});

describe('budget: a campaign whose budget cannot pay this purchase is no candidate', () => {
  // The stretch offer pays 700 p cashback + 500 p fee = 1,200 p.
  const capped = (spent: number) => ({
    ...stretch,
    budgetType: 'budget' as const,
    budgetPence: 10_000,
    budgetSpentPence: spent,
  });

  it('exhausted on the best: the next best pays, and the outcome lists the refused one', () => {
    const outcome = qualifyTransaction(input([percent, value, capped(8_801)]));
    expect(outcome).toMatchObject({ outcome: 'qualified', campaignId: 'value', budgetRefused: ['stretch'] });
    expect(verdict(qualifyForCampaign(input([percent, value, capped(8_801)]), capped(8_801)))).toBe(
      'budgetExhausted',
    );
  });

  it('reaching its budget exactly, the best still pays', () => {
    const outcome = qualifyTransaction(input([percent, value, capped(8_800)]));
    expect(outcome).toMatchObject({ campaignId: 'stretch', cashbackPence: 700 });
    expect(outcome.budgetRefused).toBeUndefined();
  });

  it('every refused budget is listed when none can pay', () => {
    const value10 = { ...value, budgetType: 'budget' as const, budgetPence: 100, budgetSpentPence: 0 };
    const outcome = qualifyTransaction(input([value10, capped(9_999)]));
    expect(outcome).toMatchObject({ outcome: 'notQualified', reason: 'budgetExhausted' });
    expect(outcome.budgetRefused).toEqual(['value', 'stretch']);
  });
});

describe('refunds follow the campaign that paid the purchase', () => {
  it('a full refund of a stacked purchase takes back the payer’s cashback and fee, nothing of the others', () => {
    const campaigns = [
      percent,
      value,
      { ...stretch, budgetType: 'budget' as const, budgetPence: 100, budgetSpentPence: 0 },
    ];
    const purchase = qualifyTransaction(input(campaigns));
    expect(purchase).toMatchObject({ campaignId: 'value', budgetRefused: ['stretch'] });
    const refund = qualifyTransaction({
      ...input(campaigns, -5_000),
      original: { amountPence: 5_000, refundedPence: 0, outcome: purchase },
    });
    expect(refund).toMatchObject({
      outcome: 'refund',
      campaignId: 'value',
      cashbackPence: -600,
      successFeePence: -500,
    });
    expect(refund.budgetRefused).toBeUndefined();
  });
});
