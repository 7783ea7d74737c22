import { describe, expect, it } from 'vitest';
import { budgetPacing, budgetThresholdsCrossed, percentOfBudget } from './budget-pacing.rules.ts';

/** A June 2025 campaign (30 days) with a £1,000.00 budget, London time unless said. */
const june = (
  budgetSpentPence: number,
  change: { budgetType?: 'budget' | 'na'; budgetPence?: number | null } = {},
) => ({
  start_date: '2025-06-01',
  budgetType: change.budgetType ?? ('budget' as const),
  budgetPence: change.budgetPence === undefined ? 100_000 : change.budgetPence,
  budgetSpentPence,
});
const london = 'Europe/London';
const noonOn = (date: string) => new Date(`${date}T11:00:00Z`);

describe('budgetPacing', () => {
  it('projects the day the budget runs out at the pace so far', () => {
    // 10 days (1–10 June, today counted) spent £400: £40 a day, £1,000 lasts 25 days → 25 June.
    expect(budgetPacing(june(40_000), noonOn('2025-06-10'), london)).toEqual({
      spentPence: 40_000,
      budgetPence: 100_000,
      percentUsed: 40,
      projection: 'runsOut',
      runsOutOn: '2025-06-25',
    });
  });

  it('rounds the lasting days up: the budget runs out on the day its total is reached', () => {
    // 3 days spent £700: 1,000 × 3 / 700 = 4.29 days → the 5th day, 5 June.
    expect(budgetPacing(june(70_000), noonOn('2025-06-03'), london).runsOutOn).toBe('2025-06-05');
  });

  it('says not before the campaign ends when nothing is spent yet', () => {
    const pacing = budgetPacing(june(0), noonOn('2025-06-20'), london);
    expect(pacing).toMatchObject({ percentUsed: 0, projection: 'notBeforeEnd', runsOutOn: null });
  });

  it('says not before the campaign ends when the pace lasts past the month', () => {
    // 15 days spent £400: 37.5 days, past the 30th.
    expect(budgetPacing(june(40_000), noonOn('2025-06-15'), london).projection).toBe('notBeforeEnd');
  });

  it('says used up once what was spent reaches the budget, whatever the day', () => {
    expect(budgetPacing(june(100_000), noonOn('2025-06-04'), london)).toMatchObject({
      percentUsed: 100,
      projection: 'usedUp',
      runsOutOn: null,
    });
    expect(budgetPacing(june(100_000), noonOn('2025-08-01'), london).projection).toBe('usedUp');
  });

  it('on the last day a budget not used up lasts the month: today counts as a day spent', () => {
    expect(budgetPacing(june(99_999), noonOn('2025-06-30'), london)).toMatchObject({
      percentUsed: 99,
      projection: 'notBeforeEnd',
    });
    // The day before, the same spending runs out on the last day.
    expect(budgetPacing(june(97_000), noonOn('2025-06-29'), london).runsOutOn).toBe('2025-06-30');
  });

  it('projects nothing before the month or after it', () => {
    expect(budgetPacing(june(10_000), noonOn('2025-05-31'), london).projection).toBe('notBeforeEnd');
    expect(budgetPacing(june(10_000), noonOn('2025-07-01'), london).projection).toBe('notBeforeEnd');
  });

  it('counts the days in the timezone setting', () => {
    // 22:30 UTC on 1 June is still 1 June in London (BST) but 2 June in Auckland: one day so far, or two.
    const lateOnFirst = new Date('2025-06-01T22:30:00Z');
    expect(budgetPacing(june(50_000), lateOnFirst, london).runsOutOn).toBe('2025-06-02');
    expect(budgetPacing(june(50_000), lateOnFirst, 'Pacific/Auckland').runsOutOn).toBe('2025-06-04');
    // 23:30 UTC on 31 May is already June 1 in London (BST): the month has begun there.
    expect(budgetPacing(june(50_000), new Date('2025-05-31T23:30:00Z'), london).runsOutOn).toBe('2025-06-02');
    expect(budgetPacing(june(50_000), new Date('2025-05-31T23:30:00Z'), 'UTC').projection).toBe(
      'notBeforeEnd',
    );
  });

  it('has no percentage or projection without a budget', () => {
    expect(
      budgetPacing(june(5_000, { budgetType: 'na', budgetPence: null }), noonOn('2025-06-10'), london),
    ).toEqual({
      spentPence: 5_000,
      budgetPence: null,
      percentUsed: null,
      projection: 'noBudget',
      runsOutOn: null,
    });
  });
});

describe('percentOfBudget', () => {
  it('rounds down, so 80% is reached only at 80%', () => {
    expect(percentOfBudget(79_999, 100_000)).toBe(79);
    expect(percentOfBudget(80_000, 100_000)).toBe(80);
    expect(percentOfBudget(-500, 100_000)).toBe(0);
  });
});

describe('budgetThresholdsCrossed', () => {
  const campaign = { budgetType: 'budget' as const, budgetPence: 10_000 };

  it('names each threshold below before and reached after', () => {
    expect(budgetThresholdsCrossed(campaign, 7_999, 8_000)).toEqual([80]);
    expect(budgetThresholdsCrossed(campaign, 8_000, 9_999)).toEqual([]);
    expect(budgetThresholdsCrossed(campaign, 9_000, 10_000)).toEqual([100]);
    expect(budgetThresholdsCrossed(campaign, 0, 10_000)).toEqual([80, 100]);
  });

  it('crosses nothing going down, or without a budget', () => {
    expect(budgetThresholdsCrossed(campaign, 10_000, 7_000)).toEqual([]);
    expect(budgetThresholdsCrossed({ budgetType: 'na', budgetPence: null }, 0, 1_000_000)).toEqual([]);
  });
});
