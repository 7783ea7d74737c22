import { displayDate } from '@krowd/domain/campaign/campaign-dates.rules';
import { formatPence } from '@krowd/domain/money/money.rules';

/** Date and time shown in the timezone setting, as DD/MM/YYYY (spec 3 §9). */
export function formatDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}

export function formatDateTime(iso: string, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
  return `${formatDate(iso, timeZone)} ${time}`;
}

/** Whole pence as '£1,234.56' (brief §5). */
export function formatMoney(pence: number): string {
  return formatPence(pence);
}

/** A calendar date 'YYYY-MM-DD' as DD/MM/YYYY; it is a day, so no timezone applies. */
export function formatCalendarDate(date: string): string {
  return displayDate(date);
}
