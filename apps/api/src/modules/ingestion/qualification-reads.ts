import type { DB } from '../../db/database.generated.ts';
import type { ColumnReads, ReadColumns } from '../../db/column-mappings.ts';

/**
 * Each column of a campaign as the engine reads it (docs/decisions/0121): a new column must be
 * named here; the look-up selects only those marked `true`, so the mapping cannot read another.
 */
export const qualificationReads = {
  age_max: false, // a publisher's file says nothing of the cardholder's age
  age_min: false,
  all_branches: true,
  brand_id: true,
  budget_pence: true,
  budget_type: true,
  cap_interval: true,
  closing_time: false, // the month is its start date's in the timezone (start_date)
  created_at: true,
  created_by: false, // who saved it does not change what it earns
  customer_type: true,
  deleted_at: false, // the look-up leaves deleted campaigns out
  discount_amount_pence: true,
  discount_percent: true,
  discount_spread_amount: true,
  discount_spread_value: true,
  discount_type: true,
  discount_value_pence: true,
  end_time: true,
  gender_female: false, // nor of the cardholder's gender
  gender_male: false,
  holdout_share_basis_points: true, // the cards it holds out (docs/decisions/0129)
  id: true,
  is_primary_campaign: false, // each month's campaign of a series earns on its own
  last_transaction_months: true,
  max_cashback_pence: true,
  max_spend_per_interval_pence: true,
  max_transactions_per_card: true,
  max_transactions_per_interval: true,
  name: false, // the engine names campaigns by id
  opening_time: false, // as closing_time
  primary_campaign_id: false, // as is_primary_campaign
  promo_code: false, // given to cardholders, not checked against purchases
  recurring: false, // as is_primary_campaign
  spread_avg_spend_pence: true,
  start_date: true,
  start_time: true,
  status: true,
  success_fee: true,
  suggestions: false, // the brand's notes to the reviewers
  templates: false, // the messages publishers show
  updated_at: false, // what it earns is what it says now
  // Whether the brand was mailed at 80% and 100%: the budget watch's, not what a purchase earns.
  budget_alert_80_sent_at: false,
  budget_alert_100_sent_at: false,
  valid_until: false, // each month's campaign is stored; its month is its start date's
  week_days: true,
} as const satisfies ColumnReads<DB['campaigns']>;

export const qualificationColumns = (
  Object.keys(qualificationReads) as (keyof typeof qualificationReads)[]
).filter((column): column is ReadColumns<typeof qualificationReads> => qualificationReads[column]);
