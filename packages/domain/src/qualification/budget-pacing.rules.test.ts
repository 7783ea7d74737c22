import { describe, expect, it } from 'vitest';
import { budgetPacing, budgetThresholdsCrossed, percentOfBudget } from './budget-pacing.rules.ts';

/** A June 2025 campaign (30 days) with a £1,000.00 budget, London time unless said. */
const june = (
  budgetSpentPence: number,
  change: {
    budgetType?: 'budget' | 'na';
    budgetPence?: number | null;
    pauses?: { from: string; to: string }[];
  } = {},
) => ({
  start_date: '2025-06-01',
  budgetType: change.budgetType ?? ('budget' as const),
  budgetPence: change.budgetPence === undefined ? 100_000 : change.budgetPence,
  budgetSpentPence,
  pauses: change.pauses ?? [],
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

describe('budgetPacing of a paused campaign (docs/decisions/0120)', () => {
  const on = (spent: number, today: string, pauses: { from: string; to: string }[]) =>
    budgetPacing(june(spent, { pauses }), noonOn(today), london);

  it('takes the pace over the days it was live: paused days do not slow it', () => {
    // 1–10 June, paused 3–7: 5 live days spent £400, £80 a live day; £1,000 lasts 12.5 → 13 live
    // days: 1, 2, 8–18 June → 18 June (not 25 June, as if the pause had been spending nothing).
    expect(on(40_000, '2025-06-10', [{ from: '2025-06-03', to: '2025-06-07' }])).toMatchObject({
      projection: 'runsOut',
      runsOutOn: '2025-06-18',
    });
  });

  it('skips the paused days still to come when it counts forward', () => {
    // 10 live days spent £400: 25 live days; paused 20–24 June, so the 25th live day is 30 June.
    expect(on(40_000, '2025-06-10', [{ from: '2025-06-20', to: '2025-06-24' }]).runsOutOn).toBe('2025-06-30');
    // Paused 20–25: the 25th live day would be 1 July, after the month.
    expect(on(40_000, '2025-06-10', [{ from: '2025-06-20', to: '2025-06-25' }]).projection).toBe(
      'notBeforeEnd',
    );
  });

  it('paused the whole time so far: no pace to project from', () => {
    expect(on(5_000, '2025-06-10', [{ from: '2025-06-01', to: '2025-06-15' }])).toMatchObject({
      percentUsed: 5,
      projection: 'notBeforeEnd',
      runsOutOn: null,
    });
  });

  it('paused today: today is not a live day, and the budget runs out on a live day after it', () => {
    // 1–9 June live spent £450 (£50 a day): 20 live days; 10 June paused, so 1–9, 11–21 → 21 June.
    expect(on(45_000, '2025-06-10', [{ from: '2025-06-10', to: '2025-06-10' }]).runsOutOn).toBe('2025-06-21');
    // Unpaused, today counts: 10 days, 22.2 → 23 days → 23 June.
    expect(on(45_000, '2025-06-10', []).runsOutOn).toBe('2025-06-23');
  });

  it('resumed: a pause that is over counts none of its days, and the days since count again', () => {
    // Paused 1–5, resumed 6 June; today 10 June: 5 live days (6–10) spent £250, £50 a day → 20
    // live days: 6–25 June.
    expect(on(25_000, '2025-06-10', [{ from: '2025-06-01', to: '2025-06-05' }]).runsOutOn).toBe('2025-06-25');
    // The first day after it: one live day.
    expect(on(5_000, '2025-06-06', [{ from: '2025-06-01', to: '2025-06-05' }]).runsOutOn).toBe('2025-06-25');
  });

  it('reads only the pauses inside its month, and is the same as unpaused without one', () => {
    const outside = [
      { from: '2025-05-01', to: '2025-05-31' },
      { from: '2025-07-01', to: '2025-07-31' },
    ];
    expect(on(40_000, '2025-06-10', outside)).toEqual(on(40_000, '2025-06-10', []));
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
