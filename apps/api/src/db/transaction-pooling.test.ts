import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgbouncerBinary, startPgBouncer, type PgBouncer } from '../test/pgbouncer.ts';
import { addJuneTrading, july15th2025, juneConversions, uploadJunePurchases } from '../test/june-trading.ts';
import { call, demoIds, loginAs, type App } from '../test/test-app.ts';
import { createTwoInstances } from '../test/two-instances.ts';

/**
 * The product behind PgBouncer in transaction pooling (decision 0127): two instances reach the
 * database through one pooler with two server connections, so consecutive transactions of one
 * instance run on whichever server session is free and the instances share those sessions. Lists,
 * uploads (advisory locks, COPY, many statements in one transaction), and the signals between
 * instances (LISTEN on the direct address) must work as they do on a direct connection. Needs
 * DATABASE_URL (the machine's PostgreSQL) and Debian's pgbouncer.
 */

const runHere = Boolean(process.env.DATABASE_URL) && pgbouncerBinary() !== null;

const campaignFilter = encodeURIComponent(
  JSON.stringify({ limit: 10, page: 1, sortfield: 'created', direction: 'desc', globalSearch: '' }),
);
const lists = [
  `/api/campaigns?campaignType=current&filter=${campaignFilter}`,
  `/api/campaigns?campaignType=past&filter=${campaignFilter}`,
  '/api/merchants?page=1&limit=10',
  '/api/users?page=1&limit=10',
  '/api/distributors/getInvoiceList/invoice?page=1&limit=10',
];

describe.runIf(runHere)('the product behind PgBouncer in transaction pooling', () => {
  let pooler: PgBouncer;
  let instances: Awaited<ReturnType<typeof createTwoInstances>>;
  let first: App;
  let second: App;

  beforeAll(async () => {
    const server = new URL(process.env.DATABASE_URL!);
    pooler = await startPgBouncer(
      { host: server.hostname, port: Number(server.port || 5432) },
      { serverConnections: 2 },
    );
    instances = await createTwoInstances(july15th2025, { pooler });
    ({ first, second } = instances);
  }, 120_000);

  afterAll(async () => {
    await instances?.close();
    await pooler?.stop();
  }, 60_000);

  it('answers every list on both instances with many requests in flight, the same on each', async () => {
    const { token } = await loginAs(first, 'companyadmin@demo.test');
    // Forty requests at once over four client connections and two server sessions: a statement
    // prepared in one session and executed in another would fail here.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2 ? second : first, { url: lists[i % lists.length]!, token }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    for (let i = 0; i < lists.length; i += 1) {
      const bodies = new Set(answers.filter((_, j) => j % lists.length === i).map((answer) => answer.body));
      expect(bodies.size, lists[i]).toBe(1);
    }
  });

  it('stores an upload made through the pooler, and the other instance answers it at once', async () => {
    const ids = await demoIds(instances.db);
    await addJuneTrading(instances.db, ids.brands.standalone, 'POOLED-1');
    const { token } = await loginAs(second, 'branduser@demo.test');
    const before = await juneConversions(second, token);

    await uploadJunePurchases(first, 'POOLED-1', 50);

    expect(await juneConversions(second, token)).toBe(before + 50);
  });

  it('refuses on the second instance, within a second, a session logged out on the first', async () => {
    const { token } = await loginAs(first, 'companyadmin@demo.test');
    const usersList = '/api/users?page=1&limit=10';
    // Twice, so the second instance keeps the session in its cache: only a signal can drop it.
    expect((await call(second, { url: usersList, token })).statusCode).toBe(200);
    expect((await call(second, { url: usersList, token })).statusCode).toBe(200);

    await call(first, { method: 'POST', url: '/api/auth/logout', token });

    const until = Date.now() + 1_000;
    let status = 200;
    while (Date.now() < until && status !== 401) {
      status = (await call(second, { url: usersList, token })).statusCode;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });
});
