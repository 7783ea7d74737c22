import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../db/database.generated.ts';

/** A job that ran: done, or, when it recurs every `everyMs`, due again then. */
const ranSet = (everyMs: number | undefined) =>
  everyMs === undefined
    ? { done_at: new Date(), locked_until: null }
    : { run_at: new Date(Date.now() + everyMs), locked_until: null, attempts: 0 };

/** The job queue's rows (the `jobs` table; plugins/jobs.ts runs them). SQL only. */
export function createJobsRepository(db: Kysely<DB>) {
  return {
    /**
     * Claims the job of those kinds due first and not leased, with a lease of `lockMs` and one
     * attempt more; other instances skip it while it is locked.
     */
    async claimNext(kinds: readonly string[], lockMs: number) {
      const { rows } = await sql<{
        id: string;
        kind: string;
        payload: unknown;
        attempts: number;
        dedupe_key: string | null;
        /** The lease's end as PostgreSQL wrote it (to the microsecond: a Date would lose them). */
        lease: string;
      }>`
        UPDATE jobs SET locked_until = now() + ${`${lockMs} milliseconds`}::interval, attempts = attempts + 1
        WHERE id = (
          SELECT id FROM jobs
          WHERE done_at IS NULL AND run_at <= now() AND (locked_until IS NULL OR locked_until < now())
            AND kind = ANY(${[...kinds]})
          ORDER BY run_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, kind, payload, attempts, dedupe_key, locked_until::text AS lease
      `.execute(db);
      return rows[0];
    },

    /** The job ran: done, or due again in `everyMs` when it recurs. */
    async markRan(id: string, everyMs: number | undefined) {
      await db.updateTable('jobs').set(ranSet(everyMs)).where('id', '=', id).execute();
    },

    /** The job failed: its error, and when it runs again (or that it is given up). */
    async markFailed(id: string, changes: Updateable<DB['jobs']>) {
      await db.updateTable('jobs').set(changes).where('id', '=', id).execute();
    },

    /**
     * Writes the end of a job a database fault interrupted, only while its lease is still ours: ran,
     * or given back without using up an attempt.
     */
    async settleLease(id: string, lease: string, finished: boolean, everyMs: number | undefined) {
      const update = finished
        ? db.updateTable('jobs').set(ranSet(everyMs))
        : db.updateTable('jobs').set({ locked_until: null, attempts: sql`greatest(attempts - 1, 0)` });
      await update
        .where('id', '=', id)
        .where(sql<boolean>`locked_until = ${lease}::timestamptz`)
        .where('done_at', 'is', null)
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
