import { TZDate } from '@date-fns/tz';
import { shiftDate, type IsoDate, type IsoMonth } from '../calendar/calendar.rules.ts';
import { currentMonth, localToday, shiftMonth } from '../campaign/campaign-dates.rules.ts';

/**
 * The settlement files' periods in the timezone setting (docs/decisions/0107): a daily file covers
 * one local calendar day, a monthly file one local month, and either is made only once its period
 * is over (closed), since a stored file never changes.
 */

/** How many closed days a publisher's first run makes at most: the last 35 (decision 0107). */
export const firstRunDays = 35;

/** The instants [start, end) of a local calendar day: its midnight to the next one's. */
export function localDayBounds(date: IsoDate, timeZone: string): { start: Date; end: Date } {
  const midnight = (day: IsoDate) => {
    const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
    const instant = new TZDate(year, month - 1, dayOfMonth, timeZone);
    if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a day in ${timeZone}: ${day}`);
    return new Date(instant.getTime());
  };
  return { start: midnight(date), end: midnight(shiftDate(date, 1)) };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The instant as local time in the zone with its offset, ISO 8601 to the second:
 * 2025-05-10T17:00:00+01:00 (winter +00:00, written so rather than Z: the column is a local time).
 */
export function localTimeWithOffset(at: Date, timeZone: string): string {
  const local = new TZDate(at.getTime(), timeZone);
  if (Number.isNaN(local.getTime())) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const offset = -local.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const date = `${String(local.getFullYear()).padStart(4, '0')}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  return `${date}T${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}${zone}`;
}

/** Whether the local day is over at `now`: it is before today in the zone. */
export function isClosedDay(date: IsoDate, now: Date, timeZone: string): boolean {
  return date < localToday(now, timeZone);
}

/** Whether the local month is over at `now`: it is before the current month in the zone. */
export function isClosedMonth(month: IsoMonth, now: Date, timeZone: string): boolean {
  return month < currentMonth(now, timeZone);
}

/**
 * The closed days whose daily files are due, oldest first: from the day after the last file made
 * (or, with none yet, from `firstRunDays` days ago) to yesterday, never before `notBefore` (the
 * local day the publisher was made: no file for days before it existed).
 */
export function dueDays(
  lastMade: IsoDate | null,
  now: Date,
  timeZone: string,
  notBefore: IsoDate | null = null,
): IsoDate[] {
  const yesterday = shiftDate(localToday(now, timeZone), -1);
  let day = lastMade ? shiftDate(lastMade, 1) : shiftDate(yesterday, 1 - firstRunDays);
  if (notBefore && day < notBefore) day = notBefore;
  const days: IsoDate[] = [];
  for (; day <= yesterday; day = shiftDate(day, 1)) days.push(day);
  return days;
}

/** The month whose monthly file is due at `now`: the last closed one (last month in the zone). */
export function lastClosedMonth(now: Date, timeZone: string): IsoMonth {
  return shiftMonth(currentMonth(now, timeZone), -1);
}
