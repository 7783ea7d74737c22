import { describe, expect, it } from 'vitest';
import {
  campaignMonthWindow,
  campaignPhase,
  canAddPauseRange,
  currentMonth,
  defaultStartDate,
  displayDate,
  earliestPauseDate,
  editCutoffDate,
  formatPauseRange,
  isEditable,
  isEditableOn,
  isIsoDate,
  isIsoMonth,
  isMonthSelectable,
  isPauseDateSelectable,
  localToday,
  monthOf,
  monthsCoveredByPauses,
  monthWindowOf,
  nextChildMonth,
  parsePauseRange,
  pauseRangeIssue,
  pauseRemovalOn,
  pauseRangesOverlap,
  periodOf,
  shiftMonth,
  type PauseRange,
} from './campaign-dates.rules.ts';

/** The timezone setting's default (spec 1 §9). */
const newYork = 'America/New_York';

/** Noon in New York (17:00 UTC) on a calendar date. */
const noonInNewYork = (date: string) => new Date(`${date}T12:00:00-05:00`);

describe('localToday', () => {
  it.each([
    { instant: '2026-01-01T03:00:00Z', zone: newYork, today: '2025-12-31' },
    { instant: '2026-01-01T03:00:00Z', zone: 'UTC', today: '2026-01-01' },
    { instant: '2026-01-01T03:00:00Z', zone: 'Asia/Tokyo', today: '2026-01-01' },
    { instant: '2025-12-31T16:00:00Z', zone: 'Asia/Tokyo', today: '2026-01-01' },
    { instant: '2024-02-29T23:30:00Z', zone: newYork, today: '2024-02-29' },
    { instant: '2024-03-01T04:59:59Z', zone: newYork, today: '2024-02-29' },
    { instant: '2024-03-01T05:00:00Z', zone: newYork, today: '2024-03-01' },
  ])('reads $instant as $today in $zone', ({ instant, zone, today }) => {
    expect(localToday(new Date(instant), zone)).toBe(today);
  });

  it('refuses a time zone it does not know', () => {
    expect(() => localToday(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('refuses an invalid instant', () => {
    expect(() => localToday(new Date('not a date'), newYork)).toThrow(RangeError);
  });
});

describe('date and month helpers', () => {
  it.each([
    { value: '2026-01-31', valid: true },
    { value: '2024-02-29', valid: true },
    { value: '2026-02-29', valid: false },
    { value: '2026-04-31', valid: false },
    { value: '2026-13-01', valid: false },
    { value: '2026-00-10', valid: false },
    { value: '2026-1-01', valid: false },
    { value: '01/02/2026', valid: false },
    { value: '', valid: false },
    { value: 20260101, valid: false },
  ])('isIsoDate says $valid for $value', ({ value, valid }) => {
    expect(isIsoDate(value)).toBe(valid);
  });

  it.each([
    { value: '2026-01', valid: true },
    { value: '2026-12', valid: true },
    { value: '2026-13', valid: false },
    { value: '2026-00', valid: false },
    { value: '2026-01-01', valid: false },
    { value: '01/2026', valid: false },
  ])('isIsoMonth says $valid for $value', ({ value, valid }) => {
    expect(isIsoMonth(value)).toBe(valid);
  });

  it.each([
    { value: '2026-03-01', month: '2026-03' },
    { value: '2026-03', month: '2026-03' },
  ])('monthOf($value) is $month', ({ value, month }) => {
    expect(monthOf(value)).toBe(month);
  });

  it.each([
    { from: '2025-12', by: 1, to: '2026-01' },
    { from: '2026-01', by: -1, to: '2025-12' },
    { from: '2026-01-01', by: 12, to: '2027-01' },
    { from: '2026-06', by: 7, to: '2027-01' },
    { from: '2026-03', by: -15, to: '2024-12' },
  ])('shifting $from by $by months gives $to', ({ from, by, to }) => {
    expect(shiftMonth(from, by)).toBe(to);
  });

  it('shows a period as MM/YYYY and a date as DD/MM/YYYY', () => {
    expect(periodOf('2026-03-01')).toBe('03/2026');
    expect(periodOf('2026-11')).toBe('11/2026');
    expect(displayDate('2024-02-29')).toBe('29/02/2024');
  });

  it('refuses a malformed date instead of guessing', () => {
    expect(() => monthOf('March 2026')).toThrow(RangeError);
    expect(() => displayDate('2026-02-30')).toThrow(RangeError);
  });
});

describe('defaultStartDate', () => {
  it.each([
    { today: '2026-01-01', start: '2026-02-01', why: 'the 1st is before the 25th' },
    { today: '2026-01-24', start: '2026-02-01', why: 'the 24th is before the 25th' },
    { today: '2026-01-25', start: '2026-02-01', why: 'the 25th still starts next month' },
    { today: '2026-01-26', start: '2026-03-01', why: 'the 26th starts the month after next' },
    { today: '2026-01-31', start: '2026-03-01', why: 'a month end starts the month after next' },
    { today: '2026-02-28', start: '2026-04-01', why: 'the end of a short February' },
    { today: '2024-02-29', start: '2024-04-01', why: 'a leap day is after the 25th' },
    { today: '2024-02-25', start: '2024-03-01', why: 'the 25th of a leap February' },
    { today: '2025-11-25', start: '2025-12-01', why: 'November 25th starts in December' },
    { today: '2025-11-26', start: '2026-01-01', why: 'November 26th crosses into next year' },
    { today: '2025-12-10', start: '2026-01-01', why: 'December rolls into January' },
    { today: '2025-12-26', start: '2026-02-01', why: 'late December skips January' },
    { today: '2025-12-31', start: '2026-02-01', why: 'New Year’s Eve skips January' },
  ])('on $today the default start is $start ($why)', ({ today, start }) => {
    expect(defaultStartDate(noonInNewYork(today), newYork)).toBe(start);
  });

  it.each([
    {
      instant: '2026-01-26T03:00:00Z',
      zone: newYork,
      start: '2026-02-01',
      why: 'it is still the 25th in New York',
    },
    { instant: '2026-01-26T03:00:00Z', zone: 'UTC', start: '2026-03-01', why: 'it is the 26th in UTC' },
    {
      instant: '2026-01-25T16:00:00Z',
      zone: 'Asia/Tokyo',
      start: '2026-03-01',
      why: 'it is already the 26th in Tokyo',
    },
    {
      instant: '2026-01-01T03:00:00Z',
      zone: newYork,
      start: '2026-02-01',
      why: 'it is still 31 December in New York',
    },
  ])('at $instant in $zone the default start is $start ($why)', ({ instant, zone, start }) => {
    expect(defaultStartDate(new Date(instant), zone)).toBe(start);
  });
});

describe('campaignMonthWindow', () => {
  it.each([
    { today: '2026-01-15', kind: 'standard', first: '2026-02', last: '2026-08' },
    { today: '2026-01-15', kind: 'cardNetworkOrFirstLogin', first: '2026-02', last: '2026-07' },
    { today: '2026-01-31', kind: 'standard', first: '2026-02', last: '2026-08' },
    { today: '2025-12-10', kind: 'standard', first: '2026-01', last: '2026-07' },
    { today: '2025-12-10', kind: 'cardNetworkOrFirstLogin', first: '2026-01', last: '2026-06' },
    { today: '2026-06-30', kind: 'standard', first: '2026-07', last: '2027-01' },
    { today: '2024-02-29', kind: 'cardNetworkOrFirstLogin', first: '2024-03', last: '2024-08' },
  ] as const)('on $today a $kind user picks from $first to $last', ({ today, kind, first, last }) => {
    expect(campaignMonthWindow(noonInNewYork(today), newYork, kind)).toEqual({ first, last });
  });

  it('starts from the month of the time zone, not of UTC', () => {
    const newYearsEveInNewYork = new Date('2026-01-01T03:00:00Z');
    expect(campaignMonthWindow(newYearsEveInNewYork, newYork, 'standard')).toEqual({
      first: '2026-01',
      last: '2026-07',
    });
    expect(campaignMonthWindow(newYearsEveInNewYork, 'UTC', 'standard')).toEqual({
      first: '2026-02',
      last: '2026-08',
    });
  });
});

describe('isMonthSelectable', () => {
  const today = noonInNewYork('2026-01-20');

  it.each([
    { month: '2025-12', kind: 'standard', selectable: false, why: 'last month has passed' },
    { month: '2026-01', kind: 'standard', selectable: false, why: 'the current month is not after itself' },
    { month: '2026-02', kind: 'standard', selectable: true, why: 'next month opens the window' },
    { month: '2026-02-01', kind: 'standard', selectable: true, why: 'a start date names its month' },
    { month: '2026-07', kind: 'cardNetworkOrFirstLogin', selectable: true, why: '6 months ahead' },
    { month: '2026-08', kind: 'cardNetworkOrFirstLogin', selectable: false, why: '7 months is too far' },
    { month: '2026-08', kind: 'standard', selectable: true, why: '7 months ahead for the others' },
    { month: '2026-09', kind: 'standard', selectable: false, why: '8 months is too far' },
    { month: '2026-13', kind: 'standard', selectable: false, why: 'not a month' },
    { month: 'soon', kind: 'standard', selectable: false, why: 'not a month' },
  ] as const)('$month is selectable for $kind: $selectable ($why)', ({ month, kind, selectable }) => {
    expect(isMonthSelectable(month, today, newYork, kind)).toBe(selectable);
  });

  it('lets next month be chosen even after the 25th, though the default skips it', () => {
    expect(isMonthSelectable('2026-02', noonInNewYork('2026-01-28'), newYork, 'standard')).toBe(true);
  });
});

describe('monthWindowOf', () => {
  it.each([
    {
      start: '2026-01-01',
      zone: newYork,
      openingTime: '2026-01-01T05:00:00.000Z',
      closingTime: '2026-02-01T04:59:59.999Z',
      why: 'January in New York winter time',
    },
    {
      start: '2026-03-01',
      zone: newYork,
      openingTime: '2026-03-01T05:00:00.000Z',
      closingTime: '2026-04-01T03:59:59.999Z',
      why: 'March opens in winter time and closes in summer time',
    },
    {
      start: '2025-11-01',
      zone: newYork,
      openingTime: '2025-11-01T04:00:00.000Z',
      closingTime: '2025-12-01T04:59:59.999Z',
      why: 'November opens in summer time and closes in winter time',
    },
    {
      start: '2025-12-01',
      zone: newYork,
      openingTime: '2025-12-01T05:00:00.000Z',
      closingTime: '2026-01-01T04:59:59.999Z',
      why: 'December closes in the new year in UTC',
    },
    {
      start: '2025-12-01',
      zone: 'UTC',
      openingTime: '2025-12-01T00:00:00.000Z',
      closingTime: '2025-12-31T23:59:59.999Z',
      why: 'UTC is its own zone',
    },
    {
      start: '2026-01-01',
      zone: 'Asia/Tokyo',
      openingTime: '2025-12-31T15:00:00.000Z',
      closingTime: '2026-01-31T14:59:59.999Z',
      why: 'Tokyo’s January opens on 31 December in UTC',
    },
    {
      start: '2026-04',
      zone: 'Europe/London',
      openingTime: '2026-03-31T23:00:00.000Z',
      closingTime: '2026-04-30T22:59:59.999Z',
      why: 'a month may be given as YYYY-MM',
    },
  ])(
    '$start in $zone runs from $openingTime to $closingTime ($why)',
    ({ start, zone, openingTime, closingTime }) => {
      expect(monthWindowOf(start, zone)).toEqual({ openingTime, closingTime });
    },
  );

  it.each([
    { start: '2024-02-01', days: 29, why: 'a leap February has 29 days' },
    { start: '2025-02-01', days: 28, why: 'a common February has 28' },
    { start: '2026-01-01', days: 31, why: 'January has 31' },
    { start: '2026-04-01', days: 30, why: 'April has 30' },
  ])('the window of $start is $days days long in UTC ($why)', ({ start, days }) => {
    const { openingTime, closingTime } = monthWindowOf(start, 'UTC');
    expect(Date.parse(closingTime) + 1 - Date.parse(openingTime)).toBe(days * 24 * 60 * 60 * 1000);
  });

  it('refuses an unknown time zone', () => {
    expect(() => monthWindowOf('2026-01-01', 'Nowhere/Special')).toThrow(RangeError);
  });
});

describe('campaignPhase', () => {
  it.each([
    { start: '2026-01-01', today: '2026-02-10', phase: 'past' },
    { start: '2025-12-01', today: '2026-01-01', phase: 'past' },
    { start: '2026-02-01', today: '2026-02-01', phase: 'current' },
    { start: '2026-02-01', today: '2026-02-28', phase: 'current' },
    { start: '2024-02-01', today: '2024-02-29', phase: 'current' },
    { start: '2026-03-01', today: '2026-02-28', phase: 'future' },
    { start: '2026-01-01', today: '2025-12-31', phase: 'future' },
  ])('a campaign of $start is $phase on $today', ({ start, today, phase }) => {
    expect(campaignPhase(start, noonInNewYork(today), newYork)).toBe(phase);
  });

  it('is still future at 2026-01-01T03:00Z in New York (31 December there), current in UTC', () => {
    const instant = new Date('2026-01-01T03:00:00Z');
    expect(campaignPhase('2026-01-01', instant, newYork)).toBe('future');
    expect(campaignPhase('2026-01-01', instant, 'UTC')).toBe('current');
    expect(currentMonth(instant, newYork)).toBe('2025-12');
  });
});

describe('isEditable', () => {
  it.each([
    { start: '2026-03-01', cutoff: '2026-02-25' },
    { start: '2026-01-01', cutoff: '2025-12-25' },
    { start: '2024-03-01', cutoff: '2024-02-25' },
  ])('the edit cut-off of a $start campaign is $cutoff', ({ start, cutoff }) => {
    expect(editCutoffDate(start)).toBe(cutoff);
  });

  it.each([
    { start: '2026-03-01', today: '2026-01-31', editable: true, why: 'two months ahead' },
    { start: '2026-03-01', today: '2026-02-01', editable: true, why: 'early in the month before' },
    { start: '2026-03-01', today: '2026-02-24', editable: true, why: 'the 24th is before the 25th' },
    { start: '2026-03-01', today: '2026-02-25', editable: false, why: 'the 25th is the cut-off' },
    { start: '2026-03-01', today: '2026-02-26', editable: false, why: 'the 26th is past the cut-off' },
    { start: '2026-03-01', today: '2026-02-28', editable: false, why: 'the end of February' },
    { start: '2024-03-01', today: '2024-02-29', editable: false, why: 'a leap day is past the cut-off' },
    { start: '2026-01-01', today: '2025-12-24', editable: true, why: 'December before the cut-off' },
    { start: '2026-01-01', today: '2025-12-25', editable: false, why: 'December 25th closes January' },
    { start: '2026-03-01', today: '2026-03-01', editable: false, why: 'a current campaign' },
    { start: '2026-03-01', today: '2026-04-02', editable: false, why: 'a past campaign' },
  ])('a $start campaign on $today is editable: $editable ($why)', ({ start, today, editable }) => {
    expect(isEditable(start, noonInNewYork(today), newYork)).toBe(editable);
    expect(isEditableOn(start, today)).toBe(editable);
  });

  it('reads the cut-off day in the time zone', () => {
    const lateOn24thInNewYork = new Date('2026-02-25T03:00:00Z');
    expect(isEditable('2026-03-01', lateOn24thInNewYork, newYork)).toBe(true);
    expect(isEditable('2026-03-01', lateOn24thInNewYork, 'UTC')).toBe(false);
  });
});

describe('earliestPauseDate', () => {
  it.each([
    { today: '2026-01-01', earliest: '2026-02-01', why: 'early in the month' },
    { today: '2026-01-24', earliest: '2026-02-01', why: 'the 24th is before the 25th' },
    { today: '2026-01-25', earliest: '2026-03-01', why: 'the 25th is not before the 25th' },
    { today: '2026-01-26', earliest: '2026-03-01', why: 'the 26th' },
    { today: '2026-01-31', earliest: '2026-03-01', why: 'a month end' },
    { today: '2024-02-29', earliest: '2024-04-01', why: 'a leap day' },
    { today: '2025-12-24', earliest: '2026-01-01', why: 'December into January' },
    { today: '2025-12-25', earliest: '2026-02-01', why: 'Christmas skips January' },
    { today: '2025-11-30', earliest: '2026-01-01', why: 'late November into next year' },
  ])('on $today a pause can start on $earliest ($why)', ({ today, earliest }) => {
    expect(earliestPauseDate(noonInNewYork(today), newYork)).toBe(earliest);
  });

  it('reads today in the time zone', () => {
    const lateOn24thInNewYork = new Date('2026-01-25T03:00:00Z');
    expect(earliestPauseDate(lateOn24thInNewYork, newYork)).toBe('2026-02-01');
    expect(earliestPauseDate(lateOn24thInNewYork, 'UTC')).toBe('2026-03-01');
  });
});

describe('pauseRangesOverlap', () => {
  const march: PauseRange = { from: '2026-03-01', to: '2026-03-31' };

  it.each([
    { other: { from: '2026-04-01', to: '2026-04-10' }, overlap: false, why: 'the day after it ends' },
    { other: { from: '2026-02-01', to: '2026-02-28' }, overlap: false, why: 'the month before' },
    { other: { from: '2026-03-31', to: '2026-04-10' }, overlap: true, why: 'sharing its last day' },
    { other: { from: '2026-02-10', to: '2026-03-01' }, overlap: true, why: 'sharing its first day' },
    { other: { from: '2026-03-10', to: '2026-03-12' }, overlap: true, why: 'inside it' },
    { other: { from: '2026-02-01', to: '2026-04-30' }, overlap: true, why: 'around it' },
    { other: march, overlap: true, why: 'the same range' },
  ])('March and $other overlap: $overlap ($why)', ({ other, overlap }) => {
    expect(pauseRangesOverlap(march, other)).toBe(overlap);
    expect(pauseRangesOverlap(other, march)).toBe(overlap);
  });
});

describe('pauseRemovalOn: the days a pause has run stay paused', () => {
  const april = { from: '2031-04-10', to: '2031-04-20' };

  it('takes away a range that has not begun, or begins today', () => {
    expect(pauseRemovalOn(april, '2031-04-01')).toEqual({ kind: 'delete' });
    expect(pauseRemovalOn(april, '2031-04-10')).toEqual({ kind: 'delete' });
  });

  it('ends a range under way yesterday, to its last day included', () => {
    expect(pauseRemovalOn(april, '2031-04-11')).toEqual({
      kind: 'keep',
      range: { from: '2031-04-10', to: '2031-04-10' },
    });
    expect(pauseRemovalOn(april, '2031-04-20')).toEqual({
      kind: 'keep',
      range: { from: '2031-04-10', to: '2031-04-19' },
    });
    // Across a month's end.
    expect(pauseRemovalOn({ from: '2031-04-25', to: '2031-05-05' }, '2031-05-01')).toEqual({
      kind: 'keep',
      range: { from: '2031-04-25', to: '2031-04-30' },
    });
  });

  it('keeps a range that is over whole', () => {
    expect(pauseRemovalOn(april, '2031-04-21')).toEqual({ kind: 'over' });
  });
});

describe('pauseRangeIssue and canAddPauseRange', () => {
  const today = noonInNewYork('2026-01-10');
  const existing: PauseRange[] = [
    { from: '2026-03-01', to: '2026-03-31' },
    { from: '2026-06-10', to: '2026-06-20' },
  ];

  it.each([
    { range: { from: '2026-02-01', to: '2026-02-28' }, issue: null, why: 'February is free' },
    { range: { from: '2026-04-01', to: '2026-06-09' }, issue: null, why: 'between the two ranges' },
    { range: { from: '2026-01-31', to: '2026-02-10' }, issue: 'tooEarly', why: 'before 1 February' },
    { range: { from: '2026-02-20', to: '2026-03-01' }, issue: 'overlaps', why: 'into March' },
    { range: { from: '2026-06-20', to: '2026-06-30' }, issue: 'overlaps', why: 'on the last paused day' },
    { range: { from: '2026-05-01', to: '2026-04-01' }, issue: 'endBeforeStart', why: 'backwards' },
    { range: { from: '2026-02-30', to: '2026-03-05' }, issue: 'invalidDate', why: 'no 30 February' },
  ])('$range: $issue ($why)', ({ range, issue }) => {
    expect(pauseRangeIssue(existing, range, today, newYork)).toBe(issue);
    expect(canAddPauseRange(existing, range, today, newYork)).toBe(issue === null);
  });

  it('lets an edited range keep its own days when the caller leaves it out of the existing ones', () => {
    const [march, june] = existing as [PauseRange, PauseRange];
    const longerMarch = { from: '2026-03-01', to: '2026-04-15' };
    expect(canAddPauseRange([march, june], longerMarch, today, newYork)).toBe(false);
    expect(canAddPauseRange([june], longerMarch, today, newYork)).toBe(true);
  });

  it('moves the earliest start on the 25th', () => {
    const february = { from: '2026-02-01', to: '2026-02-28' };
    expect(canAddPauseRange([], february, noonInNewYork('2026-01-24'), newYork)).toBe(true);
    expect(canAddPauseRange([], february, noonInNewYork('2026-01-25'), newYork)).toBe(false);
  });
});

describe('isPauseDateSelectable', () => {
  const today = noonInNewYork('2026-01-26');
  const existing: PauseRange[] = [{ from: '2026-03-10', to: '2026-03-20' }];

  it.each([
    { date: '2026-02-28', selectable: false, why: 'before 1 March (today is the 26th)' },
    { date: '2026-03-01', selectable: true, why: 'the earliest pause date' },
    { date: '2026-03-10', selectable: false, why: 'the first paused day' },
    { date: '2026-03-20', selectable: false, why: 'the last paused day' },
    { date: '2026-03-21', selectable: true, why: 'the day after a range' },
    { date: '2026-02-30', selectable: false, why: 'not a date' },
  ])('$date is selectable: $selectable ($why)', ({ date, selectable }) => {
    expect(isPauseDateSelectable(date, existing, today, newYork)).toBe(selectable);
  });
});

describe('formatPauseRange and parsePauseRange', () => {
  it('writes a range as DD/MM/YYYY - DD/MM/YYYY and reads it back', () => {
    const range = { from: '2024-02-29', to: '2024-03-31' };
    expect(formatPauseRange(range)).toBe('29/02/2024 - 31/03/2024');
    expect(parsePauseRange('29/02/2024 - 31/03/2024')).toEqual(range);
  });

  it.each([
    { text: ' 01/03/2026-05/03/2026 ', range: { from: '2026-03-01', to: '2026-03-05' } },
    { text: '29/02/2026 - 05/03/2026', range: null },
    // Read as written, so the rules can say the end is before the start.
    { text: '05/03/2026 - 01/03/2026', range: { from: '2026-03-05', to: '2026-03-01' } },
    { text: '2026-03-01 - 2026-03-05', range: null },
    { text: '', range: null },
  ])('reads "$text" as $range', ({ text, range }) => {
    expect(parsePauseRange(text)).toEqual(range);
  });
});

describe('monthsCoveredByPauses', () => {
  it.each([
    { ranges: [], months: [], why: 'no pauses' },
    { ranges: [{ from: '2026-03-01', to: '2026-03-31' }], months: ['2026-03'], why: 'a whole month' },
    { ranges: [{ from: '2026-03-02', to: '2026-03-31' }], months: [], why: 'all but the 1st' },
    { ranges: [{ from: '2026-03-01', to: '2026-03-30' }], months: [], why: 'all but the 31st' },
    {
      ranges: [
        { from: '2026-03-16', to: '2026-03-31' },
        { from: '2026-03-01', to: '2026-03-15' },
      ],
      months: ['2026-03'],
      why: 'two halves that touch',
    },
    {
      ranges: [
        { from: '2026-03-01', to: '2026-03-20' },
        { from: '2026-03-10', to: '2026-03-31' },
      ],
      months: ['2026-03'],
      why: 'two ranges that overlap',
    },
    {
      ranges: [
        { from: '2026-03-01', to: '2026-03-14' },
        { from: '2026-03-16', to: '2026-03-31' },
      ],
      months: [],
      why: 'two halves with a day between',
    },
    { ranges: [{ from: '2024-02-01', to: '2024-02-28' }], months: [], why: 'a leap February to the 28th' },
    { ranges: [{ from: '2024-02-01', to: '2024-02-29' }], months: ['2024-02'], why: 'a leap February whole' },
    {
      ranges: [{ from: '2026-02-01', to: '2026-02-28' }],
      months: ['2026-02'],
      why: 'a common February whole',
    },
    {
      ranges: [{ from: '2026-01-15', to: '2026-04-15' }],
      months: ['2026-02', '2026-03'],
      why: 'mid-January to mid-April',
    },
    {
      ranges: [{ from: '2025-12-01', to: '2026-01-31' }],
      months: ['2025-12', '2026-01'],
      why: 'December into January',
    },
  ])('$why: $months', ({ ranges, months }) => {
    expect(monthsCoveredByPauses(ranges)).toEqual(months);
  });

  it('does not change the ranges it is given', () => {
    const ranges = [
      { from: '2026-03-01', to: '2026-03-20' },
      { from: '2026-03-10', to: '2026-03-31' },
    ];
    monthsCoveredByPauses(ranges);
    expect(ranges[0]).toEqual({ from: '2026-03-01', to: '2026-03-20' });
  });
});

describe('nextChildMonth', () => {
  it.each([
    { primary: '2026-01', children: [], pauses: [], next: '2026-02', why: 'the month after the primary' },
    {
      primary: '2026-01',
      children: ['2026-03', '2026-02'],
      pauses: [],
      next: '2026-04',
      why: 'the month after the latest child',
    },
    { primary: '2025-12', children: [], pauses: [], next: '2026-01', why: 'December → January' },
    {
      primary: '2026-01-01',
      children: ['2026-02-01'],
      pauses: [],
      next: '2026-03',
      why: 'start dates name their months',
    },
    {
      primary: '2026-01',
      children: [],
      pauses: [{ from: '2026-02-01', to: '2026-02-28' }],
      next: '2026-03',
      why: 'a wholly paused February is skipped',
    },
    {
      primary: '2026-01',
      children: [],
      pauses: [
        { from: '2026-02-01', to: '2026-02-28' },
        { from: '2026-03-01', to: '2026-03-31' },
      ],
      next: '2026-04',
      why: 'two paused months in a row are skipped',
    },
    {
      primary: '2026-01',
      children: [],
      pauses: [{ from: '2026-02-01', to: '2026-02-27' }],
      next: '2026-02',
      why: 'a partly paused month still runs',
    },
    {
      primary: '2025-11',
      children: [],
      pauses: [{ from: '2025-12-01', to: '2026-01-31' }],
      next: '2026-02',
      why: 'a pause over the new year',
    },
    {
      primary: '2024-01',
      children: [],
      pauses: [{ from: '2024-02-01', to: '2024-02-29' }],
      next: '2024-03',
      why: 'a leap February paused to the 29th',
    },
  ])('$why: $next', ({ primary, children, pauses, next }) => {
    expect(nextChildMonth(primary, children, pauses)).toBe(next);
  });

  it.each([
    { validUntil: '2026-04', next: '2026-04', why: 'the series runs through its last month' },
    { validUntil: '2026-03', next: null, why: 'the series has ended' },
    { validUntil: '2026-03-01', next: null, why: 'a date names its month' },
  ])('with valid until $validUntil the next month is $next ($why)', ({ validUntil, next }) => {
    expect(nextChildMonth('2026-01', ['2026-02', '2026-03'], [], validUntil)).toBe(next);
  });

  it('stops at valid until even when a pause pushes the next month past it', () => {
    const pauses = [{ from: '2026-04-01', to: '2026-04-30' }];
    expect(nextChildMonth('2026-03', [], pauses, '2026-04')).toBeNull();
  });
});
