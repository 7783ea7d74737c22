/**
 * Writing the dashboard export's CSV (RFC 4180): comma separated, CRLF line ends, a field quoted
 * when it holds a comma, a quote (doubled) or a line break. The file starts with a UTF-8 byte
 * order mark so spreadsheet programs read names with accents correctly.
 *
 * Formula-safe: a text cell starting with =, +, -, @, tab or carriage return would be run as a
 * formula by a spreadsheet ('CSV injection'), so it is written with a single quote before it. The
 * money columns are not text: they are made here from integer pence as plain numbers (digits, an
 * optional leading minus, a point, two decimals), so a refund stays the number -30.00 a
 * spreadsheet can sum; nothing a publisher or a user typed can reach them.
 */

import type { RewardStatus } from '@krowd/domain/qualification/reward-status.rules';

/**
 * The columns of the file, in order. With the not-qualified transactions asked for
 * (docs/decisions/0130) two more follow, `reasonColumns`: `reason`, the catalogue's text (a cap's
 * with its number), and `reason_code`, the stable code of messages.qualification. A not-qualified
 * row has type `not_qualified`, 0.00 cashback and fee, and no reward status, reward date, customer
 * type nor offer type; its campaign is the one that came closest, if any. A qualified purchase a
 * cap paid less has that cap's reason; other qualified rows and refunds leave both empty. Each
 * brand's qualified rows come first, in time order, then its not-qualified ones, in time order.
 */
export const exportColumns = [
  'transaction_id',
  'date',
  'type',
  'publisher',
  'brand',
  'branch',
  'postcode',
  'card_last4',
  'amount_gbp',
  'cashback_gbp',
  'success_fee_gbp',
  'reward_status',
  'reward_final_on',
  'customer_type',
  'offer_type',
  'campaign',
] as const;

/** The columns added when the not-qualified transactions are asked for. */
export const reasonColumns = ['reason', 'reason_code'] as const;

/** One exported transaction: a qualified purchase, a refund of one, or (when asked) one that did not qualify. */
export interface ExportRow {
  transactionId: string;
  /** Local wall time in the timezone setting, yyyy-MM-dd HH:mm:ss. */
  date: string;
  type: 'purchase' | 'refund' | 'not_qualified';
  publisher: string;
  brand: string;
  branch: string;
  postcode: string | null;
  cardLast4: string;
  amountPence: number;
  cashbackPence: number;
  successFeePence: number;
  /**
   * The reward's status on the day the file is made (docs/decisions/0117): pending inside the
   * return period, final after it, cancelled when refunds inside it took all of it back. A refund
   * row has its purchase's status and date.
   */
  rewardStatus: RewardStatus | null;
  /** The local date from which the purchase's reward is final (yyyy-MM-dd); null when not qualified. */
  rewardFinalOn: string | null;
  customerType: string | null;
  offerType: string | null;
  campaign: string | null;
  /** The reason in the catalogue's words and its code: why it did not qualify, or earned less. */
  reason?: { text: string; code: string } | null;
}

export const byteOrderMark = '\uFEFF';

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** A text cell: formula-safe, then quoted when RFC 4180 needs it. */
export function textCell(value: string | null): string {
  if (value === null || value === '') return '';
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Integer pence as pounds with two decimals, e.g. -3000 → '-30.00'; exact (no float arithmetic). */
export function poundsCell(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`not a whole number of pence: ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const magnitude = Math.abs(pence);
  return `${sign}${Math.trunc(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** The header row; `withReasons` adds `reasonColumns`. */
export function csvHeader(withReasons = false): string {
  const columns = withReasons ? [...exportColumns, ...reasonColumns] : exportColumns;
  return `${byteOrderMark}${columns.join(',')}\r\n`;
}

export function csvLine(row: ExportRow, withReasons = false): string {
  const reason = withReasons ? [textCell(row.reason?.text ?? null), textCell(row.reason?.code ?? null)] : [];
  return `${[
    textCell(row.transactionId),
    textCell(row.date),
    textCell(row.type),
    textCell(row.publisher),
    textCell(row.brand),
    textCell(row.branch),
    textCell(row.postcode),
    textCell(row.cardLast4),
    poundsCell(row.amountPence),
    poundsCell(row.cashbackPence),
    poundsCell(row.successFeePence),
    textCell(row.rewardStatus),
    textCell(row.rewardFinalOn),
    textCell(row.customerType),
    textCell(row.offerType),
    textCell(row.campaign),
    ...reason,
  ].join(',')}\r\n`;
}
