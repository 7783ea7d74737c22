import { createTwoInstances } from '../test/two-instances.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommittedWrites } from '../db/committed-writes.ts';
import { insertBranch, insertCampaign } from '../modules/campaigns/campaigns.fixtures.ts';
import { expectEachEncodingToRead } from '../test/encoded-answers.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../test/test-app.ts';
import { compressionThreshold } from './compression.ts';
import { keptAnswerTables } from './kept-answers.ts';

/**
 * The signed-in lists (campaigns, branches, users, invoices) keep their answers (kept-answers.ts)
 * until a write to a table they are read from commits. Today is 15 July 2025 in New York unless a
 * test moves the clock.
 */

const search = (value: string) => encodeURIComponent(JSON.stringify({ globalSearch: { value } }));
const campaignFilter = (extra: Record<string, unknown> = {}) =>
  encodeURIComponent(
    JSON.stringify({
      limit: 10,
      page: 1,
      sortfield: 'created',
      direction: 'desc',
      globalSearch: '',
      ...extra,
    }),
  );

/** Every list a route with `keptAnswer` serves, in the variants that take other statements. */
const listAddresses = [
  ...['past', 'current', 'future'].map(
    (type) => `/api/campaigns?campaignType=${type}&filter=${campaignFilter()}`,
  ),
  `/api/campaigns?campaignType=current&filter=${campaignFilter({ globalSearch: 'Kept', sortfield: 'name' })}`,
  `/api/campaigns?campaignType=All&from=dashboard&filter=${campaignFilter()}`,
  '/api/merchants?page=1&limit=10',
  `/api/merchants?page=1&limit=10&filters=${search('Kept branch')}`,
  '/api/users?page=1&limit=10',
  `/api/users?page=1&limit=10&filters=${search('demo')}`,
  '/api/distributors/getInvoiceList/invoice?page=1&limit=10',
  `/api/distributors/getInvoiceList/invoice?page=1&limit=10&filters=${search('INV')}`,
];

async function listOf(app: App, token: string, url: string) {
  const response = await call(app, { url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe('the signed-in lists kept between requests (one instance)', () => {
  let now = new Date('2025-07-15T16:00:00Z');
  const statements: string[] = [];
  let restoreConnections = () => {};
  let testApp: TestApp;
  let app: App;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let brandAdmin: string;
  const branchList = `/api/merchants?page=1&limit=10&filters=${search('Kept branch')}`;

  beforeAll(async () => {
    // Every statement the app sends, as its connections send them.
    const connection = CommittedWrites.prototype.connection;
    const spy = vi.spyOn(CommittedWrites.prototype, 'connection').mockImplementation(function (
      this: CommittedWrites,
      query,
    ) {
      return connection.call(this, ((text: string, ...rest: never[]) => {
        statements.push(text);
        return query(text, ...rest);
      }) as typeof query);
    });
    restoreConnections = () => spy.mockRestore();
    testApp = await createTestApp({ clock: () => new Date(now) });
    app = testApp.app;
    ids = await demoIds(testApp.db);
    await insertBranch(testApp.db, ids.brands.standalone, 'Active', 'Kept branch one', 'KEPT-1');
    // A change no write statement names: what a list shows after it tells whether it was kept.
    await sql`
      CREATE FUNCTION kept_answers_unseen_rename(mid text, name text) RETURNS void LANGUAGE sql AS $$
        UPDATE branches SET name = $2 WHERE mastercard_merchant_id = $1 $$`.execute(testApp.db);
    brandAdmin = (await loginAs(app, 'companyadmin@demo.test')).token;
  });

  afterAll(async () => {
    restoreConnections();
    await testApp?.close();
  });

  it('reads every list from exactly the tables whose writes drop its answers', async () => {
    const tables = new Set(
      (
        await sql<{ name: string }>`
          SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`.execute(
          testApp.db,
        )
      ).rows.map((row) => row.name),
    );
    const read = new Set<string>();
    for (const email of [
      'companyadmin@demo.test',
      'groupadmin@demo.test',
      'clientadmin@demo.test',
      'bank@demo.test',
    ]) {
      const { token } = await loginAs(app, email);
      // What signing in costs every request (the access hook) is left out by its statements' text.
      statements.length = 0;
      await call(app, { url: '/api/auth/session', token });
      const accessPath = new Set(statements);
      for (const url of listAddresses) {
        statements.length = 0;
        const response = await call(app, { url, token });
        if (response.statusCode === 403) continue;
        expect(response.statusCode, `${email} ${url}: ${response.body}`).toBe(200);
        for (const text of statements.filter((statement) => !accessPath.has(statement))) {
          for (const word of text.match(/[a-z_]+/g) ?? []) if (tables.has(word)) read.add(word);
        }
      }
    }

    expect([...read].sort()).toEqual([...keptAnswerTables].sort());
  });

  it('answers the same bytes while nothing changes, and a write on the very next request', async () => {
    const first = await listOf(app, brandAdmin, branchList);
    expect(first).toContain('Kept branch one');

    await sql`SELECT kept_answers_unseen_rename('KEPT-1', 'Kept branch unseen')`.execute(testApp.db);
    expect(await listOf(app, brandAdmin, branchList)).toBe(first);

    await testApp.db
      .updateTable('branches')
      .set({ name: 'Kept branch renamed' })
      .where('mastercard_merchant_id', '=', 'KEPT-1')
      .execute();
    const after = await listOf(app, brandAdmin, branchList);
    expect(after).toContain('Kept branch renamed');
    expect(after).not.toContain('Kept branch one');
  });

  it('answers a write made inside a transaction once it commits, and nothing of one rolled back', async () => {
    await listOf(app, brandAdmin, branchList);
    await testApp.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('branches')
          .set({ name: 'Kept branch rolled back' })
          .where('mastercard_merchant_id', '=', 'KEPT-1')
          .execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await listOf(app, brandAdmin, branchList)).not.toContain('rolled back');

    await testApp.db.transaction().execute(async (trx) => {
      await insertBranch(trx, ids.brands.standalone, 'Active', 'Kept branch two', 'KEPT-2');
    });
    expect(await listOf(app, brandAdmin, branchList)).toContain('Kept branch two');
  });

  it('sends a kept answer compressed as each caller accepts, the same content as sent plain', async () => {
    const url = '/api/users?page=1&limit=10';
    const plain = await listOf(app, brandAdmin, url);
    expect(plain.length).toBeGreaterThan(compressionThreshold);
    const asked = (encoding: string) =>
      call(app, { url, token: brandAdmin, headers: { 'accept-encoding': encoding } });

    await expectEachEncodingToRead(plain, asked);
    expect((await asked('identity')).body).toBe(plain);
  });

  it("never answers one caller's kept answer to another account or scope", async () => {
    const url = '/api/merchants?page=1&limit=10';
    const brand = await listOf(app, brandAdmin, url);
    const { token: groupAdmin } = await loginAs(app, 'groupadmin@demo.test');
    const group = await listOf(app, groupAdmin, url);

    expect(group).not.toBe(brand);
    expect(group).not.toContain('Kept branch');
    expect(await listOf(app, brandAdmin, url)).toBe(brand);
  });

  it('refuses a caller deactivated after their answer was kept', async () => {
    const { token, details } = await loginAs(app, 'branduser@demo.test');
    await listOf(app, token, branchList);

    await testApp.db
      .updateTable('users')
      .set({ status: 'deactivated' })
      .where('id', '=', details._id)
      .execute();

    expect((await call(app, { url: branchList, token })).statusCode).toBe(401);
  });

  it('asks afresh once the day changes in the timezone setting, though not yet in UTC', async () => {
    await insertCampaign(testApp.db, { brandId: ids.brands.standalone, month: '2025-07', name: 'Kept July' });
    await insertCampaign(testApp.db, {
      brandId: ids.brands.standalone,
      month: '2025-08',
      name: 'Kept August',
    });
    const current = `/api/campaigns?campaignType=current&filter=${campaignFilter({ globalSearch: 'Kept' })}`;
    // 23:50 on 31 July in New York, then 00:10 on 1 August: both are 1 August in UTC.
    now = new Date('2025-08-01T03:50:00Z');
    const { token } = await loginAs(app, 'companyadmin@demo.test');
    const july = await listOf(app, token, current);
    expect(july).toContain('Kept July');

    now = new Date('2025-08-01T04:10:00Z');
    const august = await listOf(app, token, current);
    expect(august).toContain('Kept August');
    expect(august).not.toContain('Kept July');
    now = new Date('2025-07-15T16:00:00Z');
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'the signed-in lists kept by two instances on one PostgreSQL',
  () => {
    let instances: Awaited<ReturnType<typeof createTwoInstances>>;

    beforeAll(async () => {
      instances = await createTwoInstances();
    });

    afterAll(async () => {
      await instances?.close();
    });

    it('answers on the second instance, within moments, a branch added through the first', async () => {
      const { second, db } = instances;
      const { token } = await loginAs(second, 'companyadmin@demo.test');
      const url = `/api/merchants?page=1&limit=10&filters=${search('Kept elsewhere')}`;
      const before = await listOf(second, token, url);
      expect(await listOf(second, token, url)).toBe(before);

      const ids = await demoIds(db);
      await insertBranch(db, ids.brands.standalone, 'Active', 'Kept elsewhere', 'KEPT-PG');

      const until = Date.now() + 1_000;
      let answer = before;
      while (Date.now() < until && answer === before) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = await listOf(second, token, url);
      }
      expect(answer).toContain('Kept elsewhere');
    });
  },
);
