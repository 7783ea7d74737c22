import { lastDateOfMonth, shiftDate, shiftDateByMonths } from '../calendar/calendar.rules';
import { shiftMonth, type IsoDate, type IsoMonth } from '../campaign/campaign-dates.rules';
import type { CollectionMethod, PaymentStatus } from './invoice.schema';

/**
 * Invoice rules (brief §5, docs/decisions.md 'Invoice run'): a brand's campaign month is invoiced
 * by the first daily run after the month has closed and its 30-day return period has passed
 * (dates are local dates in the timezone setting). The invoice is issued on the run's date and due
 * one calendar month later. Its amount is the month's cashback plus success fee, net of refunds,
 * plus the 1% administrative charge when the brand has no direct-debit mandate.
 */

/**
 * The return period, in local days: a purchase's reward is pending on its own date and the 30
 * days after, when a refund cancels it, and final from the next day (qualification/
 * reward-status.rules.ts, docs/decisions/0117). A month is invoiced once its last day's purchases
 * are past it, so an invoice bills final rewards only. The one setting of it: nothing else may
 * count 30 days of its own.
 */
export const returnPeriodDays = 30;

/** The administrative charge of an invoice paid by hand, in basis points of cashback + fee (1%). */
export const adminChargeBasisPoints = 100;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const returnPeriodEndOf = (month: IsoMonth): IsoDate => shiftDate(lastDateOfMonth(month), returnPeriodDays);

/** The invoice month as the list shows it: MM-YYYY, the month zero-padded (spec 3 §9). */
export function invoiceMonthLabel(month: number, year: number): string {
  return `${pad(month)}-${year}`;
}

/** One calendar month after a date, on the last day of that month when it is shorter. */
export function oneMonthAfter(date: IsoDate): IsoDate {
  return shiftDateByMonths(date, 1);
}

/** The last day of a campaign month's return period: the month's last day plus 30 days. */
export function returnPeriodEnd(year: number, month: number): IsoDate {
  return returnPeriodEndOf(`${pad(year, 4)}-${pad(month)}`);
}

/** Whether a run on `today` (local date) may invoice the month: its return period is over. */
export function isReturnPeriodOver(year: number, month: number, today: IsoDate): boolean {
  return today > returnPeriodEnd(year, month);
}

/** The first local date on which a run invoices the month (the day after its return period). */
export function firstInvoiceDate(year: number, month: number): IsoDate {
  return shiftDate(returnPeriodEnd(year, month), 1);
}

/** The latest campaign month a run on `today` may invoice, as `YYYY-MM-01` (every earlier one too). */
export function latestInvoiceableMonth(today: IsoDate): IsoDate {
  let month = shiftMonth(today, -1);
  while (today <= returnPeriodEndOf(month)) month = shiftMonth(month, -1);
  return `${month}-01`;
}

/**
 * The 1% administrative charge of an invoice paid by hand, in whole pence: 1% of cashback plus
 * success fee, half a penny rounded up, in integer arithmetic (no float rounding surprises).
 */
export function adminChargePence(cashbackPence: number, successFeePence: number): number {
  const base = cashbackPence + successFeePence;
  if (base <= 0) return 0;
  return Math.floor((base * adminChargeBasisPoints + 5_000) / 10_000);
}

export interface InvoiceFigures {
  cashbackPence: number;
  successFeePence: number;
  adminChargePence: number;
  amountPence: number;
  collectionMethod: CollectionMethod;
  paymentStatus: PaymentStatus;
  issuedOn: IsoDate;
  dueDate: IsoDate;
}

/**
 * What an invoice says for a month's net cashback and success fee, issued on `issuedOn`: with a
 * direct-debit mandate it is collected (status Pending, no charge); without one it is paid by
 * hand (status Unpaid) with the 1% administrative charge. A month whose net cashback plus fee is
 * not positive gets no invoice (null): there is nothing to collect.
 */
export function invoiceFigures(input: {
  cashbackPence: number;
  successFeePence: number;
  hasMandate: boolean;
  issuedOn: IsoDate;
}): InvoiceFigures | null {
  const { cashbackPence, successFeePence, hasMandate, issuedOn } = input;
  if (cashbackPence + successFeePence <= 0) return null;
  const charge = hasMandate ? 0 : adminChargePence(cashbackPence, successFeePence);
  return {
    cashbackPence,
    successFeePence,
    adminChargePence: charge,
    amountPence: cashbackPence + successFeePence + charge,
    collectionMethod: hasMandate ? 'direct_debit' : 'manual',
    paymentStatus: hasMandate ? 'Pending' : 'Unpaid',
    issuedOn,
    dueDate: oneMonthAfter(issuedOn),
  };
}

const detailedSuffix = '-detailed.pdf';

/** The detailed invoice's file name (GET invoices/detailed/{fileName}): 'INV-000012-detailed.pdf'. */
export function detailedFileName(invoiceNumber: string): string {
  return `${invoiceNumber}${detailedSuffix}`;
}

/** The invoice number a detailed file name names, or null when it is not one. */
export function invoiceNumberOfDetailedFile(fileName: string): string | null {
  if (!fileName.endsWith(detailedSuffix)) return null;
  const number = fileName.slice(0, -detailedSuffix.length);
  return /^INV-\d{6,}$/.test(number) ? number : null;
}
