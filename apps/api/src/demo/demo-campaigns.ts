import type { Insertable, Transaction } from 'kysely';
import { currentMonth, monthWindowOf, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { campaignName } from '@krowd/domain/campaign/campaign.rules';
import type { DB } from '../db/database.generated.ts';
import type { CampaignStatus } from '@krowd/domain/campaign/campaign.rules';
import type { DemoBrandKey } from './demo-catalogue.ts';

/** The demo holdout campaign's share: the default 10%. */
export const demoHoldoutShare = 1_000;

interface DemoCampaign {
  brand: DemoBrandKey;
  /** Months from the current month: -3 is three months ago, 1 next month. */
  offset: number;
  status: CampaignStatus;
  offer: Pick<
    Insertable<DB['campaigns']>,
    | 'discount_type'
    | 'discount_percent'
    | 'discount_amount_pence'
    | 'discount_value_pence'
    | 'discount_spread_amount'
    | 'discount_spread_value'
    | 'spread_avg_spend_pence'
    | 'customer_type'
    | 'last_transaction_months'
  >;
  successFee: number;
  recurring?: boolean;
  suggestions?: string;
  /** A budget in pence (budget type 'budget'); none: no budget limit. */
  budgetPence?: number;
  /** Its holdout share in basis points (docs/decisions/0129); none: 0, as campaigns saved before. */
  holdoutShare?: number;
}

const dp = (percent: number) => ({
  discount_type: 'dp' as const,
  discount_percent: percent,
  customer_type: 'all' as const,
});

const dv = (minimumPence: number, cashbackPence: number, customer_type: 'all' | 'new' = 'all') => ({
  discount_type: 'dv' as const,
  discount_amount_pence: minimumPence,
  discount_value_pence: cashbackPence,
  customer_type,
});

/** Spend `stretch`% above the card's average (or `averagePence` when it has none) for `percent`% back. */
const ss = (stretch: number, percent: number, averagePence: number) => ({
  discount_type: 'ss' as const,
  discount_spread_amount: stretch,
  discount_spread_value: percent,
  spread_avg_spend_pence: averagePence,
  customer_type: 'all' as const,
});

/** Only cards that bought (existing) or did not buy (lapsed) at the brand in the last `months` months. */
const only = (customer_type: 'existing' | 'lapsed', months: number) => ({
  customer_type,
  last_transaction_months: months,
});

/**
 * The brands' approved campaign history before the campaigns below, created first: a near-monthly
 * series from 11 months back, so the demo year of transactions earns under it. A brand's first 3
 * campaign months carry no success fee (qualification.rules.ts), so these give the months after
 * them success fees, and the invoice run invoices each closed month with qualified spend. One
 * month a brand skips, as brands do.
 */
const demoCampaignHistory: DemoCampaign[] = [
  { brand: 'standalone', offset: -11, status: 'Bank Approved', offer: dp(10), successFee: 10 },
  { brand: 'standalone', offset: -10, status: 'Bank Approved', offer: dv(2500, 400), successFee: 8 },
  {
    brand: 'standalone',
    offset: -9,
    status: 'Bank Approved',
    offer: { ...dp(12), customer_type: 'new' },
    successFee: 9,
  },
  { brand: 'standalone', offset: -8, status: 'Bank Approved', offer: ss(20, 10, 2362), successFee: 12 },
  {
    brand: 'standalone',
    offset: -7,
    status: 'Bank Approved',
    offer: { ...dp(15), ...only('existing', 3) },
    successFee: 10,
  },
  { brand: 'standalone', offset: -5, status: 'Bank Approved', offer: dv(2000, 300), successFee: 11 },
  { brand: 'standalone', offset: -3, status: 'Bank Approved', offer: dp(10), successFee: 10 },
  {
    brand: 'standalone',
    offset: -1,
    status: 'Bank Approved',
    offer: { ...ss(15, 12, 2362), ...only('existing', 6) },
    successFee: 12,
  },
  { brand: 'groupBrandA', offset: -11, status: 'Bank Approved', offer: dp(12), successFee: 10 },
  { brand: 'groupBrandA', offset: -10, status: 'Bank Approved', offer: dv(3000, 500), successFee: 9 },
  { brand: 'groupBrandA', offset: -9, status: 'Bank Approved', offer: ss(25, 10, 2740), successFee: 11 },
  {
    brand: 'groupBrandA',
    offset: -7,
    status: 'Bank Approved',
    offer: { ...dp(20), ...only('existing', 2) },
    successFee: 10,
  },
  { brand: 'groupBrandA', offset: -6, status: 'Bank Approved', offer: dv(3500, 600, 'new'), successFee: 8 },
  { brand: 'groupBrandA', offset: -5, status: 'Bank Approved', offer: dp(10), successFee: 12 },
  { brand: 'groupBrandA', offset: -4, status: 'Bank Approved', offer: ss(20, 15, 2740), successFee: 10 },
  { brand: 'groupBrandA', offset: -2, status: 'Bank Approved', offer: dp(18), successFee: 9 },
  {
    brand: 'groupBrandA',
    offset: -1,
    status: 'Bank Approved',
    offer: { ...dv(2500, 400), ...only('existing', 3) },
    successFee: 10,
  },
  { brand: 'groupBrandB', offset: -11, status: 'Bank Approved', offer: dp(10), successFee: 10 },
  {
    brand: 'groupBrandB',
    offset: -10,
    status: 'Bank Approved',
    offer: { ...dp(15), customer_type: 'new' },
    successFee: 9,
  },
  { brand: 'groupBrandB', offset: -9, status: 'Bank Approved', offer: dv(2000, 300), successFee: 10 },
  { brand: 'groupBrandB', offset: -8, status: 'Bank Approved', offer: ss(20, 12, 1990), successFee: 8 },
  { brand: 'groupBrandB', offset: -7, status: 'Bank Approved', offer: dp(12), successFee: 11 },
  {
    brand: 'groupBrandB',
    offset: -6,
    status: 'Bank Approved',
    offer: { ...dv(2500, 500), ...only('existing', 4) },
    successFee: 10,
  },
  {
    brand: 'groupBrandB',
    offset: -4,
    status: 'Bank Approved',
    offer: { ...dp(20), ...only('lapsed', 2) },
    successFee: 12,
  },
  { brand: 'groupBrandB', offset: -3, status: 'Bank Approved', offer: dp(10), successFee: 10 },
  {
    brand: 'groupBrandB',
    offset: -2,
    status: 'Bank Approved',
    offer: { ...ss(15, 10, 1990), ...only('existing', 6) },
    successFee: 9,
  },
];

/** Campaigns past, current and future for the demo brands that have branches. */
const demoCampaigns: DemoCampaign[] = [
  { brand: 'standalone', offset: -4, status: 'Bank Approved', offer: dp(15), successFee: 10 },
  {
    brand: 'standalone',
    offset: -2,
    status: 'Bank Approved',
    offer: {
      discount_type: 'dv',
      discount_amount_pence: 3000,
      discount_value_pence: 500,
      customer_type: 'new',
    },
    successFee: 8,
  },
  {
    brand: 'standalone',
    offset: 0,
    status: 'Active',
    offer: dp(20),
    successFee: 10,
    suggestions: 'Lunch only please.',
    // Sized so that, at the demo's pace, the month's budget runs out in its last week: the list
    // shows its bar and the date it runs out (docs/decisions/0120).
    budgetPence: 40_000,
  },
  {
    brand: 'standalone',
    offset: 1,
    status: 'Pending',
    offer: {
      discount_type: 'ss',
      discount_spread_amount: 20,
      discount_spread_value: 15,
      customer_type: 'existing',
      last_transaction_months: 3,
    },
    successFee: 12,
    recurring: true,
    budgetPence: 50_000,
  },
  { brand: 'standalone', offset: 2, status: 'Bank Rejected', offer: dp(5), successFee: 10 },
  { brand: 'groupBrandA', offset: -3, status: 'Bank Approved', offer: dp(10), successFee: 10 },
  // The demo's holdout: 10% of Demo Bank's cards kept out of it (demo-holdouts.ts, decision 0129).
  {
    brand: 'groupBrandA',
    offset: 0,
    status: 'Bank Approved',
    offer: dp(25),
    successFee: 9,
    holdoutShare: demoHoldoutShare,
  },
  { brand: 'groupBrandA', offset: 1, status: 'Pending', offer: dp(15), successFee: 10, recurring: true },
  // Most of last month's budget used: the past list shows a bar well along (docs/decisions/0120).
  { brand: 'groupBrandB', offset: -1, status: 'Active', offer: dp(12), successFee: 10, budgetPence: 25_000 },
  {
    brand: 'groupBrandB',
    offset: 0,
    status: 'Bank Approved',
    offer: {
      discount_type: 'dv',
      discount_amount_pence: 2500,
      discount_value_pence: 700,
      customer_type: 'lapsed',
      last_transaction_months: 6,
    },
    successFee: 10,
  },
  { brand: 'groupBrandB', offset: 2, status: 'Bank Approval Pending', offer: dp(18), successFee: 11 },
];

const weekdays = JSON.stringify(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);

export async function loadDemoCampaigns(
  trx: Transaction<DB>,
  brands: Record<DemoBrandKey, { id: string; name: string }>,
  branchIds: Record<DemoBrandKey, string[]>,
  creatorId: string,
  now: Date,
  timeZone: string,
): Promise<void> {
  const counts = new Map<DemoBrandKey, number>();
  const month = currentMonth(now, timeZone);
  const history = new Set(demoCampaignHistory);
  for (const campaign of [...demoCampaignHistory, ...demoCampaigns]) {
    const startDate = `${shiftMonth(month, campaign.offset)}-01`;
    const window = monthWindowOf(startDate, timeZone);
    const count = counts.get(campaign.brand) ?? 0;
    counts.set(campaign.brand, count + 1);
    const brand = brands[campaign.brand];
    const row = await trx
      .insertInto('campaigns')
      .values({
        brand_id: brand.id,
        name: campaignName(brand.name, startDate, count),
        status: campaign.status,
        ...campaign.offer,
        success_fee: campaign.successFee,
        week_days: weekdays,
        start_date: startDate,
        opening_time: new Date(window.openingTime),
        closing_time: new Date(window.closingTime),
        recurring: campaign.recurring ?? false,
        is_primary_campaign: campaign.recurring ?? false,
        all_branches: true,
        suggestions: campaign.suggestions ?? '',
        holdout_share_basis_points: campaign.holdoutShare ?? 0,
        ...(campaign.budgetPence === undefined
          ? {}
          : { budget_type: 'budget' as const, budget_pence: campaign.budgetPence }),
        created_by: creatorId,
        // The history: about three weeks before its month opens (older than everything below).
        // The others: spread over the days before, so the default "newest first" order shows a mix.
        created_at: history.has(campaign)
          ? new Date(Date.parse(window.openingTime) - 20 * 86_400_000)
          : new Date(now.getTime() - (12 - campaign.offset) * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const usable = branchIds[campaign.brand].slice(0, 2);
    if (usable.length > 0) {
      await trx
        .insertInto('campaign_branches')
        .values(usable.map((branchId) => ({ campaign_id: row.id, branch_id: branchId, brand_id: brand.id })))
        .execute();
    }
  }
}
