import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createJobQueue, type JobHandler, type JobQueue } from './jobs.ts';
import { createJobsRepository } from './jobs.repository.ts';

/**
 * The lease's heartbeat (docs/decisions/0112): while a job runs, its holder extends the lease every
 * third of it, so a job far longer than the lease runs once however many instances share the
 * database; a worker that stops extending (it died, or stalled past its lease) loses the job to
 * another, and then neither keeps the new run's lease alive nor marks it done. Two queues over the
 * one test database stand for two instances. The clock and the heartbeat's interval are fake; the
 * database is real, so after moving the clock a test waits for the beat's write to be seen.
 */

const leaseMs = 60_000;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

beforeEach(() => {
  // setImmediate and setTimeout stay real: the database driver and `until` below use them.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

let kindCounter = 0;
const newKind = () => `test.lease${(kindCounter += 1)}`;

/** An instance's queue, running `kind` with `handler`. */
function instance(kind: string, handler: JobHandler): JobQueue {
  const queue = createJobQueue({ db: testApp.db, logger: testApp.app.log, leaseMs });
  queue.handle(kind, handler);
  return queue;
}

/** A promise the test resolves: a job that ends only when told. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Resolves once `condition` holds, looking each time the event loop turns; fails after 10 s. */
async function until(condition: () => boolean | Promise<boolean>) {
  const deadline = performance.now() + 10_000;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function jobOf(kind: string) {
  return testApp.db
    .selectFrom('jobs')
    .select(['id', 'attempts', 'locked_until', 'claim_token', 'done_at', 'payload'])
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
}

const leaseEndOf = async (kind: string) => (await jobOf(kind)).locked_until?.getTime() ?? 0;

describe('the job lease', () => {
  it('runs a job that lasts ten leases once, on two instances over the same database', async () => {
    const kind = newKind();
    const release = gate();
    let runs = 0;
    const longJob = async () => {
      runs += 1;
      await release.opened;
    };
    const [first, second] = [instance(kind, longJob), instance(kind, longJob)];
    await first.enqueue(kind, { month: '2031-05' });

    const running = first.runDue();
    await until(() => runs === 1);
    for (let beat = 1; beat <= 30; beat += 1) {
      const leaseEnd = await leaseEndOf(kind);
      await vi.advanceTimersByTimeAsync(leaseMs / 3);
      // The beat's write has landed: the lease runs a whole lease from now again.
      await until(async () => (await leaseEndOf(kind)) > leaseEnd);
      expect(await leaseEndOf(kind)).toBe(Date.now() + leaseMs);
      expect(await second.runDue()).toBe(0);
    }
    release.open();

    expect(await running).toBe(1);
    expect(await second.runDue()).toBe(0);
    expect(runs).toBe(1);
    expect(await jobOf(kind)).toMatchObject({ attempts: 1, locked_until: null, done_at: expect.any(Date) });
  });

  it('gives the job of a worker that died with it to another instance once the lease is over', async () => {
    const kind = newKind();
    const seen: unknown[] = [];
    const survivor = instance(kind, async (payload) => void seen.push(payload));
    await survivor.enqueue(kind, { invoiceRun: '2031-05-31' });
    // The dead worker claimed the job and never ran it, nor extended its lease.
    const dead = await createJobsRepository(testApp.db).claimNext([kind], leaseMs, new Date());
    expect(dead).toBeDefined();

    await vi.advanceTimersByTimeAsync(leaseMs - 1_000);
    expect(await survivor.runDue()).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await survivor.runDue()).toBe(1);

    expect(seen).toEqual([{ invoiceRun: '2031-05-31' }]);
    expect(await jobOf(kind)).toMatchObject({ attempts: 2, done_at: expect.any(Date) });
  });

  it('keeps a worker that stalled past its lease from extending or ending the run that took the job over', async () => {
    const kind = newKind();
    const gates = [gate(), gate()];
    const signals: AbortSignal[] = [];
    const job: JobHandler = async (_payload, { signal }) => {
      const run = signals.push(signal) - 1;
      await gates[run]!.opened;
    };
    const [stalled, takingOver] = [instance(kind, job), instance(kind, job)];
    await stalled.enqueue(kind);

    const stalledRun = stalled.runDue();
    await until(() => signals.length === 1);
    const stalledClaim = await jobOf(kind);
    // The clock runs on while the stalled worker's heartbeat does not.
    vi.setSystemTime(Date.now() + 2 * leaseMs);
    const takenOverRun = takingOver.runDue();
    await until(() => signals.length === 2);
    const newClaim = await jobOf(kind);
    expect(newClaim.claim_token).not.toBe(stalledClaim.claim_token);

    // The next beat: the stalled worker finds the job claimed again and lets go; the new holder extends.
    await vi.advanceTimersByTimeAsync(leaseMs / 3);
    await until(() => signals[0]!.aborted);
    await until(async () => (await leaseEndOf(kind)) === Date.now() + leaseMs);
    expect(signals[1]!.aborted).toBe(false);

    gates[0]!.open();
    expect(await stalledRun).toBe(1);
    expect(await jobOf(kind)).toMatchObject({
      claim_token: newClaim.claim_token,
      locked_until: new Date(Date.now() + leaseMs),
      done_at: null,
    });

    gates[1]!.open();
    expect(await takenOverRun).toBe(1);
    expect(await jobOf(kind)).toMatchObject({
      claim_token: null,
      locked_until: null,
      done_at: expect.any(Date),
    });
  });

  it('stops the heartbeat when the job ends, by success or by failure', async () => {
    const kind = newKind();
    let calls = 0;
    const queue = instance(kind, async () => {
      calls += 1;
      if (calls === 1) throw new Error('The receiver did not answer');
    });
    await queue.enqueue(kind);
    await queue.enqueue(kind);

    expect(await queue.runDue()).toBe(2);

    expect(calls).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('erases the payload of a kind that asks it once its job has run', async () => {
    const kind = newKind();
    const queue = createJobQueue({ db: testApp.db, logger: testApp.app.log, leaseMs });
    const seen: unknown[] = [];
    queue.handle(kind, async (payload) => void seen.push(payload), { erasePayload: true });
    await queue.enqueue(kind, { link: 'https://krowd.test/verifyemail/secret' });

    expect(await queue.runDue()).toBe(1);

    expect(seen).toEqual([{ link: 'https://krowd.test/verifyemail/secret' }]);
    expect(await jobOf(kind)).toMatchObject({ payload: {}, done_at: expect.any(Date) });
  });
});
