import { displayDate } from '@krowd/domain/campaign/campaign-dates.rules';
import { formatInstant } from '@krowd/domain/calendar/date-format.rules';
import { formatPence } from '@krowd/domain/money/money.rules';

/** An instant's date in the timezone setting, as DD/MM/YYYY (spec 3 §9). */
export function formatDate(iso: string, timeZone: string): string {
  return formatInstant(iso, timeZone, 'date');
}

/** An instant's date and time in the timezone setting, with the zone: '01/12/2026 01:00 EST'. */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatInstant(iso, timeZone, 'dateTime');
}

/** Whole pence as '£1,234.56' (brief §5). */
export function formatMoney(pence: number): string {
  return formatPence(pence);
}

/** A calendar date 'YYYY-MM-DD' as DD/MM/YYYY; it is a day, so no timezone applies. */
export function formatCalendarDate(date: string): string {
  return displayDate(date);
}
