/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type { AuditChanges } from '@krowd/domain/audit/audit-diff.rules';
import type { AuditAction, AuditEntityType } from '@krowd/domain/audit/audit.schema';
import type { ColumnType } from 'kysely';

export interface AuditEvents {
  action: ColumnType<AuditAction, AuditAction, never>;
  actor_email: string | null;
  actor_user_id: string | null;
  audience: string | null;
  brand_id: string | null;
  changes: ColumnType<AuditChanges, string, string>;
  entity_id: string;
  entity_type: ColumnType<AuditEntityType, AuditEntityType, never>;
  group_id: string | null;
  hash: string;
  id: number;
  ip: string | null;
  occurred_at: Date;
  prev_hash: string;
  signature: string | null;
  user_agent: string | null;
}
