import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyWeekDay, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { createReportingRepository } from '../reporting/reporting.repository.ts';
import { storeAndRows, storedOutcomes } from '../../test/ingestion-fixtures.ts';
import { until } from '../../test/server-process.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTransactionIngestion, type IngestItem, type IngestResult } from './ingestion.transactions.ts';
import { createTransactionsRepository, type Publisher } from './transactions.repository.ts';

/**
 * Uploads run side by side, with exactly the results of running them one after another
 * (ingestion-locks.ts, docs/decisions/0114). Three brands of the test's own and three uploads of
 * three publishers, in June 2025 (the default timezone, America/New_York):
 * - `x` (ATR) at brands A and B, `y` (Fidel) at brands A and C, `z` (LUX) at brands B and C; each
 *   meets its two brands in turns, so the uploads meet the brands in different orders;
 * - brand A's `firstTimers` pays £3 off a spend of £10 to new customers only, from a budget of
 *   £20 that `x` and `y` together would spend twice over, and `everyone` pays 5%; `x` and `y` share
 *   cards at brand A, each card's purchases interleaved in time between the two files. So which
 *   rows are paid, by which campaign, and which cards are new depend on the order the uploads
 *   ran in, and a concurrent run must give one of the two orders' results, row for row and figure
 *   for figure;
 * - each file also refunds one of its own purchases in part.
 */

const brands = { A: 'CC-A-1', B: 'CC-B-1', C: 'CC-C-1' } as const;
type BrandKey = keyof typeof brands;

async function addBrands(testApp: TestApp) {
  const ids: Record<BrandKey, string> = { A: '', B: '', C: '' };
  for (const key of Object.keys(brands) as BrandKey[]) {
    const brand = await testApp.db
      .insertInto('brands')
      .values({ name: `Concurrent Brand ${key}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto('branches')
      .values({
        brand_id: brand.id,
        name: `Concurrent ${key}`,
        status: 'Active',
        mastercard_merchant_id: brands[key],
      })
      .execute();
    ids[key] = brand.id;
  }
  const june = (brandId: string, createdAt: string, values: Parameters<typeof insertCampaign>[1]['values']) =>
    insertCampaign(testApp.db, {
      brandId,
      month: '2025-06',
      status: 'Bank Approved',
      successFee: 10,
      createdAt: new Date(createdAt),
      values: { week_days: everyWeekDay, ...values },
    });
  await june(ids.A, '2025-05-01T09:00:00Z', {
    name: 'firstTimers',
    discount_type: 'dv',
    discount_percent: null,
    discount_amount_pence: 1_000,
    discount_value_pence: 300,
    customer_type: 'new',
    budget_type: 'budget',
    budget_pence: 2_000,
  });
  await june(ids.A, '2025-05-02T09:00:00Z', { name: 'everyone', discount_percent: 5 });
  await june(ids.B, '2025-05-01T09:00:00Z', { name: 'bravo', discount_percent: 10 });
  await june(ids.C, '2025-05-01T09:00:00Z', { name: 'charlie', discount_percent: 8 });
}

interface Row {
  transaction_id: string;
  datetime: string;
  amount: string;
  mid: string;
  card_token: string;
  original_transaction_id?: string;
}

/** A publisher's file: purchases at its two brands in turns, hour after hour, and a partial refund. */
function fileOf(
  prefix: string,
  publisher: string,
  [first, second]: [BrandKey, BrandKey],
  sharedCards: boolean,
) {
  const rows: Row[] = [];
  for (let index = 0; index < 24; index += 1) {
    const brand = index % 2 === 0 ? first : second;
    // Shared cards: x's purchases on the hour, y's on the half hour, on the same six cards.
    const minute = prefix === 'y' ? '30' : '00';
    const card =
      sharedCards && brand === 'A' ? `shared-${Math.floor(index / 2) % 6}` : `${prefix}-card-${index % 8}`;
    rows.push({
      transaction_id: `${prefix}-${String(index).padStart(2, '0')}`,
      datetime: `2025-06-11T${String(index).padStart(2, '0')}:${minute}:00-04:00`,
      amount: `${20 + index}.50`,
      mid: brands[brand],
      card_token: card,
    });
  }
  rows.push({
    transaction_id: `${prefix}-refund`,
    datetime: '2025-06-11T23:45:00-04:00',
    amount: '-5.00',
    mid: rows[2]!.mid,
    card_token: rows[2]!.card_token,
    original_transaction_id: rows[2]!.transaction_id,
  });
  return {
    publisher,
    items: async function* (): AsyncGenerator<IngestItem[]> {
      yield rows.map((fields, index) => ({
        line: index + 2,
        fields: { ...fields, currency: 'GBP', card_last4: '4242', postcode: 'N1 9AA', publisher },
      }));
    },
  };
}

const files = {
  x: fileOf('x', 'ATR', ['A', 'B'], true),
  y: fileOf('y', 'Fidel', ['C', 'A'], true),
  z: fileOf('z', 'LUX', ['B', 'C'], false),
};
type FileKey = keyof typeof files;

/** Ingestion over the app's database; `gate` holds an upload's transaction open once its rows are stored. */
function ingestionOf(testApp: TestApp, gate?: (logId: string) => Promise<void>) {
  const ingestion = createTransactionIngestion({
    db: testApp.db,
    reporting: createReportingRepository(testApp.db),
    transactions: createTransactionsRepository(testApp.db),
    timeZone: testApp.config.timezone,
    clock: () => new Date('2025-06-30T12:00:00Z'),
    pageSize: 5,
    onStored: gate ? (_trx, logId) => gate(logId) : undefined,
  });
  return async (key: FileKey): Promise<IngestResult> => {
    const publisher: Publisher = await testApp.db
      .selectFrom('publishers')
      .select(['id', 'code'])
      .where('code', '=', files[key].publisher)
      .executeTakeFirstOrThrow();
    return ingestion.ingest(publisher, files[key].items, { partial: false, channel: 'api' });
  };
}

/** Everything the uploads stored, without ids and card numbers (which depend on who came first). */
async function everything(testApp: TestApp) {
  const transactions = [];
  for (const prefix of ['x-', 'y-', 'z-']) transactions.push(...(await storedOutcomes(testApp, prefix)));
  const { store, fromRows } = await storeAndRows(testApp);
  const { rows: spent } = await sql<Record<string, unknown>>`
    SELECT c.name, sum(d.cashback_pence + d.success_fee_pence)::bigint AS spent
    FROM reporting_daily d JOIN campaigns c ON c.id = d.campaign_id
    WHERE c.name IN ('firstTimers', 'everyone', 'bravo', 'charlie')
    GROUP BY c.name ORDER BY c.name`.execute(testApp.db);
  const { rows: cards } = await sql<{ token: string }>`
    SELECT token FROM cards WHERE token ~ '^(shared|[xyz]-card)-' ORDER BY token`.execute(testApp.db);
  // Ids differ from one database to the next: each row names its brand, branch, publisher and
  // campaign instead, and the rows are sorted by what they hold.
  const names = new Map<unknown, string>();
  for (const table of ['brands', 'branches', 'campaigns'] as const) {
    for (const row of await testApp.db.selectFrom(table).select(['id', 'name']).execute()) {
      names.set(row.id, row.name);
    }
  }
  for (const row of await testApp.db.selectFrom('publishers').select(['id', 'code']).execute()) {
    names.set(row.id, row.code);
  }
  const named = (rows: Record<string, unknown>[]) =>
    rows
      .map(({ brand_id, branch_id, publisher_id, campaign_id, ...rest }) => ({
        ...rest,
        brand: names.get(brand_id),
        branch: names.get(branch_id),
        publisher: names.get(publisher_id),
        campaign: names.get(campaign_id),
      }))
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return { transactions, store: named(store), fromRows: named(fromRows), spent, cards };
}

async function inOrder(order: FileKey[]) {
  const testApp = await createTestApp();
  try {
    await addBrands(testApp);
    const ingest = ingestionOf(testApp);
    for (const key of order) await ingest(key);
    return await everything(testApp);
  } finally {
    await testApp.close();
  }
}

describe('uploads of different publishers at once', () => {
  let serialXyz: Awaited<ReturnType<typeof everything>>;
  let serialYxz: Awaited<ReturnType<typeof everything>>;

  beforeAll(async () => {
    serialXyz = await inOrder(['x', 'y', 'z']);
    serialYxz = await inOrder(['y', 'x', 'z']);
  }, 120_000);

  it('give different results in the two orders, so the comparison below can tell them apart', () => {
    expect(serialXyz.transactions).not.toEqual(serialYxz.transactions);
    // Within each order, the reporting store equals the stored rows' sums.
    expect(serialXyz.store).toEqual(serialXyz.fromRows);
    expect(serialYxz.store).toEqual(serialYxz.fromRows);
    const firstTimers = serialXyz.spent.find((row) => row.name === 'firstTimers');
    expect(Number(firstTimers?.spent)).toBeLessThanOrEqual(2_000);
  });

  it('store exactly what one of the orders stores when run concurrently, three times over', async () => {
    for (let run = 0; run < 3; run += 1) {
      const testApp = await createTestApp();
      try {
        await addBrands(testApp);
        const ingest = ingestionOf(testApp);
        const results = await Promise.all((['x', 'y', 'z'] as const).map((key) => ingest(key)));
        for (const result of results) expect(result).toMatchObject({ inserted: 25, rejected: 0 });
        const stored = await everything(testApp);
        expect(stored.store).toEqual(stored.fromRows);
        // z meets B and C, which x and y also meet, but shares no card or budget with them: where
        // it comes in the order changes nothing, so the two orders above are the only outcomes.
        expect([serialXyz, serialYxz]).toContainEqual(stored);
      } finally {
        await testApp.close();
      }
    }
  }, 180_000);
});

// PGlite has one connection: an upload holding it keeps every other one waiting, so only
// PostgreSQL can show two uploads running side by side.
describe.runIf(process.env.DATABASE_URL)('an upload holding its brands', () => {
  let testApp: TestApp;
  afterAll(async () => {
    await testApp?.close();
  });

  it('lets an upload of other brands finish meanwhile, and keeps one of its brands waiting', async () => {
    testApp = await createTestApp();
    await addBrands(testApp);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const gated = ingestionOf(testApp, async () => {
      holding();
      await released;
    });
    const free = ingestionOf(testApp);
    // x holds brands A and B until released.
    const x = gated('x');
    await held;
    // z meets B first: it waits for x. A file of brand C alone does not.
    let zFinished = false;
    const z = free('z').finally(() => (zFinished = true));
    await until('z waits for brand B', async () => {
      const { rows } = await sql<{ waiting: number }>`
        SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event = 'advisory'`.execute(testApp.db);
      return rows[0]!.waiting >= 1;
    });
    const onlyC = createTransactionIngestion({
      db: testApp.db,
      reporting: createReportingRepository(testApp.db),
      transactions: createTransactionsRepository(testApp.db),
      timeZone: testApp.config.timezone,
      clock: () => new Date('2025-06-30T12:00:00Z'),
    });
    const fidel = await testApp.db
      .selectFrom('publishers')
      .select(['id', 'code'])
      .where('code', '=', 'Fidel')
      .executeTakeFirstOrThrow();
    const alone = await onlyC.ingest(
      fidel,
      async function* () {
        yield [
          {
            line: 2,
            fields: {
              transaction_id: 'c-only-1',
              datetime: '2025-06-12T10:00:00-04:00',
              amount: '40.00',
              currency: 'GBP',
              mid: brands.C,
              card_token: 'c-only-card',
              card_last4: '4242',
              postcode: 'N1 9AA',
              publisher: 'Fidel',
            },
          },
        ];
      },
      { partial: false, channel: 'api' },
    );
    expect(alone).toMatchObject({ inserted: 1 });
    expect(zFinished).toBe(false);
    const stored = await testApp.db
      .selectFrom('transactions')
      .select('publisher_transaction_id')
      .where('publisher_transaction_id', 'like', 'z-%')
      .execute();
    expect(stored).toEqual([]);
    release();
    await expect(x).resolves.toMatchObject({ inserted: 25 });
    await expect(z).resolves.toMatchObject({ inserted: 25 });
  }, 60_000);

  it('runs an upload again, its brands locked in order, when it meets a busy brand out of order', async () => {
    const ids = await testApp.db
      .selectFrom('branches')
      .select(['brand_id', 'mastercard_merchant_id as mid'])
      .where('mastercard_merchant_id', 'in', [brands.A, brands.B])
      .orderBy('brand_id')
      .execute();
    const [low, high] = ids as [{ brand_id: string; mid: string }, { brand_id: string; mid: string }];
    const repository = createTransactionsRepository(testApp.db);
    const runs: string[] = [];
    const ingestion = createTransactionIngestion({
      db: testApp.db,
      reporting: createReportingRepository(testApp.db),
      transactions: {
        ...repository,
        lockPublisherIngestion: (trx, publisherId) => {
          runs.push('run');
          return repository.lockPublisherIngestion(trx, publisherId);
        },
        tryLockBrandIngestion: async (trx, brandId) => {
          const locked = await repository.tryLockBrandIngestion(trx, brandId);
          runs.push(`try ${brandId === low.brand_id ? 'low' : 'high'}: ${locked ? 'taken' : 'busy'}`);
          return locked;
        },
      },
      timeZone: testApp.config.timezone,
      clock: () => new Date('2025-06-30T12:00:00Z'),
    });
    // Another upload holds the brand ordered first.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = testApp.db.transaction().execute(async (trx) => {
      await repository.lockBrandIngestion(trx, low.brand_id);
      holding();
      await released;
    });
    await held;
    const row = (id: string, mid: string, hour: string) => ({
      transaction_id: id,
      datetime: `2025-06-13T${hour}:00:00-04:00`,
      amount: '30.00',
      currency: 'GBP',
      mid,
      card_token: `again-${id}`,
      card_last4: '4242',
      postcode: 'N1 9AA',
      publisher: 'ATR',
    });
    const atr = await testApp.db
      .selectFrom('publishers')
      .select(['id', 'code'])
      .where('code', '=', 'ATR')
      .executeTakeFirstOrThrow();
    const upload = ingestion.ingest(
      atr,
      async function* () {
        yield [
          { line: 2, fields: row('again-1', high.mid, '10') },
          { line: 3, fields: row('again-2', low.mid, '11') },
        ];
      },
      { partial: false, channel: 'api' },
    );
    await until('the upload waits for the brand ordered first', async () => runs.length >= 3);
    release();
    await holder;
    await expect(upload).resolves.toMatchObject({ inserted: 2, rejected: 0 });
    // The first run took the later brand, tried the earlier one and gave up; the second took both
    // in order, waiting for the earlier one.
    expect(runs).toEqual(['run', 'try low: busy', 'run']);
  }, 60_000);
});
