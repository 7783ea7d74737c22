/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type { PublisherKeyMode } from '@krowd/domain/publisher/publisher-key.rules';
import type { ColumnType } from 'kysely';
import type { Generated, Json } from './scalars.generated.ts';

export interface PublisherBrands {
  brand_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by: string | null;
  publisher_id: string;
}

export interface PublisherApiKeys {
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by: string | null;
  expires_at: Date | null;
  id: Generated<string>;
  last_used_at: Date | null;
  mode: PublisherKeyMode;
  name: string;
  prefix: string;
  publisher_id: string;
  replaced_by: string | null;
  revoked_at: Date | null;
  secret_hash: string;
}

export interface PublisherTestTransactions {
  amount_pence: number;
  api_key_id: string | null;
  branch_id: string | null;
  brand_id: string | null;
  campaign_id: string | null;
  capped_reason: string | null;
  card_last4: string;
  card_token: string;
  cashback_pence: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  mid: string;
  occurred_at: Date;
  outcome: 'qualified' | 'notQualified';
  publisher_id: string;
  publisher_transaction_id: string;
  reason: string | null;
  reason_params: Json | null;
  rewarded_spend_pence: number | null;
  success_fee_pence: Generated<number>;
}

export interface SettlementFiles {
  cashback_pence: number;
  content: string;
  generated_at: Generated<Date>;
  id: Generated<string>;
  kind: 'daily' | 'monthly';
  period: string;
  publisher_id: string;
  row_count: number;
  sha256: string;
  success_fee_pence: number;
}
