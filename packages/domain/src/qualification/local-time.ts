import { TZDate, tzOffset } from '@date-fns/tz';
import { subMonths } from 'date-fns';
import type { IsoDate, IsoMonth } from '../campaign/campaign-dates.rules.ts';
import { weekDayLabels, type WeekDayLabel } from '../campaign/campaign.schema.ts';

/**
 * Local wall-clock readings in the timezone setting, for the qualification engine's hot path
 * (every transaction is read in local time, and its card history is measured in local calendar
 * months). The answers are those of @date-fns/tz (TZDate, subMonths on it); what this adds is
 * speed: `Intl` is asked once per UTC day and zone whether the day has one offset throughout, and
 * an instant in such a day is read by arithmetic. Only days with an offset change (a few a year)
 * go through TZDate, which then gives the answer, so gaps and repeated hours resolve as it does.
 */

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
/** UTC offsets range from −12 h to +14 h: a wall time is the instant within these bounds of it. */
const earliestOffsetMs = -12 * hourMs;
const latestOffsetMs = 14 * hourMs;
/** Days held per zone before the cache starts again (a few hundred years of days). */
const maxCachedDays = 100_000;

/** Per zone and UTC day: the offset in minutes when the whole day has one, else null. */
const steadyDays = new Map<string, Map<number, number | null>>();

function steadyOffsetOfDay(timeZone: string, day: number): number | null {
  let days = steadyDays.get(timeZone);
  if (!days) {
    days = new Map();
    steadyDays.set(timeZone, days);
  }
  let offset = days.get(day);
  if (offset === undefined) {
    // Every hour of the day and the next midnight: a change at any instant of the day shows as
    // two hours with different offsets (no zone changes and changes back within an hour).
    const first = tzOffset(timeZone, new Date(day * dayMs));
    offset = Number.isFinite(first) ? first : null;
    for (let hour = 1; hour <= 24 && offset !== null; hour += 1) {
      if (tzOffset(timeZone, new Date(day * dayMs + hour * hourMs)) !== first) offset = null;
    }
    if (days.size >= maxCachedDays) days.clear();
    days.set(day, offset);
  }
  return offset;
}

/** The one offset (minutes) of every instant from `from` to `to`, or null when it changes there. */
function steadyOffset(timeZone: string, from: number, to: number): number | null {
  const offset = steadyOffsetOfDay(timeZone, Math.floor(from / dayMs));
  for (let day = Math.floor(from / dayMs) + 1; day <= Math.floor(to / dayMs); day += 1) {
    if (offset === null || steadyOffsetOfDay(timeZone, day) !== offset) return null;
  }
  return offset;
}

function zonedDate(at: number, timeZone: string): TZDate {
  const instant = new TZDate(at, timeZone);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return instant;
}

/** `wallClockOf` as TZDate reads it, on any day (the path for days with an offset change). */
export function zonedWallClock(at: number, timeZone: string): number {
  const local = zonedDate(at, timeZone);
  return Date.UTC(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    local.getHours(),
    local.getMinutes(),
    local.getSeconds(),
    local.getMilliseconds(),
  );
}

/**
 * The wall-clock time of the instant `at` (ms) in the zone, as the milliseconds of that calendar
 * date and time read as UTC (so the Date UTC getters give its year, month, day, weekday, time).
 */
export function wallClockOf(at: number, timeZone: string): number {
  const offset = steadyOffset(timeZone, at, at);
  return offset === null ? zonedWallClock(at, timeZone) : at + offset * minuteMs;
}

/**
 * The instant of the same local wall time `months` calendar months before the instant `at`, the
 * day of the month kept or, past the end of the shorter month, its last day (31 March − 1 →
 * 28/29 February): date-fns subMonths on a TZDate. `wall` is `wallClockOf(at, timeZone)`.
 */
export function monthsBeforeInZone(at: number, wall: number, months: number, timeZone: string): number {
  const clock = new Date(wall);
  const year = clock.getUTCFullYear();
  const month = clock.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const target = Date.UTC(
    year,
    month,
    Math.min(clock.getUTCDate(), lastDay),
    clock.getUTCHours(),
    clock.getUTCMinutes(),
    clock.getUTCSeconds(),
    clock.getUTCMilliseconds(),
  );
  // With one offset over every instant the wall time could be, it is exactly one of them.
  const offset = steadyOffset(timeZone, target - latestOffsetMs, target - earliestOffsetMs);
  if (offset !== null) return target - offset * minuteMs;
  return subMonths(zonedDate(at, timeZone), months).getTime();
}

/** The local calendar reading of the transaction's instant in the timezone setting. */
export interface LocalTime {
  /** The instant (ms). */
  at: number;
  /** Its wall-clock time as UTC milliseconds (local-time.ts). */
  wall: number;
  timeZone: string;
  /** Instants of the same local time some months before, as computed (by month count). */
  monthsBefore: Map<number, number>;
  month: IsoMonth;
  date: IsoDate;
  weekDay: WeekDayLabel;
  /** 'HH:MM:SS.mmm', compares as text with 'HH:MM'. */
  time: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** ISO 8601 with an offset (brief §6): 2025-06-11T12:00:00+01:00, …T11:00:00.250Z. */
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export function instantOf(datetime: string): number {
  const at = instantPattern.test(datetime) ? Date.parse(datetime) : Number.NaN;
  if (Number.isNaN(at)) throw new RangeError(`Not an ISO 8601 date-time with an offset: ${datetime}`);
  return at;
}

export function localTimeOf(datetime: string, timeZone: string): LocalTime {
  const at = instantOf(datetime);
  const wall = wallClockOf(at, timeZone);
  const clock = new Date(wall);
  const month = `${pad(clock.getUTCFullYear(), 4)}-${pad(clock.getUTCMonth() + 1)}` as IsoMonth;
  return {
    at,
    wall,
    timeZone,
    monthsBefore: new Map(),
    month,
    date: `${month}-${pad(clock.getUTCDate())}` as IsoDate,
    // getUTCDay: Sunday 0 … Saturday 6; the labels run Monday … Sunday.
    weekDay: weekDayLabels[(clock.getUTCDay() + 6) % 7] as WeekDayLabel,
    time: `${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}:${pad(clock.getUTCSeconds())}.${pad(clock.getUTCMilliseconds(), 3)}`,
  };
}

/** The same local wall time `months` calendar months earlier (31 March − 1 → 28/29 February). */
export function monthsBefore(local: LocalTime, months: number): number {
  let instant = local.monthsBefore.get(months);
  if (instant === undefined) {
    instant = monthsBeforeInZone(local.at, local.wall, months, local.timeZone);
    local.monthsBefore.set(months, instant);
  }
  return instant;
}
