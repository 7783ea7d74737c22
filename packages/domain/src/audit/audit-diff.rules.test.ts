import { describe, expect, it } from 'vitest';
import { createdChanges, diffRecords, isMoneyField, removedChanges } from './audit-diff.rules.ts';

describe('the diff of two versions of a record', () => {
  it('names each field that changed with its value before and after, and only those', () => {
    expect(
      diffRecords(
        { name: 'Spring', budget_pence: 50_000, success_fee: 10, week_days: ['Mon', 'Tue'] },
        { name: 'Spring', budget_pence: 75_000, success_fee: 12, week_days: ['Mon', 'Tue'] },
      ),
    ).toEqual({
      budget_pence: { before: 50_000, after: 75_000 },
      success_fee: { before: 10, after: 12 },
    });
  });

  it('compares arrays, objects and dates by content', () => {
    expect(
      diffRecords(
        { opening_time: new Date('2027-01-01T00:00:00Z'), promo_code: { mode: 'single', code: 'A' } },
        { opening_time: new Date('2027-01-01T00:00:00Z'), promo_code: { code: 'A', mode: 'single' } },
      ),
    ).toEqual({});
    expect(diffRecords({ days: ['Mon'] }, { days: ['Mon', 'Sun'] })).toEqual({
      days: { before: ['Mon'], after: ['Mon', 'Sun'] },
    });
  });

  it('writes dates as ISO text, so the log holds what it shows', () => {
    expect(
      diffRecords({ at: new Date('2027-01-01T00:00:00Z') }, { at: new Date('2027-02-01T00:00:00Z') }),
    ).toEqual({ at: { before: '2027-01-01T00:00:00.000Z', after: '2027-02-01T00:00:00.000Z' } });
  });

  it('counts a field only one side has as null on the other', () => {
    expect(diffRecords({ a: 1 }, { b: 2 })).toEqual({
      a: { before: 1, after: null },
      b: { before: null, after: 2 },
    });
  });

  it('keeps money as whole pence and refuses pounds in a money field', () => {
    expect(isMoneyField('budget_pence')).toBe(true);
    expect(isMoneyField('success_fee')).toBe(false);
    expect(() => diffRecords({ budget_pence: 500 }, { budget_pence: 5.5 })).toThrow(/whole pence/);
    expect(diffRecords({ budget_pence: null }, { budget_pence: 550 })).toEqual({
      budget_pence: { before: null, after: 550 },
    });
  });

  it('describes a created record as every field from null, and a removed one as every field to null', () => {
    expect(createdChanges({ name: 'North', mid: '123' })).toEqual({
      mid: { before: null, after: '123' },
      name: { before: null, after: 'North' },
    });
    expect(removedChanges({ name: 'North' })).toEqual({ name: { before: 'North', after: null } });
  });
});
