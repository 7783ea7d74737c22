/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type { DiscountType } from '@krowd/domain/campaign/campaign.rules';
import type { RewardCustomerType } from '@krowd/domain/qualification/customer-type.rules';
import type { ColumnType } from 'kysely';
import type { Generated, Json } from './scalars.generated.ts';

export interface Publishers {
  code: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  display_name: string;
  honours_holdouts: Generated<boolean>;
  id: Generated<string>;
  updated_at: Generated<Date>;
}

export interface DistributorDeals {
  brand_id: string;
  cashback_percent: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  publisher_id: string;
  start_date: string;
  success_fee_percent: string;
}

export interface Transactions {
  amount_pence: number;
  branch_id: string | null;
  brand_id: string | null;
  campaign_id: string | null;
  capped_reason: string | null;
  card_id: number | null;
  card_last4: string;
  card_token: string;
  cashback_pence: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  customer_type: RewardCustomerType | null;
  id: Generated<string>;
  ingestion_log_id: string;
  local_datetime: ColumnType<Date, string, never>;
  mid: string;
  occurred_at: Date;
  offer_type: DiscountType | null;
  original_transaction_id: string | null;
  outcome: 'qualified' | 'refund' | 'notQualified';
  postcode: string | null;
  publisher_id: string;
  publisher_transaction_id: string;
  reason: string | null;
  reason_params: Json | null;
  refunded_pence: Generated<number>;
  success_fee_pence: Generated<number>;
  terms: unknown;
}

export interface Cards {
  id: Generated<number>;
  token: string;
}

export interface IngestionLogs {
  channel: 'api' | 'console';
  created_at: ColumnType<Date, Date | undefined, never>;
  file_name: string | null;
  gmv_pence: number;
  id: Generated<string>;
  last_transaction_at: Date | null;
  next_ingestion_at: Date | null;
  publisher_id: string;
  transaction_count: number;
  unmatched_count: Generated<number>;
  uploaded_at: ColumnType<Date, Date | undefined, never>;
  uploaded_by_user_id: string | null;
}

export interface IngestionLogBrands {
  brand_id: string;
  gmv_pence: number;
  ingestion_log_id: string;
  last_transaction_at: Date | null;
  transaction_count: number;
}

export interface TransactionAuthorisations {
  amount_pence: number;
  card_last4: string;
  card_token: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  id: Generated<string>;
  mid: string;
  occurred_at: Date;
  postcode: string | null;
  publisher_id: string;
  publisher_transaction_id: string;
  settled_at: Date | null;
  status: Generated<'authorised' | 'cleared' | 'expired'>;
}

export interface MidActivityDays {
  day: string;
  mid: string;
  transactions: number;
}

export interface MidActivityHours {
  hour: number;
  mid: string;
  transactions: number;
}

export interface MidHealthNotices {
  brand_id: string;
  mid: string;
  notified_at: Date;
  status: string;
}
