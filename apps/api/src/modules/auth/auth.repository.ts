import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { OneTimeTokenPurpose, SessionOrigin } from '../../db/schema.ts';
import type { DeviceDetails } from '../../http/device.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** SQL for sessions, one-time link tokens and the devices accounts signed in on. */
export function createAuthRepository(db: Kysely<DB>) {
  return {
    async insertSession(
      input: {
        userId: string;
        tokenHash: string;
        now: Date;
        expiresAt: Date;
        device: DeviceDetails;
        origin?: SessionOrigin | null;
      },
      executor: Executor = db,
    ): Promise<string> {
      const { id } = await executor
        .insertInto('sessions')
        .values({
          user_id: input.userId,
          token_hash: input.tokenHash,
          created_at: input.now,
          last_seen_at: input.now,
          expires_at: input.expiresAt,
          ip_address: input.device.ipAddress,
          user_agent: input.device.userAgent,
          browser_name: input.device.browserName,
          os_name: input.device.osName,
          os_version: input.device.osVersion,
          device_type: input.device.deviceType,
          origin: input.origin ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /**
     * Ends the user's live sessions beyond the newest `keep`, the one just started (`newest`)
     * always kept: the cap on concurrent sessions.
     */
    async endSessionsBeyond(
      userId: string,
      newest: string,
      keep: number,
      now: Date,
      executor: Executor = db,
    ) {
      await executor
        .updateTable('sessions')
        .set({ ended_at: now })
        .where(
          'id',
          'in',
          executor
            .selectFrom('sessions')
            .select('id')
            .where('user_id', '=', userId)
            .where('id', '<>', newest)
            .where('ended_at', 'is', null)
            .where('expires_at', '>', now)
            .orderBy('created_at', 'desc')
            .orderBy('last_seen_at', 'desc')
            .offset(keep - 1),
        )
        .execute();
    },

    async touchSession(sessionId: string, now: Date) {
      await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
    },

    async endSession(sessionId: string, now: Date) {
      await db
        .updateTable('sessions')
        .set({ ended_at: now })
        .where('id', '=', sessionId)
        .where('ended_at', 'is', null)
        .execute();
    },

    async endSessionsOfUser(userId: string, now: Date, executor: Executor = db) {
      await executor
        .updateTable('sessions')
        .set({ ended_at: now })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .execute();
    },

    async insertToken(
      input: {
        userId: string;
        purpose: OneTimeTokenPurpose;
        tokenHash: string;
        expiresAt: Date;
        origin?: SessionOrigin | null;
      },
      executor: Executor = db,
    ) {
      await executor
        .insertInto('one_time_tokens')
        .values({
          user_id: input.userId,
          purpose: input.purpose,
          token_hash: input.tokenHash,
          expires_at: input.expiresAt,
          origin: input.origin ?? null,
        })
        .execute();
    },

    /**
     * The origin of the newest guest link issued to the user: a fresh link keeps the source the
     * guest came in by (a card-network guest stays one).
     */
    async newestGuestLinkOrigin(userId: string): Promise<SessionOrigin | null> {
      const row = await db
        .selectFrom('one_time_tokens')
        .select('origin')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'guest_login')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.origin ?? null;
    },

    /** Marks a token used and answers its user and origin, or nothing when it is unknown, used or expired. */
    async consumeToken(tokenHash: string, purpose: OneTimeTokenPurpose, now: Date, executor: Executor) {
      const row = await executor
        .updateTable('one_time_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'origin'])
        .executeTakeFirst();
      return row ? { userId: row.user_id, origin: row.origin } : undefined;
    },

    /**
     * The hash of a device cookie's token when the account of `email` signed in on that device
     * since `since` (known-devices.ts), else undefined.
     */
    async knownDevice(tokenHash: string, email: string, since: Date): Promise<string | undefined> {
      const row = await db
        .selectFrom('known_devices as d')
        .innerJoin('users as u', 'u.id', 'd.user_id')
        .select('d.token_hash')
        .where('d.token_hash', '=', tokenHash)
        .where('u.email', '=', email.toLowerCase())
        .where('d.signed_in_at', '>', since)
        .executeTakeFirst();
      return row?.token_hash;
    },

    /** Whether any account signed in with this device token: only a token we issued is kept. */
    async deviceTokenIssued(tokenHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('known_devices')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Records a sign-in of the user on the device, and forgets the user's devices beyond the newest
     * `keep`, in one transaction.
     */
    async rememberDevice(userId: string, tokenHash: string, now: Date, keep: number) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('known_devices')
          .values({ token_hash: tokenHash, user_id: userId, signed_in_at: now })
          .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ signed_in_at: now }))
          .execute();
        await trx
          .deleteFrom('known_devices')
          .where('user_id', '=', userId)
          .where(
            'token_hash',
            'in',
            trx
              .selectFrom('known_devices')
              .select('token_hash')
              .where('user_id', '=', userId)
              .orderBy('signed_in_at', 'desc')
              .offset(keep),
          )
          .execute();
      });
    },

    /** The user has opened a link mailed to their address: it is theirs. */
    async markEmailVerified(userId: string, executor: Executor) {
      await executor
        .updateTable('users')
        .set({ email_verified: true })
        .where('id', '=', userId)
        .where('email_verified', '=', false)
        .execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
