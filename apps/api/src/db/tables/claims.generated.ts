/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type { ColumnType } from 'kysely';
import type { Generated } from './scalars.generated.ts';

export interface Claims {
  amount_pence: number;
  brand_id: string | null;
  card_last4: string | null;
  card_token: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  deadline: Date;
  filed_by_user_id: string | null;
  id: Generated<string>;
  match_score: number | null;
  mid: string;
  not_qualified_reason: string | null;
  note: string | null;
  occurred_at: Date;
  publisher_id: string | null;
  reference: string | null;
  resolution: string | null;
  resolution_reason: string | null;
  resolved_by_user_id: string | null;
  source: string;
  status: string;
  transaction_id: string | null;
  updated_at: Generated<Date>;
}

export interface ClaimEvents {
  at: Date;
  claim_id: string;
  id: Generated<number>;
  status: string;
  text: string;
}
