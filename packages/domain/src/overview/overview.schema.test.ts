import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages';
import {
  campaignDates,
  completeSummary,
  emptyStatTypes,
  impressionRowSchema,
  overviewContentSchema,
  overviewCpa,
  overviewSchemaFor,
  overviewTriggerSchema,
  performanceTotals,
  weeklyPerformance,
} from './overview.schema';

const m = messages.overview;

const valid = () => ({
  co: { totalCost: 1000, highestSpend: 500, lowestSpend: 100, averageSpend: 250 },
  performance: [{ date: '2025-06-02', reach: 100, conversions: 4, revenue: 1000 }],
  stats: [
    { type: 'age', label: '25-34', value: 1 },
    { type: 'branches', label: 'Soho', value: 2 },
    { type: 'nationality', label: 'British', value: 3 },
    { type: 'gender', label: 'Female', value: 4 },
  ],
});

const messagesOf = (input: unknown, schema = overviewContentSchema) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the overview content', () => {
  it('accepts a complete overview', () => {
    expect(messagesOf(valid())).toEqual([]);
  });

  it.each([
    ['totalCost', m.totalCostRequired],
    ['highestSpend', m.highestSpendRequired],
    ['lowestSpend', m.lowestSpendRequired],
    ['averageSpend', m.averageSpendRequired],
  ])('requires %s', (field, message) => {
    for (const blank of [undefined, '', null]) {
      expect(messagesOf({ ...valid(), co: { ...valid().co, [field]: blank } })).toContain(message);
    }
  });

  it.each([-1, 0.5, 'abc'])('refuses %j pence as an amount', (value) => {
    expect(messagesOf({ ...valid(), co: { ...valid().co, totalCost: value } })).toEqual([m.moneyInvalid]);
  });

  it('accepts 0 pence and refuses a lowest spend above the highest', () => {
    expect(messagesOf({ ...valid(), co: { ...valid().co, totalCost: 0 } })).toEqual([]);
    expect(messagesOf({ ...valid(), co: { ...valid().co, lowestSpend: 501 } })).toEqual([
      m.lowestAboveHighest,
    ]);
    expect(messagesOf({ ...valid(), co: { ...valid().co, lowestSpend: 500 } })).toEqual([]);
  });

  it.each([
    [{ date: '' }, m.dateRequired],
    [{ date: '02/06/2025' }, messages.dashboard.dateInvalid],
    [{ reach: undefined }, m.reachRequired],
    [{ reach: -1 }, m.reachInvalid],
    [{ reach: 1.5 }, m.reachInvalid],
    [{ conversions: '' }, m.conversionsRequired],
    [{ conversions: -1 }, m.conversionsInvalid],
    [{ conversions: 0.1 }, m.conversionsInvalid],
    [{ revenue: undefined }, m.revenueRequired],
    [{ revenue: -1 }, m.revenueInvalid],
  ])('refuses the performance row change %j', (change, message) => {
    const row = { ...valid().performance[0]!, ...change };
    expect(messagesOf({ ...valid(), performance: [row] })).toEqual([message]);
  });

  it('accepts 0 reach, conversions and revenue', () => {
    const row = { date: '2025-06-02', reach: 0, conversions: 0, revenue: 0 };
    expect(messagesOf({ ...valid(), performance: [row] })).toEqual([]);
  });

  it('needs a performance row and an entry in each of the four tabs', () => {
    expect(messagesOf({ ...valid(), performance: [] })).toEqual([m.performanceEmpty]);
    expect(messagesOf({ ...valid(), stats: [] })).toEqual(
      ['age', 'branches', 'nationality', 'gender'].map((type) => m.statsEmpty(type)),
    );
    expect(emptyStatTypes(valid().stats.slice(2) as { type: 'nationality' }[])).toEqual(['age', 'branches']);
  });

  it('refuses a day twice', () => {
    const row = valid().performance[0]!;
    expect(messagesOf({ ...valid(), performance: [row, row] })).toEqual([m.dateRepeated]);
  });

  it.each([
    [{ label: ' ' }, m.labelRequired],
    [{ value: '' }, m.valueRequired],
    [{ value: 'many' }, m.valueInvalid],
  ])('refuses the stats row change %j', (change, message) => {
    const stats = valid().stats.map((stat, index) => (index === 0 ? { ...stat, ...change } : stat));
    expect(messagesOf({ ...valid(), stats })).toEqual([message]);
  });

  it('holds each date within the campaign, both ends included', () => {
    const schema = overviewSchemaFor({ startDate: '2025-06-01', endDate: '2025-06-30' });
    const at = (date: string) => ({ ...valid(), performance: [{ ...valid().performance[0]!, date }] });
    expect(messagesOf(at('2025-06-01'), schema)).toEqual([]);
    expect(messagesOf(at('2025-06-30'), schema)).toEqual([]);
    for (const date of ['2025-05-31', '2025-07-01']) {
      expect(messagesOf(at(date), schema)).toEqual([m.dateOutsideCampaign('2025-06-01', '2025-06-30')]);
    }
  });
});

describe('the figures an overview implies', () => {
  it('totals the performance rows and divides the cost by the conversions, or N/A', () => {
    const rows = [
      { reach: 10, conversions: 3, revenue: 300 },
      { reach: 5, conversions: 0, revenue: 0 },
    ];
    expect(performanceTotals(rows)).toEqual({ reach: 15, conversions: 3, revenue: 300 });
    expect(overviewCpa(1000, 3)).toBe(333);
    expect(overviewCpa(1001, 2)).toBe(501);
    expect(overviewCpa(1000, 0)).toBe('N/A');
    expect(completeSummary({ co: valid().co, performance: [] }).cpa).toBe('N/A');
  });

  it("gives a campaign's month from its start date", () => {
    expect(campaignDates('2025-06-01')).toEqual({ startDate: '2025-06-01', endDate: '2025-06-30' });
    expect(campaignDates('2024-02-10')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
  });
});

describe('the create trigger and the impressions row', () => {
  it.each([
    [{ start_date: '2025-06', end_date: '2025-06' }, []],
    [{ start_date: '2024-01', end_date: '2025-12' }, []],
    [{ start_date: '2024-01', end_date: '2026-01' }, [m.monthRangeTooLong(24)]],
    [{ start_date: '2025-07', end_date: '2025-06' }, [m.endMonthBeforeStart]],
    [{ start_date: '', end_date: '2025-06' }, [m.startMonthRequired]],
    [{ start_date: '2025-06', end_date: '2025-6' }, [m.monthInvalid]],
  ])('%j → %j', (input, expected) => {
    expect(messagesOf(input, overviewTriggerSchema as never)).toEqual(expected);
  });

  it('reads a row and names each bad field', () => {
    const row = {
      date: '2025-06-02',
      publisher: 'ATR',
      campaign_id: '6f1c2d7e-1111-4a2b-9c3d-000000000001',
      reach: '120',
    };
    expect(impressionRowSchema.parse(row)).toEqual({ ...row, reach: 120 });
    expect(messagesOf({ ...row, reach: '-1' }, impressionRowSchema as never)).toEqual([
      m.impressionsReachInvalid,
    ]);
    expect(messagesOf({ ...row, reach: '1.5' }, impressionRowSchema as never)).toEqual([
      m.impressionsReachInvalid,
    ]);
    expect(messagesOf({ ...row, date: '2025-02-30' }, impressionRowSchema as never)).toEqual([
      m.impressionsDateInvalid,
    ]);
    expect(messagesOf({ ...row, campaign_id: '12' }, impressionRowSchema as never)).toEqual([
      m.impressionsCampaignInvalid,
    ]);
    expect(messagesOf({ ...row, publisher: '' }, impressionRowSchema as never)).toEqual([
      m.impressionsPublisherInvalid,
    ]);
  });
});

describe('weekly performance', () => {
  it('labels days with their ISO year-week and sums each week', () => {
    const rows = [
      { date: '2025-06-09', reach: 5, conversions: 1, revenue: 100 },
      { date: '2025-06-02', reach: 10, conversions: 2, revenue: 300 },
      { date: '2025-06-08', reach: 1, conversions: 1, revenue: 50 },
    ];
    expect(weeklyPerformance(rows, 'conversions')).toEqual([
      { label: '2025-W23', value: 3 },
      { label: '2025-W24', value: 1 },
    ]);
  });
});
