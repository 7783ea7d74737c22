import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, type App, type TestApp } from '../../test/test-app.ts';
import { campaignBody, listCampaigns, newTenant, type Tenant } from './campaigns.fixtures.ts';

/**
 * Caps on a campaign (decision 0116) through POST and PUT /api/campaigns: each cap
 * optional, stored in pence, read back as the form has it (and in a line on the list and the
 * details); a bad value refused with its message and nothing stored. The clock is fixed at 10 March
 * 2031 in New York: April 2031 is the first month a campaign can be made for.
 */

const m = messages.campaign;
const now = new Date('2031-03-10T15:00:00Z');
const caps = {
  maxCashbackPerTransaction: 5.5,
  maxTransactionsPerCard: 3,
  maxTransactionsPerCardPerInterval: 1,
  maxSpendPerCardPerInterval: 120.25,
  capInterval: 'week',
};

let testApp: TestApp;
let app: App;
let owner: Tenant;

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now, env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  owner = await newTenant(app, testApp.db, { branches: ['Active'] });
});

afterAll(async () => {
  await testApp?.close();
});

const create = (body: unknown) =>
  call(app, { method: 'POST', url: '/api/campaigns?response=true', token: owner.token, body });

const storedCaps = (id: string) =>
  testApp.db
    .selectFrom('campaigns')
    .select([
      'max_cashback_pence',
      'max_transactions_per_card',
      'max_transactions_per_interval',
      'max_spend_per_interval_pence',
      'cap_interval',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function countOfBrand() {
  const row = await testApp.db
    .selectFrom('campaigns')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('brand_id', '=', owner.brandId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('caps on a campaign', () => {
  it('stores every cap in pence, reads them back as the form has them, and edits them', async () => {
    const created = await create(campaignBody(owner.brandId, '2031-04', caps));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().campaign._id as string;
    expect(await storedCaps(id)).toEqual({
      max_cashback_pence: 550,
      max_transactions_per_card: 3,
      max_transactions_per_interval: 1,
      max_spend_per_interval_pence: 12_025,
      cap_interval: 'week',
    });
    const read = await call(app, { method: 'GET', url: `/api/campaigns/${id}`, token: owner.token });
    expect(read.json().campaign).toMatchObject({
      ...caps,
      caps: '≤ £5.50 a transaction · 3 per card · 1 per card a week · £120.25 spend per card a week',
    });

    const edited = await call(app, {
      method: 'PUT',
      url: `/api/campaigns/${id}`,
      token: owner.token,
      body: campaignBody(owner.brandId, '2031-04', {
        maxCashbackPerTransaction: '',
        maxTransactionsPerCard: 2,
        maxTransactionsPerCardPerInterval: null,
        maxSpendPerCardPerInterval: '',
        capInterval: '',
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await storedCaps(id)).toEqual({
      max_cashback_pence: null,
      max_transactions_per_card: 2,
      max_transactions_per_interval: null,
      max_spend_per_interval_pence: null,
      cap_interval: null,
    });
    const listed = await listCampaigns(app, owner.token, 'future');
    expect(listed.statusCode, listed.body).toBe(200);
    const row = (listed.json().campaigns as { _id: string; caps: string }[]).find((c) => c._id === id);
    expect(row?.caps).toBe('2 per card');
  });

  it('has no caps when none is given', async () => {
    const created = await create(campaignBody(owner.brandId, '2031-05'));
    expect(created.statusCode, created.body).toBe(201);
    expect(await storedCaps(created.json().campaign._id)).toEqual({
      max_cashback_pence: null,
      max_transactions_per_card: null,
      max_transactions_per_interval: null,
      max_spend_per_interval_pence: null,
      cap_interval: null,
    });
  });

  it.each([
    ['a zero count', { maxTransactionsPerCard: 0 }, m.caps.countInvalid(m.caps.maxTransactionsPerCard)],
    ['a negative count', { maxTransactionsPerCard: -2 }, m.caps.countInvalid(m.caps.maxTransactionsPerCard)],
    [
      'a count that is not whole',
      { maxTransactionsPerCardPerInterval: 1.5, capInterval: 'day' },
      m.caps.countInvalid(m.caps.maxTransactionsPerCardPerInterval),
    ],
    [
      'a zero cashback cap',
      { maxCashbackPerTransaction: 0 },
      m.amountInvalid(m.numberFieldNames.maxCashbackPerTransaction),
    ],
    [
      'a negative spend cap',
      { maxSpendPerCardPerInterval: -10, capInterval: 'day' },
      m.amountInvalid(m.numberFieldNames.maxSpendPerCardPerInterval),
    ],
    [
      'a cashback cap in fractions of a penny',
      { maxCashbackPerTransaction: 1.005 },
      m.amountInvalid(m.numberFieldNames.maxCashbackPerTransaction),
    ],
    ['a per-interval cap with no interval', { maxSpendPerCardPerInterval: 50 }, m.caps.intervalRequired],
    ['an interval with no per-interval cap', { capInterval: 'month' }, m.caps.intervalNotUsed],
    [
      'an interval that is not one',
      { maxTransactionsPerCardPerInterval: 1, capInterval: 'fortnight' },
      m.caps.intervalRequired,
    ],
    ['a count as text', { maxTransactionsPerCard: '3' }, m.caps.countInvalid(m.caps.maxTransactionsPerCard)],
  ])('refuses %s with 400, storing nothing', async (_case, bad, message) => {
    const before = await countOfBrand();
    const response = await create(campaignBody(owner.brandId, '2031-06', bad));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errorMessage).toBe(message);
    expect(await countOfBrand()).toBe(before);
  });
});

describe('the fuzz test’s reach (fuzz-harness.ts reads the OpenAPI document)', () => {
  it.each([
    ['/api/campaigns', 'post'],
    ['/api/campaigns/{id}', 'put'],
  ])('lists every cap in the body of %s (%s), so hostile values are sent to each', (path, method) => {
    const document = app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: { properties: object } }> } }>
      >;
    };
    const body = document.paths[path]![method]!.requestBody.content['application/json']!.schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(Object.keys(caps)));
  });
});
