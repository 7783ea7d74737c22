/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type { SpreadsheetKind } from '@krowd/domain/public/card-network.rules';
import type { LeadKind } from '@krowd/domain/public/card-network.schema';
import type { ColumnType } from 'kysely';
import type { Generated } from './scalars.generated.ts';

export interface CardNetworkLeads {
  amex_merchant_id: string | null;
  branch_page_expires_at: Date | null;
  branch_page_hash: string | null;
  brand_id: string | null;
  company: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  email: string;
  id: Generated<string>;
  kind: LeadKind;
  last_seen_at: Generated<Date>;
  legal_name: string | null;
  name: string | null;
  notified_at: Date | null;
  phone: string | null;
  repeats: Generated<number>;
  source: 'amexdining' | 'amexsignup' | 'amexdiningsignup';
  user_id: string | null;
  website: string | null;
}

export interface CardNetworkBranchSubmissions {
  branches: ColumnType<unknown, string, never>;
  comments: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  file_bytes: Uint8Array | null;
  file_kind: SpreadsheetKind | null;
  file_name: string | null;
  id: Generated<string>;
  lead_id: string;
  notified_at: Date | null;
}
