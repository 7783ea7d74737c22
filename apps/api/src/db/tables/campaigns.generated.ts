/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type { CapInterval } from '@krowd/domain/campaign/campaign-caps.rules';
import type {
  BudgetType,
  CampaignStatus,
  CustomerType,
  DiscountType,
} from '@krowd/domain/campaign/campaign.rules';
import type { WeekDayLabel } from '@krowd/domain/campaign/campaign.schema';
import type { HoldoutArm, HoldoutSource } from '@krowd/domain/incrementality/holdout-assignment.rules';
import type { TemplateType } from '@krowd/domain/template/template.rules';
import type { CampaignTemplateEntry, PromoCode } from '@krowd/domain/template/template.schema';
import type { ColumnType } from 'kysely';
import type { Generated } from './scalars.generated.ts';

export interface Campaigns {
  age_max: Generated<number>;
  age_min: Generated<number>;
  all_branches: Generated<boolean>;
  brand_id: string;
  budget_alert_100_sent_at: Date | null;
  budget_alert_80_sent_at: Date | null;
  budget_pence: number | null;
  budget_type: Generated<BudgetType>;
  cap_interval: CapInterval | null;
  closing_time: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by: string | null;
  customer_type: CustomerType;
  deleted_at: Date | null;
  discount_amount_pence: number | null;
  discount_percent: number | null;
  discount_spread_amount: number | null;
  discount_spread_value: number | null;
  discount_type: DiscountType;
  discount_value_pence: number | null;
  end_time: string | null;
  gender_female: Generated<boolean>;
  gender_male: Generated<boolean>;
  holdout_share_basis_points: Generated<number>;
  id: Generated<string>;
  is_primary_campaign: Generated<boolean>;
  last_transaction_months: number | null;
  max_cashback_pence: number | null;
  max_spend_per_interval_pence: number | null;
  max_transactions_per_card: number | null;
  max_transactions_per_interval: number | null;
  name: string;
  opening_time: Date;
  primary_campaign_id: string | null;
  promo_code: ColumnType<PromoCode | null, string | null | undefined, string | null>;
  recurring: Generated<boolean>;
  spread_avg_spend_pence: number | null;
  start_date: string;
  start_time: string | null;
  status: Generated<CampaignStatus>;
  success_fee: number;
  suggestions: Generated<string>;
  templates: ColumnType<CampaignTemplateEntry[], string | undefined, string>;
  updated_at: Generated<Date>;
  valid_until: string | null;
  week_days: ColumnType<WeekDayLabel[], string, string>;
}

export interface CampaignBranches {
  branch_id: string;
  brand_id: string;
  campaign_id: string;
}

export interface CampaignPauses {
  brand_id: string;
  campaign_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  from_date: string;
  id: Generated<string>;
  to_date: string;
}

export interface CampaignPromoCodes {
  brand_id: string;
  campaign_id: string;
  code: string;
}

export interface CampaignTemplates {
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  name: string;
  template_text: string;
  type: TemplateType;
}

export interface ProjectionRecords {
  brand_id: string;
  record: unknown;
  updated_at: Generated<Date>;
}

export interface OfferLifecycle {
  campaign_id: string;
  ended_at: Date | null;
  ended_reason: string | null;
  published_at: Date;
}

export interface HoldoutAssignments {
  arm: HoldoutArm;
  assigned_at: Generated<Date>;
  brand_id: string;
  bucket: number;
  campaign_id: string;
  card_token: string;
  month: string;
  publisher_id: string;
  recipe_version: string;
  share_basis_points: number;
  source: HoldoutSource;
}
