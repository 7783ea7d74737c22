import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { createTestApp, createTestClock, minutes, type TestApp } from '../test/test-app.ts';
import { registerErrorHandling } from './errors.ts';
import { abandonedClaimMs, markIdempotentEffect, registerIdempotency } from './idempotency.ts';
import { createJobQueue } from './jobs.ts';

/**
 * The key's record and the effect commit together (decision 0104). A route of this test's own,
 * behind the real plugin on the test database, does its effect (a row it inserts) in a transaction
 * that also calls markIdempotentEffect, and then can fail in the ways a process dies: after its
 * effect committed and before the answer was kept, or before anything committed. A retry with the
 * same key must never do the effect twice.
 */

let testApp: TestApp;
let server: FastifyInstance;
const clock = createTestClock();
const effectKind = `test.idempotent-effect.${randomUUID().slice(0, 8)}`;
/** Set by a test: the next call of the route takes it and waits for it before its transaction. */
let holdBeforeEffect: Promise<void> | undefined;

type Outcome = 'answer' | 'fail-after-commit' | 'fail-before-commit';
/** How the next call of the route ends (taken once: a retry, the same request, answers). */
let nextOutcome: Outcome = 'answer';

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  server = Fastify({ logger: false });
  registerErrorHandling(server);
  server.addHook('onRequest', async (request) => {
    request.keyHolder = 'test:effects';
  });
  const jobs = createJobQueue({ db, logger: server.log });
  await registerIdempotency(server, { db, jobs, clock: clock.now });
  server.post('/effects', { config: { idempotent: true } }, async (request, reply) => {
    const { n } = request.body as { n: number };
    const outcome = nextOutcome;
    nextOutcome = 'answer';
    const hold = holdBeforeEffect;
    holdBeforeEffect = undefined;
    await hold;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('jobs')
        .values({ kind: effectKind, payload: JSON.stringify({ n }) })
        .execute();
      await markIdempotentEffect(request, trx);
      if (outcome === 'fail-before-commit') throw new Error('the process died inside the transaction');
    });
    if (outcome === 'fail-after-commit') throw new Error('the process died before the answer was kept');
    return reply.code(201).send({ made: n });
  });
  await server.ready();
});

afterAll(async () => {
  await server?.close();
  await testApp?.close();
});

let counter = 0;
function send(key: string, n: number, outcome: Outcome = 'answer') {
  nextOutcome = outcome;
  return server.inject({
    method: 'POST',
    url: '/effects',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    payload: { n },
  });
}

async function effectsOf(n: number) {
  const rows = await testApp.db.selectFrom('jobs').select('payload').where('kind', '=', effectKind).execute();
  return rows.filter((row) => (row.payload as { n: number }).n === n).length;
}

describe('an idempotent call', () => {
  it('answered, keeps its answer and its effect marked; the retry replays it and does nothing', async () => {
    const key = randomUUID();
    const n = (counter += 1);

    const first = await send(key, n);
    const retry = await send(key, n);

    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual({ made: n });
    expect(await effectsOf(n)).toBe(1);
    const row = await testApp.db
      .selectFrom('idempotency_keys')
      .select(['status_code', 'effect_at'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status_code: 201, effect_at: expect.any(Date) });
  });

  it('whose effect committed but whose answer was lost is never run again', async () => {
    const key = randomUUID();
    const n = (counter += 1);

    const first = await send(key, n, 'fail-after-commit');
    expect(first.statusCode).toBe(500);

    // Soon after: as if the first call were still answering.
    const soon = await send(key, n);
    expect(soon.statusCode).toBe(409);
    expect(soon.json()).toMatchObject({ code: 'idempotency_key_in_progress' });

    // Long after, when a claim without an effect would be taken as abandoned.
    clock.advance(abandonedClaimMs + minutes(1));
    const late = await send(key, n);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'idempotency_key_answer_lost',
      errorMessage: messages.idempotency.answerLost,
    });
    expect(await effectsOf(n)).toBe(1);
  });

  it('that failed before its transaction committed did nothing: the retry runs it, once', async () => {
    const key = randomUUID();
    const n = (counter += 1);

    const first = await send(key, n, 'fail-before-commit');
    expect(first.statusCode).toBe(500);
    expect(await effectsOf(n)).toBe(0);

    const retry = await send(key, n);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await effectsOf(n)).toBe(1);
  });

  it('taken as abandoned while still running cannot commit its effect after the retry did', async () => {
    const key = randomUUID();
    const n = (counter += 1);
    let release!: () => void;
    holdBeforeEffect = new Promise<void>((resolve) => (release = resolve));

    // The first call claims the key, then stalls before its transaction (a stuck process).
    const stalled = send(key, n);
    await until(() => holdBeforeEffect === undefined);
    clock.advance(abandonedClaimMs + minutes(1));
    const retry = await send(key, n);
    expect(retry.statusCode).toBe(201);

    release();
    const first = await stalled;
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ code: 'idempotency_key_in_progress' });
    expect(await effectsOf(n)).toBe(1);
  });
});

/** Resolves once `condition` holds, looking each time the event loop turns; fails after 10 s. */
async function until(condition: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
