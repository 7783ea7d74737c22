/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type { OutboxStatus } from '../schema.ts';
import type { ColumnType } from 'kysely';
import type { Generated } from './scalars.generated.ts';

export interface Jobs {
  attempts: Generated<number>;
  claim_token: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  dedupe_key: string | null;
  done_at: Date | null;
  id: Generated<string>;
  kind: string;
  last_error: string | null;
  locked_until: Date | null;
  payload: Generated<unknown>;
  run_at: Generated<Date>;
}

export interface MailOutbox {
  brand_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  error: string | null;
  html_body: string;
  id: Generated<string>;
  sent_at: Date | null;
  status: OutboxStatus;
  subject: string;
  text_body: string;
  to_address: string;
}

export interface Settings {
  key: string;
  updated_at: Generated<Date>;
  value: unknown;
}

export interface IdempotencyKeys {
  body: string | null;
  caller: string;
  claim_token: string | null;
  content_type: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  effect_at: Date | null;
  expires_at: Date;
  key: string;
  request_digest: string;
  status_code: number | null;
}
