import type { Selectable } from 'kysely';
import type { Audience, TenantScope } from '@krowd/domain/access/access.rules';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import type { DB } from '../db/database.generated.ts';

/**
 * A user with the names of the brand, group and bank they belong to: what a session needs. Read by
 * the users repository, named here so the access plugin and every module can hold a caller without
 * importing the users or auth module.
 */
export type UserAccount = Selectable<DB['users']> & {
  brand_name: string | null;
  effective_group_id: string | null;
  group_name: string | null;
  bank_name: string | null;
  /** A bank user's scope: the brands linked to their bank. */
  bank_brand_ids: string[] | null;
};

export type SessionSource = SessionUser['source'];

/**
 * Where a call came from, as the audit log records it (docs/decisions/0113): the client's address
 * (behind a trusted proxy, the forwarded one) and its user agent.
 */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** Who is calling, resolved from the session cookie or bearer token. */
export interface AuthContext {
  sessionId: string;
  account: UserAccount;
  audience: Audience;
  scope: TenantScope;
  /** Where the session started (spec 1 §1): 'cardNetwork' after a card-network guest link. */
  source: SessionSource;
  /** Set by the route's `callerOf` for this request; absent for a caller built outside a request. */
  origin?: RequestOrigin;
}
