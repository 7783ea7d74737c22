import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { everyWeekDay, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, type App, type TestApp } from '../../test/test-app.ts';
import { maxCsvRecordChars } from '../../http/csv.ts';

/**
 * POST /api/transactions/ingest (brief §6). A brand of the test's own, in the default
 * timezone (America/New_York, so the files below say -04:00 for June): a June 2025 campaign of
 * 10% cashback and a 10% success fee from 11:00 to 15:00 every day, at its one branch (MID
 * ING-MC-1), after approved campaigns in March, April and May, so June is its 4th campaign month
 * and the fee is charged (qualification.md).
 */

let testApp: TestApp;
let app: App;
let brandId: string;
let branchId: string;
let juneCampaign: string;

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';
const csv = (...rows: string[]) => [header, ...rows].join('\n');

function ingest(body: string | unknown[], options: { key?: string; query?: string } = {}) {
  const headers: Record<string, string> =
    typeof body === 'string' ? { 'content-type': 'text/csv' } : { 'content-type': 'application/json' };
  if (options.key !== undefined) headers['x-api-key'] = options.key;
  return call(app, {
    method: 'POST',
    url: `/api/transactions/ingest${options.query ?? ''}`,
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The stored rows of transaction ids starting with the prefix, by id. */
async function stored(prefix: string) {
  const rows = await testApp.db
    .selectFrom('transactions as t')
    .innerJoin('publishers as p', 'p.id', 't.publisher_id')
    .select([
      'p.code as publisher',
      't.publisher_transaction_id as id',
      't.branch_id',
      't.amount_pence',
      't.refunded_pence',
      't.original_transaction_id',
      't.outcome',
      't.campaign_id',
      't.cashback_pence',
      't.success_fee_pence',
      't.customer_type',
      't.offer_type',
      't.reason',
    ])
    .where('t.publisher_transaction_id', 'like', `${prefix}%`)
    .orderBy('t.publisher_transaction_id')
    .orderBy('p.code')
    .execute();
  return rows;
}

const logCount = async () =>
  Number(
    (
      await testApp.db
        .selectFrom('ingestion_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  const brand = await testApp.db
    .insertInto('brands')
    .values({ name: 'Ingestion Test Brand' })
    .returning('id')
    .executeTakeFirstOrThrow();
  brandId = brand.id;
  const branch = await testApp.db
    .insertInto('branches')
    .values({
      brand_id: brandId,
      name: 'Ingestion Branch',
      status: 'Active',
      mastercard_merchant_id: 'ING-MC-1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  branchId = branch.id;
  for (const month of ['2025-03', '2025-04', '2025-05']) {
    await insertCampaign(testApp.db, { brandId, month, status: 'Bank Approved', discountPercent: 5 });
  }

  juneCampaign = await insertCampaign(testApp.db, {
    brandId,
    month: '2025-06',
    status: 'Bank Approved',
    discountPercent: 10,
    successFee: 10,
    values: { week_days: everyWeekDay, start_time: '11:00', end_time: '15:00' },
  });
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/transactions/ingest', () => {
  // Listed out of time order: the refund comes first in the file, but is qualified after its purchase.
  const goodFile = csv(
    'GOOD-3,2025-06-12T12:30:00-04:00,-50.00,GBP,ING-MC-1,card-a,1111,N1 9AA,ATR',
    'GOOD-1,2025-06-11T12:00:00-04:00,50.00,GBP,ING-MC-1,card-a,1111,N1 9AA,ATR',
    'GOOD-2,2025-06-11T20:00:00-04:00,20.00,GBP,ING-MC-1,card-b,2222,,ATR',
    'GOOD-4,2025-06-11T12:00:00-04:00,7.25,GBP,UNKNOWN-MID-9,card-c,3333,E1 6AN,ATR',
  );

  it('stores every row with its outcome: qualified, not qualified with its reason, the refund reversing it, the unknown MID', async () => {
    const response = await ingest(goodFile, { key: 'demo-atr-key' });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      respCode: 200,
      respMessage: messages.ingestion.ingested,
      received: 4,
      inserted: 4,
      duplicates: 0,
      unmatched: 1,
      rejected: 0,
      errors: [],
    });
    const rows = await stored('GOOD-');
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    // £50.00 at 12:00, 10% cashback and 10% fee in the brand's 4th campaign month.
    expect(byId['GOOD-1']).toMatchObject({
      branch_id: branchId,
      amount_pence: 5000,
      refunded_pence: 5000,
      outcome: 'qualified',
      campaign_id: juneCampaign,
      cashback_pence: 500,
      success_fee_pence: 500,
      customer_type: 'new',
      offer_type: 'dp',
      reason: null,
    });
    // 20:00 is after the 15:00 end: measured against the June campaign, earns nothing.
    expect(byId['GOOD-2']).toMatchObject({
      outcome: 'notQualified',
      campaign_id: juneCampaign,
      cashback_pence: 0,
      success_fee_pence: 0,
      reason: 'outsideCampaignHours',
    });
    // The refund finds the card's purchase it covers and takes back exactly what it earned.
    const original = await testApp.db
      .selectFrom('transactions')
      .select('id')
      .where('publisher_transaction_id', '=', 'GOOD-1')
      .executeTakeFirstOrThrow();
    expect(byId['GOOD-3']).toMatchObject({
      amount_pence: -5000,
      original_transaction_id: original.id,
      outcome: 'refund',
      campaign_id: juneCampaign,
      cashback_pence: -500,
      success_fee_pence: -500,
      customer_type: 'new',
    });
    expect(byId['GOOD-4']).toMatchObject({
      branch_id: null,
      outcome: 'notQualified',
      reason: 'unknownMerchantId',
      campaign_id: null,
    });
  });

  it('earns nothing at a branch of the brand that may not carry campaigns, and says why', async () => {
    for (const [status, mid] of [
      ['Pending', 'ING-PENDING-1'],
      ['Rejected', 'ING-REJECTED-1'],
    ] as const) {
      await testApp.db
        .insertInto('branches')
        .values({ brand_id: brandId, name: `${status} Branch`, status, mastercard_merchant_id: mid })
        .execute();
    }

    const response = await ingest(
      csv(
        'UNAPPROVED-1,2025-06-11T12:00:00-04:00,50.00,GBP,ING-PENDING-1,card-u,4444,N1 9AA,ATR',
        'UNAPPROVED-2,2025-06-11T12:00:00-04:00,50.00,GBP,ING-REJECTED-1,card-u,4444,N1 9AA,ATR',
      ),
      { key: 'demo-atr-key' },
    );

    expect(response.statusCode, response.body).toBe(200);
    const rows = await stored('UNAPPROVED-');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        outcome: 'notQualified',
        reason: 'branchNotApproved',
        campaign_id: null,
        cashback_pence: 0,
        success_fee_pence: 0,
      });
    }
  });

  it('refuses a row dated after the upload with its line; a publisher clock a minute ahead is allowed', async () => {
    const inAMinute = new Date(Date.now() + 60_000).toISOString();
    const nextMonth = new Date(Date.now() + 31 * 24 * 3_600_000).toISOString();

    const response = await ingest(
      csv(
        `FUTURE-1,${inAMinute},10.00,GBP,ING-MC-1,card-f,5555,N1 9AA,ATR`,
        `FUTURE-2,${nextMonth},10.00,GBP,ING-MC-1,card-f,5555,N1 9AA,ATR`,
      ),
      { key: 'demo-atr-key', query: '?partial=true' },
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      received: 2,
      inserted: 1,
      rejected: 1,
      errors: [{ line: 3, message: messages.ingestion.datetimeInFuture }],
    });
    expect((await stored('FUTURE-')).map((row) => row.id)).toEqual(['FUTURE-1']);
  });

  it('refuses the whole file for a future-dated row when it is not partial, storing nothing', async () => {
    const nextWeek = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();

    const response = await ingest(
      csv(
        'WHOLE-1,2025-06-11T12:00:00-04:00,10.00,GBP,ING-MC-1,card-w,6666,N1 9AA,ATR',
        `WHOLE-2,${nextWeek},10.00,GBP,ING-MC-1,card-w,6666,N1 9AA,ATR`,
      ),
      { key: 'demo-atr-key' },
    );

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ line: 3, message: messages.ingestion.datetimeInFuture }]);
    expect(await stored('WHOLE-')).toEqual([]);
  });

  it("writes the upload's ingestion log: totals of the file, the brand's share without the unknown MID", async () => {
    const log = await testApp.db
      .selectFrom('ingestion_logs as l')
      .innerJoin('publishers as p', 'p.id', 'l.publisher_id')
      .innerJoin('transactions as t', 't.ingestion_log_id', 'l.id')
      .select(['l.id', 'p.code', 'l.channel', 'l.gmv_pence', 'l.transaction_count', 'l.unmatched_count'])
      .select(['l.last_transaction_at', 'l.next_ingestion_at', 'l.uploaded_at'])
      .where('t.publisher_transaction_id', '=', 'GOOD-1')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      code: 'ATR',
      channel: 'api',
      gmv_pence: 5000 + 2000 - 5000 + 725,
      transaction_count: 4,
      unmatched_count: 1,
      last_transaction_at: new Date('2025-06-12T16:30:00Z'),
    });
    expect(log.next_ingestion_at!.getTime() - log.uploaded_at.getTime()).toBe(24 * 60 * 60 * 1000);
    const shares = await testApp.db
      .selectFrom('ingestion_log_brands')
      .selectAll()
      .where('ingestion_log_id', '=', log.id)
      .execute();
    expect(shares).toEqual([
      {
        ingestion_log_id: log.id,
        brand_id: brandId,
        gmv_pence: 5000 + 2000 - 5000,
        transaction_count: 3,
        last_transaction_at: new Date('2025-06-12T16:30:00Z'),
      },
    ]);
  });

  it('changes nothing when the same file comes again: every row is a duplicate', async () => {
    const before = await stored('GOOD-');

    const response = await ingest(goodFile, { key: 'demo-atr-key' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      received: 4,
      inserted: 0,
      duplicates: 4,
      unmatched: 0,
      rejected: 0,
    });
    expect(await stored('GOOD-')).toEqual(before);
  });

  it("reads the card's history at the brand across the file's pages and earlier files", async () => {
    // The same page, then (after 510 rows at an unknown MID) a later page, then another file.
    const filler = Array.from(
      { length: 510 },
      (_, index) => `HIST-F${index},2025-06-18T13:00:00-04:00,1.00,GBP,UNKNOWN-MID-9,card-z,1000,,ATR`,
    );
    const first = await ingest(
      csv(
        'HIST-0,2025-06-17T12:00:00-04:00,20.00,GBP,ING-MC-1,card-k,1212,,ATR',
        'HIST-1,2025-06-18T12:00:00-04:00,20.00,GBP,ING-MC-1,card-k,1212,,ATR',
        ...filler,
        'HIST-2,2025-06-19T12:00:00-04:00,20.00,GBP,ING-MC-1,card-k,1212,,ATR',
      ),
      { key: 'demo-atr-key' },
    );
    const second = await ingest(csv('HIST-3,2025-06-20T12:00:00-04:00,20.00,GBP,ING-MC-1,card-k,1212,,LUX'), {
      key: 'demo-lux-key',
    });

    expect(first.json()).toMatchObject({ inserted: 513, unmatched: 510 });
    expect(second.json()).toMatchObject({ inserted: 1 });
    const rows = (await stored('HIST-')).filter((row) => !row.id.startsWith('HIST-F'));
    expect(rows.map((row) => [row.id, row.outcome, row.customer_type])).toEqual([
      ['HIST-0', 'qualified', 'new'],
      ['HIST-1', 'qualified', 'existing'],
      ['HIST-2', 'qualified', 'existing'],
      ['HIST-3', 'qualified', 'existing'],
    ]);
  });

  it("reads and spends a campaign's budget row by row within the file", async () => {
    const july = await insertCampaign(testApp.db, {
      brandId,
      month: '2025-07',
      status: 'Bank Approved',
      discountPercent: 10,
      successFee: 10,
      values: {
        week_days: JSON.stringify([
          'Monday',
          'Tuesday',
          'Wednesday',
          'Thursday',
          'Friday',
          'Saturday',
          'Sunday',
        ]),
        budget_type: 'budget',
        budget_pence: 1000,
      },
    });

    const response = await ingest(
      csv(
        'BUDGET-1,2025-07-02T12:00:00-04:00,50.00,GBP,ING-MC-1,card-h,8888,,ATR',
        'BUDGET-2,2025-07-03T12:00:00-04:00,1.00,GBP,ING-MC-1,card-h,8888,,ATR',
      ),
      { key: 'demo-atr-key' },
    );

    expect(response.statusCode).toBe(200);
    // 500 p cashback + 500 p fee reach the £10.00 budget exactly; the next 10 p + 10 p would pass it.
    expect(await stored('BUDGET-')).toMatchObject([
      {
        id: 'BUDGET-1',
        outcome: 'qualified',
        campaign_id: july,
        cashback_pence: 500,
        success_fee_pence: 500,
      },
      { id: 'BUDGET-2', outcome: 'notQualified', campaign_id: july, reason: 'budgetExhausted' },
    ]);
  });

  const badFile = csv(
    'BAD-1,2025-06-13T12:00:00-04:00,12.30,GBP,ING-MC-1,card-d,4444,N1 9AA,ATR',
    'BAD-2,2025-06-13T12:00:00-04:00,12.345,GBP,ING-MC-1,card-d,4444,N1 9AA,ATR',
    'BAD-3,13/06/2025 12:00,12.30,EUR,ING-MC-1,card-d,44,N1 9AA,ATR',
    'BAD-1,2025-06-13T13:00:00-04:00,1.00,GBP,ING-MC-1,card-d,4444,N1 9AA,ATR',
    'BAD-5,2025-06-13T12:00:00-04:00,1.00,GBP',
    'BAD-6,2025-02-30T12:00:00Z,1.00,GBP,ING-MC-1,card-d,4444,,ATR',
  );
  const badErrors = [
    { line: 3, message: messages.ingestion.amountInvalid },
    { line: 4, message: messages.ingestion.datetimeInvalid },
    { line: 4, message: messages.ingestion.currencyInvalid },
    { line: 4, message: messages.ingestion.cardLast4Invalid },
    { line: 5, message: messages.ingestion.transactionIdRepeated(2) },
    { line: 6, message: messages.ingestion.rowColumns },
    { line: 7, message: messages.ingestion.datetimeInvalid },
  ];

  it('refuses a file with bad rows whole: 400, every error with its line, nothing stored', async () => {
    const logs = await logCount();

    const response = await ingest(badFile, { key: 'demo-atr-key' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'file_refused',
      errorMessage: messages.ingestion.fileHasErrors,
      received: 6,
      inserted: 0,
      duplicates: 0,
      unmatched: 0,
      rejected: 5,
      errors: badErrors,
    });
    expect(await stored('BAD-')).toEqual([]);
    expect(await logCount()).toBe(logs);
  });

  it('keeps the good rows with partial=true and lists the bad ones', async () => {
    const response = await ingest(badFile, { key: 'demo-atr-key', query: '?partial=true' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ received: 6, inserted: 1, rejected: 5, errors: badErrors });
    expect((await stored('BAD-')).map((row) => row.id)).toEqual(['BAD-1']);
  });

  it('leaves nothing behind when the file breaks off mid-way, even with partial=true', async () => {
    const broken = csv(
      'CUT-1,2025-06-13T12:00:00-04:00,12.30,GBP,ING-MC-1,card-e,5555,N1 9AA,ATR',
      'CUT-2,2025-06-13T12:00:00-04:00,"12.30,GBP,ING-MC-1,card-e,5555,N1 9AA,ATR',
    );

    const response = await ingest(broken, { key: 'demo-atr-key', query: '?partial=true' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'file_refused',
      errorMessage: messages.ingestion.rowUnclosedQuote,
      errors: [{ line: 3, message: messages.ingestion.rowUnclosedQuote }],
    });
    expect(await stored('CUT-')).toEqual([]);
  });

  it('refuses a row longer than the record bound, naming its line, and stores nothing', async () => {
    const long = csv(
      'LONG-1,2025-06-13T12:00:00-04:00,12.30,GBP,ING-MC-1,card-e,5555,N1 9AA,ATR',
      `LONG-2,2025-06-13T12:00:00-04:00,12.30,GBP,ING-MC-1,card-e,5555,${'N'.repeat(maxCsvRecordChars)},ATR`,
    );

    const response = await ingest(long, { key: 'demo-atr-key', query: '?partial=true' });

    expect(response.statusCode).toBe(400);
    const message = messages.ingestion.rowTooLong(maxCsvRecordChars);
    expect(response.json()).toEqual({
      code: 'file_refused',
      errorMessage: message,
      errors: [{ line: 3, message }],
    });
    expect(await stored('LONG-')).toEqual([]);
  });

  it.each([
    ['no key', undefined],
    ['an unknown key', 'demo-unknown-key'],
  ])('answers 401 to %s, before reading the file', async (_case, key) => {
    const response = await ingest(csv('KEY-1,2025-06-13T12:00:00-04:00,1.00,GBP,ING-MC-1,card-f,6666,,ATR'), {
      key,
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'api_key_invalid', errorMessage: messages.publisherKey.invalid });
    expect(await stored('KEY-')).toEqual([]);
  });

  it('answers 403 to a test key: test transactions never reach the live store (decision 0091)', async () => {
    const response = await ingest(
      csv('TESTKEY-1,2025-06-13T12:00:00-04:00,1.00,GBP,ING-MC-1,card-f,6666,,ATR'),
      {
        key: 'demo-atr-test-key',
      },
    );

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'api_key_wrong_mode',
      errorMessage: messages.publisherKey.liveOnly,
    });
    expect(await stored('TESTKEY-')).toEqual([]);
  });

  it("never lets a publisher's key claim another publisher's rows", async () => {
    const claimed = await ingest(csv('GOOD-9,2025-06-13T12:00:00-04:00,1.00,GBP,ING-MC-1,card-a,1111,,ATR'), {
      key: 'demo-fidel-key',
    });
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json().errors).toEqual([
      { line: 2, message: messages.ingestion.publisherMismatch('Fidel') },
    ]);

    // The same transaction id is Fidel's own; a refund naming ATR's purchase does not find it.
    const before = await stored('GOOD-');
    const own = await ingest(
      [
        `${header},original_transaction_id`,
        'GOOD-1,2025-06-14T12:00:00-04:00,30.00,GBP,ING-MC-1,card-x,9999,,Fidel,',
        'FIDEL-R1,2025-06-14T12:30:00-04:00,-5.00,GBP,ING-MC-1,card-a,1111,,Fidel,GOOD-1',
      ].join('\n'),
      { key: 'demo-fidel-key' },
    );

    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ inserted: 2, duplicates: 0 });
    const after = await stored('GOOD-');
    expect(after.filter((row) => row.publisher === 'ATR')).toEqual(before);
    const refund = await stored('FIDEL-R1');
    // Fidel's own GOOD-1 (£30.00, 300 p cashback) is the original named: £25.00 left earns 250 p.
    expect(refund[0]).toMatchObject({ publisher: 'Fidel', outcome: 'refund', cashback_pence: -50 });
    const fidelOriginal = after.find((row) => row.publisher === 'Fidel' && row.id === 'GOOD-1')!;
    expect(fidelOriginal).toMatchObject({ amount_pence: 3000, refunded_pence: 500, cashback_pence: 300 });
  });

  it('takes a JSON array of the same fields; a partial refund named by its original takes back its share', async () => {
    const response = await ingest(
      [
        {
          transaction_id: 'JSON-1',
          datetime: '2025-06-16T12:00:00-04:00',
          amount: 12.35,
          currency: 'GBP',
          mid: 'ING-MC-1',
          card_token: 'card-g',
          card_last4: '7777',
          postcode: null,
          publisher: 'Amex',
        },
        {
          transaction_id: 'JSON-2',
          datetime: '2025-06-17T09:00:00-04:00',
          amount: '-6.17',
          currency: 'GBP',
          mid: 'ING-MC-1',
          card_token: 'card-g',
          card_last4: '7777',
          publisher: 'Amex',
          original_transaction_id: 'JSON-1',
        },
        'not a transaction',
        { transaction_id: 'JSON-4\u0000', publisher: 'Amex' },
      ],
      { key: 'demo-amex-key', query: '?partial=true' },
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      received: 4,
      inserted: 2,
      rejected: 2,
      errors: [
        { line: 3, message: messages.ingestion.rowNotObject },
        { line: 4, message: messages.ingestion.transactionIdInvalid },
        { line: 4, message: messages.ingestion.datetimeInvalid },
        { line: 4, message: messages.ingestion.amountInvalid },
        { line: 4, message: messages.ingestion.currencyInvalid },
        { line: 4, message: messages.ingestion.midInvalid },
        { line: 4, message: messages.ingestion.cardTokenInvalid },
        { line: 4, message: messages.ingestion.cardLast4Invalid },
      ],
    });
    // £12.35 at 10% earns 124 p (and 124 p fee); £6.18 left earns 62 p, so the refund takes back 62 p.
    expect(await stored('JSON-')).toMatchObject([
      { id: 'JSON-1', cashback_pence: 124, success_fee_pence: 124, refunded_pence: 617 },
      { id: 'JSON-2', outcome: 'refund', cashback_pence: -62, success_fee_pence: -62 },
    ]);
  });
});

describe('a JSON row with text that is not well-formed Unicode', () => {
  it('names the line and the field of a lone surrogate, as for any bad row, and stores nothing', async () => {
    const row = {
      transaction_id: 'SURROGATE-1',
      datetime: '2025-06-16T12:00:00-04:00',
      amount: '12.00',
      currency: 'GBP',
      mid: 'ING-MC-1',
      card_token: 'card-s',
      card_last4: '1234',
      publisher: 'Amex',
    };
    const body = `[${JSON.stringify(row).replace('"ING-MC-1"', '"\\ud800"')}]`;
    const response = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'application/json', 'x-api-key': 'demo-amex-key' },
      body,
    });

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ line: 1, message: messages.ingestion.midInvalid }] });
    expect(await stored('SURROGATE-')).toEqual([]);
  });
});
