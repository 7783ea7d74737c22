/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type { DiscountType } from '@krowd/domain/campaign/campaign.rules';
import type { ReportingFilter } from '@krowd/domain/dashboard/dashboard.schema';
import type { OverviewFigures } from '@krowd/domain/overview/overview.schema';
import type { RewardCustomerType } from '@krowd/domain/qualification/customer-type.rules';
import type { ColumnType } from 'kysely';
import type { Generated } from './scalars.generated.ts';

export interface ReportingDaily {
  branch_id: string;
  brand_id: string;
  campaign_id: string;
  cashback_pence: Generated<number>;
  conversions: Generated<number>;
  customer_type: RewardCustomerType;
  day: string;
  max_spend_pence: number | null;
  min_spend_pence: number | null;
  offer_type: DiscountType;
  publisher_id: string;
  refunds: Generated<number>;
  spend_pence: Generated<number>;
  success_fee_pence: Generated<number>;
}

export interface ReportingDailyCards {
  branch_id: string;
  brand_id: string;
  campaign_id: string;
  cards: Uint8Array;
  customer_type: RewardCustomerType;
  day: string;
  offer_type: DiscountType;
  publisher_id: string;
}

export interface DashboardExports {
  byte_size: number | null;
  completed_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  filter: ColumnType<ReportingFilter, string, never>;
  id: Generated<string>;
  include_not_qualified: Generated<boolean>;
  mailed_at: Date | null;
  row_count: number | null;
  status: Generated<'queued' | 'ready'>;
  token_hash: string | null;
  user_id: string;
}

export interface DashboardExportParts {
  content: Uint8Array;
  export_id: string;
  part: number;
}

export interface Impressions {
  brand_id: string;
  campaign_id: string;
  day: string;
  publisher_id: string;
  reach: number;
  updated_at: Generated<Date>;
}

export interface CampaignOverviewSnapshots {
  brand_id: string;
  campaign_id: string;
  computed_at: Generated<Date>;
  figures: ColumnType<OverviewFigures, string, string>;
}

export interface CampaignOverviewOverrides {
  brand_id: string;
  campaign_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by: string;
  figures: ColumnType<OverviewFigures, string, string>;
  id: Generated<string>;
}

export interface InsightsVisitors {
  brand_id: string;
  browser_name: string | null;
  contact_name: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  device_type: string | null;
  email: string;
  id: Generated<string>;
  ip_address: string | null;
  is_interested: Generated<boolean>;
  is_referrals: Generated<boolean>;
  is_social_analytics: Generated<boolean>;
  organization_name: string | null;
  os_name: string | null;
  os_version: string | null;
  pass_expires_at: Date;
  pass_hash: string;
  phone_number: string | null;
  signed_up_at: Date | null;
  signup_email: string | null;
}

export interface Reviews {
  ambiance_negative: Generated<number>;
  ambiance_positive: Generated<number>;
  analyser_version: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  external_id: string;
  food_negative: Generated<number>;
  food_positive: Generated<number>;
  id: Generated<string>;
  kmid: string;
  price_negative: Generated<number>;
  price_positive: Generated<number>;
  rating: number;
  reviewed_at: Date;
  reviewer_rating: number | null;
  sentiment: number;
  service_negative: Generated<number>;
  service_positive: Generated<number>;
  source: string;
  text: string;
}
