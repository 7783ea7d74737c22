import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { emptySimulationForm, penceOfTyped, simulationFormSchema } from './simulation-form.schema.ts';

const m = messages.simulation;
const schema = simulationFormSchema('America/New_York');
const typed = { ...emptySimulationForm, datetime: '2025-06-11T12:00', amountPence: '50', mid: ' MC-1 ' };

const issuesOf = (values: unknown) => {
  const parsed = schema.safeParse(values);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
};

describe('penceOfTyped', () => {
  it.each([
    ['50', 5_000],
    ['12.3', 1_230],
    [' 0.05 ', 5],
  ])('reads £%s as %i pence', (text, pence) => {
    expect(penceOfTyped(text)).toBe(pence);
  });

  it.each(['', '12.345', '-1', '£5', '1e3'])('gives NaN for %j', (text) => {
    expect(penceOfTyped(text)).toBeNaN();
  });
});

describe('simulationFormSchema', () => {
  it("turns the typed form into the simulator's request, wall times in the timezone setting", () => {
    expect(
      schema.parse({ ...typed, lastPurchaseAt: '2025-05-01T09:30', averageSpendPence: '23.62' }),
    ).toEqual({
      datetime: '2025-06-11T12:00:00.000-04:00',
      amountPence: 5_000,
      mid: 'MC-1',
      lastPurchaseAt: '2025-05-01T09:30:00.000-04:00',
      averageSpendPence: 2_362,
      rewardedTransactions: 0,
      rewardedTransactionsInInterval: 0,
      rewardedSpendInIntervalPence: 0,
    });
  });

  it('sends a branch instead of a MID, and no card history for a card never seen', () => {
    const branchId = '0b3f6c52-4a2e-4a7a-9f57-7d3c0b1a2e11';
    expect(schema.parse({ ...typed, mid: '', branchId })).toEqual({
      datetime: '2025-06-11T12:00:00.000-04:00',
      amountPence: 5_000,
      branchId,
      lastPurchaseAt: null,
      averageSpendPence: null,
      rewardedTransactions: 0,
      rewardedTransactionsInInterval: 0,
      rewardedSpendInIntervalPence: 0,
    });
  });

  it("names the form's own fields with the request's messages", () => {
    expect(issuesOf({ ...typed, datetime: '' })).toEqual([{ field: 'datetime', message: m.datetimeInvalid }]);
    expect(issuesOf({ ...typed, amountPence: '12.345' })).toEqual([
      { field: 'amountPence', message: m.amountInvalid },
    ]);
    expect(issuesOf({ ...typed, averageSpendPence: 'lots' })).toEqual([
      { field: 'averageSpendPence', message: m.averageSpendInvalid },
    ]);
    expect(issuesOf({ ...typed, mid: '' })).toEqual([{ field: 'mid', message: m.branchOrMid }]);
    expect(issuesOf({ ...typed, lastPurchaseAt: '2025-06-11T13:00' })).toEqual([
      { field: 'lastPurchaseAt', message: m.lastPurchaseInvalid },
    ]);
  });

  it("reads the card's rewards by the campaign (caps), empty as none, the spend in pounds", () => {
    expect(
      schema.parse({
        ...typed,
        rewardedTransactions: ' 3 ',
        rewardedTransactionsInInterval: '1',
        rewardedSpendInIntervalPence: '60.50',
      }),
    ).toMatchObject({
      rewardedTransactions: 3,
      rewardedTransactionsInInterval: 1,
      rewardedSpendInIntervalPence: 6_050,
    });
    expect(issuesOf({ ...typed, rewardedTransactions: '2.5' })).toEqual([
      { field: 'rewardedTransactions', message: m.rewardedTransactionsInvalid },
    ]);
    expect(issuesOf({ ...typed, rewardedTransactions: '1', rewardedTransactionsInInterval: '2' })).toEqual([
      { field: 'rewardedTransactionsInInterval', message: m.rewardedInIntervalAboveTotal },
    ]);
    expect(issuesOf({ ...typed, rewardedSpendInIntervalPence: '-1' })).toEqual([
      { field: 'rewardedSpendInIntervalPence', message: m.rewardedSpendInvalid },
    ]);
  });
});
