/**
 * Settlement files for publishers (decision 0107): a daily redemption file and a monthly
 * settlement file, as CSV (RFC 4180, LF line ends, UTF-8, no byte-order mark), with a fixed,
 * documented header. Money is integer pence; times are local times in the timezone setting with
 * their UTC offset. The file carries no checksum line: its SHA-256 (hex, over the file's bytes) is
 * given beside it (listing, response header, `settlement.ready`), so the bytes checked are the
 * bytes served.
 */

export type SettlementKind = 'daily' | 'monthly';

/** One column of a file: its name in the header and what it holds (the documentation's table). */
export interface SettlementColumn {
  name: string;
  meaning: string;
}

export const dailyColumns: readonly SettlementColumn[] = [
  { name: 'event', meaning: 'qualified (a purchase that earned cashback) or refunded (a refund of one)' },
  { name: 'transaction_id', meaning: "the publisher's own transaction id, as sent" },
  {
    name: 'original_transaction_id',
    meaning: "for a refund, the publisher's id of the purchase refunded; else empty",
  },
  {
    name: 'local_time',
    meaning: 'when it happened, local time in the timezone setting with its offset (ISO 8601)',
  },
  { name: 'brand_id', meaning: 'the brand paying the campaign' },
  { name: 'brand_name', meaning: "the brand's name" },
  { name: 'campaign_id', meaning: 'the campaign that paid it' },
  { name: 'campaign_name', meaning: "the campaign's name" },
  { name: 'amount_pence', meaning: 'the purchase or refund amount, integer pence (a refund negative)' },
  {
    name: 'cashback_pence',
    meaning: "the cardholder's cashback, integer pence (a refund takes it back: negative)",
  },
  { name: 'success_fee_pence', meaning: 'the success fee, integer pence (negative on a refund)' },
  // Added last, so a reader of the earlier columns by position reads them unchanged (decision 0116).
  {
    name: 'capped_reason',
    meaning:
      'a qualified purchase that a cap made earn less: the reason key (such as cappedCashbackPerTransaction); else empty',
  },
  {
    name: 'cap_limit',
    meaning:
      'with capped_reason: the cap as it applied, a count of transactions or integer pence for the spend and cashback caps; else empty',
  },
  {
    name: 'cap_interval',
    meaning: 'with capped_reason: day, week or month for a cap per interval; else empty',
  },
];

export const monthlyColumns: readonly SettlementColumn[] = [
  { name: 'brand_id', meaning: 'the brand invoiced' },
  { name: 'brand_name', meaning: "the brand's name" },
  { name: 'campaign_id', meaning: 'the campaign' },
  { name: 'campaign_name', meaning: "the campaign's name" },
  { name: 'document', meaning: 'the invoice (INV-…) or credit note (CN-…) number issued that month' },
  { name: 'issued_on', meaning: "the document's issue date (local date in the timezone setting)" },
  { name: 'transactions', meaning: "the publisher's transactions the document covers for the campaign" },
  { name: 'cashback_pence', meaning: 'their cashback, integer pence (negative on a credit note)' },
  { name: 'success_fee_pence', meaning: 'their success fee, integer pence (negative on a credit note)' },
];

export interface DailyRow {
  event: 'qualified' | 'refunded';
  transactionId: string;
  originalTransactionId: string | null;
  localTime: string;
  brandId: string;
  brandName: string;
  campaignId: string;
  campaignName: string;
  amountPence: number;
  cashbackPence: number;
  successFeePence: number;
  /** A cap that made a qualified purchase earn less (decision 0116), with its number; else null. */
  cappedReason: string | null;
  capLimit: number | null;
  capInterval: string | null;
}

export interface MonthlyRow {
  brandId: string;
  brandName: string;
  campaignId: string;
  campaignName: string;
  document: string;
  issuedOn: string;
  transactions: number;
  cashbackPence: number;
  successFeePence: number;
}

export interface SettlementTotals {
  rows: number;
  cashbackPence: number;
  successFeePence: number;
}

/** One CSV value: quoted when it holds a comma, a quote or a line break; a leading formula sign is defused. */
export function csvValue(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`settlement: ${value} is not whole pence`);
    return String(value);
  }
  // A spreadsheet would run a value starting with = + - @ as a formula (CSV injection).
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (values: (string | number | null)[]) => `${values.map(csvValue).join(',')}\n`;

/** The daily redemption file: header, then the rows in time order, then id (stable for equal times). */
export function dailyCsv(rows: readonly DailyRow[]): string {
  const sorted = [...rows].sort(
    (a, b) =>
      compare(a.localTime, b.localTime) ||
      compare(a.transactionId, b.transactionId) ||
      compare(a.event, b.event),
  );
  return (
    line(dailyColumns.map((c) => c.name)) +
    sorted
      .map((r) =>
        line([
          r.event,
          r.transactionId,
          r.originalTransactionId,
          r.localTime,
          r.brandId,
          r.brandName,
          r.campaignId,
          r.campaignName,
          r.amountPence,
          r.cashbackPence,
          r.successFeePence,
          r.cappedReason,
          r.capLimit,
          r.capInterval,
        ]),
      )
      .join('')
  );
}

/** The monthly settlement file: header, then rows by brand name, campaign name, then document. */
export function monthlyCsv(rows: readonly MonthlyRow[]): string {
  const sorted = [...rows].sort(
    (a, b) =>
      compare(a.brandName, b.brandName) ||
      compare(a.brandId, b.brandId) ||
      compare(a.campaignName, b.campaignName) ||
      compare(a.campaignId, b.campaignId) ||
      compare(a.document, b.document),
  );
  return (
    line(monthlyColumns.map((c) => c.name)) +
    sorted
      .map((r) =>
        line([
          r.brandId,
          r.brandName,
          r.campaignId,
          r.campaignName,
          r.document,
          r.issuedOn,
          r.transactions,
          r.cashbackPence,
          r.successFeePence,
        ]),
      )
      .join('')
  );
}

// Code-unit order, not the locale's: the same rows give the same bytes on every machine.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A file's totals: its rows and the sums of its money columns. */
export function settlementTotals(
  rows: readonly { cashbackPence: number; successFeePence: number }[],
): SettlementTotals {
  return rows.reduce<SettlementTotals>(
    (sum, r) => ({
      rows: sum.rows + 1,
      cashbackPence: sum.cashbackPence + r.cashbackPence,
      successFeePence: sum.successFeePence + r.successFeePence,
    }),
    { rows: 0, cashbackPence: 0, successFeePence: 0 },
  );
}

/**
 * The monthly file's totals per brand (what the brand's invoices and credit notes issued in the
 * month say for this publisher's transactions): summed over every publisher, a brand's totals are
 * its documents' cashback and success fee to the penny.
 */
export function brandTotals(rows: readonly MonthlyRow[]): Map<string, SettlementTotals> {
  const byBrand = new Map<string, MonthlyRow[]>();
  for (const row of rows) byBrand.set(row.brandId, [...(byBrand.get(row.brandId) ?? []), row]);
  return new Map([...byBrand].map(([brandId, list]) => [brandId, settlementTotals(list)]));
}

/** The file's name: `settlement-daily-2026-12-01.csv`, `settlement-monthly-2026-11.csv`. */
export function settlementFileName(kind: SettlementKind, period: string): string {
  return `settlement-${kind}-${period}.csv`;
}

/** Whether a period is well formed for its kind: a local date (daily) or a month (monthly). */
export function isSettlementPeriod(kind: SettlementKind, period: string): boolean {
  return kind === 'daily' ? /^\d{4}-\d{2}-\d{2}$/.test(period) : /^\d{4}-\d{2}$/.test(period);
}
