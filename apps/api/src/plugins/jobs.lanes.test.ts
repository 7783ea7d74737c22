import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { afterAnswerJob, createJobQueue, type JobQueue } from './jobs.ts';

/**
 * The queue's lanes (decision 0104): a kind handled with a concurrency runs up to that many jobs at
 * once in a lane of its own, and nothing in it delays the main lane, where every other kind runs one
 * at a time. Handlers here wait on gates the test opens, so nothing waits on a timer.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

let kindCounter = 0;
const newKind = () => `test.lane${(kindCounter += 1)}`;

function newQueue(pollMs?: number): JobQueue {
  return createJobQueue({ db: testApp.db, logger: testApp.app.log, pollMs });
}

/** A promise the test resolves: a receiver that answers only when told. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Resolves once `condition` holds, looking each time the event loop turns; fails after `ms`. */
async function until(condition: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the job queue lanes', () => {
  it('runs a job of the main lane while a job of its own lane hangs', async () => {
    const hanging = newKind();
    const invoicing = newKind();
    const release = gate();
    const events: string[] = [];
    const queue = newQueue();
    queue.handle(
      hanging,
      async () => {
        events.push('delivery started');
        await release.opened;
        events.push('delivery ended');
      },
      { concurrency: 2 },
    );
    queue.handle(invoicing, async () => void events.push('invoice run'));
    await queue.enqueue(hanging);
    await queue.enqueue(invoicing);

    const run = queue.runDue();
    await until(() => events.includes('invoice run') && events.includes('delivery started'));
    expect(events).not.toContain('delivery ended');

    release.open();
    expect(await run).toBe(2);
    expect(events.at(-1)).toBe('delivery ended');
  });

  it('runs up to its concurrency of a lane at once, and the rest as places free up', async () => {
    const kind = newKind();
    const gates = Array.from({ length: 5 }, gate);
    let inFlight = 0;
    let mostAtOnce = 0;
    const started: number[] = [];
    const queue = newQueue();
    queue.handle(
      kind,
      async (payload) => {
        const { n } = payload as { n: number };
        started.push(n);
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        await gates[n]!.opened;
        inFlight -= 1;
      },
      { concurrency: 3 },
    );
    for (let n = 0; n < 5; n += 1) await queue.enqueue(kind, { n });

    const run = queue.runDue();
    await until(() => started.length === 3);
    expect(inFlight).toBe(3);
    gates[started[0]!]!.open();
    await until(() => started.length === 4);
    expect(inFlight).toBe(3);
    for (const each of gates) each.open();

    expect(await run).toBe(5);
    expect(mostAtOnce).toBe(3);
    expect([...started].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the main lane one job at a time, in the order they are due', async () => {
    const first = newKind();
    const second = newKind();
    const release = gate();
    const events: string[] = [];
    const queue = newQueue();
    queue.handle(first, async () => {
      events.push('first started');
      await release.opened;
      events.push('first ended');
    });
    queue.handle(second, async () => void events.push('second'));
    await queue.enqueue(first, {}, { runAt: new Date(Date.now() - 2_000) });
    await queue.enqueue(second, {}, { runAt: new Date(Date.now() - 1_000) });

    const run = queue.runDue();
    await until(() => events.length === 1);
    release.open();

    expect(await run).toBe(2);
    expect(events).toEqual(['first started', 'first ended', 'second']);
  });

  it('runs a job its own lane queues during the same runDue', async () => {
    const sweep = newKind();
    const deliver = newKind();
    const delivered: unknown[] = [];
    const queue = newQueue();
    queue.handle(sweep, async () => queue.enqueue(deliver, { event: 'offer.ended' }));
    queue.handle(deliver, async (payload) => void delivered.push(payload), { concurrency: 4 });
    await queue.enqueue(sweep);

    expect(await queue.runDue()).toBe(2);
    expect(delivered).toEqual([{ event: 'offer.ended' }]);
  });

  it('once started, stop waits for the running jobs of every lane', async () => {
    const laned = newKind();
    const main = newKind();
    const releaseLaned = gate();
    const releaseMain = gate();
    const running = new Set<string>();
    const queue = newQueue(60_000);
    queue.handle(
      laned,
      async () => {
        running.add(laned);
        await releaseLaned.opened;
        running.delete(laned);
      },
      { concurrency: 2 },
    );
    queue.handle(main, async () => {
      running.add(main);
      await releaseMain.opened;
      running.delete(main);
    });
    await queue.enqueue(laned);
    await queue.enqueue(main);

    queue.start();
    await until(() => running.size === 2);
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));

    releaseMain.open();
    await until(() => !running.has(main));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);

    releaseLaned.open();
    await stopping;
    expect(running.size).toBe(0);
  });

  it('begins a kind handled soon once it is queued, with no poll, and a job it queues in its transaction once it has ended', async () => {
    const signup = newKind();
    const mail = newKind();
    const events: string[] = [];
    const queue = newQueue(60_000);
    queue.handle(
      signup,
      async () => {
        await testApp.db.transaction().execute(async (trx) => {
          await queue.enqueue(mail, {}, { trx });
          events.push('account made');
        });
      },
      afterAnswerJob,
    );
    queue.handle(mail, async () => void events.push('mail sent'), afterAnswerJob);

    await queue.enqueue(signup);

    await until(() => events.length === 2);
    expect(events).toEqual(['account made', 'mail sent']);
    expect(await queue.runDue({ soon: true })).toBe(0);
  });

  it('begins no soon job once stopped: it waits in the table for a runner', async () => {
    const kind = newKind();
    let ran = 0;
    const queue = newQueue(60_000);
    queue.handle(kind, async () => void (ran += 1), afterAnswerJob);
    await queue.stop();

    await queue.enqueue(kind);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toBe(0);

    const another = newQueue(60_000);
    another.handle(kind, async () => void (ran += 1), afterAnswerJob);
    expect(await another.runDue({ soon: true })).toBe(1);
    expect(ran).toBe(1);
  });
});
