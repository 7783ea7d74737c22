import {
  displayDate,
  formatPauseRange,
  isEditableOn,
  type IsoDate,
  monthWindowOf,
  periodOf,
} from '@krowd/domain/campaign/campaign-dates.rules';
import { capsSummary, type CampaignCaps } from '@krowd/domain/campaign/campaign-caps.rules';
import { fixedDiscountPercent, statusLabel } from '@krowd/domain/campaign/campaign.rules';
import type { CampaignDetails, CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import {
  defaultWeekDays,
  type CampaignForm,
  type WeekDay,
  type WeekDayLabel,
} from '@krowd/domain/campaign/campaign.schema';
import { budgetPacingOn } from '@krowd/domain/qualification/budget-pacing.rules';
import { penceToPounds, poundsToPence } from '@krowd/domain/money/money.rules';
import type { AuthContext } from '../../http/caller.ts';
import type { DB } from '../../db/database.generated.ts';
import type {
  ColumnReads,
  Complete,
  DatabaseSetColumns,
  TableValues,
  UnreadColumns,
} from '../../db/column-mappings.ts';
import type { CampaignRow } from './campaigns.repository.ts';

const pounds = (pence: number | null) => (pence === null ? null : penceToPounds(pence));

/** A row of the campaign lists (spec 3 §2–3): an allowlist of what a list shows. */
export function toListItem(row: DetailsRow, today: IsoDate): CampaignListItem {
  return {
    _id: row.id,
    name: row.name,
    status: row.status,
    statusLabel: statusLabel(row.status),
    discountType: row.discount_type,
    discountPercent: row.discount_percent,
    discountValue: pounds(row.discount_value_pence),
    discountSpreadValue: row.discount_spread_value,
    successFee: row.success_fee,
    openingTime: row.opening_time.toISOString(),
    closingTime: row.closing_time.toISOString(),
    start_date: row.start_date,
    period: periodOf(row.start_date),
    merchantNames: row.branch_names,
    brandId: row.brand_id,
    brandName: row.brand_name,
    customerType: row.customer_type,
    suggestions: row.suggestions,
    recurring: row.recurring,
    is_primary_campaign: row.is_primary_campaign,
    pausedDate: row.pauses.map((p) => formatPauseRange({ from: p.from_date, to: p.to_date })),
    editable: isEditableOn(row.start_date, today),
    hasQualifiedTransactions: row.has_qualified_transactions,
    seriesContinues: seriesContinuesAfter(row, today),
    caps: capsSummary(capsOf(row)),
    holdoutShare: row.holdout_share_basis_points,
    budgetUse: budgetPacingOn(
      {
        start_date: row.start_date,
        budgetType: row.budget_type,
        budgetPence: row.budget_pence,
        budgetSpentPence: Number(row.budget_spent_pence),
        // The ranges the list shows (a series' month carries its primary's): days not live.
        pauses: row.pauses.map((p) => ({ from: p.from_date, to: p.to_date })),
      },
      today,
    ),
  };
}

/** The campaign's caps as stored (docs/decisions/0116). */
export function capsOf(row: DetailsRow): CampaignCaps {
  return {
    maxCashbackPence: row.max_cashback_pence,
    maxTransactionsPerCard: row.max_transactions_per_card,
    maxTransactionsPerInterval: row.max_transactions_per_interval,
    maxSpendPerIntervalPence: row.max_spend_per_interval_pence,
    capInterval: row.cap_interval,
  };
}

/**
 * Whether a recurring series runs past this month: no valid-until month, or a later one (every
 * campaign of a series carries its primary's, `campaigns.series.ts`).
 */
export function seriesContinuesAfter(
  row: Pick<CampaignRow, 'recurring' | 'valid_until'>,
  today: IsoDate,
): boolean {
  if (!row.recurring) return false;
  return row.valid_until === null || row.valid_until.slice(0, 7) > today.slice(0, 7);
}

/** The selected weekdays stored as their labels, back into the form's seven-day list. */
export function weekDaysOf(stored: readonly WeekDayLabel[]): WeekDay[] {
  const selected = new Set(stored);
  return defaultWeekDays().map((day) => ({ ...day, selected: selected.has(day.label) }));
}

/**
 * Each column as the edit form's details read it (docs/decisions/0121): a new column must be
 * named here, and `toCampaignDetails` cannot read one marked `false`.
 */
export const detailsReads = {
  age_max: true,
  age_min: true,
  all_branches: true,
  brand_id: true,
  budget_pence: true,
  budget_type: true,
  cap_interval: true,
  closing_time: true,
  created_at: false, // the form shows when it starts, not when it was saved
  created_by: false, // the author is in the audit log, not the form
  customer_type: true,
  deleted_at: false, // a deleted campaign is not found
  discount_amount_pence: true,
  discount_percent: true,
  discount_spread_amount: true,
  discount_spread_value: true,
  discount_type: true,
  discount_value_pence: true,
  end_time: true,
  gender_female: true,
  gender_male: true,
  holdout_share_basis_points: true,
  id: true,
  is_primary_campaign: true,
  last_transaction_months: true,
  max_cashback_pence: true,
  max_spend_per_interval_pence: true,
  max_transactions_per_card: true,
  max_transactions_per_interval: true,
  name: true,
  opening_time: true,
  primary_campaign_id: true,
  promo_code: true,
  recurring: true,
  spread_avg_spend_pence: true,
  start_date: true,
  start_time: true,
  status: true,
  success_fee: true,
  suggestions: true,
  templates: true,
  updated_at: false, // the audit log says when it changed
  // The budget mails' stamps: the details answer budgetUse from what was spent (decision 0120).
  budget_alert_80_sent_at: false,
  budget_alert_100_sent_at: false,
  valid_until: true,
  week_days: true,
} as const satisfies ColumnReads<DB['campaigns']>;

/** A stored campaign as the list and the details may read it: no column `detailsReads` leaves out. */
export type DetailsRow = Omit<CampaignRow, UnreadColumns<typeof detailsReads>>;

/** One campaign as the edit form reads it (spec 1 §3 payload names; money in pounds), every key set. */
export function toCampaignDetails(row: DetailsRow, today: IsoDate): Complete<CampaignDetails> {
  return {
    ...toListItem(row, today),
    start_time: row.start_time?.slice(0, 5) ?? '',
    end_time: row.end_time?.slice(0, 5) ?? '',
    lastTransaction: row.last_transaction_months ?? 'NULL',
    discountAmount: pounds(row.discount_amount_pence),
    discountSpreadAmount: row.discount_spread_amount,
    spreadAvgSpend: pounds(row.spread_avg_spend_pence),
    budget: pounds(row.budget_pence),
    budgetType: row.budget_type,
    maxCashbackPerTransaction: pounds(row.max_cashback_pence),
    maxTransactionsPerCard: row.max_transactions_per_card,
    maxTransactionsPerCardPerInterval: row.max_transactions_per_interval,
    maxSpendPerCardPerInterval: pounds(row.max_spend_per_interval_pence),
    capInterval: row.cap_interval,
    holdoutShare: row.holdout_share_basis_points,
    age_range: [row.age_min, row.age_max],
    gender: { male: row.gender_male, female: row.gender_female },
    weekDays: weekDaysOf(row.week_days),
    type: row.all_branches ? 'All' : undefined,
    merchantIds: row.all_branches ? [] : row.branch_ids,
    validUntil: row.valid_until ? row.valid_until.slice(0, 7) : '',
    templates: row.templates,
    promoCode: row.promo_code ?? undefined,
    primaryCampaignId: row.primary_campaign_id,
    pauses: row.pauses.map((p) => ({
      from: p.from_date,
      to: p.to_date,
      label: formatPauseRange({ from: p.from_date, to: p.to_date }),
    })),
    startedOn: displayDate(row.start_date),
  };
}

/**
 * The columns the form sets: every one but those the database sets, those a save sets itself
 * (its brand, name, status, author and series primary) and the budget mails' stamps, which an edit
 * keeps (a raised budget mails nothing again, decision 0120); each required (docs/decisions/0121).
 */
export type CampaignFormColumns<Table extends DB['campaigns'] = DB['campaigns']> = TableValues<
  Table,
  | DatabaseSetColumns
  | 'brand_id'
  | 'name'
  | 'status'
  | 'created_by'
  | 'primary_campaign_id'
  | 'budget_alert_80_sent_at'
  | 'budget_alert_100_sent_at'
>;

/** The form as the campaign's columns (money in pence, the month's window in the timezone). */
export function columnsOf(form: CampaignForm, timeZone: string): CampaignFormColumns {
  const window = monthWindowOf(form.start_date, timeZone);
  const pence = (pounds: number | undefined) => (pounds === undefined ? null : poundsToPence(pounds));
  return {
    customer_type: form.customerType,
    last_transaction_months: form.lastTransaction === 'NULL' ? null : form.lastTransaction,
    discount_type: form.discountType,
    discount_percent: form.discountType === 'dp' ? (form.discountPercent ?? null) : null,
    discount_amount_pence: form.discountType === 'dv' ? pence(form.discountAmount) : null,
    discount_value_pence: form.discountType === 'dv' ? pence(form.discountValue) : null,
    discount_spread_amount: form.discountType === 'ss' ? (form.discountSpreadAmount ?? null) : null,
    discount_spread_value: form.discountType === 'ss' ? (form.discountSpreadValue ?? null) : null,
    spread_avg_spend_pence: form.discountType === 'ss' ? pence(form.spreadAvgSpend) : null,
    success_fee: form.successFee,
    budget_type: form.budgetType,
    budget_pence: form.budgetType === 'budget' ? pence(form.budget) : null,
    // Caps (docs/decisions/0116): each optional; the interval only with a per-interval cap.
    max_cashback_pence: pence(form.maxCashbackPerTransaction),
    max_transactions_per_card: form.maxTransactionsPerCard ?? null,
    max_transactions_per_interval: form.maxTransactionsPerCardPerInterval ?? null,
    max_spend_per_interval_pence: pence(form.maxSpendPerCardPerInterval),
    cap_interval: form.capInterval ?? null,
    holdout_share_basis_points: form.holdoutShare,
    age_min: form.age_range[0],
    age_max: form.age_range[1],
    gender_male: form.gender.male,
    gender_female: form.gender.female,
    week_days: JSON.stringify(form.weekDays.filter((day) => day.selected).map((day) => day.label)),
    start_time: form.start_time ?? null,
    end_time: form.end_time ?? null,
    start_date: form.start_date,
    opening_time: new Date(window.openingTime),
    closing_time: new Date(window.closingTime),
    recurring: form.recurring,
    is_primary_campaign: form.recurring,
    all_branches: form.type === 'All',
    suggestions: form.suggestions,
    valid_until: form.validUntil ? `${form.validUntil}-01` : null,
    templates: JSON.stringify(form.templates ?? []),
    promo_code: form.promoCode ? JSON.stringify(form.promoCode) : null,
  };
}

/** The internal demo user's and a card-network session's percent discount is always the fixed 10% (spec 1 §6). */
export function withFixedDiscount(auth: AuthContext, form: CampaignForm): CampaignForm {
  const fixed = auth.account.is_internal_demo || auth.source === 'cardNetwork';
  if (!fixed || form.discountType !== 'dp') return form;
  return { ...form, discountPercent: fixedDiscountPercent };
}
