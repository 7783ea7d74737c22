import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { csvTextOf, parseCsv } from '../../http/csv.ts';
import {
  call,
  createTestApp,
  createTestClock,
  days,
  demoIds,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';
import { insertCampaign, everyWeekDay, insertBranch } from '../campaigns/campaigns.fixtures.ts';
import { exportColumns, reasonColumns } from './export.csv.ts';

/**
 * POST /api/dashboard/export and the mailed download link (spec 3 §2.4, §7, §8).
 *
 * Two publisher files are ingested through the real endpoint for branches of our own at the demo
 * group's two brands, the standalone brand and a brand with no campaign, in June 2025, with today
 * fixed at 15 July 2025 (America/New_York). Each export is run by the job queue, its mail read from
 * the outbox, its link followed; the file's rows are compared with the rows of `transactions` the
 * same filter selects, queried here independently.
 */

const clock = createTestClock(new Date('2025-07-15T16:00:00Z'));
let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const who: Record<'clientAdmin' | 'groupAdmin' | 'brandUser' | 'companyAdmin', SignedIn> = {} as never;

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';
const atrFile = [
  header,
  'EXP-1,2025-06-02T12:00:00-04:00,50.00,GBP,EXP-A,xcard-1,1111,N1 9AA,ATR',
  'EXP-2,2025-06-09T12:00:00-04:00,30.00,GBP,EXP-A,xcard-1,1111,"=SUM(1,2)",ATR',
  'EXP-3,2025-06-10T12:00:00-04:00,-30.00,GBP,EXP-A,xcard-1,1111,,ATR',
  'EXP-4,2025-06-04T12:00:00-04:00,40.00,GBP,EXP-B,xcard-2,2222,-1+1,ATR',
  'EXP-5,2025-06-05T12:00:00-04:00,12.34,GBP,EXP-S,xcard-3,3333,E1 6AN,ATR',
  'EXP-6,2025-06-06T09:15:00-04:00,20.00,GBP,EXP-S,xcard-4,0044,,ATR',
  'EXP-7,2025-06-05T12:00:00-04:00,9.99,GBP,EXP-UNKNOWN,xcard-9,9999,,ATR',
  'EXP-8,2025-06-07T12:00:00-04:00,15.00,GBP,EXP-F,xcard-5,5555,,ATR',
  'EXP-9,2025-05-20T12:00:00-04:00,25.00,GBP,EXP-S,xcard-3,3333,,ATR',
].join('\n');
const fidelFile = [
  header,
  'EXP-F1,2025-06-21T12:00:00-04:00,60.00,GBP,EXP-B,xcard-6,6666,,Fidel',
  'EXP-F2,2025-06-22T12:00:00-04:00,35.00,GBP,EXP-A2,xcard-7,7777,,Fidel',
].join('\n');
const juneDates = ['2025-06-01', '2025-06-30'];

function exportFor(user: SignedIn | undefined, body: unknown) {
  return call(app, { method: 'POST', url: '/api/dashboard/export', token: user?.token, body });
}

/** The last mail to this address, and the download link in it (as a path with its query). */
async function lastLinkTo(email: string) {
  const mail = await testApp.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body'])
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const url = mail?.text_body.match(/https?:\/\/\S+\/api\/dashboard\/exports\/\S+/)?.[0];
  if (!mail || !url) throw new Error(`no export mail to ${email}`);
  const parsed = new URL(url);
  return { mail, url, path: parsed.pathname + parsed.search };
}

/** Asks for an export, runs the job, and answers the mailed link's path. */
async function exportAndMail(user: SignedIn, conditions: Record<string, unknown>) {
  const response = await exportFor(user, { conditions, email: user.details.email });
  expect(response.statusCode, response.body).toBe(200);
  await app.services.jobs.runDue();
  await app.services.mailer.flush();
  return lastLinkTo(user.details.email);
}

function recordsOf(response: LightMyRequestResponse): Record<(typeof exportColumns)[number], string>[] {
  const text = csvTextOf(response.rawPayload);
  if (!text.ok) throw new Error(`the export is not text: ${text.reason}`);
  const [head, ...rows] = parseCsv(text.text).map((record) => record.cells);
  expect(head).toEqual([...exportColumns]);
  return rows.map(
    (cells) =>
      Object.fromEntries(exportColumns.map((column, index) => [column, cells[index]!])) as Record<
        (typeof exportColumns)[number],
        string
      >,
  );
}

/** The transaction ids the filter selects, straight from the raw rows (qualified purchases and refunds). */
async function rawIds(filter: { brandIds?: string[]; publisher?: string; start?: string; end?: string }) {
  let query = testApp.db
    .selectFrom('transactions as t')
    .innerJoin('publishers as p', 'p.id', 't.publisher_id')
    .select('t.publisher_transaction_id as id')
    .where('t.outcome', 'in', ['qualified', 'refund'])
    .where(sql<string>`t.local_datetime::date`, '>=', filter.start ?? juneDates[0]!)
    .where(sql<string>`t.local_datetime::date`, '<=', filter.end ?? juneDates[1]!);
  if (filter.brandIds) query = query.where('t.brand_id', 'in', filter.brandIds);
  if (filter.publisher) query = query.where('p.code', '=', filter.publisher);
  return (await query.execute()).map((row) => row.id).sort();
}

const idsOf = (records: { transaction_id: string }[]) =>
  records.map((record) => record.transaction_id).sort();

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  const addBranch = (brandId: string, name: string, mid: string) =>
    insertBranch(testApp.db, brandId, 'Active', name, mid);
  await addBranch(ids.brands.groupBrandA, 'Export A', 'EXP-A');
  await addBranch(ids.brands.groupBrandA, '@Export, "A2"', 'EXP-A2');
  await addBranch(ids.brands.groupBrandB, 'Export B', 'EXP-B');
  await addBranch(ids.brands.standalone, 'Export S', 'EXP-S');
  await addBranch(ids.brands.firstLogin, 'Export F', 'EXP-F');
  for (const [brandId, name] of [
    [ids.brands.groupBrandA, 'Export June A'],
    [ids.brands.groupBrandB, '+Export June B'],
    [ids.brands.standalone, 'Export June S'],
  ] as const) {
    await insertCampaign(testApp.db, {
      brandId,
      month: '2025-06',
      name,
      discountPercent: 10,
      successFee: 5,
      status: 'Bank Approved',
      values: { week_days: everyWeekDay },
    });
  }
  for (const [file, key] of [
    [atrFile, 'demo-atr-key'],
    [fidelFile, 'demo-fidel-key'],
  ] as const) {
    const response = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'text/csv', 'x-api-key': key },
      body: file,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  who.clientAdmin = await loginAs(app, 'clientadmin@demo.test');
  who.groupAdmin = await loginAs(app, 'groupadmin@demo.test');
  who.brandUser = await loginAs(app, 'branduser@demo.test');
  who.companyAdmin = await loginAs(app, 'companyadmin@demo.test');
});

afterAll(async () => {
  await testApp?.close();
});

describe('the fixture', () => {
  it('holds purchases, a refund and rows that did not qualify', async () => {
    const rows = await testApp.db
      .selectFrom('transactions')
      .select(['publisher_transaction_id as id', 'outcome'])
      .where('publisher_transaction_id', 'like', 'EXP-%')
      .execute();
    const outcome = Object.fromEntries(rows.map((row) => [row.id, row.outcome]));
    expect(outcome).toMatchObject({
      'EXP-1': 'qualified',
      'EXP-3': 'refund',
      'EXP-7': 'notQualified',
      'EXP-8': 'notQualified',
      'EXP-F2': 'qualified',
    });
  });
});

describe('POST /api/dashboard/export refuses', () => {
  async function jobsQueued() {
    const row = await testApp.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('kind', '=', 'dashboard.export')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  it.each([
    [
      'an unknown condition',
      { conditions: { brand: '7f1c2a9e-3b4d-4c5e-8f60-718293a4b5c6' } },
      'conditions.brand',
    ],
    ['a brand id that is not an id', { conditions: { brand_id: 'Green Fork' } }, 'conditions.brand_id'],
    [
      'a date that is not yyyy-MM-dd',
      { conditions: { txn_date_time: ['01/06/2025', '2025-06-30'] } },
      'conditions.txn_date_time.0',
    ],
    ['an e-mail that is not one', { conditions: {}, email: 'branduser' }, 'email'],
  ])(
    '%s with 400 naming the field, in errorMessage, respMessage and responseMessage',
    async (_case, body, field) => {
      const before = await jobsQueued();

      const response = await exportFor(who.brandUser, body);

      expect(response.statusCode).toBe(400);
      const answer = response.json<{
        errorMessage: string;
        respMessage: string;
        responseMessage: string;
        fieldErrors: Record<string, string>;
      }>();
      expect(answer.fieldErrors[field]).toBe(answer.errorMessage);
      expect(answer.responseMessage).toBe(answer.errorMessage);
      expect(answer.respMessage).toBe(answer.errorMessage);
      expect(await jobsQueued()).toBe(before);
    },
  );

  it('conditions sent both inside and beside the spec’s conditions_body', async () => {
    const before = await jobsQueued();

    const response = await exportFor(who.brandUser, { conditions: {}, conditions_body: { conditions: {} } });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      'conditions_body.conditions': messages.dashboard.conditionsTwice,
    });
    expect(await jobsQueued()).toBe(before);
  });

  it('a start date after today and an end before the start, as the dashboard does', async () => {
    const future = await exportFor(who.brandUser, {
      conditions: { txn_date_time: ['2025-07-16', '2025-07-20'] },
    });
    const backwards = await exportFor(who.brandUser, {
      conditions: { txn_date_time: ['2025-06-10', '2025-06-09'] },
    });

    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ responseMessage: messages.dashboard.startInFuture });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ responseMessage: messages.dashboard.endBeforeStart });
  });

  it("an e-mail that is not the caller's own: the file only goes to the caller", async () => {
    const before = await jobsQueued();

    const response = await exportFor(who.brandUser, { conditions: {}, email: 'someone.else@example.test' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: messages.dashboardExport.emailNotOwn,
      respMessage: messages.dashboardExport.emailNotOwn,
      responseMessage: messages.dashboardExport.emailNotOwn,
      fieldErrors: { email: messages.dashboardExport.emailNotOwn },
    });
    expect(await jobsQueued()).toBe(before);
  });

  it('a brand or group outside the scope with 404, as if absent', async () => {
    const otherBrand = await exportFor(who.brandUser, { conditions: { brand_id: ids.brands.groupBrandA } });
    const otherGroup = await exportFor(who.companyAdmin, { conditions: { group_id: ids.groupId } });
    const groupOutside = await exportFor(who.groupAdmin, { conditions: { brand_id: ids.brands.standalone } });

    for (const response of [otherBrand, otherGroup, groupOutside]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ responseMessage: messages.common.notFound });
    }
  });

  it('a caller who is not signed in (401) and one whose role has no dashboard (403)', async () => {
    const admin = await loginAs(app, 'admin@demo.test');

    const anonymous = await exportFor(undefined, { conditions: {} });
    const systemAdmin = await exportFor(admin, { conditions: {} });

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      code: 'unauthenticated',
      errorMessage: messages.common.loginRequired,
    });
    expect(systemAdmin.statusCode).toBe(403);
  });
});

describe('an export', () => {
  it('shows its owner its state, preparing until the job has written it, mailed once the link has gone; no one else', async () => {
    const response = await exportFor(who.brandUser, { conditions: { txn_date_time: juneDates } });
    const { exportId } = response.json() as { exportId: string };
    const stateOf = (caller: { token: string }) =>
      call(app, { url: `/api/dashboard/exports/${exportId}`, token: caller.token });

    expect((await stateOf(who.brandUser)).json()).toEqual({
      respCode: 200,
      state: 'preparing',
      rowCount: null,
    });
    expect((await stateOf(who.companyAdmin)).statusCode).toBe(404);

    await app.services.jobs.runDue();
    await app.services.mailer.flush();

    const mailed = (await stateOf(who.brandUser)).json() as { state: string; rowCount: number };
    expect(mailed.state).toBe('mailed');
    expect(mailed.rowCount).toBeGreaterThan(0);
  });

  it("answers the spec's message, and the job mails the caller a link that downloads their brand's rows only", async () => {
    const response = await exportFor(who.brandUser, {
      conditions: {
        brand_id: '',
        group_id: '',
        brand_name: 'Green Fork',
        data_source: 'All',
        txn_date_time: juneDates,
      },
      email: 'BrandUser@demo.test',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      respCode: 200,
      respMessage: messages.dashboardExport.exported,
      responseCode: 200,
      responseMessage: messages.dashboardExport.exported,
      exportId: expect.any(String),
    });

    expect(await app.services.jobs.runDue()).toBeGreaterThan(0);
    await app.services.mailer.flush();
    const { mail, url, path } = await lastLinkTo('branduser@demo.test');
    expect(mail.subject).toBe(messages.mail.exportSubject);
    expect(url.startsWith(`${testApp.config.publicUrl}/api/dashboard/exports/`)).toBe(true);
    expect(mail.html_body).toContain('Download CSV');

    const download = await call(app, { url: path, token: who.brandUser.token });

    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="transactions-2025-07-15.csv"',
    );
    const records = recordsOf(download);
    expect(new Set(records.map((record) => record.brand))).toEqual(new Set(['Green Fork']));
    expect(idsOf(records)).toEqual(await rawIds({ brandIds: [ids.brands.standalone] }));
    expect(idsOf(records)).toEqual(expect.arrayContaining(['EXP-5', 'EXP-6']));
    expect(records.find((record) => record.transaction_id === 'EXP-6')).toEqual({
      transaction_id: 'EXP-6',
      date: '2025-06-06 09:15:00',
      type: 'purchase',
      publisher: 'ATR',
      brand: 'Green Fork',
      branch: 'Export S',
      postcode: '',
      card_last4: '0044',
      amount_gbp: '20.00',
      cashback_gbp: '2.00',
      success_fee_gbp: expect.stringMatching(/^\d+\.\d\d$/),
      // 6 June's return period ended on 6 July; today is 15 July (docs/decisions/0117).
      reward_status: 'final',
      reward_final_on: '2025-07-07',
      customer_type: 'new',
      offer_type: 'dp',
      campaign: 'Export June S',
    });
  });

  it("of a group holds its brands' rows only, equal to the raw rows, with refunds as negative numbers", async () => {
    const { path } = await exportAndMail(who.groupAdmin, { group_id: ids.groupId, txn_date_time: juneDates });

    const download = await call(app, { url: path, token: who.groupAdmin.token });

    expect(download.statusCode).toBe(200);
    const records = recordsOf(download);
    expect(new Set(records.map((record) => record.brand))).toEqual(
      new Set(['Harbour Kitchen', 'Ember Pizza Co']),
    );
    expect(idsOf(records)).toEqual(
      await rawIds({ brandIds: [ids.brands.groupBrandA, ids.brands.groupBrandB] }),
    );
    expect(idsOf(records)).toEqual(
      expect.arrayContaining(['EXP-1', 'EXP-2', 'EXP-3', 'EXP-4', 'EXP-F1', 'EXP-F2']),
    );
    const refund = records.find((record) => record.transaction_id === 'EXP-3')!;
    expect(refund).toMatchObject({ type: 'refund', amount_gbp: '-30.00', cashback_gbp: '-3.00' });
    expect(download.body).toContain(',-30.00,-3.00,');
  });

  it('writes formula-safe cells: a postcode, branch or campaign starting with = + - @ gets a quote first', async () => {
    const { path } = await exportAndMail(who.groupAdmin, { group_id: ids.groupId, txn_date_time: juneDates });
    const records = recordsOf(await call(app, { url: path, token: who.groupAdmin.token }));
    const byId = (id: string) => records.find((record) => record.transaction_id === id)!;

    expect(byId('EXP-2').postcode).toBe("'=SUM(1,2)");
    expect(byId('EXP-4').postcode).toBe("'-1+1");
    expect(byId('EXP-4').campaign).toBe("'+Export June B");
    expect(byId('EXP-F2').branch).toBe(`'@Export, "A2"`);
    expect(byId('EXP-1').postcode).toBe('N1 9AA');
  });

  it("follows the client admin's filters: a brand and a publisher, equal to the raw rows", async () => {
    const { path } = await exportAndMail(who.clientAdmin, {
      brand_id: ids.brands.groupBrandA,
      data_source: 'Fidel',
      txn_date_time: juneDates,
    });

    const records = recordsOf(await call(app, { url: path, token: who.clientAdmin.token }));

    expect(idsOf(records)).toEqual(await rawIds({ brandIds: [ids.brands.groupBrandA], publisher: 'Fidel' }));
    expect(idsOf(records)).toContain('EXP-F2');
    expect(new Set(records.map((record) => record.publisher))).toEqual(new Set(['NextJump']));
  });

  it('covers every brand for a client admin with no brand chosen, equal to the raw rows', async () => {
    const { path } = await exportAndMail(who.clientAdmin, { txn_date_time: juneDates });

    const records = recordsOf(await call(app, { url: path, token: who.clientAdmin.token }));

    expect(idsOf(records)).toEqual(await rawIds({}));
    expect(idsOf(records)).not.toContain('EXP-7');
    expect(idsOf(records)).not.toContain('EXP-8');
  });

  it('follows a chosen invoice as the dashboard does: exactly the transactions it billed', async () => {
    const existing = await testApp.db
      .selectFrom('invoices')
      .select(['id', 'invoice_number'])
      .where('brand_id', '=', ids.brands.standalone)
      .where('year', '=', 2025)
      .where('month', '=', 6)
      .executeTakeFirst();
    const invoice =
      existing ??
      (await testApp.db
        .insertInto('invoices')
        .values({
          brand_id: ids.brands.standalone,
          year: 2025,
          month: 6,
          cashback_pence: 1000,
          success_fee_pence: 0,
          amount_pence: 1000,
          collection_method: 'direct_debit',
          issued_on: '2025-07-31',
          due_date: '2025-08-31',
        })
        .returning(['id', 'invoice_number'])
        .executeTakeFirstOrThrow());
    // What the invoice run links: the brand's June purchases and refunds, as invoice_transactions.
    const june = await testApp.db
      .selectFrom('transactions as t')
      .select(['t.id', 't.publisher_transaction_id'])
      .where('t.brand_id', '=', ids.brands.standalone)
      .where('t.outcome', 'in', ['qualified', 'refund'])
      .where(sql<string>`t.local_datetime::date`, '>=', juneDates[0]!)
      .where(sql<string>`t.local_datetime::date`, '<=', juneDates[1]!)
      .execute();
    const billed = june.filter((row) => row.publisher_transaction_id !== 'EXP-6');
    await testApp.db
      .insertInto('invoice_transactions')
      .values(billed.map((row) => ({ invoice_id: invoice.id, transaction_id: row.id })))
      .onConflict((oc) => oc.doNothing())
      .execute();

    const { path } = await exportAndMail(who.clientAdmin, {
      is_invoice_data: true,
      xero_invoice_number: invoice.invoice_number,
    });
    const records = recordsOf(await call(app, { url: path, token: who.clientAdmin.token }));

    expect(idsOf(records)).toEqual(billed.map((row) => row.publisher_transaction_id).sort());
    expect(idsOf(records)).toContain('EXP-5');
    // June's, but not on this invoice: not exported with it.
    expect(june.map((row) => row.publisher_transaction_id)).toContain('EXP-6');
    expect(idsOf(records)).not.toContain('EXP-6');
    expect(new Set(records.map((record) => record.brand))).toEqual(new Set(['Green Fork']));
  });

  it('refuses a fourth export while three wait for the job (429)', async () => {
    for (let index = 0; index < 3; index += 1) {
      expect((await exportFor(who.companyAdmin, { conditions: {} })).statusCode).toBe(200);
    }

    const fourth = await exportFor(who.companyAdmin, { conditions: {} });

    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ responseMessage: messages.dashboardExport.tooManyPending(3) });
    await app.services.jobs.runDue();
    expect((await exportFor(who.companyAdmin, { conditions: {} })).statusCode).toBe(200);
    await app.services.jobs.runDue();
  });
});

describe('the download link', () => {
  let path = '';

  beforeAll(async () => {
    ({ path } = await exportAndMail(who.brandUser, { txn_date_time: juneDates }));
  });

  it('downloads with the session cookie a browser sends when the mailed link is clicked', async () => {
    const response = await call(app, { url: path, headers: { cookie: who.brandUser.cookie } });

    expect(response.statusCode).toBe(200);
    expect(recordsOf(response).length).toBeGreaterThan(0);
  });

  it('answers 404 to another user, even of the same brand, and to a wrong token or id', async () => {
    const wrongToken = path.replace(/token=[^&]+/, 'token=not-the-token');
    const wrongId = path.replace(/exports\/[^/]+/, 'exports/00000000-0000-4000-8000-000000000000');

    const otherUser = await call(app, { url: path, token: who.companyAdmin.token });
    const badToken = await call(app, { url: wrongToken, token: who.brandUser.token });
    const badId = await call(app, { url: wrongId, token: who.brandUser.token });

    for (const response of [otherUser, badToken, badId]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
    }
  });

  it('answers 400 naming the id when it is not an id at all', async () => {
    const notAnId = path.replace(/exports\/[^/]+/, 'exports/not-an-id');

    const response = await call(app, { url: notAnId, token: who.brandUser.token });

    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(messages.validation.idInvalid);
  });

  it('asks a signed-out browser to log in, and an API caller with 401', async () => {
    const browser = await call(app, { url: path, headers: { accept: 'text/html,application/xhtml+xml' } });
    const api = await call(app, { url: path });

    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe('/login');
    expect(api.statusCode).toBe(401);
  });

  it('answers 410 once 7 days have passed, and the purge deletes the file', async () => {
    const exportId = path.split('/')[4]!;
    clock.advance(days(7) + 1_000);
    const later = await loginAs(app, 'branduser@demo.test');

    const response = await call(app, { url: path, token: later.token });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ code: 'gone', errorMessage: messages.dashboardExport.linkExpired });

    await app.services.jobs.enqueue('dashboard.exportPurge');
    expect(await app.services.jobs.runDue()).toBe(1);
    const parts = await testApp.db
      .selectFrom('dashboard_export_parts')
      .select('part')
      .where('export_id', '=', exportId)
      .execute();
    expect(parts).toEqual([]);
    expect((await call(app, { url: path, token: later.token })).statusCode).toBe(410);
  });
});

describe('the spec’s export body', () => {
  it('is queued from the spec’s body: conditions_body.conditions with the e-mail beside it', async () => {
    const brandUser = await loginAs(app, 'branduser@demo.test');
    const response = await exportFor(brandUser, {
      conditions_body: { conditions: { brand_name: 'Green Fork', txn_date_time: juneDates } },
      email: 'branduser@demo.test',
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().responseMessage).toBe(messages.dashboardExport.exported);
    const queued = await testApp.db
      .selectFrom('dashboard_exports')
      .select('filter')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(queued.filter)).toContain(juneDates[0]);
  });
});

describe('POST /api/dashboard/export with the not-qualified transactions (docs/decisions/0130)', () => {
  type Row = Record<(typeof exportColumns)[number] | (typeof reasonColumns)[number], string>;
  const withReasons = [...exportColumns, ...reasonColumns];
  // The tests before moved the clock past the sessions' lifetime.
  let clientAdmin: SignedIn;
  beforeAll(async () => {
    clientAdmin = await loginAs(app, 'clientadmin@demo.test');
  });

  async function exportWithReasons(user: SignedIn, conditions: Record<string, unknown>): Promise<Row[]> {
    const response = await exportFor(user, { conditions, include_not_qualified: true });
    expect(response.statusCode, response.body).toBe(200);
    await app.services.jobs.runDue();
    await app.services.mailer.flush();
    const { path } = await lastLinkTo(user.details.email);
    const download = await call(app, { url: path, token: user.token });
    expect(download.statusCode).toBe(200);
    const text = csvTextOf(download.rawPayload);
    if (!text.ok) throw new Error(text.reason);
    const [head, ...rows] = parseCsv(text.text).map((record) => record.cells);
    expect(head).toEqual(withReasons);
    return rows.map(
      (cells) => Object.fromEntries(withReasons.map((column, index) => [column, cells[index]!])) as Row,
    );
  }

  it('adds every not-qualified transaction of the filter at a branch, with the reason in words and its code', async () => {
    const records = await exportWithReasons(clientAdmin, { txn_date_time: juneDates });
    const notQualified = await testApp.db
      .selectFrom('transactions as t')
      .select('t.publisher_transaction_id as id')
      .where('t.outcome', '=', 'notQualified')
      .where('t.brand_id', 'is not', null)
      .where(sql<string>`t.local_datetime::date`, '>=', juneDates[0]!)
      .where(sql<string>`t.local_datetime::date`, '<=', juneDates[1]!)
      .execute();
    expect(idsOf(records)).toEqual([...(await rawIds({})), ...notQualified.map((row) => row.id)].sort());
    expect(records.find((record) => record.transaction_id === 'EXP-8')).toMatchObject({
      type: 'not_qualified',
      branch: 'Export F',
      amount_gbp: '15.00',
      cashback_gbp: '0.00',
      success_fee_gbp: '0.00',
      reward_status: '',
      reward_final_on: '',
      reason: messages.qualification.noCampaign,
      reason_code: 'noCampaign',
    });
    // A MID no branch has is no brand's transaction.
    expect(idsOf(records)).not.toContain('EXP-7');
    const qualified = records.find((record) => record.transaction_id === 'EXP-1')!;
    expect(qualified).toMatchObject({ type: 'purchase', reason: '', reason_code: '' });
  });

  it('leaves the default file as it was: no not-qualified rows, no reason columns', async () => {
    const { path } = await exportAndMail(clientAdmin, {
      brand_id: ids.brands.firstLogin,
      txn_date_time: juneDates,
    });
    const records = recordsOf(await call(app, { url: path, token: clientAdmin.token }));
    expect(idsOf(records)).not.toContain('EXP-8');
  });

  it('is refused to banks (403), who may not see the brand’s reasons', async () => {
    const bank = await loginAs(app, 'bank@demo.test');
    const response = await exportFor(bank, { conditions: {}, include_not_qualified: true });
    expect(response.statusCode).toBe(403);
  });
});
