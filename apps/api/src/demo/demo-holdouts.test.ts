import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { createTestApp, demoIds, type TestApp } from '../test/test-app.ts';
import { demoHoldoutShare } from './demo-campaigns.ts';
import { loadDemoHoldoutPurchases } from './demo-holdouts.ts';
import { demoBankPublisherCode } from './demo-publishers.ts';

/**
 * The demo's holdout at a first start (docs/decisions/0129): Demo Bank honours holdouts, Harbour
 * Kitchen's campaign of this month holds out 10% of its cards, and Demo Bank's purchases there
 * are stored through the real ingestion. Which cards are held out is recomputed here with
 * node:crypto, apart from the domain's hash.
 */
let testApp: TestApp;
let sent = 0;
const now = new Date();
let month = '';
let campaignId = '';
let publisherId = '';
let brandId = '';

/** The bucket by the contract's recipe (incrementality.md), with node:crypto. */
function bucketOf(cardToken: string): number {
  const text = JSON.stringify(['krowd-holdout-v1', publisherId, cardToken, brandId, month]);
  return Number(createHash('sha256').update(text, 'utf8').digest().readBigUInt64BE(0) % 10_000n);
}

beforeAll(async () => {
  testApp = await createTestApp();
  const timeZone = testApp.config.timezone;
  month = currentMonth(now, timeZone);
  brandId = (await demoIds(testApp.db)).brands.groupBrandA;
  const campaign = await testApp.db
    .selectFrom('campaigns')
    .select(['id', 'holdout_share_basis_points'])
    .where('brand_id', '=', brandId)
    .where('start_date', '=', `${month}-01`)
    .executeTakeFirstOrThrow();
  expect(campaign.holdout_share_basis_points).toBe(demoHoldoutShare);
  campaignId = campaign.id;
  const publisher = await testApp.db
    .selectFrom('publishers')
    .select(['id', 'honours_holdouts'])
    .where('code', '=', demoBankPublisherCode)
    .executeTakeFirstOrThrow();
  expect(publisher.honours_holdouts).toBe(true);
  publisherId = publisher.id;
  sent = await loadDemoHoldoutPurchases(testApp.db, { now, timeZone });
}, 120_000);
afterAll(() => testApp?.close());

describe('the demo holdout', () => {
  it('is the one demo campaign with a holdout, and no other publisher honours holdouts', async () => {
    const withHoldout = await testApp.db
      .selectFrom('campaigns')
      .select('id')
      .where('holdout_share_basis_points', '>', 0)
      .execute();
    expect(withHoldout.map((row) => row.id)).toEqual([campaignId]);
    const honouring = await testApp.db
      .selectFrom('publishers')
      .select('code')
      .where('honours_holdouts', '=', true)
      .execute();
    expect(honouring.map((row) => row.code)).toEqual([demoBankPublisherCode]);
  });

  it('stores held-out cards’ purchases as holdout, paid nothing, and the others’ as qualified', async () => {
    // A month whose first weekday is still ahead has no purchases yet (the 1st on a weekend).
    if (sent === 0) return;
    const rows = await testApp.db
      .selectFrom('transactions')
      .select(['card_token', 'outcome', 'reason', 'cashback_pence', 'campaign_id'])
      .where('publisher_id', '=', publisherId)
      .execute();
    expect(rows).toHaveLength(sent);
    const held = rows.filter((row) => bucketOf(row.card_token) < demoHoldoutShare);
    const shown = rows.filter((row) => bucketOf(row.card_token) >= demoHoldoutShare);
    expect(held.length).toBeGreaterThan(0);
    for (const row of held) {
      expect(row).toMatchObject({ outcome: 'notQualified', reason: 'holdout', campaign_id: campaignId });
      expect(Number(row.cashback_pence)).toBe(0);
    }
    for (const row of shown) expect(row).toMatchObject({ outcome: 'qualified', campaign_id: campaignId });
  });

  it('has an assignment for every card that bought, in the arm the hash gives it', async () => {
    if (sent === 0) return;
    const bought = await testApp.db
      .selectFrom('transactions')
      .select('card_token')
      .distinct()
      .where('publisher_id', '=', publisherId)
      .execute();
    const assigned = await testApp.db
      .selectFrom('holdout_assignments')
      .select(['card_token', 'arm', 'source', 'bucket'])
      .where('campaign_id', '=', campaignId)
      .where('publisher_id', '=', publisherId)
      .execute();
    expect(assigned.map((row) => row.card_token).sort()).toEqual(bought.map((row) => row.card_token).sort());
    for (const row of assigned) {
      expect(row.bucket).toBe(bucketOf(row.card_token));
      expect(row.arm).toBe(row.bucket < demoHoldoutShare ? 'holdout' : 'exposed');
      expect(row.source).toBe('transaction');
    }
  });
});
