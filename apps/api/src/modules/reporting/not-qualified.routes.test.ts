import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotQualifiedAnswer, NotQualifiedPage } from '@krowd/domain/dashboard/not-qualified.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  isQualificationReason,
  qualificationMessage,
  storedReasonParams,
} from '@krowd/domain/qualification/cap-reasons.rules';
import { everyWeekDay, insertBranch, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

/**
 * "Why not qualified" (docs/decisions/0130): POST /api/dashboard/not-qualified and
 * …/not-qualified/transactions over files ingested through the real endpoint, June 2025
 * (America/New_York, -04:00), today 15 July 2025. Every count is compared with the same count made
 * here from the raw `transactions` rows: caps with their numbers, refunds left out, another
 * tenant's rows and rows at no branch left out, each filter honoured.
 */

const today = new Date('2025-07-15T16:00:00Z');
let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
let groupAdmin: string;
let clientAdmin: string;
const branch = { a1: '', a2: '', b: '', s: '' };
let campaignA = '';

const header =
  'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher,original_transaction_id';
const atrFile = [
  header,
  'NQ-1,2025-06-02T12:00:00-04:00,50.00,GBP,NQ-A1,nq-card-1,1111,,ATR,',
  // The campaign pays one purchase a card: the card's second is capped (its number: 1).
  'NQ-2,2025-06-03T13:00:00-04:00,20.00,GBP,NQ-A1,nq-card-1,1111,,ATR,',
  'NQ-3,2025-06-04T23:30:00-04:00,18.00,GBP,NQ-A2,nq-card-2,2222,,ATR,',
  'NQ-4,2025-06-05T12:00:00-04:00,40.00,GBP,NQ-A1,nq-card-3,3333,,ATR,',
  'NQ-5,2025-06-06T12:00:00-04:00,25.00,GBP,NQ-A1,nq-card-3,3333,,ATR,',
  // Brand B pays from £30 up, one purchase a card a week.
  'NQ-6,2025-06-09T12:00:00-04:00,10.00,GBP,NQ-B,nq-card-4,4444,,ATR,',
  'NQ-7,2025-06-10T12:00:00-04:00,35.00,GBP,NQ-B,nq-card-4,4444,,ATR,',
  'NQ-8,2025-06-11T12:00:00-04:00,45.00,GBP,NQ-B,nq-card-4,4444,,ATR,',
  // The standalone brand (another tenant than the group's) has no June campaign.
  'NQ-9,2025-06-12T12:00:00-04:00,12.00,GBP,NQ-S,nq-card-5,5555,,ATR,',
  'NQ-10,2025-06-12T12:00:00-04:00,9.99,GBP,NQ-UNKNOWN,nq-card-6,6666,,ATR,',
  // A refund of the capped purchase: it did not qualify either, and is no lost purchase.
  'NQ-11,2025-06-13T12:00:00-04:00,-20.00,GBP,NQ-A1,nq-card-1,1111,,ATR,NQ-2',
].join('\n');
const fidelFile = [
  header,
  'NQ-F1,2025-06-14T23:45:00-04:00,15.00,GBP,NQ-A2,nq-card-7,7777,,Fidel,',
  // May: outside the range asked for.
  'NQ-F2,2025-05-20T23:45:00-04:00,22.00,GBP,NQ-A2,nq-card-8,8888,,Fidel,',
].join('\n');

function ingest(body: string, key: string) {
  return call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'text/csv', 'x-api-key': key },
    body,
  });
}

async function countsOf(token: string, conditions: Record<string, unknown>) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/dashboard/not-qualified',
    token,
    body: { conditions },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { notQualified: NotQualifiedAnswer }).notQualified;
}

function pageOf(token: string, body: Record<string, unknown>) {
  return call(app, { method: 'POST', url: '/api/dashboard/not-qualified/transactions', token, body });
}

interface RawFilter {
  brandIds: string[];
  branchId?: string;
  publisher?: string;
  campaignId?: string;
}

const june = ['2025-06-01', '2025-06-30'];

/** The counts made from the raw rows: not-qualified purchases (no refunds) by reason and cap number. */
async function fromRawRows(filter: RawFilter) {
  let query = testApp.db
    .selectFrom('transactions as t')
    .innerJoin('publishers as p', 'p.id', 't.publisher_id')
    .select(['t.reason', 't.reason_params', 't.amount_pence'])
    .where('t.outcome', '=', 'notQualified')
    .where('t.amount_pence', '>=', 0)
    .where('t.brand_id', 'in', filter.brandIds)
    .where(sql<string>`t.local_datetime::date`, '>=', june[0]!)
    .where(sql<string>`t.local_datetime::date`, '<=', june[1]!);
  if (filter.branchId) query = query.where('t.branch_id', '=', filter.branchId);
  if (filter.publisher) query = query.where('p.code', '=', filter.publisher);
  if (filter.campaignId) query = query.where('t.campaign_id', '=', filter.campaignId);
  const groups = new Map<string, { reason: string; params: unknown; count: number; spendPence: number }>();
  for (const row of await query.execute()) {
    const key = JSON.stringify([row.reason, row.reason_params]);
    const group = groups.get(key) ?? {
      reason: row.reason!,
      params: row.reason_params,
      count: 0,
      spendPence: 0,
    };
    group.count += 1;
    group.spendPence += Number(row.amount_pence);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => ({
      reason: group.reason,
      params: storedReasonParams(group.params),
      label: isQualificationReason(group.reason)
        ? qualificationMessage(group.reason, storedReasonParams(group.params))
        : group.reason,
      count: group.count,
      spendPence: group.spendPence,
    }))
    .sort((a, b) => b.count - a.count || b.spendPence - a.spendPence || a.reason.localeCompare(b.reason));
}

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => new Date(today) });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  const addBranch = (brandId: string, name: string, mid: string) =>
    insertBranch(testApp.db, brandId, 'Active', name, mid);
  branch.a1 = await addBranch(ids.brands.groupBrandA, 'Reasons A One', 'NQ-A1');
  branch.a2 = await addBranch(ids.brands.groupBrandA, 'Reasons A Two', 'NQ-A2');
  branch.b = await addBranch(ids.brands.groupBrandB, 'Reasons B', 'NQ-B');
  branch.s = await addBranch(ids.brands.standalone, 'Reasons S', 'NQ-S');
  campaignA = await insertCampaign(testApp.db, {
    brandId: ids.brands.groupBrandA,
    month: '2025-06',
    discountPercent: 10,
    status: 'Bank Approved',
    values: { week_days: everyWeekDay, start_time: '08:00', end_time: '22:00', max_transactions_per_card: 1 },
  });
  await insertCampaign(testApp.db, {
    brandId: ids.brands.groupBrandB,
    month: '2025-06',
    discountType: 'dv',
    discountPercent: null,
    status: 'Bank Approved',
    values: {
      week_days: everyWeekDay,
      discount_value_pence: 500,
      discount_amount_pence: 3000,
      max_transactions_per_interval: 1,
      cap_interval: 'week',
    },
  });
  for (const [file, key] of [
    [atrFile, 'demo-atr-key'],
    [fidelFile, 'demo-fidel-key'],
  ] as const) {
    const response = await ingest(file, key);
    expect(response.statusCode, response.body).toBe(200);
  }
  groupAdmin = (await loginAs(app, 'groupadmin@demo.test')).token;
  clientAdmin = (await loginAs(app, 'clientadmin@demo.test')).token;
});

afterAll(async () => {
  await testApp?.close();
});

describe('the fixture', () => {
  it('stores the reasons the counts are about, two caps with their numbers among them', async () => {
    const rows = await testApp.db
      .selectFrom('transactions')
      .select(['publisher_transaction_id as id', 'outcome', 'reason', 'reason_params'])
      .where('publisher_transaction_id', 'like', 'NQ-%')
      .execute();
    const of = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(of['NQ-1']).toMatchObject({ outcome: 'qualified' });
    expect(of['NQ-2']).toMatchObject({
      reason: 'cappedTransactionsPerCard',
      reason_params: { limit: 1, interval: null },
    });
    expect(of['NQ-3']).toMatchObject({ reason: 'outsideCampaignHours' });
    expect(of['NQ-6']).toMatchObject({ reason: 'belowMinimumSpend' });
    expect(of['NQ-8']).toMatchObject({
      reason: 'cappedTransactionsPerInterval',
      reason_params: { limit: 1, interval: 'week' },
    });
    expect(of['NQ-9']).toMatchObject({ reason: 'notInCampaignMonth' });
    expect(of['NQ-10']).toMatchObject({ reason: 'unknownMerchantId' });
    expect(of['NQ-11']).toMatchObject({ outcome: 'notQualified', reason: 'refundOfUnqualified' });
  });
});

describe('POST /api/dashboard/not-qualified counts equal the raw transactions', () => {
  const cases: [string, () => Record<string, unknown>, () => RawFilter][] = [
    [
      "the group's brands",
      () => ({ group_id: ids.groupId, txn_date_time: june }),
      () => ({ brandIds: [ids.brands.groupBrandA, ids.brands.groupBrandB] }),
    ],
    [
      'one brand',
      () => ({ brand_id: ids.brands.groupBrandA, txn_date_time: june }),
      () => ({ brandIds: [ids.brands.groupBrandA] }),
    ],
    [
      'a branch',
      () => ({ brand_id: ids.brands.groupBrandA, kmid: branch.a2, txn_date_time: june }),
      () => ({ brandIds: [ids.brands.groupBrandA], branchId: branch.a2 }),
    ],
    [
      'a publisher',
      () => ({ data_source: 'Fidel', txn_date_time: june }),
      () => ({ brandIds: [ids.brands.groupBrandA, ids.brands.groupBrandB], publisher: 'Fidel' }),
    ],
    [
      'a campaign',
      () => ({ campaign_id: campaignA, txn_date_time: june }),
      () => ({ brandIds: [ids.brands.groupBrandA], campaignId: campaignA }),
    ],
  ];

  it.each(cases)('for %s', async (_name, conditions, raw) => {
    const answer = await countsOf(groupAdmin, conditions());
    const expected = await fromRawRows(raw());
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.reasons).toEqual(expected);
    expect(answer.total).toEqual({
      count: expected.reduce((sum, row) => sum + row.count, 0),
      spendPence: expected.reduce((sum, row) => sum + row.spendPence, 0),
    });
  });

  it("names each cap's number in the catalogue's words, and leaves refunds and rows at no branch out", async () => {
    const answer = await countsOf(clientAdmin, { txn_date_time: june });
    const labels = answer.reasons.map((row) => row.label);
    expect(labels).toContain(messages.qualification.cappedTransactionsPerCard(1));
    expect(labels).toContain(messages.qualification.cappedTransactionsPerInterval(1, 'week'));
    const reasons = answer.reasons.map((row) => row.reason);
    expect(reasons).not.toContain('refundOfUnqualified');
    expect(reasons).not.toContain('unknownMerchantId');
    const capped = answer.reasons.find((row) => row.reason === 'cappedTransactionsPerCard');
    // NQ-2 (£20) and NQ-5 (£25); the refund of NQ-2 takes nothing off.
    expect(capped).toMatchObject({ count: 2, spendPence: 4_500, params: { limit: 1, interval: null } });
  });

  it("leaves another tenant's rows out: the group's admin never counts the standalone brand's", async () => {
    const answer = await countsOf(groupAdmin, { txn_date_time: june });
    const everyone = await countsOf(clientAdmin, { txn_date_time: june });
    const outOfMonth = (of: NotQualifiedAnswer) =>
      of.reasons.find((row) => row.reason === 'notInCampaignMonth')?.count ?? 0;
    const standalone = await fromRawRows({ brandIds: [ids.brands.standalone] });
    expect(outOfMonth(everyone) - outOfMonth(answer)).toBeGreaterThanOrEqual(1);
    expect(outOfMonth(everyone) - outOfMonth(answer)).toBe(
      standalone.find((row) => row.reason === 'notInCampaignMonth')?.count,
    );
    const refused = await call(app, {
      method: 'POST',
      url: '/api/dashboard/not-qualified',
      token: groupAdmin,
      body: { conditions: { brand_id: ids.brands.standalone, txn_date_time: june } },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('counts nothing outside the dates, and says so with an empty list', async () => {
    const answer = await countsOf(groupAdmin, { txn_date_time: ['2025-07-01', '2025-07-10'] });
    expect(answer).toMatchObject({ reasons: [], total: { count: 0, spendPence: 0 } });
  });

  it('names the customer type and offer type filters it cannot apply, and counts as without them', async () => {
    const answer = await countsOf(groupAdmin, {
      txn_date_time: june,
      customer_type_wrt_account: 'NEW USER',
      selectedOfferType: 'dp',
    });
    expect(answer.notApplied).toEqual(['customerType', 'offerType']);
    expect(answer.reasons).toEqual((await countsOf(groupAdmin, { txn_date_time: june })).reasons);
  });

  it('is refused to banks, who see their own transactions’ reasons in the transaction API only', async () => {
    const bank = (await loginAs(app, 'bank@demo.test')).token;
    const response = await call(app, {
      method: 'POST',
      url: '/api/dashboard/not-qualified',
      token: bank,
      body: { conditions: {} },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the kept counts', () => {
  it('are dropped by an upload of not-qualified rows only, which writes nothing to the reporting store', async () => {
    const conditions = { brand_id: ids.brands.groupBrandA, txn_date_time: june };
    const before = await countsOf(groupAdmin, conditions);
    const hours = (of: NotQualifiedAnswer) =>
      of.reasons.find((row) => row.reason === 'outsideCampaignHours')?.count ?? 0;
    const response = await ingest(
      [header, 'NQ-LATE-1,2025-06-20T23:50:00-04:00,11.00,GBP,NQ-A2,nq-card-9,9999,,ATR,'].join('\n'),
      'demo-atr-key',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(hours(await countsOf(groupAdmin, conditions))).toBe(hours(before) + 1);
  });
});

describe('POST /api/dashboard/not-qualified/transactions', () => {
  it("pages one reason's purchases in local time order with the branch, the card's last 4 and the reason", async () => {
    const response = await pageOf(groupAdmin, {
      conditions: { brand_id: ids.brands.groupBrandA, txn_date_time: june },
      reason: 'cappedTransactionsPerCard',
      params: { limit: 1, interval: null },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as NotQualifiedPage;
    expect(page.total).toBe(2);
    expect(page.next).toBeNull();
    expect(page.rows).toEqual([
      expect.objectContaining({
        date: '2025-06-03 13:00',
        amountPence: 2_000,
        branch: 'Reasons A One',
        cardLast4: '1111',
        reason: 'cappedTransactionsPerCard',
        label: messages.qualification.cappedTransactionsPerCard(1),
      }),
      expect.objectContaining({ date: '2025-06-06 12:00', amountPence: 2_500, cardLast4: '3333' }),
    ]);
    expect(Object.keys(page.rows[0]!).sort()).toEqual(
      ['amountPence', 'branch', 'cardLast4', 'date', 'id', 'label', 'reason'].sort(),
    );
  });

  it('walks every page with `next`, and refuses a cursor it did not write', async () => {
    const rows: string[] = [];
    let after: string | undefined;
    do {
      const response = await pageOf(clientAdmin, {
        conditions: { txn_date_time: june },
        reason: 'outsideCampaignHours',
        ...(after ? { after } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as NotQualifiedPage;
      rows.push(...page.rows.map((row) => row.date));
      after = page.next ?? undefined;
    } while (after);
    // The last one came with the later upload above.
    expect(rows).toEqual(['2025-06-04 23:30', '2025-06-14 23:45', '2025-06-20 23:50']);
    const refused = await pageOf(clientAdmin, {
      conditions: { txn_date_time: june },
      reason: 'outsideCampaignHours',
      after: 'not-a-cursor',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(messages.notQualifiedReport.pageInvalid);
  });

  it('refuses a reason the catalogue does not have, and a missing one, naming `reason`', async () => {
    for (const body of [{ reason: 'noSuchReason' }, {}]) {
      const response = await pageOf(groupAdmin, { conditions: { txn_date_time: june }, ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain('reason');
    }
  });

  it("never lists another tenant's rows", async () => {
    const branchesOf = async (token: string) => {
      const response = await pageOf(token, {
        conditions: { txn_date_time: june, kmid: branch.s },
        reason: 'notInCampaignMonth',
      });
      return response.statusCode === 200
        ? (response.json() as NotQualifiedPage).rows.map((row) => row.branch)
        : response.statusCode;
    };
    expect(await branchesOf(clientAdmin)).toEqual(['Reasons S']);
    // The standalone brand's branch is not the group's: not found, as everywhere.
    expect(await branchesOf(groupAdmin)).toBe(404);
  });
});
