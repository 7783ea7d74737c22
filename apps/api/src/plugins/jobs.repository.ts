import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../db/database.generated.ts';

/** A job that ran: done, or, when it recurs every `everyMs`, due again then. */
const ranSet = (everyMs: number | undefined, erasePayload: boolean) => ({
  ...(everyMs === undefined
    ? { done_at: new Date() }
    : { run_at: new Date(Date.now() + everyMs), attempts: 0 }),
  ...(erasePayload ? { payload: JSON.stringify({}) } : {}),
  locked_until: null,
  claim_token: null,
});

/** What a claim answers: the job, and the token its holder writes by (docs/decisions/0112). */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  dedupe_key: string | null;
  claim_token: string;
}

/**
 * The job queue's rows (the `jobs` table; plugins/jobs.ts runs them). SQL only. A lease's end is
 * written and compared by the holder's clock (`now`), so a worker and its heartbeat keep one time.
 */
export function createJobsRepository(db: Kysely<DB>) {
  /** The job's row while the claim `token` still holds it. */
  const held = (id: string, token: string) =>
    db.updateTable('jobs').where('id', '=', id).where('claim_token', '=', token).where('done_at', 'is', null);

  return {
    /**
     * Claims the job of those kinds due first and not leased, with a lease of `leaseMs` from `now`,
     * a new claim token and one attempt more; other instances skip it while it is leased.
     */
    async claimNext(kinds: readonly string[], leaseMs: number, now: Date): Promise<ClaimedJob | undefined> {
      const { rows } = await sql<ClaimedJob>`
        UPDATE jobs SET locked_until = ${new Date(now.getTime() + leaseMs)}::timestamptz,
          claim_token = gen_random_uuid(), attempts = attempts + 1
        WHERE id = (
          SELECT id FROM jobs
          WHERE done_at IS NULL AND run_at <= now()
            AND (locked_until IS NULL OR locked_until < ${now}::timestamptz)
            AND kind = ANY(${[...kinds]})
          ORDER BY run_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, kind, payload, attempts, dedupe_key, claim_token
      `.execute(db);
      return rows[0];
    },

    /**
     * The heartbeat: the lease runs `leaseMs` from `now` again, only while the claim `token` holds
     * the job. False when it does not: the lease ran out and another worker claimed it, or it ended.
     */
    async extendLease(id: string, token: string, leaseMs: number, now: Date): Promise<boolean> {
      const result = await held(id, token)
        .set({ locked_until: new Date(now.getTime() + leaseMs) })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * The job ran: done, or due again in `everyMs` when it recurs; its payload erased when asked.
     * False (and nothing written) when the claim `token` no longer holds it.
     */
    async markRan(id: string, token: string, everyMs: number | undefined, erasePayload = false) {
      const result = await held(id, token).set(ranSet(everyMs, erasePayload)).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * The job failed: its error, and when it runs again (or that it is given up). False (and nothing
     * written) when the claim `token` no longer holds it.
     */
    async markFailed(id: string, token: string, changes: Updateable<DB['jobs']>) {
      const result = await held(id, token)
        .set({ ...changes, locked_until: null, claim_token: null })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Writes the end of a job a database fault interrupted, only while the claim `token` still holds
     * it: ran, or given back without using up an attempt.
     */
    async settleLease(
      id: string,
      token: string,
      end: { finished: boolean; everyMs: number | undefined; erasePayload: boolean },
    ) {
      await held(id, token)
        .set(
          end.finished
            ? ranSet(end.everyMs, end.erasePayload)
            : { locked_until: null, claim_token: null, attempts: sql`greatest(attempts - 1, 0)` },
        )
        .execute();
    },

    /** Adds a job, in `executor`'s transaction when it is one; one already queued under its dedupe key is kept instead. */
    async insert(executor: Kysely<DB> | Transaction<DB>, job: Insertable<DB['jobs']>) {
      await executor
        .insertInto('jobs')
        .values(job)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    },

    /** The one row of a recurring kind, made once; a row marked done (by a process that did not know it recurs) is due again. */
    async keepRecurring(kind: string, dedupeKey: string) {
      await db
        .insertInto('jobs')
        .values({ kind, payload: JSON.stringify({}), dedupe_key: dedupeKey })
        .onConflict((oc) =>
          oc
            .column('dedupe_key')
            .doUpdateSet({ done_at: null, run_at: sql`now()`, attempts: 0 })
            .where('jobs.done_at', 'is not', null),
        )
        .execute();
    },
  };
}
