import { hostname } from 'node:os';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/database.generated.ts';

export type JobHandler = (payload: unknown) => Promise<void>;

export interface JobQueue {
  /**
   * Adds a job; with a dedupe key, a job already queued under that key is kept instead. With `trx`
   * the job is added inside that transaction, so it exists exactly when what it works on does.
   */
  enqueue(
    kind: string,
    payload?: unknown,
    options?: { runAt?: Date; dedupeKey?: string; trx?: Transaction<DB> },
  ): Promise<void>;
  handle(kind: string, handler: JobHandler): void;
  /** Runs every job that is due now, one after another; answers how many ran. */
  runDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

const lockMs = 5 * 60_000;
const maxAttempts = 5;

/**
 * A job queue in PostgreSQL (the `jobs` table), so background work survives restarts and runs
 * once whatever the number of API instances: a job is claimed with FOR UPDATE SKIP LOCKED and a
 * lease. It needs no connection of its own, so it works on PGlite too (pg-boss could not).
 * A failed job is retried with a growing delay, up to 5 attempts; its last error is kept.
 */
export function createJobQueue(options: {
  db: Kysely<DB>;
  logger: FastifyBaseLogger;
  pollMs?: number;
}): JobQueue {
  const { db, logger } = options;
  const handlers = new Map<string, JobHandler>();
  const worker = `${hostname()}:${process.pid}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function claim() {
    const { rows } = await sql<{ id: string; kind: string; payload: unknown; attempts: number }>`
      UPDATE jobs SET locked_until = now() + ${`${lockMs} milliseconds`}::interval, attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND run_at <= now() AND (locked_until IS NULL OR locked_until < now())
          AND kind = ANY(${[...handlers.keys()]})
        ORDER BY run_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts
    `.execute(db);
    return rows[0];
  }

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    try {
      await handlers.get(job.kind)!(job.payload);
      await db
        .updateTable('jobs')
        .set({ done_at: new Date(), locked_until: null })
        .where('id', '=', job.id)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.error({ err: error, job: job.kind, attempt: job.attempts, worker }, 'job failed');
      const giveUp = job.attempts >= maxAttempts;
      await db
        .updateTable('jobs')
        .set({
          last_error: message.slice(0, 2000),
          locked_until: null,
          run_at: new Date(Date.now() + 2 ** job.attempts * 30_000),
          done_at: giveUp ? new Date() : null,
        })
        .where('id', '=', job.id)
        .execute();
    }
    return true;
  }

  const queue: JobQueue = {
    async enqueue(kind, payload = {}, enqueueOptions = {}) {
      await (enqueueOptions.trx ?? db)
        .insertInto('jobs')
        .values({
          kind,
          payload: JSON.stringify(payload),
          dedupe_key: enqueueOptions.dedupeKey ?? null,
          ...(enqueueOptions.runAt ? { run_at: enqueueOptions.runAt } : {}),
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    },
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    async runDue() {
      // One runner at a time in this process; other instances are kept apart by the row locks.
      running ??= (async () => {
        let count = 0;
        try {
          while (await runOne()) count += 1;
        } finally {
          running = undefined;
        }
        return count;
      })();
      return running;
    },
    start() {
      if (timer) return;
      const tick = () => {
        queue
          .runDue()
          .catch((error: unknown) => logger.error({ err: error }, 'job runner failed'))
          .finally(() => {
            if (timer) timer = setTimeout(tick, options.pollMs ?? 15_000);
          });
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
  return queue;
}
