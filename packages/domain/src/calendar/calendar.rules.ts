import { TZDate } from '@date-fns/tz';
import {
  addDays,
  addMonths,
  differenceInCalendarDays,
  formatISO,
  getDaysInMonth,
  getISOWeek,
  getISOWeekYear,
  lastDayOfMonth,
} from 'date-fns';

/** 'YYYY-MM-DD' */
export type IsoDate = string;
/** 'YYYY-MM' */
export type IsoMonth = string;

/**
 * Arithmetic on calendar dates 'YYYY-MM-DD' (date-fns). A calendar date is a day, not an instant,
 * so it is read and written in UTC, where neither the machine's zone nor a clock change can move
 * it. Which day *today* is depends on the timezone setting: `localToday` in campaign-dates.rules.ts.
 */

/** The date (or the first of the month 'YYYY-MM') as a day in UTC. */
const dayOf = (dateOrMonth: IsoDate | IsoMonth): TZDate =>
  new TZDate(`${dateOrMonth.length === 7 ? `${dateOrMonth}-01` : dateOrMonth}T00:00:00Z`, 'UTC');

const isoDateOf = (day: Date): IsoDate => formatISO(day, { representation: 'date' });

/** The date `days` days after (before, when negative) the given one. */
export function shiftDate(date: IsoDate, days: number): IsoDate {
  return isoDateOf(addDays(dayOf(date), days));
}

/**
 * The date `months` calendar months after (before, when negative) the given one, on the last day of
 * that month when it is shorter (31 January → 28 February).
 */
export function shiftDateByMonths(date: IsoDate, months: number): IsoDate {
  return isoDateOf(addMonths(dayOf(date), months));
}

/** How many days `to` is after `from` (negative when before). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return differenceInCalendarDays(dayOf(to), dayOf(from));
}

/** How many days the month has (28 to 31), given as numbers (1 to 12 for the month). */
export function daysInMonth(year: number, month: number): number {
  return getDaysInMonth(new TZDate(Date.UTC(year, month - 1, 1), 'UTC'));
}

/** The last date of the month of a date 'YYYY-MM-DD' or a month 'YYYY-MM'. */
export function lastDateOfMonth(dateOrMonth: IsoDate | IsoMonth): IsoDate {
  return isoDateOf(lastDayOfMonth(dayOf(dateOrMonth)));
}

/** The ISO week-numbering year and week of a date, as '2025-W23'. */
export function isoWeekLabel(date: IsoDate): string {
  const day = dayOf(date);
  return `${getISOWeekYear(day)}-W${String(getISOWeek(day)).padStart(2, '0')}`;
}
