import { TZDate } from '@date-fns/tz';
import {
  displayDate,
  isIsoDate,
  isIsoMonth,
  periodOf,
  type IsoDate,
  type IsoMonth,
} from '../campaign/campaign-dates.rules.ts';

/**
 * The one rule for how dates are written, typed and shown (spec 1 §9, spec 2 §9, spec 3 §9):
 *
 * - the dashboard's Date Range pickers and dates: yyyy-MM-dd (spec 3 §2.4, §9);
 * - month pickers and periods: MM/YYYY (spec 1 §9, spec 2 §9, spec 3 §9);
 * - every other date, typed or shown: DD/MM/YYYY (spec 2 §9, spec 3 §9).
 *
 * Values travel as 'YYYY-MM-DD' and 'YYYY-MM' whatever the format shown. An instant (an upload, a
 * mail, a transaction) is shown in the timezone setting, and a time of day always carries the zone
 * it is in ('01:00 EST'), so a reader in another zone is not misled (brief §5).
 */

/** Which kind of value an input or a cell holds. */
export type DateFormatKind = 'dashboardDate' | 'date' | 'month';

/** The pattern of each kind, in the tokens of dayjs and Mantine's pickers. */
export const dateFormats = {
  dashboardDate: 'YYYY-MM-DD',
  date: 'DD/MM/YYYY',
  month: 'MM/YYYY',
} as const satisfies Record<DateFormatKind, string>;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A date and time typed in the timezone setting (the rule simulator): the date as 'date' writes it. */
export const dateTimeFormat = `${dateFormats.date} HH:mm`;

const typedDateTime = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})$/;

/**
 * A date and time typed as DD/MM/YYYY HH:mm, as the local 'YYYY-MM-DDTHH:mm' it stands for (the
 * value of an HTML date-time input); null when it is not a real date at a real time.
 */
export function parseDateTimeInput(text: string): string | null {
  const match = typedDateTime.exec(text.trim());
  if (!match) return null;
  const [day, month, year, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (!isIsoDate(date) || hour > 23 || minute > 59) return null;
  return `${date}T${pad(hour)}:${pad(minute)}`;
}

/**
 * A stored date 'YYYY-MM-DD' written in the kind's format (a month 'YYYY-MM', or a date's month, as
 * MM/YYYY). The spec's DD/MM/YYYY and MM/YYYY are `displayDate` and `periodOf`.
 */
export function formatDateValue(value: IsoDate | IsoMonth, kind: DateFormatKind): string {
  if (kind === 'month') return periodOf(value);
  if (kind === 'date') return displayDate(value);
  if (!isIsoDate(value)) throw new RangeError(`Not a date (YYYY-MM-DD): ${value}`);
  return value;
}

const typedPatterns = {
  dashboardDate: /^(\d{4})-(\d{1,2})-(\d{1,2})$/,
  date: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/,
  month: /^(\d{1,2})\/(\d{4})$/,
} as const satisfies Record<DateFormatKind, RegExp>;

/**
 * What was typed in an input of the kind, as the value it stands for ('YYYY-MM-DD', or 'YYYY-MM'
 * for a month); null when it is not a real date (or month) written in the kind's format.
 */
export function parseDateInput(text: string, kind: DateFormatKind): string | null {
  const match = typedPatterns[kind].exec(text.trim());
  if (!match) return null;
  const numbers = match.slice(1).map(Number);
  let value: string;
  if (kind === 'month') value = `${pad(numbers[1]!, 4)}-${pad(numbers[0]!)}`;
  else if (kind === 'dashboardDate') value = `${pad(numbers[0]!, 4)}-${pad(numbers[1]!)}-${pad(numbers[2]!)}`;
  else value = `${pad(numbers[2]!, 4)}-${pad(numbers[1]!)}-${pad(numbers[0]!)}`;
  return (kind === 'month' ? isIsoMonth(value) : isIsoDate(value)) ? value : null;
}

/** The parts of an instant on the clock of a time zone, read once per zone (formatters are costly). */
const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function wallClockOf(instant: Date, timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}` as IsoDate,
    time: `${parts.hour}:${parts.minute}`,
  };
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneNameIn(locale: 'en-US' | 'en-GB', instant: Date, timeZone: string): string {
  const key = `${locale} ${timeZone}`;
  let formatter = zoneFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    zoneFormatters.set(key, formatter);
  }
  return formatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * The zone's short name at that instant: 'EST' or 'EDT' for America/New_York, 'GMT' or 'BST' for
 * Europe/London, 'UTC'; an offset such as 'GMT+4' where no name is in common use. The American
 * names first (the default zone is New York's), then the British ones.
 */
export function timeZoneLabel(instant: Date, timeZone: string): string {
  const american = zoneNameIn('en-US', instant, timeZone);
  if (!/^GMT[+-]/.test(american)) return american;
  const british = zoneNameIn('en-GB', instant, timeZone);
  return /^(GMT|UTC)[+-]/.test(british) ? american : british;
}

/** How an instant is shown: its date, or its date and time with the zone. */
export type InstantStyle = 'date' | 'dateTime' | 'dashboardDateTime' | 'time';

/**
 * An instant (ISO text or Date) shown in the timezone setting:
 * - 'date': DD/MM/YYYY (a day: no time, no zone);
 * - 'dateTime': DD/MM/YYYY HH:mm and the zone, '01/12/2026 01:00 EST';
 * - 'dashboardDateTime': the dashboard's yyyy-MM-dd HH:mm and the zone, '2026-12-01 01:00 EST';
 * - 'time': HH:mm and the zone, '01:00 EST'.
 */
export function formatInstant(instant: string | Date, timeZone: string, style: InstantStyle): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  const { date, time } = wallClockOf(at, timeZone);
  if (style === 'date') return formatDateValue(date, 'date');
  const clock = `${time} ${timeZoneLabel(at, timeZone)}`;
  if (style === 'time') return clock;
  return `${formatDateValue(date, style === 'dashboardDateTime' ? 'dashboardDate' : 'date')} ${clock}`;
}

const wallTimePattern = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/;

/**
 * A wall-clock time already read in the timezone setting ('yyyy-MM-dd HH:mm', as the transactions'
 * local time is stored) shown as `formatInstant` shows the instant it is, zone and all. In the hour
 * a clock goes back, the earlier of the two instants.
 */
export function formatWallTime(local: string, timeZone: string, style: InstantStyle): string {
  const match = wallTimePattern.exec(local);
  if (!match) throw new RangeError(`Not a local date and time (yyyy-MM-dd HH:mm): ${local}`);
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return formatInstant(
    new Date(new TZDate(year, month - 1, day, hour, minute, timeZone).getTime()),
    timeZone,
    style,
  );
}
