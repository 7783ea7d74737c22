import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createJobQueue, type JobQueue } from './jobs.ts';

/**
 * The PostgreSQL job queue (brief §2): jobs run once when due, a failing handler is retried later
 * with its error kept, up to 5 attempts, and a dedupe key keeps a second copy out. Each test uses
 * job kinds of its own and a queue of its own on the test database; nothing waits on a timer:
 * "later" is made "now" by moving run_at back.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

let kindCounter = 0;
const newKind = () => `test.kind${(kindCounter += 1)}`;

function queueWith(handlers: Record<string, (payload: unknown) => Promise<void>>): JobQueue {
  const queue = createJobQueue({ db: testApp.db, logger: testApp.app.log });
  for (const [kind, handler] of Object.entries(handlers)) queue.handle(kind, handler);
  return queue;
}

async function jobsOf(kind: string) {
  return testApp.db
    .selectFrom('jobs')
    .select([
      'id',
      'payload',
      'dedupe_key',
      'attempts',
      'last_error',
      'locked_until',
      sql<boolean>`done_at IS NOT NULL`.as('done'),
      sql<boolean>`run_at > now()`.as('waiting'),
    ])
    .where('kind', '=', kind)
    .orderBy('created_at')
    .execute();
}

/** Makes the kind's jobs due now, as if their retry time had come. */
async function makeDue(kind: string) {
  await sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE kind = ${kind}`.execute(testApp.db);
}

describe('the job queue', () => {
  it('runs a due job once with its payload and marks it done', async () => {
    const kind = newKind();
    const seen: unknown[] = [];
    const queue = queueWith({ [kind]: async (payload) => void seen.push(payload) });

    await queue.enqueue(kind, { brand: 'Green Fork', month: '2031-05' });

    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(seen).toEqual([{ brand: 'Green Fork', month: '2031-05' }]);
    expect(await jobsOf(kind)).toEqual([
      expect.objectContaining({ attempts: 1, last_error: null, locked_until: null, done: true }),
    ]);
  });

  it('keeps a failed job with its error, runs it again once due, and keeps the last error after success', async () => {
    const kind = newKind();
    let calls = 0;
    const queue = queueWith({
      [kind]: async () => {
        calls += 1;
        if (calls === 1) throw new Error('The publisher did not answer');
      },
    });
    await queue.enqueue(kind);

    expect(await queue.runDue()).toBe(1);
    const [failed] = await jobsOf(kind);
    expect(failed).toMatchObject({
      attempts: 1,
      last_error: 'The publisher did not answer',
      locked_until: null,
      done: false,
      waiting: true,
    });

    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(1);

    await makeDue(kind);
    expect(await queue.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect(await jobsOf(kind)).toEqual([
      expect.objectContaining({ attempts: 2, last_error: 'The publisher did not answer', done: true }),
    ]);
  });

  it('gives up after 5 failed attempts, keeping the last error', async () => {
    const kind = newKind();
    let calls = 0;
    const queue = queueWith({
      [kind]: async () => {
        calls += 1;
        throw new Error(`failure ${calls}`);
      },
    });
    await queue.enqueue(kind);

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await queue.runDue()).toBe(1);
      await makeDue(kind);
    }

    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(5);
    expect(await jobsOf(kind)).toEqual([
      expect.objectContaining({ attempts: 5, last_error: 'failure 5', done: true }),
    ]);
  });

  it('keeps one job per dedupe key, even once it has run; other keys and no key queue anew', async () => {
    const kind = newKind();
    const seen: unknown[] = [];
    const queue = queueWith({ [kind]: async (payload) => void seen.push(payload) });

    await queue.enqueue(kind, { n: 1 }, { dedupeKey: `${kind}:2031-05-10` });
    await queue.enqueue(kind, { n: 2 }, { dedupeKey: `${kind}:2031-05-10` });
    await queue.runDue();
    await queue.enqueue(kind, { n: 3 }, { dedupeKey: `${kind}:2031-05-10` });
    await queue.enqueue(kind, { n: 4 }, { dedupeKey: `${kind}:2031-05-11` });
    await queue.enqueue(kind, { n: 5 });
    await queue.enqueue(kind, { n: 5 });
    await queue.runDue();

    expect(seen).toEqual([{ n: 1 }, { n: 4 }, { n: 5 }, { n: 5 }]);
    expect((await jobsOf(kind)).map((job) => job.dedupe_key)).toEqual([
      `${kind}:2031-05-10`,
      `${kind}:2031-05-11`,
      null,
      null,
    ]);
  });

  it('waits for a job queued to run later', async () => {
    const kind = newKind();
    let calls = 0;
    const queue = queueWith({ [kind]: async () => void (calls += 1) });

    await queue.enqueue(kind, {}, { runAt: new Date(Date.now() + 3_600_000) });
    expect(await queue.runDue()).toBe(0);

    await makeDue(kind);
    expect(await queue.runDue()).toBe(1);
    expect(calls).toBe(1);
  });

  it('leaves jobs of kinds it has no handler for to the queue that has one', async () => {
    const kind = newKind();
    const other = newKind();
    const queue = queueWith({ [kind]: async () => {} });

    await queue.enqueue(other);

    expect(await queue.runDue()).toBe(0);
    expect(await jobsOf(other)).toEqual([expect.objectContaining({ attempts: 0, done: false })]);
  });

  it('does not take a job another runner holds until its lease has run out', async () => {
    const kind = newKind();
    let calls = 0;
    const queue = queueWith({ [kind]: async () => void (calls += 1) });
    await queue.enqueue(kind);
    await sql`UPDATE jobs SET locked_until = now() + interval '5 minutes' WHERE kind = ${kind}`.execute(
      testApp.db,
    );

    expect(await queue.runDue()).toBe(0);

    await sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE kind = ${kind}`.execute(
      testApp.db,
    );
    expect(await queue.runDue()).toBe(1);
    expect(calls).toBe(1);
  });

  it('shares one run between overlapping runDue calls, so each job runs once', async () => {
    const kind = newKind();
    let calls = 0;
    const queue = queueWith({ [kind]: async () => void (calls += 1) });
    await queue.enqueue(kind, { n: 1 });
    await queue.enqueue(kind, { n: 2 });

    const [first, second] = await Promise.all([queue.runDue(), queue.runDue()]);

    expect(first).toBe(2);
    expect(second).toBe(2);
    expect(calls).toBe(2);
  });

  it('runs jobs by itself once started, and stops', async () => {
    const kind = newKind();
    let handled!: () => void;
    const ran = new Promise<void>((resolve) => (handled = resolve));
    const queue = queueWith({ [kind]: async () => handled() });
    await queue.enqueue(kind);

    queue.start();
    await ran;
    await queue.stop();

    expect(await jobsOf(kind)).toEqual([expect.objectContaining({ attempts: 1 })]);
  });

  it('gives back a job the database went away under, without using an attempt, once the database answers again', async () => {
    const kind = newKind();
    const adminShutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    let calls = 0;
    const queue = queueWith({
      [kind]: async () => {
        calls += 1;
        if (calls === 1) throw adminShutdown;
      },
    });
    await queue.enqueue(kind);

    await expect(queue.runDue()).rejects.toBe(adminShutdown);
    // Still leased to this runner: no other instance takes it while its end is unknown.
    expect(await jobsOf(kind)).toEqual([
      expect.objectContaining({ attempts: 1, done: false, last_error: null, locked_until: expect.any(Date) }),
    ]);

    expect(await queue.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect(await jobsOf(kind)).toEqual([
      expect.objectContaining({ attempts: 1, done: true, last_error: null, locked_until: null }),
    ]);
  });

  it('keeps one row of a recurring job however many instances keep it, runs it once per interval, and never gives it up', async () => {
    const kind = newKind();
    let calls = 0;
    let failing = false;
    const handler = async () => {
      calls += 1;
      if (failing) throw new Error(`sweep failure ${calls}`);
    };
    const instances = [queueWith({ [kind]: handler }), queueWith({ [kind]: handler })];
    for (const queue of instances) await queue.recur(kind, 60_000);

    expect(await Promise.all(instances.map((queue) => queue.runDue()))).toEqual([1, 0]);
    expect(calls).toBe(1);
    // Run, it waits for its next turn instead of being done; calling recur again changes nothing.
    for (const queue of instances) await queue.recur(kind, 60_000);
    expect(await jobsOf(kind)).toEqual([
      expect.objectContaining({ dedupe_key: `every:${kind}`, attempts: 0, done: false, waiting: true }),
    ]);
    expect(await instances[1]!.runDue()).toBe(0);

    await makeDue(kind);
    expect(await instances[1]!.runDue()).toBe(1);
    expect(calls).toBe(2);

    failing = true;
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await makeDue(kind);
      expect(await instances[0]!.runDue()).toBe(1);
    }
    expect(await jobsOf(kind)).toEqual([
      expect.objectContaining({ attempts: 6, last_error: 'sweep failure 8', done: false, waiting: true }),
    ]);
  });

  it('makes a recurring job that was marked done due again when it is kept again', async () => {
    const kind = newKind();
    const queue = queueWith({ [kind]: async () => {} });
    await queue.recur(kind, 60_000);
    await sql`UPDATE jobs SET done_at = now() WHERE kind = ${kind}`.execute(testApp.db);

    await queue.recur(kind, 60_000);

    expect(await jobsOf(kind)).toEqual([expect.objectContaining({ done: false, waiting: false })]);
    expect(await queue.runDue()).toBe(1);
  });
});
