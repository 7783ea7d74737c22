import { TZDate, tzOffset } from '@date-fns/tz';
import { subMonths } from 'date-fns';
import type { IsoDate, IsoMonth } from '../campaign/campaign-dates.rules.ts';
import { weekDayLabels, type WeekDayLabel } from '../campaign/campaign.schema.ts';

/**
 * Local wall-clock readings in the timezone setting, for the qualification engine's hot path
 * (every transaction is read in local time, and its card history is measured in local calendar
 * months). The answers are those of @date-fns/tz (TZDate, subMonths on it); what this adds is
 * speed: `Intl` is asked once per UTC day and zone for the offset of each hour, and an instant in
 * an hour with one offset throughout is read by arithmetic. Only the hour of an offset change goes
 * through TZDate, and a wall time that a change skips or repeats (a few hours a year), so that
 * they resolve as TZDate resolves them.
 */

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
/** UTC offsets range from −12 h to +14 h: a wall time is the instant within these bounds of it. */
const earliestOffsetMs = -12 * hourMs;
const latestOffsetMs = 14 * hourMs;
/** Days held per zone before the cache starts again (a few hundred years of days). */
const maxCachedDays = 100_000;

/**
 * Per zone and UTC day: the offset in minutes when the whole day has one; else the offset of each
 * of its hours that has one throughout (NaN for the hour of a change), so that only the hour of a
 * change goes through TZDate.
 */
const zoneDays = new Map<string, Map<number, number | Float64Array>>();

function offsetsOfDay(timeZone: string, day: number): number | Float64Array {
  let days = zoneDays.get(timeZone);
  if (!days) {
    days = new Map();
    zoneDays.set(timeZone, days);
  }
  let offsets = days.get(day);
  if (offsets === undefined) {
    // Every hour of the day and the next midnight: a change at any instant of the day shows as
    // two hours with different offsets (no zone changes and changes back within an hour).
    const hourly = new Float64Array(25);
    for (let hour = 0; hour <= 24; hour += 1) {
      const offset = tzOffset(timeZone, new Date(day * dayMs + hour * hourMs));
      hourly[hour] = Number.isFinite(offset) ? offset : Number.NaN;
    }
    offsets = hourly.every((offset) => offset === hourly[0])
      ? hourly[0]!
      : hourly
          .map((offset, hour) => (hour < 24 && offset === hourly[hour + 1] ? offset : Number.NaN))
          .subarray(0, 24);
    if (days.size >= maxCachedDays) days.clear();
    days.set(day, offsets);
  }
  return offsets;
}

/** The offset (minutes) of the instant `at` when its hour has one throughout, else NaN. */
function steadyOffsetAt(timeZone: string, at: number): number {
  const day = Math.floor(at / dayMs);
  const offsets = offsetsOfDay(timeZone, day);
  return typeof offsets === 'number' ? offsets : offsets[Math.floor((at - day * dayMs) / hourMs)]!;
}

/** The one offset (minutes) of every instant from `from` to `to` when their days have one, else NaN. */
function steadyOffsetBetween(timeZone: string, from: number, to: number): number {
  const offset = offsetsOfDay(timeZone, Math.floor(from / dayMs));
  if (typeof offset !== 'number') return Number.NaN;
  for (let day = Math.floor(from / dayMs) + 1; day <= Math.floor(to / dayMs); day += 1) {
    if (offsetsOfDay(timeZone, day) !== offset) return Number.NaN;
  }
  return offset;
}

/**
 * The offsets (minutes) of the instants from `from` to `to`, or null when an hour among them has a
 * change (its offsets are then not known without TZDate).
 */
function offsetsBetween(timeZone: string, from: number, to: number): Set<number> | null {
  const found = new Set<number>();
  for (let day = Math.floor(from / dayMs); day <= Math.floor(to / dayMs); day += 1) {
    const offsets = offsetsOfDay(timeZone, day);
    if (typeof offsets === 'number') {
      found.add(offsets);
      continue;
    }
    for (let hour = 0; hour < 24; hour += 1) {
      const start = day * dayMs + hour * hourMs;
      if (start + hourMs <= from || start > to) continue;
      if (Number.isNaN(offsets[hour])) return null;
      found.add(offsets[hour]!);
    }
  }
  return found;
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
  const offset = steadyOffsetAt(timeZone, at);
  return Number.isNaN(offset) ? zonedWallClock(at, timeZone) : at + offset * minuteMs;
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
  // The instants the wall time could be are within the offsets' bounds of it, each the wall time
  // less one of the offsets there: with one offset throughout, it is exactly that one.
  const from = target - latestOffsetMs;
  const to = target - earliestOffsetMs;
  const steady = steadyOffsetBetween(timeZone, from, to);
  if (!Number.isNaN(steady)) return target - steady * minuteMs;
  // Near a change: when exactly one of them reads as the wall time, it is the answer; a wall time
  // skipped or repeated by the change is left to TZDate.
  const offsets = offsetsBetween(timeZone, from, to);
  if (offsets !== null) {
    let found: number | null = null;
    let matches = 0;
    for (const offset of offsets) {
      const instant = target - offset * minuteMs;
      if (wallClockOf(instant, timeZone) === target) {
        found = instant;
        matches += 1;
      }
    }
    if (matches === 1) return found!;
  }
  return subMonths(zonedDate(at, timeZone), months).getTime();
}

/** The local calendar reading of the transaction's instant in the timezone setting. */
export interface LocalTime {
  /** The instant (ms). */
  at: number;
  /** Its wall-clock time as UTC milliseconds (local-time.ts). */
  wall: number;
  timeZone: string;
  /**
   * Instants of the same local time some months before, as computed, indexed by month count (an
   * array, not a Map: one is made for every transaction).
   */
  monthsBefore: number[];
  month: IsoMonth;
  date: IsoDate;
  weekDay: WeekDayLabel;
  /** 'HH:MM:SS.mmm', compares as text with 'HH:MM'. */
  time: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
/** 00 … 99 and 000 … 999, made once: every transaction's local time is written with them. */
const twoDigits = Array.from({ length: 100 }, (_, value) => pad(value));
const threeDigits = Array.from({ length: 1000 }, (_, value) => pad(value, 3));

/** ISO 8601 with an offset (brief §6): 2025-06-11T12:00:00+01:00, …T11:00:00.250Z. */
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export function instantOf(datetime: string): number {
  const at = instantPattern.test(datetime) ? Date.parse(datetime) : Number.NaN;
  if (Number.isNaN(at)) throw new RangeError(`Not an ISO 8601 date-time with an offset: ${datetime}`);
  return at;
}

/** A local calendar day's readings, kept for the next transaction (a file runs in time order). */
let lastDay: { day: number; month: IsoMonth; date: IsoDate; weekDay: WeekDayLabel } | null = null;

function calendarDay(wall: number) {
  const day = Math.floor(wall / dayMs);
  if (lastDay?.day !== day) {
    const clock = new Date(day * dayMs);
    const month = `${pad(clock.getUTCFullYear(), 4)}-${pad(clock.getUTCMonth() + 1)}` as IsoMonth;
    lastDay = {
      day,
      month,
      date: `${month}-${pad(clock.getUTCDate())}` as IsoDate,
      // getUTCDay: Sunday 0 … Saturday 6; the labels run Monday … Sunday.
      weekDay: weekDayLabels[(clock.getUTCDay() + 6) % 7] as WeekDayLabel,
    };
  }
  return lastDay;
}

/** The local calendar reading of the instant `at` (ms) in the timezone setting. */
export function localTimeAt(at: number, timeZone: string): LocalTime {
  const wall = wallClockOf(at, timeZone);
  const { month, date, weekDay } = calendarDay(wall);
  const ms = wall - Math.floor(wall / dayMs) * dayMs;
  const seconds = Math.floor(ms / 1_000);
  const minutes = Math.floor(seconds / 60);
  return {
    at,
    wall,
    timeZone,
    monthsBefore: [],
    month,
    date,
    weekDay,
    time: `${twoDigits[Math.floor(minutes / 60)]}:${twoDigits[minutes % 60]}:${twoDigits[seconds % 60]}.${threeDigits[ms % 1_000]}`,
  };
}

export function localTimeOf(datetime: string, timeZone: string): LocalTime {
  return localTimeAt(instantOf(datetime), timeZone);
}

/** The same local wall time `months` calendar months earlier (31 March − 1 → 28/29 February). */
export function monthsBefore(local: LocalTime, months: number): number {
  let instant = local.monthsBefore[months];
  if (instant === undefined) {
    instant = monthsBeforeInZone(local.at, local.wall, months, local.timeZone);
    local.monthsBefore[months] = instant;
  }
  return instant;
}
