import { hostname } from 'node:os';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/database.generated.ts';
import { isDatabaseUnavailable } from '../db/database-faults.ts';
import { createLeaseKeeper } from './job-lease.ts';
import { createJobsRepository, type ClaimedJob } from './jobs.repository.ts';

/**
 * Runs one job. `signal` aborts when this worker has lost the job's lease (its heartbeat found it
 * claimed again elsewhere): a long job may stop there, as what it still writes will not count.
 */
export type JobHandler = (payload: unknown, job: { signal: AbortSignal }) => Promise<void>;

export interface HandleOptions {
  /**
   * The kind has a lane of its own where up to that many of its jobs run at once (webhook
   * deliveries, which wait on receivers; the mails after an answer, which wait on nothing else).
   */
  concurrency?: number;
  /** The payload holds what should not outlive the job (a mail's link): erased once the job ends. */
  erasePayload?: boolean;
  /**
   * A job of the kind queued here begins here as soon as the answer under way is written, instead
   * of at the next poll: the work after an answer. Should this instance stop first, any instance's
   * runner does it once due (docs/decisions/0112).
   */
  soon?: boolean;
}

/** The work after an answer (sign-up, recovery and confirmation mails): a lane of its own, begun at once, payload erased. */
export const afterAnswerJob: HandleOptions = { concurrency: 2, erasePayload: true, soon: true };

export interface JobQueue {
  /**
   * Adds a job; with a dedupe key, a job already queued under that key is kept instead. With `trx`
   * the job is added inside that transaction, so it exists exactly when what it works on does. A
   * kind handled with `soon` begins here on the next turn of the event loop.
   */
  enqueue(
    kind: string,
    payload?: unknown,
    options?: { runAt?: Date; dedupeKey?: string; trx?: Transaction<DB> },
  ): Promise<void>;
  /**
   * Runs jobs of `kind` with `handler`. With `concurrency`, the kind has a lane of its own where up
   * to that many of its jobs run at once (webhook deliveries, which wait on receivers); every other
   * kind shares the main lane, one job at a time. A lane never waits on another.
   */
  handle(kind: string, handler: JobHandler, options?: HandleOptions): void;
  /**
   * Keeps one job of `kind` that runs every `everyMs`, however many instances call this: its one
   * row (dedupe key `every:<kind>`) is made once and, each time it has run, is due again `everyMs`
   * later instead of being marked done. A failure retries it, sooner than the interval when the
   * back-off is shorter, and never gives it up.
   */
  recur(kind: string, everyMs: number): Promise<void>;
  /**
   * Runs every job that is due now, those the jobs run queue included, each lane as it would once
   * started; answers how many ran. It ends when every lane has nothing due. With `soon`, only the
   * kinds handled with `soon`, once the run begun for them here has ended (tests wait on it).
   */
  runDue(options?: { soon?: boolean }): Promise<number>;
  /**
   * Begins the due jobs of the kinds handled with `soon` here on the next turn of the event loop:
   * for a caller whose transaction queued some, once it has committed.
   */
  soon(): void;
  start(): void;
  stop(): Promise<void>;
}

interface Lane {
  kinds: string[];
  concurrency: number;
  workers: Set<Promise<void>>;
  /** A fault a worker met while a runDue was under way, for it to answer. */
  fault?: unknown;
}

const mainLane = '';
/** How long a claim holds a job without a heartbeat; the holder extends it every third of it. */
export const defaultLeaseMs = 5 * 60_000;
const maxAttempts = 5;
const recurringKey = (kind: string) => `every:${kind}`;

/**
 * A job queue in PostgreSQL (the `jobs` table), so background work survives restarts and runs
 * once whatever the number of API instances: a job is claimed with FOR UPDATE SKIP LOCKED, a lease
 * and a claim token. It needs no connection of its own, so it works on PGlite too (pg-boss could
 * not). A failed job is retried with a growing delay, up to 5 attempts; its last error is kept.
 *
 * While a job runs its holder extends the lease every third of it (the heartbeat), so a job longer
 * than the lease (an export, the invoice run) is not claimed again while it runs; a worker that
 * dies stops extending, and another claims the job once the lease is over. Extending, and writing
 * how the job ended, take effect only on the row that still carries the holder's claim token
 * (docs/decisions/0112).
 *
 * Jobs run in lanes (decision 0104): a kind handled with a concurrency has a lane of its own, where
 * up to that many of its jobs run at once; every other kind runs in the main lane, one at a time, in
 * the order they are due. So a webhook receiver that hangs until the timeout delays neither the
 * invoice run nor the mails. A recurring job has one row, claimed under a lease, so it never runs
 * twice at once.
 *
 * A job the database went away under is not the job's failure: it does not use up an attempt, and
 * its lease is given back (or, had it finished, it is marked done) as soon as the database answers
 * again, instead of waiting for the lease to run out (docs/decisions.md 'Serving through database
 * faults'). Until then the runner looks again every second.
 */
export function createJobQueue(options: {
  db: Kysely<DB>;
  logger: FastifyBaseLogger;
  pollMs?: number;
  /** The lease a claim takes; tests shorten it. */
  leaseMs?: number;
}): JobQueue {
  const { db, logger } = options;
  const leaseMs = options.leaseMs ?? defaultLeaseMs;
  const jobs = createJobsRepository(db);
  const handlers = new Map<string, JobHandler>();
  /** The kinds whose payload is erased once their job ends, and those begun as soon as queued. */
  const erased = new Set<string>();
  const soonKinds = new Set<string>();
  /** The run begun here for the `soon` kinds, and whether one was asked for while it ran. */
  let soonRun: Promise<void> | undefined;
  let soonAgain = false;
  /** A `soon` kind was queued in a transaction: it begins once the job that queued it has ended (committed). */
  let soonAfterCommit = false;
  let stopped = false;
  /** The recurring kinds this instance keeps, by kind: their interval in milliseconds. */
  const recurring = new Map<string, number>();
  const worker = `${hostname()}:${process.pid}`;
  const pollMs = options.pollMs ?? 15_000;
  let timer: NodeJS.Timeout | undefined;
  /** The runDue of every kind under way, which overlapping calls share. */
  let running: Promise<number> | undefined;
  /** How many runDue calls are under way, of every kind or of some: their workers' faults go to them. */
  let runs = 0;
  /** The main lane (every kind without a lane of its own) and the kinds with one, by kind. */
  const lanes = new Map<string, Lane>([[mainLane, { kinds: [], concurrency: 1, workers: new Set() }]]);
  /** Jobs run here so far: runDue answers the difference. */
  let ran = 0;
  /** Jobs claimed here whose end could not be written: by id, the claim they hold and how they ended. */
  const unsettled = new Map<
    string,
    { token: string; finished: boolean; everyMs?: number; erasePayload: boolean }
  >();

  /** Writes the end of jobs a database fault interrupted, each only while its lease is still ours. */
  let settling: Promise<void> | undefined;
  function settle() {
    if (unsettled.size === 0) return Promise.resolve();
    settling ??= settleAll().finally(() => (settling = undefined));
    return settling;
  }
  async function settleAll() {
    for (const [id, { token, finished, everyMs, erasePayload }] of unsettled) {
      await jobs.settleLease(id, token, { finished, everyMs, erasePayload });
      unsettled.delete(id);
    }
  }

  const keepLease = createLeaseKeeper({ jobs, leaseMs, logger, worker });

  /** How a job ended could not be written: the claim no longer holds it, and the run that does decides. */
  function lostOnEnd(job: ClaimedJob, written: boolean) {
    if (!written) logger.warn({ job: job.kind, id: job.id, worker }, 'job ended after losing its lease');
  }

  async function runOne(lane: Lane, only?: readonly string[]): Promise<boolean> {
    const kinds = only ? lane.kinds.filter((kind) => only.includes(kind)) : lane.kinds;
    if (kinds.length === 0) return false;
    const job = await jobs.claimNext(kinds, leaseMs, new Date());
    if (!job) return false;
    ran += 1;
    const everyMs = job.dedupe_key === recurringKey(job.kind) ? recurring.get(job.kind) : undefined;
    const erasePayload = erased.has(job.kind);
    const lease = keepLease(job);
    let finished = false;
    try {
      try {
        await handlers.get(job.kind)!(job.payload, { signal: lease.signal });
      } finally {
        await lease.stop();
      }
      if (soonAfterCommit) {
        soonAfterCommit = false;
        runSoon();
      }
      finished = true;
      lostOnEnd(job, await jobs.markRan(job.id, job.claim_token, everyMs, erasePayload));
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        unsettled.set(job.id, { token: job.claim_token, finished, everyMs, erasePayload });
        throw error;
      }
      const message = error instanceof Error ? error.message : String(error);
      logger.error({ err: error, job: job.kind, attempt: job.attempts, worker }, 'job failed');
      const giveUp = everyMs === undefined && job.attempts >= maxAttempts;
      const retryMs = 2 ** job.attempts * 30_000;
      const written = await jobs.markFailed(job.id, job.claim_token, {
        last_error: message.slice(0, 2000),
        run_at: new Date(Date.now() + Math.min(retryMs, everyMs ?? retryMs)),
        done_at: giveUp ? new Date() : null,
        ...(giveUp && erasePayload ? { payload: JSON.stringify({}) } : {}),
      });
      lostOnEnd(job, written);
    }
    return true;
  }

  /**
   * Starts workers in the lane up to its concurrency, each running the lane's due jobs until none
   * is left; answers once they are started (after writing what a database fault left unsettled).
   */
  async function fill(lane: Lane, whileStarted = false, only?: readonly string[]) {
    await settle();
    // A tick that stop() overtook starts nothing more.
    if (whileStarted && !timer) return;
    while (lane.workers.size < lane.concurrency && lane.kinds.length > 0) {
      const task = (async () => {
        try {
          while (await runOne(lane, only));
        } catch (error) {
          // A runDue under way answers the fault; a started runner logs it and looks again.
          if (runs > 0) lane.fault ??= error;
          else runnerFailed(error);
        }
      })();
      lane.workers.add(task);
      void task.then(() => lane.workers.delete(task));
    }
  }

  /** Waits until the lane's workers have all run out of due jobs; throws a fault one of them met. */
  async function drained(lane: Lane) {
    while (lane.workers.size > 0) await Promise.all([...lane.workers]);
    const { fault } = lane;
    lane.fault = undefined;
    if (fault !== undefined) throw fault;
  }

  function runnerFailed(error: unknown) {
    if (!isDatabaseUnavailable(error)) return logger.error({ err: error }, 'job runner failed');
    logger.warn({ err: error }, 'job runner: database unavailable, looking again in a second');
    if (timer) {
      clearTimeout(timer);
      timer = setTimeout(tick, Math.min(pollMs, 1_000));
    }
  }

  /** Once started: tops every lane up to its workers, and looks again after pollMs. */
  function tick() {
    // Cannot reject: the first `then` turns a failure into the wait, and the second only sets a timer.
    void Promise.all([...lanes.values()].map((lane) => fill(lane, true)))
      .then(
        () => pollMs,
        (error: unknown) => {
          runnerFailed(error);
          return isDatabaseUnavailable(error) ? Math.min(pollMs, 1_000) : pollMs;
        },
      )
      .then((wait) => {
        if (!timer) return;
        // One timer at a time, even if a worker's fault set one meanwhile.
        clearTimeout(timer);
        timer = setTimeout(tick, wait);
      });
  }

  /**
   * Runs the `soon` kinds' due jobs on the next turn of the event loop (PGlite runs in this thread,
   * so even the work's first query would otherwise hold the answer back, longer for a new address
   * than for a taken one), and again if more were queued meanwhile.
   */
  function runSoon() {
    if (stopped) return;
    if (soonRun) {
      // Begins at once in a lane with a free place; the run under way looks again once it ends.
      soonAgain = true;
      setImmediate(topUpSoon);
      return;
    }
    soonRun = (async () => {
      do {
        soonAgain = false;
        await new Promise((resolve) => setImmediate(resolve));
        await runSoonKinds().catch((error: unknown) =>
          logger.error({ err: error }, 'work after the answer failed'),
        );
      } while (soonAgain && !stopped);
    })().finally(() => (soonRun = undefined));
  }

  function topUpSoon() {
    if (stopped) return;
    for (const lane of soonLanes()) {
      fill(lane, false, [...soonKinds]).catch((error: unknown) =>
        logger.error({ err: error }, 'work after the answer failed'),
      );
    }
  }

  const soonLanes = () =>
    [...lanes.values()].filter((lane) => lane.kinds.some((kind) => soonKinds.has(kind)));

  const runSoonKinds = () => runLanes(soonLanes(), [...soonKinds]);

  /** Runs the lanes' due jobs (of `only` those kinds) until none is left; answers how many ran. */
  async function runLanes(chosen: Lane[], only?: readonly string[]) {
    const before = ran;
    runs += 1;
    try {
      await settle();
      // Until a round in which no lane ran anything: a job may queue jobs of another lane.
      for (let last = -1; last !== ran;) {
        last = ran;
        const ends = await Promise.allSettled(
          chosen.map((lane) => fill(lane, false, only).then(() => drained(lane))),
        );
        const failed = ends.find((end) => end.status === 'rejected');
        if (failed) throw failed.reason;
      }
    } finally {
      runs -= 1;
    }
    return ran - before;
  }

  const queue: JobQueue = {
    async enqueue(kind, payload = {}, enqueueOptions = {}) {
      await jobs.insert(enqueueOptions.trx ?? db, {
        kind,
        payload: JSON.stringify(payload),
        dedupe_key: enqueueOptions.dedupeKey ?? null,
        ...(enqueueOptions.runAt ? { run_at: enqueueOptions.runAt } : {}),
      });
      if (!soonKinds.has(kind)) return;
      if (enqueueOptions.trx) soonAfterCommit = true;
      else runSoon();
    },
    handle(kind, handler, handleOptions = {}) {
      handlers.set(kind, handler);
      for (const [set, wanted] of [
        [erased, handleOptions.erasePayload],
        [soonKinds, handleOptions.soon],
      ] as const) {
        if (wanted) set.add(kind);
        else set.delete(kind);
      }
      for (const lane of lanes.values()) lane.kinds = lane.kinds.filter((known) => known !== kind);
      const { concurrency } = handleOptions;
      if (concurrency === undefined) lanes.get(mainLane)!.kinds.push(kind);
      else lanes.set(kind, { kinds: [kind], concurrency: Math.max(1, concurrency), workers: new Set() });
    },
    async recur(kind, everyMs) {
      recurring.set(kind, everyMs);
      await jobs.keepRecurring(kind, recurringKey(kind));
    },
    async runDue(runOptions = {}) {
      if (runOptions.soon) {
        while (soonRun) await soonRun;
        return runSoonKinds();
      }
      // One runner at a time in this process; other instances are kept apart by the row locks.
      running ??= runLanes([...lanes.values()]).finally(() => (running = undefined));
      return running;
    },
    soon() {
      runSoon();
    },
    start() {
      // Each tick tops every lane up and looks again: a lane whose workers all wait (on receivers
      // that do not answer) holds up neither the other lanes nor the next look.
      stopped = false;
      if (!timer) timer = setTimeout(tick, 0);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      // No more work after answers begins here; what is left waits in the table for any instance.
      stopped = true;
      while (soonRun) await soonRun;
      await running?.catch(() => {});
      // Every lane's running jobs end (or fail) before the queue says it has stopped.
      const working = () => [...lanes.values()].flatMap((lane) => [...lane.workers]);
      while (working().length > 0) await Promise.allSettled(working());
    },
  };
  return queue;
}
