/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type { OneTimeTokenPurpose, SessionOrigin, UserStatus } from '../schema.ts';
import type { BrandRole } from '@krowd/domain/access/access.rules';
import type { EntityType } from '@krowd/domain/auth/auth.schema';
import type { ColumnType } from 'kysely';
import type { Generated } from './scalars.generated.ts';

export interface Users {
  address: string | null;
  bank_id: string | null;
  brand_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  deleted_at: Date | null;
  email: string;
  email_verified: Generated<boolean>;
  entity_type: EntityType;
  first_name: string;
  group_id: string | null;
  guest_user: Generated<boolean>;
  guest_user_flag: Generated<boolean>;
  id: Generated<string>;
  is_bank_admin: Generated<boolean>;
  is_client_admin: Generated<boolean>;
  is_first_login: Generated<boolean>;
  is_internal_demo: Generated<boolean>;
  is_t_and_c_accepted: Generated<boolean>;
  last_name: string;
  password_hash: string | null;
  phone: string | null;
  photo: string | null;
  process_completed: Generated<boolean>;
  role: BrandRole | null;
  status: Generated<UserStatus>;
  step: string | null;
  step_one: Generated<boolean>;
  step_one_data: unknown | null;
  step_three: Generated<boolean>;
  step_two: Generated<boolean>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

export interface Sessions {
  browser_name: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  device_type: string | null;
  ended_at: Date | null;
  expires_at: Date;
  id: Generated<string>;
  ip_address: string | null;
  last_seen_at: Date;
  origin: ColumnType<SessionOrigin | null, SessionOrigin | null | undefined, never>;
  os_name: string | null;
  os_version: string | null;
  token_hash: string;
  user_agent: string | null;
  user_id: string;
}

export interface OneTimeTokens {
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  id: Generated<string>;
  origin: ColumnType<SessionOrigin | null, SessionOrigin | null | undefined, never>;
  purpose: OneTimeTokenPurpose;
  token_hash: string;
  used_at: Date | null;
  user_id: string;
}

export interface UserMultiFactor {
  created_at: ColumnType<Date, Date | undefined, never>;
  enabled_at: Date | null;
  last_used_step: number | null;
  secret: string;
  user_id: string;
}

export interface MultiFactorChallenges {
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  id: Generated<string>;
  token_hash: string;
  used_at: Date | null;
  user_id: string;
}

export interface MultiFactorRecoveryCodes {
  code_hash: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  salt: string;
  used_at: Date | null;
  user_id: string;
}

export interface RateLimitCounters {
  blocked_until: Date | null;
  hits: number;
  key: string;
  window_started_at: Date;
}

export interface KnownDevices {
  created_at: ColumnType<Date, Date | undefined, never>;
  signed_in_at: Generated<Date>;
  token_hash: string;
  user_id: string;
}
