import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  daysBetween,
  isoWeekLabel,
  lastDateOfMonth,
  shiftDate,
  shiftDateByMonths,
} from './calendar.rules.ts';

describe('shiftDate', () => {
  it.each([
    ['2026-03-28', 1, '2026-03-29', "onto the day London's clocks go forward"],
    ['2026-03-29', 1, '2026-03-30', "past the day London's clocks go forward"],
    ['2026-10-25', -1, '2026-10-24', "back from the day London's clocks go back"],
    ['2026-10-25', 1, '2026-10-26', "past the day London's clocks go back"],
    ['2026-02-28', 1, '2026-03-01', 'across the end of February'],
    ['2028-02-28', 1, '2028-02-29', 'onto a leap day'],
    ['2025-12-31', 1, '2026-01-01', 'across the year end'],
    ['2026-03-31', -30, '2026-03-01', 'back within the month'],
  ])('moves %s by %i days to %s (%s)', (date, days, shifted) => {
    expect(shiftDate(date, days)).toBe(shifted);
  });
});

describe('shiftDateByMonths', () => {
  it.each([
    ['2026-03-15', 1, '2026-04-15', 'the same day of the next month'],
    ['2026-01-31', 1, '2026-02-28', 'the last day of a shorter month'],
    ['2028-01-31', 1, '2028-02-29', 'the last day of a leap February'],
    ['2026-03-29', 7, '2026-10-29', "from one of London's clock changes past the other"],
    ['2026-01-15', -1, '2025-12-15', 'back across the year end'],
  ])('moves %s by %i months to %s (%s)', (date, months, shifted) => {
    expect(shiftDateByMonths(date, months)).toBe(shifted);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-03-28', '2026-03-30', 2, "across London's spring clock change"],
    ['2026-10-24', '2026-10-26', 2, "across London's autumn clock change"],
    ['2026-03-01', '2026-03-31', 30, 'from the first to the last of a month'],
    ['2026-04-01', '2026-03-31', -1, 'backwards'],
    ['2026-06-10', '2026-06-10', 0, 'on the same day'],
  ])('counts from %s to %s as %i (%s)', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

describe('lastDateOfMonth', () => {
  it.each([
    ['2026-03-29', '2026-03-31'],
    ['2026-10', '2026-10-31'],
    ['2026-02-10', '2026-02-28'],
    ['2028-02', '2028-02-29'],
    ['2026-04-30', '2026-04-30'],
  ])('of %s is %s', (dateOrMonth, last) => {
    expect(lastDateOfMonth(dateOrMonth)).toBe(last);
  });
});

describe('isoWeekLabel', () => {
  it.each([
    ['2025-06-02', '2025-W23', 'a Monday starts its week'],
    ['2025-06-01', '2025-W22', 'a Sunday ends the week before'],
    ['2024-12-30', '2025-W01', "a December day in the next year's first week"],
    ['2021-01-03', '2020-W53', "a January day in the last year's 53rd week"],
    ['2026-03-29', '2026-W13', "the Sunday London's clocks go forward"],
  ])('labels %s %s (%s)', (date, label) => {
    expect(isoWeekLabel(date)).toBe(label);
  });
});

describe('daysInMonth', () => {
  it('counts 28 to 31 days, February 29 in leap years only', () => {
    expect(daysInMonth(2026, 1)).toBe(31);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
});
