import type { Insertable, Transaction } from 'kysely';
import { currentMonth, monthWindowOf, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { campaignName } from '@krowd/domain/campaign/campaign.rules';
import type { CampaignStatus, CampaignsTable, DB } from '../db/schema.ts';
import type { DemoBrandKey } from './demo-catalogue.ts';

interface DemoCampaign {
  brand: DemoBrandKey;
  /** Months from the current month: -3 is three months ago, 1 next month. */
  offset: number;
  status: CampaignStatus;
  offer: Pick<
    Insertable<CampaignsTable>,
    | 'discount_type'
    | 'discount_percent'
    | 'discount_amount_pence'
    | 'discount_value_pence'
    | 'discount_spread_amount'
    | 'discount_spread_value'
    | 'customer_type'
    | 'last_transaction_months'
  >;
  successFee: number;
  recurring?: boolean;
  suggestions?: string;
}

const dp = (percent: number) => ({
  discount_type: 'dp' as const,
  discount_percent: percent,
  customer_type: 'all' as const,
});

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
  },
  { brand: 'standalone', offset: 2, status: 'Bank Rejected', offer: dp(5), successFee: 10 },
  { brand: 'groupBrandA', offset: -3, status: 'Bank Approved', offer: dp(10), successFee: 10 },
  { brand: 'groupBrandA', offset: 0, status: 'Bank Approved', offer: dp(25), successFee: 9 },
  { brand: 'groupBrandA', offset: 1, status: 'Pending', offer: dp(15), successFee: 10, recurring: true },
  { brand: 'groupBrandB', offset: -1, status: 'Active', offer: dp(12), successFee: 10 },
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
  for (const campaign of demoCampaigns) {
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
        created_by: creatorId,
        // Spread over the months before, so the default "newest first" order shows a mix.
        created_at: new Date(now.getTime() - (12 - campaign.offset) * 86_400_000),
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
