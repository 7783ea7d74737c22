import { messages } from '../messages/messages.ts';
import { formatPence, poundsToPence } from '../money/money.rules.ts';
import { monthOf } from './campaign-dates.rules.ts';

/**
 * Campaign rules (spec 1 §2, §4; spec 3 §4; brief §5): statuses and how they show, names,
 * the form rules that change values, and the branch selection as the payload carries it.
 */

/** Statuses a campaign is stored with (brief §5: created → Pending; bank confirms or rejects). */
export const campaignStatuses = [
  'Pending',
  'Bank Approval Pending',
  'Bank Approved',
  'Active',
  'Rejected',
  'Bank Rejected',
  'Krowd Rejected',
] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** What the lists show for a status (spec 3 §4). */
export const campaignStatusLabels = ['Approved', 'Submitted', 'Rejected'] as const;
export type CampaignStatusLabel = (typeof campaignStatusLabels)[number];

const labelOfStatus: Record<CampaignStatus, CampaignStatusLabel> = {
  Active: 'Approved',
  'Bank Approved': 'Approved',
  Pending: 'Submitted',
  'Bank Approval Pending': 'Submitted',
  Rejected: 'Rejected',
  'Krowd Rejected': 'Rejected',
  'Bank Rejected': 'Rejected',
};

/** Active or Bank Approved → Approved; Pending or Bank Approval Pending → Submitted; the rejections → Rejected. */
export function statusLabel(status: CampaignStatus): CampaignStatusLabel {
  return labelOfStatus[status];
}

export const customerTypes = ['all', 'new', 'existing', 'lapsed'] as const;
export type CustomerType = (typeof customerTypes)[number];

export const discountTypes = ['dp', 'dv', 'ss'] as const;
export type DiscountType = (typeof discountTypes)[number];

export const budgetTypes = ['budget', 'na'] as const;
export type BudgetType = (typeof budgetTypes)[number];

/** Customer types whose last transaction (in months) is chosen; the others send 'NULL'. */
export const customerTypesWithLastTransaction = [
  'existing',
  'lapsed',
] as const satisfies readonly CustomerType[];

export function needsLastTransaction(customerType: unknown): boolean {
  return customerType === 'existing' || customerType === 'lapsed';
}

/** The months the last-transaction select offers ('N Month(s) ago'). */
export const lastTransactionMonths = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** discountPercent fixed for the internal demo user and the card-network source (spec 1 §6). */
export const fixedDiscountPercent = 10;

export const campaignNameLength = { min: 5, max: 70 } as const;

/** English month names, January first: campaign names and report titles use them. */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Brand text cut so that brand + suffix fits the 70-character limit. */
function withSuffix(brandName: string, suffix: string): string {
  const brand = tidy(brandName)
    .slice(0, Math.max(0, campaignNameLength.max - suffix.length))
    .trimEnd();
  return `${brand}${suffix}`;
}

/**
 * The campaign name (spec 1 §2): the brand name, then YYMM of the start date, then the current
 * campaign count plus one, with no separators: 'Green Fork' starting 2025-12-01 with 0 campaigns
 * is 'Green Fork25121'. A long brand name is cut so the whole name stays within 70 characters;
 * YYMM plus the count keeps it at 5 or more.
 */
export function campaignName(brandName: string, startDate: string, currentCount: number): string {
  if (!Number.isInteger(currentCount) || currentCount < 0) {
    throw new RangeError(`currentCount must be a whole number of 0 or more: ${currentCount}`);
  }
  const month = monthOf(startDate);
  return withSuffix(brandName, `${month.slice(2, 4)}${month.slice(5, 7)}${currentCount + 1}`);
}

/**
 * The card-network reading of the name (spec 1 §2): brand, the month in full, the year, separated
 * by spaces ('Green Fork December 2025'), cut to 70 characters like `campaignName`.
 */
export function cardNetworkCampaignName(brandName: string, startDate: string): string {
  const month = monthOf(startDate);
  const monthName = monthNames[Number(month.slice(5, 7)) - 1];
  return withSuffix(brandName, ` ${monthName} ${month.slice(0, 4)}`);
}

/**
 * The name of a campaign whose start moves from `fromDate`'s month to `toDate`'s (an edit): the
 * month part follows the new month and everything else stays, the sequence number included (it is
 * the count the campaign was created with, spec 1 §2): 'Green Fork26013' moved from January to
 * March 2026 is 'Green Fork26033'; 'Green Fork January 2026' becomes 'Green Fork March 2026'.
 * A name in neither reading (typed elsewhere) is kept as it is.
 */
export function campaignNameForMonth(name: string, fromDate: string, toDate: string): string {
  const from = monthOf(fromDate);
  const to = monthOf(toDate);
  if (from === to) return name;
  const fullFrom = ` ${monthNames[Number(from.slice(5, 7)) - 1]} ${from.slice(0, 4)}`;
  if (name.endsWith(fullFrom)) {
    return `${name.slice(0, -fullFrom.length)} ${monthNames[Number(to.slice(5, 7)) - 1]} ${to.slice(0, 4)}`;
  }
  const yymm = (month: string) => `${month.slice(2, 4)}${month.slice(5, 7)}`;
  // The rightmost YYMM followed only by the sequence number (a whole number from 1): a brand name
  // that itself ends in digits stays in front of it.
  for (let at = name.lastIndexOf(yymm(from)); at >= 0; at = name.lastIndexOf(yymm(from), at - 1)) {
    const sequence = name.slice(at + 4);
    if (/^[1-9]\d*$/.test(sequence)) return `${name.slice(0, at)}${yymm(to)}${sequence}`;
    if (at === 0) break;
  }
  return name;
}

/** The fields the form rules read and change; works on the form's input and output types alike. */
export interface FormRuleFields {
  customerType?: unknown;
  lastTransaction?: unknown;
  discountType?: unknown;
  discountPercent?: unknown;
  discountAmount?: unknown;
  discountValue?: unknown;
  discountSpreadAmount?: unknown;
  discountSpreadValue?: unknown;
  spreadAvgSpend?: unknown;
  budgetType?: unknown;
  budget?: unknown;
}

/**
 * The form rules that change values (spec 1 §4), applied when the discount or customer type
 * changes and again before saving (the API applies them after parsing):
 * - dp clears discountAmount and discountValue and forces the customer type to 'all';
 * - all and new send lastTransaction 'NULL';
 * - ours, so a stored campaign carries one kind of discount: each discount type also clears the
 *   fields of the other kinds (dv and ss clear discountPercent; dp and dv clear the ss fields;
 *   ss clears the dv fields), and budgetType 'na' clears the budget.
 */
export function applyFormRules<T extends FormRuleFields>(form: T): T {
  const next: FormRuleFields = { ...form };
  if (form.discountType === 'dp') {
    next.customerType = 'all';
    next.discountAmount = undefined;
    next.discountValue = undefined;
  }
  if (form.discountType === 'dv' || form.discountType === 'ss') next.discountPercent = undefined;
  if (form.discountType === 'dp' || form.discountType === 'dv') {
    next.discountSpreadAmount = undefined;
    next.discountSpreadValue = undefined;
    next.spreadAvgSpend = undefined;
  }
  if (form.discountType === 'ss') {
    next.discountAmount = undefined;
    next.discountValue = undefined;
  }
  if (!needsLastTransaction(next.customerType)) next.lastTransaction = 'NULL';
  if (form.budgetType === 'na') next.budget = undefined;
  return next as T;
}

/** How the payload names the chosen branches (spec 1 §4). */
export type BranchSelection =
  { type: 'All'; merchantIds?: undefined } | { type?: undefined; merchantIds: string[] };

/**
 * Every branch of the brand chosen → `{ type: 'All' }` with no merchantIds; otherwise the chosen
 * ids (duplicates dropped, order kept) with no type. `allIds` must be every selectable branch of
 * the brand, not only the campaign's own, or an edit would widen a campaign to all branches.
 * Nothing chosen gives an empty list, which the schema refuses ('At least one branch is required').
 */
export function branchSelectionPayload(
  selectedIds: readonly string[],
  allIds: readonly string[],
): BranchSelection {
  const selected = [...new Set(selectedIds)];
  const chosen = new Set(selected);
  if (allIds.length > 0 && allIds.every((id) => chosen.has(id))) return { type: 'All' };
  return { merchantIds: selected };
}

/** The discount fields a list row carries: a percent (dp, ss) or a value in pounds (dv). */
export interface DiscountShown {
  discountType: DiscountType;
  discountPercent: number | null;
  discountValue: number | null;
  discountSpreadValue: number | null;
}

/**
 * A campaign's discount as the lists show it under 'Discount(%)' (spec 3 §2.1): a percent with its
 * sign ('15%'); a value discount in pounds marked as such ('£5.00 off'), so it is not read as a
 * percent; null when the campaign has none.
 */
export function discountText(campaign: DiscountShown): string | null {
  if (campaign.discountType === 'dv') {
    return campaign.discountValue === null
      ? null
      : messages.campaign.valueDiscountOff(formatPence(poundsToPence(campaign.discountValue)));
  }
  const percent = campaign.discountType === 'ss' ? campaign.discountSpreadValue : campaign.discountPercent;
  return percent === null ? null : `${percent}%`;
}
