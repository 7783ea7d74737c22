import { TZDate } from '@date-fns/tz';
import {
  daysInMonth,
  lastDateOfMonth,
  shiftDate,
  shiftDateByMonths,
  type IsoDate,
  type IsoMonth,
} from '../calendar/calendar.rules.ts';

/**
 * Campaign date rules (spec 1 §4, §5, §9; spec 3 §4, §9; brief §5).
 *
 * Every rule that depends on "today" takes `now` (an instant) and `timeZone` (the timezone
 * setting, IANA name) and reads the calendar date in that zone, never the machine's zone.
 * Dates travel as 'YYYY-MM-DD', months as 'YYYY-MM'; both compare correctly as strings.
 * A malformed date, month or time zone is a programming error (the schemas validate input
 * first) and throws a RangeError.
 */

/** The day of the month from which the default start, the pause start and the edit cut-off shift. */
export const cutoffDay = 25;

// Dates and months are the calendar's (calendar.rules.ts), named here too for the campaign rules' callers.
export type { IsoDate, IsoMonth };

export type CampaignPhase = 'past' | 'current' | 'future';
export const campaignPhases = ['past', 'current', 'future'] as const satisfies readonly CampaignPhase[];

/**
 * Which month window a user gets (spec 1 §5): users from the card-network programme and users on
 * their first login pick from next month to 6 months ahead; everyone else up to 7 months ahead.
 */
export type CampaignWindowKind = 'cardNetworkOrFirstLogin' | 'standard';

/** A paused range, both ends inclusive. */
export interface PauseRange {
  from: IsoDate;
  to: IsoDate;
}

interface YearMonth {
  year: number;
  /** 1 to 12 */
  month: number;
}
interface CalendarDate extends YearMonth {
  day: number;
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const isoMonthPattern = /^(\d{4})-(\d{2})$/;

function readDate(value: string): CalendarDate | null {
  const match = isoDatePattern.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function readMonth(value: string): YearMonth | null {
  const match = isoMonthPattern.exec(value);
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (year < 1 || month < 1 || month > 12) return null;
  return { year, month };
}

/** True for a real calendar date written 'YYYY-MM-DD' (29 February only in leap years). */
export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && readDate(value) !== null;
}

/** True for a month written 'YYYY-MM'. */
export function isIsoMonth(value: unknown): value is IsoMonth {
  return typeof value === 'string' && readMonth(value) !== null;
}

function dateOf(value: string): CalendarDate {
  const date = readDate(value);
  if (!date) throw new RangeError(`Not a date (YYYY-MM-DD): ${value}`);
  return date;
}

/** Reads 'YYYY-MM' or the month of 'YYYY-MM-DD'. */
function monthOfValue(value: string): YearMonth {
  const month = readMonth(value) ?? readDate(value);
  if (!month) throw new RangeError(`Not a month (YYYY-MM) or date (YYYY-MM-DD): ${value}`);
  return { year: month.year, month: month.month };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const formatMonth = ({ year, month }: YearMonth): IsoMonth => `${pad(year, 4)}-${pad(month)}`;
const formatDate = ({ year, month, day }: CalendarDate): IsoDate =>
  `${formatMonth({ year, month })}-${pad(day)}`;
const firstOf = (month: IsoMonth): IsoDate => `${month}-01`;
/** The month `count` months after that of a date or month read (calendar.rules.ts). */
const monthAfter = (month: YearMonth, count: number): IsoMonth =>
  shiftDateByMonths(firstOf(formatMonth(month)), count).slice(0, 7);

/** The calendar date of the instant `now` in the time zone. */
function todayIn(now: Date, timeZone: string): CalendarDate {
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a valid date');
  const local = new TZDate(now.getTime(), timeZone);
  if (Number.isNaN(local.getTime())) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
}

/** The month 'YYYY-MM' of a date 'YYYY-MM-DD' (a month passes through unchanged). */
export function monthOf(dateOrMonth: string): IsoMonth {
  return formatMonth(monthOfValue(dateOrMonth));
}

/** Today's date 'YYYY-MM-DD' in the time zone. */
export function localToday(now: Date, timeZone: string): IsoDate {
  return formatDate(todayIn(now, timeZone));
}

/** The current month 'YYYY-MM' in the time zone. */
export function currentMonth(now: Date, timeZone: string): IsoMonth {
  return monthOf(localToday(now, timeZone));
}

/** The month `count` months after (or before, when negative) the given month. */
export function shiftMonth(dateOrMonth: string, count: number): IsoMonth {
  return monthAfter(monthOfValue(dateOrMonth), count);
}

/** 'YYYY-MM-DD' or 'YYYY-MM' → 'MM/YYYY', the Period column and the month pickers. */
export function periodOf(dateOrMonth: string): string {
  const { year, month } = monthOfValue(dateOrMonth);
  return `${pad(month)}/${pad(year, 4)}`;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', the spec's display date. */
export function displayDate(date: IsoDate): string {
  const { year, month, day } = dateOf(date);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/**
 * The default campaign start (spec 1 §4): the 1st of next month when today is the 25th or
 * earlier, otherwise the 1st of the month after next.
 */
export function defaultStartDate(now: Date, timeZone: string): IsoDate {
  const today = todayIn(now, timeZone);
  return firstOf(monthAfter(today, today.day <= cutoffDay ? 1 : 2));
}

/**
 * The months the campaign month picker offers, both ends inclusive (spec 1 §5, §9). A campaign
 * month is always after the current month, so the window starts next month for both kinds; it
 * ends 6 months ahead for card-network and first-login users and 7 months ahead for the others.
 */
export function campaignMonthWindow(
  now: Date,
  timeZone: string,
  kind: CampaignWindowKind,
): { first: IsoMonth; last: IsoMonth } {
  const today = todayIn(now, timeZone);
  return {
    first: monthAfter(today, 1),
    last: monthAfter(today, kind === 'standard' ? 7 : 6),
  };
}

/** Whether a month ('YYYY-MM', or the start date 'YYYY-MM-DD') lies inside the user's window. */
export function isMonthSelectable(
  dateOrMonth: string,
  now: Date,
  timeZone: string,
  kind: CampaignWindowKind,
): boolean {
  const month = readMonth(dateOrMonth) ?? readDate(dateOrMonth);
  if (!month) return false;
  const { first, last } = campaignMonthWindow(now, timeZone, kind);
  const value = formatMonth(month);
  return value >= first && value <= last;
}

/**
 * The whole calendar month of the start date in the time zone (spec 1 §3): openingTime is its
 * first instant (00:00:00.000 on the 1st), closingTime its last (23:59:59.999 on the last day),
 * both as ISO instants in UTC.
 */
export function monthWindowOf(
  startDate: string,
  timeZone: string,
): { openingTime: string; closingTime: string } {
  const { year, month } = monthOfValue(startDate);
  const opening = new TZDate(year, month - 1, 1, timeZone).getTime();
  const nextOpening = new TZDate(year, month, 1, timeZone).getTime();
  if (Number.isNaN(opening) || Number.isNaN(nextOpening)) {
    throw new RangeError(`Unknown time zone: ${timeZone}`);
  }
  return {
    openingTime: new Date(opening).toISOString(),
    closingTime: new Date(nextOpening - 1).toISOString(),
  };
}

/** Past, current or future: the campaign month against the current month in the time zone. */
export function campaignPhase(startDate: string, now: Date, timeZone: string): CampaignPhase {
  const campaign = monthOf(startDate);
  const current = currentMonth(now, timeZone);
  if (campaign < current) return 'past';
  return campaign === current ? 'current' : 'future';
}

/** The first day on which a campaign can no longer be edited: the 25th of the month before it opens. */
export function editCutoffDate(startDate: string): IsoDate {
  return `${monthAfter(monthOfValue(startDate), -1)}-${pad(cutoffDay)}`;
}

/**
 * The edit cut-off (spec 3 §4, §9): only a future campaign is editable, and only while today
 * (in the time zone) is before the 25th of the month before its opening month.
 */
export function isEditable(startDate: string, now: Date, timeZone: string): boolean {
  return isEditableOn(startDate, localToday(now, timeZone));
}

/**
 * `isEditable` for the local date `today`: a list reads today once for all its rows, since
 * finding the date in a time zone costs more than the rule itself.
 */
export function isEditableOn(startDate: string, today: IsoDate): boolean {
  return monthOf(startDate) > monthOf(today) && today < editCutoffDate(startDate);
}

/**
 * The earliest date a paused range may start (spec 1 §5, §9): the 1st of next month while today
 * is before the 25th, otherwise the 1st of the month after.
 */
export function earliestPauseDate(now: Date, timeZone: string): IsoDate {
  const today = todayIn(now, timeZone);
  return firstOf(monthAfter(today, today.day < cutoffDay ? 1 : 2));
}

/** Two ranges overlap when they share at least one day (both ends are inclusive). */
export function pauseRangesOverlap(a: PauseRange, b: PauseRange): boolean {
  dateOf(a.from);
  dateOf(a.to);
  dateOf(b.from);
  dateOf(b.to);
  return a.from <= b.to && b.from <= a.to;
}

/** Why a paused range cannot be added, or null when it can. */
export type PauseRangeIssue = 'invalidDate' | 'endBeforeStart' | 'tooEarly' | 'overlaps';

/**
 * Checks a new (or edited) paused range against the existing ones: real dates, the end not
 * before the start, the start not before the earliest pause date, no day shared with an existing
 * range. When editing a range, leave that range out of `existing`.
 */
export function pauseRangeIssue(
  existing: readonly PauseRange[],
  range: PauseRange,
  now: Date,
  timeZone: string,
): PauseRangeIssue | null {
  if (!isIsoDate(range.from) || !isIsoDate(range.to)) return 'invalidDate';
  if (range.to < range.from) return 'endBeforeStart';
  if (range.from < earliestPauseDate(now, timeZone)) return 'tooEarly';
  if (existing.some((other) => pauseRangesOverlap(other, range))) return 'overlaps';
  return null;
}

/**
 * What taking a paused range away does on local day `today` (docs/decisions/0120): the days a pause
 * has already run were paused (the engine refused the campaign's purchases on them, and pacing
 * counts them as not live), so they stay. A range that has not begun, or begins today, goes
 * (`delete`: today is live again from now); one under way is ended yesterday (`keep` the part that
 * ran); one that is over cannot be taken away (`over`).
 */
export type PauseRemoval = { kind: 'delete' } | { kind: 'keep'; range: PauseRange } | { kind: 'over' };

export function pauseRemovalOn(range: PauseRange, today: IsoDate): PauseRemoval {
  if (range.from >= today) return { kind: 'delete' };
  if (range.to < today) return { kind: 'over' };
  return { kind: 'keep', range: { from: range.from, to: shiftDate(today, -1) } };
}

/** Whether the range may be added: see `pauseRangeIssue`. */
export function canAddPauseRange(
  existing: readonly PauseRange[],
  range: PauseRange,
  now: Date,
  timeZone: string,
): boolean {
  return pauseRangeIssue(existing, range, now, timeZone) === null;
}

/** Whether the range picker offers a day: not before the earliest pause date, not inside a range. */
export function isPauseDateSelectable(
  date: IsoDate,
  existing: readonly PauseRange[],
  now: Date,
  timeZone: string,
): boolean {
  if (!isIsoDate(date) || date < earliestPauseDate(now, timeZone)) return false;
  return !existing.some((range) => pauseRangesOverlap(range, { from: date, to: date }));
}

/** 'DD/MM/YYYY - DD/MM/YYYY', the spec's pausedDate text. */
export function formatPauseRange(range: PauseRange): string {
  return `${displayDate(range.from)} - ${displayDate(range.to)}`;
}

const pauseTextPattern = /^\s*(\d{2})\/(\d{2})\/(\d{4})\s*-\s*(\d{2})\/(\d{2})\/(\d{4})\s*$/;

/** Reads 'DD/MM/YYYY - DD/MM/YYYY'; null when it is not two real dates with the end not before the start. */
export function parsePauseRange(text: string): PauseRange | null {
  const match = pauseTextPattern.exec(text);
  if (!match) return null;
  const from = `${match[3]}-${match[2]}-${match[1]}`;
  const to = `${match[6]}-${match[5]}-${match[4]}`;
  // An end before the start still parses: pauseRangeIssue names that problem.
  if (!isIsoDate(from) || !isIsoDate(to)) return null;
  return { from, to };
}

/**
 * The months wholly covered by paused ranges, ascending. Our reading of "covered" (brief §5):
 * every day of the month lies inside some paused range; ranges that touch or overlap are joined
 * first, so 1–15 March plus 16–31 March covers March. A month only partly paused still gets its
 * child campaign; transactions on its paused days simply do not qualify.
 */
export function monthsCoveredByPauses(ranges: readonly PauseRange[]): IsoMonth[] {
  const sorted = ranges
    .map((range) => {
      dateOf(range.from);
      dateOf(range.to);
      return range;
    })
    .filter((range) => range.from <= range.to)
    .toSorted((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));

  const joined: PauseRange[] = [];
  for (const range of sorted) {
    const last = joined.at(-1);
    if (last && range.from <= shiftDate(last.to, 1)) {
      if (range.to > last.to) last.to = range.to;
    } else {
      joined.push({ ...range });
    }
  }

  const covered: IsoMonth[] = [];
  for (const range of joined) {
    for (let month = monthOf(range.from); month <= monthOf(range.to); month = shiftMonth(month, 1)) {
      if (range.from <= firstOf(month) && range.to >= lastDateOfMonth(month)) covered.push(month);
    }
  }
  return covered;
}

/** Guards against a loop over an absurd series; 100 years of months. */
const maxMonthsAhead = 1200;

/**
 * The month of the next child of a recurring series (brief §5): the month after the latest of
 * the primary's month and its children's months, skipping months wholly covered by the series'
 * paused ranges (see `monthsCoveredByPauses`). Months may be given as 'YYYY-MM' or as start dates
 * 'YYYY-MM-DD'. With `validUntil` ('YYYY-MM', the month the series stops after) the answer is
 * null once the next month would pass it.
 */
export function nextChildMonth(
  primaryMonth: string,
  childMonths: readonly string[],
  pauses: readonly PauseRange[],
  validUntil?: string,
): IsoMonth | null {
  const latest = [primaryMonth, ...childMonths].map(monthOf).reduce((a, b) => (b > a ? b : a));
  const covered = new Set(monthsCoveredByPauses(pauses));
  const until = validUntil === undefined ? undefined : monthOf(validUntil);
  let candidate = shiftMonth(latest, 1);
  for (let step = 0; covered.has(candidate) && step < maxMonthsAhead; step += 1) {
    candidate = shiftMonth(candidate, 1);
  }
  if (until !== undefined && candidate > until) return null;
  return candidate;
}
