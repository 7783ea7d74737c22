import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import { campaignBody } from '../modules/campaigns/campaigns.fixtures.ts';
import { settleBranchesAwaitingBrand } from '../test/tenants.fixtures.ts';
import {
  call,
  createTestApp,
  createTestClock,
  hours,
  loginAs,
  minutes,
  type App,
  type SignedIn,
  type TestApp,
} from '../test/test-app.ts';
import { abandonedClaimMs, idempotencyPurgeJob, requestDigest } from './idempotency.ts';

/**
 * Idempotency-Key (decision 0077): a create retried with the same key and body answers the
 * first answer and does nothing twice, for 24 hours, per caller.
 */
let testApp: TestApp;
let app: App;
const clock = createTestClock();
let brandAdmin: SignedIn;
let brandId: string;

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now });
  app = testApp.app;
  brandAdmin = await loginAs(app, 'companyadmin@demo.test');
  brandId = brandAdmin.details.brandId!;
  await settleBranchesAwaitingBrand(testApp.db, brandId);
});

afterAll(async () => {
  await testApp?.close();
});

const month = () => shiftMonth(currentMonth(clock.now(), testApp.config.timezone), 2);

function createCampaign(
  key: string | undefined,
  overrides: Record<string, unknown> = {},
  token = brandAdmin.token,
) {
  return call(app, {
    method: 'POST',
    url: '/api/campaigns?response=true',
    token,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    body: campaignBody(brandId, month(), overrides),
  });
}

const campaignCount = async () =>
  Number(
    (
      await testApp.db
        .selectFrom('campaigns')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('brand_id', '=', brandId)
        .executeTakeFirstOrThrow()
    ).n,
  );

let transactionNumber = 0;
const transactionRows = (publisher = 'ATR', count = 2) =>
  Array.from({ length: count }, () => {
    transactionNumber += 1;
    return {
      transaction_id: `IDEMPOTENT-${transactionNumber}-${randomUUID().slice(0, 8)}`,
      datetime: '2025-06-11T12:00:00+01:00',
      amount: 12.5,
      currency: 'GBP',
      mid: 'IDEMPOTENT-MID',
      card_token: 'tok-idempotent',
      card_last4: '4242',
      postcode: null,
      publisher,
    };
  });

function ingest(rows: unknown[], key: string | undefined, apiKey = 'demo-atr-key') {
  return call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: {
      'content-type': 'application/json',
      'x-api-key': apiKey,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(rows),
  });
}

const storedTransactions = async (ids: string[]) =>
  (
    await testApp.db
      .selectFrom('transactions')
      .select('publisher_transaction_id')
      .where('publisher_transaction_id', 'in', ids)
      .execute()
  ).length;

describe('a create retried with the same Idempotency-Key', () => {
  it('answers the first answer again, marked as replayed, and creates nothing more', async () => {
    const key = randomUUID();
    const before = await campaignCount();

    const first = await createCampaign(key);
    const retried = await createCampaign(key);

    expect(first.statusCode).toBe(201);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual(first.json());
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await campaignCount()).toBe(before + 1);
  });

  it('stores a JSON batch of transactions once, and answers its counts again', async () => {
    const rows = transactionRows();
    const key = randomUUID();

    const first = await ingest(rows, key);
    const retried = await ingest(rows, key);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: 2, inserted: 2, duplicates: 0 });
    expect(retried.json()).toEqual(first.json());
    expect(await storedTransactions(rows.map((row) => row.transaction_id))).toBe(2);
  });

  it('without a key, runs every time as before', async () => {
    const before = await campaignCount();

    await createCampaign(undefined);
    await createCampaign(undefined);

    expect(await campaignCount()).toBe(before + 2);
  });

  it('with another body, answers 422 idempotency_key_reused and creates nothing', async () => {
    const key = randomUUID();
    await createCampaign(key);
    const before = await campaignCount();

    const other = await createCampaign(key, { discountPercent: 25 });

    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      code: 'idempotency_key_reused',
      errorMessage: messages.idempotency.keyReused,
    });
    expect(await campaignCount()).toBe(before);
  });

  it("of another caller is their own: nobody is answered another tenant's answer", async () => {
    const key = randomUUID();
    const atrRows = transactionRows('ATR');
    const atr = await ingest(atrRows, key);

    // Fidel sends ATR's very body with ATR's key: it is Fidel's call, refused as Fidel's rows are not ATR's.
    const fidel = await ingest(atrRows, key, 'demo-fidel-key');
    const otherAccount = await loginAs(app, 'brandadmin@demo.test');
    const campaignKey = randomUUID();
    await createCampaign(campaignKey);
    const theirs = await createCampaign(campaignKey, {}, otherAccount.token);

    expect(atr.statusCode).toBe(200);
    expect(fidel.statusCode).toBe(400);
    expect(fidel.headers['idempotent-replayed']).toBeUndefined();
    expect(fidel.json().code).toBe('file_refused');
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.statusCode).not.toBe(422);
  });

  it('while the first is still running, answers 409 idempotency_key_in_progress', async () => {
    const key = randomUUID();
    const rows = transactionRows();
    const url = '/api/transactions/ingest';
    const publisher = await testApp.db
      .selectFrom('publishers')
      .select('id')
      .where('code', '=', 'ATR')
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto('idempotency_keys')
      .values({
        caller: `publisher:${publisher.id}:live`,
        key,
        request_digest: requestDigest('POST', url, rows),
        created_at: clock.now(),
        expires_at: new Date(clock.now().getTime() + hours(24)),
      })
      .execute();

    const busy = await ingest(rows, key);

    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({
      code: 'idempotency_key_in_progress',
      errorMessage: messages.idempotency.keyInProgress,
    });
    expect(await storedTransactions(rows.map((row) => row.transaction_id))).toBe(0);
  });

  it('sent twice at once, does the work once', async () => {
    const key = randomUUID();
    const rows = transactionRows('ATR', 50);

    const answers = await Promise.all([ingest(rows, key), ingest(rows, key), ingest(rows, key)]);

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toContain(200);
    for (const answer of answers) {
      if (answer.statusCode === 200) expect(answer.json()).toMatchObject({ inserted: 50, duplicates: 0 });
      else expect(answer.json().code).toBe('idempotency_key_in_progress');
    }
    expect(await storedTransactions(rows.map((row) => row.transaction_id))).toBe(50);
  });

  it('after 24 hours, is a new call', async () => {
    const key = randomUUID();
    const before = await campaignCount();
    await createCampaign(key);

    clock.advance(hours(24) + minutes(1));
    brandAdmin = await loginAs(app, 'companyadmin@demo.test');
    const later = await createCampaign(key);

    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await campaignCount()).toBe(before + 2);
  });

  it('whose first call was lost with its process, may run again once the claim is abandoned', async () => {
    const key = randomUUID();
    const rows = transactionRows();
    const publisher = await testApp.db
      .selectFrom('publishers')
      .select('id')
      .where('code', '=', 'ATR')
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto('idempotency_keys')
      .values({
        caller: `publisher:${publisher.id}:live`,
        key,
        request_digest: requestDigest('POST', '/api/transactions/ingest', rows),
        created_at: new Date(clock.now().getTime() - abandonedClaimMs - 1000),
        expires_at: new Date(clock.now().getTime() + hours(23)),
      })
      .execute();

    const retried = await ingest(rows, key);

    expect(retried.statusCode).toBe(200);
    expect(await storedTransactions(rows.map((row) => row.transaction_id))).toBe(2);
  });
});

describe('an Idempotency-Key', () => {
  it.each(['', ' spaced key ', 'x'.repeat(256), 'naïve'])(
    '%j is refused with idempotency_key_invalid',
    async (key) => {
      const before = await campaignCount();

      const response = await createCampaign(key);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'idempotency_key_invalid',
        errorMessage: messages.idempotency.keyInvalid,
      });
      expect(await campaignCount()).toBe(before);
    },
  );

  it('on a CSV upload is refused: only a JSON body is kept to compare', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key', 'idempotency-key': randomUUID() },
      body: 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher\n',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'idempotency_key_invalid',
      errorMessage: messages.idempotency.csvNotSupported,
    });
  });

  it('expired is deleted by the purge job', async () => {
    const key = randomUUID();
    await createCampaign(key);
    clock.advance(hours(25));
    const queued = await testApp.db
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', idempotencyPurgeJob)
      .where('done_at', 'is', null)
      .execute();
    // The purge is queued for the hour the key expires in; the queue runs by the database's clock.
    expect(queued.length).toBeGreaterThan(0);
    await testApp.db
      .updateTable('jobs')
      .set({ run_at: new Date(0) })
      .where('kind', '=', idempotencyPurgeJob)
      .execute();

    await app.services.jobs.runDue();
    const left = await testApp.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', key)
      .executeTakeFirst();

    expect(left).toBeUndefined();
  });
});
