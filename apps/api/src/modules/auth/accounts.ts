import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { SessionOrigin } from '../../db/schema.ts';
import type { UserAccount } from '../../http/caller.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** A session with its user's columns (all null when the user is gone), as one statement reads them. */
export type SessionWithAccount = { [Column in keyof UserAccount]: UserAccount[Column] | null } & {
  session_id: string;
  session_last_seen_at: Date;
  session_expires_at: Date;
  session_ended_at: Date | null;
  session_origin: SessionOrigin | null;
};

/**
 * What signing in, sign-up and the password links read and write of the users' accounts. The users
 * repository implements it; app.ts passes it in, so auth imports nothing of the users module.
 */
export interface Accounts {
  findAccountById(id: string, executor?: Executor): Promise<UserAccount | undefined>;
  findAccountByEmail(email: string, executor?: Executor): Promise<UserAccount | undefined>;
  /** A session by its token's hash with its live user, in one statement. */
  findSessionWithAccount(tokenHash: string): Promise<SessionWithAccount | undefined>;
  brandsOfGroup(groupId: string): Promise<{ id: string; name: string }[]>;
  setPasswordHash(userId: string, passwordHash: string, executor?: Executor): Promise<void>;
  /** A public sign-up's brand and its owner, unverified. */
  createBrandOwner(
    input: { firstName: string; lastName: string; email: string; passwordHash: string },
    executor: Executor,
  ): Promise<{ id: string }>;
}
