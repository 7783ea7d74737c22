import type { ColumnType, Generated } from 'kysely';
import type { BrandRole } from '@krowd/domain/access/access.rules';
import type { EntityType } from '@krowd/domain/auth/auth.schema';

/** Table types for Kysely, kept beside the migrations that create them. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface GroupsTable {
  id: Generated<string>;
  name: string;
  created_at: CreatedAt;
}

export interface BrandsTable {
  id: Generated<string>;
  group_id: string | null;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BanksTable {
  id: Generated<string>;
  name: string;
  created_at: CreatedAt;
}

export type UserStatus = 'active' | 'deactivated';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  photo: string | null;
  address: string | null;
  entity_type: EntityType;
  role: BrandRole | null;
  is_client_admin: Generated<boolean>;
  brand_id: string | null;
  group_id: string | null;
  bank_id: string | null;
  status: Generated<UserStatus>;
  is_first_login: Generated<boolean>;
  is_t_and_c_accepted: Generated<boolean>;
  guest_user: Generated<boolean>;
  guest_user_flag: Generated<boolean>;
  step: string | null;
  step_one: Generated<boolean>;
  step_two: Generated<boolean>;
  step_three: Generated<boolean>;
  process_completed: Generated<boolean>;
  step_one_data: unknown | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  ip_address: string | null;
  user_agent: string | null;
  browser_name: string | null;
  os_name: string | null;
  os_version: string | null;
  device_type: string | null;
}

export type OneTimeTokenPurpose = 'guest_login' | 'set_password' | 'recover_password';

export interface OneTimeTokensTable {
  id: Generated<string>;
  token_hash: string;
  purpose: OneTimeTokenPurpose;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export type OutboxStatus = 'stored' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<string>;
  brand_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
}

export interface SettingsTable {
  key: string;
  value: unknown;
  updated_at: UpdatedAt;
}

export interface RateLimitCountersTable {
  key: string;
  window_started_at: Date;
  hits: number;
}

export interface DB {
  groups: GroupsTable;
  brands: BrandsTable;
  banks: BanksTable;
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  mail_outbox: MailOutboxTable;
  settings: SettingsTable;
  rate_limit_counters: RateLimitCountersTable;
}
