import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

/**
 * The admin console's upload of a publisher file (POST /api/ingestionLogs/upload) and
 * the ingestion log dates (POST /api/ingestionLogs/getUploadedDate, spec 3 §7). A brand of the
 * test's own with one branch (MID CONSOLE-MC-1); the default timezone is America/New_York.
 */

let testApp: TestApp;
let app: App;
let adminToken: string;
let brandAdminToken: string;
let fidelId: string;
let testBrandId: string;

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';
const csv = (...rows: string[]) => [header, ...rows].join('\n');

function upload(body: string, options: { token?: string; query?: string } = {}) {
  return call(app, {
    method: 'POST',
    url: `/api/ingestionLogs/upload?publisher=${fidelId}&fileName=fidel.csv${options.query ?? ''}`,
    token: options.token ?? adminToken,
    headers: { 'content-type': 'text/csv' },
    body,
  });
}

const storedIds = async (prefix: string) =>
  (
    await testApp.db
      .selectFrom('transactions')
      .select('publisher_transaction_id as id')
      .where('publisher_transaction_id', 'like', `${prefix}%`)
      .orderBy('publisher_transaction_id')
      .execute()
  ).map((row) => row.id);

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  adminToken = (await loginAs(app, 'admin@demo.test')).token;
  brandAdminToken = (await loginAs(app, 'brandadmin@demo.test')).token;
  const fidel = await testApp.db
    .selectFrom('publishers')
    .select('id')
    .where('code', '=', 'Fidel')
    .executeTakeFirstOrThrow();
  fidelId = fidel.id;
  const brand = await testApp.db
    .insertInto('brands')
    .values({ name: 'Console Upload Brand' })
    .returning('id')
    .executeTakeFirstOrThrow();
  testBrandId = brand.id;
  await testApp.db
    .insertInto('branches')
    .values({
      brand_id: testBrandId,
      name: 'Console Branch',
      status: 'Active',
      mastercard_merchant_id: 'CONSOLE-MC-1',
    })
    .execute();
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/ingestionLogs/upload', () => {
  it('stores a good file for the chosen publisher and answers like the publisher route', async () => {
    const response = await upload(
      csv(
        'CONSOLE-1,2025-06-11T12:00:00-04:00,12.50,GBP,CONSOLE-MC-1,card-a,1111,N1 9AA,Fidel',
        'CONSOLE-2,2025-06-12T09:30:00-04:00,8.00,GBP,CONSOLE-UNKNOWN,card-b,2222,,Fidel',
      ),
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      respCode: 200,
      respMessage: messages.ingestion.uploaded,
      received: 2,
      inserted: 2,
      duplicates: 0,
      unmatched: 1,
      rejected: 0,
      errors: [],
    });
    expect(await storedIds('CONSOLE-')).toEqual(['CONSOLE-1', 'CONSOLE-2']);
  });

  it('writes the ingestion log with the console channel, the file name and the uploader', async () => {
    const ids = await demoIds(testApp.db);
    const log = await testApp.db
      .selectFrom('ingestion_logs')
      .select(['channel', 'file_name', 'uploaded_by_user_id', 'gmv_pence', 'transaction_count'])
      .where('publisher_id', '=', fidelId)
      .orderBy('uploaded_at', 'desc')
      .executeTakeFirstOrThrow();

    expect(log).toMatchObject({
      channel: 'console',
      file_name: 'fidel.csv',
      uploaded_by_user_id: ids.userId('admin@demo.test'),
      transaction_count: 2,
    });
    expect(Number(log.gmv_pence)).toBe(2050);
  });

  it('counts a file sent again as duplicates, storing nothing new', async () => {
    const response = await upload(
      csv('CONSOLE-1,2025-06-11T12:00:00-04:00,12.50,GBP,CONSOLE-MC-1,card-a,1111,N1 9AA,Fidel'),
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ received: 1, inserted: 0, duplicates: 1 });
  });

  it('refuses a file with bad rows whole, listing each with its line', async () => {
    const response = await upload(
      csv(
        'BAD-1,2025-06-11T12:00:00-04:00,12.50,GBP,CONSOLE-MC-1,card-a,1111,,Fidel',
        'BAD-2,yesterday,12.50,GBP,CONSOLE-MC-1,card-a,1111,,Fidel',
        'BAD-3,2025-06-11T12:00:00-04:00,12.50,GBP,CONSOLE-MC-1,card-a,1111,,ATR',
      ),
    );

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorMessage: messages.ingestion.fileHasErrors,
      received: 3,
      rejected: 2,
      errors: [
        { line: 3, message: messages.ingestion.datetimeInvalid },
        { line: 4, message: messages.ingestion.publisherMismatch('Fidel') },
      ],
    });
    expect(await storedIds('BAD-')).toEqual([]);
  });

  it('keeps the good rows of a bad file with partial=true', async () => {
    const response = await upload(
      csv(
        'PART-1,2025-06-11T12:00:00-04:00,12.50,GBP,CONSOLE-MC-1,card-a,1111,,Fidel',
        'PART-2,2025-06-11T12:00:00-04:00,12.505,GBP,CONSOLE-MC-1,card-a,1111,,Fidel',
      ),
      { query: '&partial=true' },
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      inserted: 1,
      rejected: 1,
      errors: [{ line: 3, message: messages.ingestion.amountInvalid }],
    });
    expect(await storedIds('PART-')).toEqual(['PART-1']);
  });

  it('refuses a file without the header row', async () => {
    const response = await upload('hello,world\n1,2');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorMessage: messages.ingestion.headerInvalid,
      errors: [{ line: 1, message: messages.ingestion.headerInvalid }],
    });
  });

  it('refuses a file name that is not .csv, an unknown publisher and a missing file', async () => {
    const notCsv = await call(app, {
      method: 'POST',
      url: `/api/ingestionLogs/upload?publisher=${fidelId}&fileName=fidel.xlsx`,
      token: adminToken,
      headers: { 'content-type': 'text/csv' },
      body: csv(),
    });
    const unknown = await call(app, {
      method: 'POST',
      url: `/api/ingestionLogs/upload?publisher=${testBrandId}`,
      token: adminToken,
      headers: { 'content-type': 'text/csv' },
      body: csv(),
    });
    const missing = await call(app, {
      method: 'POST',
      url: `/api/ingestionLogs/upload?publisher=${fidelId}`,
      token: adminToken,
    });

    expect([notCsv.statusCode, notCsv.json().errorMessage]).toEqual([
      400,
      messages.ingestion.uploadFileNotCsv,
    ]);
    expect([unknown.statusCode, unknown.json().errorMessage]).toEqual([
      404,
      messages.ingestion.uploadPublisherNotFound,
    ]);
    expect([missing.statusCode, missing.json().errorMessage]).toEqual([
      400,
      messages.ingestion.uploadFileRequired,
    ]);
  });

  it('refuses everyone but the system admin, storing nothing', async () => {
    const response = await upload(
      csv('DENIED-1,2025-06-11T12:00:00-04:00,12.50,GBP,CONSOLE-MC-1,card-a,1111,,Fidel'),
      { token: brandAdminToken },
    );

    expect(response.statusCode).toBe(403);
    expect(await storedIds('DENIED-')).toEqual([]);
  });
});

describe('POST /api/ingestionLogs/getUploadedDate', () => {
  const uploadedDate = (body: object, token = adminToken) =>
    call(app, { method: 'POST', url: '/api/ingestionLogs/getUploadedDate', token, body });

  it("gives the latest upload's dates and each publisher's last transaction date", async () => {
    const response = await uploadedDate({ data_source: 'Fidel', brandId: testBrandId });

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // The brand's share of the Fidel uploads: its one matched purchase, 11 June 12:00 New York.
    expect(body.ingestionLogDate).toMatchObject({ last_trans_date: '2025-06-11T16:00:00.000Z' });
    expect(Date.parse(body.ingestionLogDate.next_ingestion_date)).toBeGreaterThan(
      Date.parse(body.ingestionLogDate.uploadedDate),
    );
    expect(body.ingestionLogList).toEqual([
      { data_source: 'NextJump', last_trans_date: '2025-06-11T16:00:00.000Z' },
    ]);
  });

  it('reads the display name as well as the code, and every publisher for All', async () => {
    const byName = await uploadedDate({ data_source: 'NextJump', brandId: testBrandId });
    const all = await uploadedDate({ data_source: 'All' });

    expect(byName.json().ingestionLogDate).not.toBeNull();
    expect(all.json().ingestionLogList.map((row: { data_source: string }) => row.data_source)).toContain(
      'NextJump',
    );
  });

  it('answers no date for a brand without uploads, and 404 for a brand outside the scope', async () => {
    const ids = await demoIds(testApp.db);
    const own = await uploadedDate({ brandId: ids.brands.firstLogin });
    const other = await uploadedDate({ brandId: testBrandId }, brandAdminToken);

    expect(own.json()).toMatchObject({ ingestionLogDate: null, ingestionLogList: [] });
    expect(other.statusCode).toBe(404);
  });
});
