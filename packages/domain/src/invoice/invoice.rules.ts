/**
 * Invoice rules (brief §5): a campaign month is invoiced once it has closed and its return
 * period has passed; the invoice is due one calendar month after it is issued.
 */

/** Days after a month closes during which refunds may still arrive. */
export const returnPeriodDays = 30;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const isoDate = (date: Date) =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The invoice month as the list shows it: MM-YYYY, the month zero-padded (spec 3 §9). */
export function invoiceMonthLabel(month: number, year: number): string {
  return `${pad(month)}-${year}`;
}

/** One calendar month after a date, on the last day of that month when it is shorter. */
export function oneMonthAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoDate(new Date(Date.UTC(year, month, Math.min(day, lastDay))));
}

/**
 * When the invoice for a campaign month is issued (the day its return period ends: the month's
 * last day plus 30 days) and when it is due (one calendar month later).
 */
export function invoiceDates(year: number, month: number): { issuedOn: string; dueDate: string } {
  // Day 0 of the next month is this month's last day.
  const issuedOn = isoDate(new Date(Date.UTC(year, month, returnPeriodDays)));
  return { issuedOn, dueDate: oneMonthAfter(issuedOn) };
}

/** The 1% administrative charge on an invoice paid by hand (no direct-debit mandate), in pence. */
export function adminChargePence(cashbackPence: number, successFeePence: number): number {
  return Math.round((cashbackPence + successFeePence) / 100);
}
