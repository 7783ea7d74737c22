import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

/**
 * The rule simulator (POST /api/campaigns/:id/simulate). A brand of the test's own in
 * the default timezone (America/New_York): a June 2025 campaign of 10% cashback and a 10% success
 * fee from 11:00 to 15:00 every day at its one branch (MID SIM-MC-1), its first campaign month so
 * the fee is waived, and a July one for new customers with £5 off a spend of £20 or more.
 */

let testApp: TestApp;
let app: App;
let adminToken: string;
let branchId: string;
let juneCampaign: string;
let julyCampaign: string;

const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function simulate(campaignId: string, body: object, token = adminToken) {
  return call(app, { method: 'POST', url: `/api/campaigns/${campaignId}/simulate`, token, body });
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  adminToken = (await loginAs(app, 'admin@demo.test')).token;
  const brand = await testApp.db
    .insertInto('brands')
    .values({ name: 'Simulator Brand' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const branch = await testApp.db
    .insertInto('branches')
    .values({
      brand_id: brand.id,
      name: 'Simulator Branch',
      status: 'Active',
      mastercard_merchant_id: 'SIM-MC-1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  branchId = branch.id;
  juneCampaign = await insertCampaign(testApp.db, {
    brandId: brand.id,
    month: '2025-06',
    status: 'Bank Approved',
    discountPercent: 10,
    successFee: 10,
    allBranches: true,
    values: { week_days: JSON.stringify(everyDay), start_time: '11:00', end_time: '15:00' },
  });
  julyCampaign = await insertCampaign(testApp.db, {
    brandId: brand.id,
    month: '2025-07',
    status: 'Bank Approved',
    customerType: 'new',
    discountType: 'dv',
    discountPercent: null,
    allBranches: true,
    values: {
      week_days: JSON.stringify(everyDay),
      discount_amount_pence: 2000,
      discount_value_pence: 500,
    },
  });
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/campaigns/:id/simulate', () => {
  it('qualifies a purchase in the campaign hours, with its cashback and the waived fee', async () => {
    const response = await simulate(juneCampaign, {
      datetime: '2025-06-11T12:00:00-04:00',
      amountPence: 5000,
      mid: 'SIM-MC-1',
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      respCode: 200,
      result: {
        outcome: 'qualified',
        reason: messages.simulation.qualified,
        cashbackPence: 500,
        successFeePence: 0,
        customerType: 'new',
        offerType: 'dp',
        successFeeFree: true,
      },
    });
  });

  it('names the reason a purchase does not qualify', async () => {
    const cases = [
      // 20:00 is after the 15:00 end.
      [juneCampaign, { datetime: '2025-06-11T20:00:00-04:00', amountPence: 5000, branchId }],
      [juneCampaign, { datetime: '2025-07-11T12:00:00-04:00', amountPence: 5000, branchId }],
      [juneCampaign, { datetime: '2025-06-11T12:00:00-04:00', amountPence: 5000, mid: 'NOBODY' }],
      [julyCampaign, { datetime: '2025-07-11T12:00:00-04:00', amountPence: 1999, branchId }],
      // Bought at the brand two months before: not a new customer.
      [
        julyCampaign,
        {
          datetime: '2025-07-11T12:00:00-04:00',
          amountPence: 2500,
          branchId,
          lastPurchaseAt: '2025-05-11T12:00:00-04:00',
          averageSpendPence: 2500,
        },
      ],
    ] as const;
    const reasons = [];
    for (const [campaign, body] of cases) {
      const response = await simulate(campaign, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result).toMatchObject({ outcome: 'notQualified', cashbackPence: 0 });
      reasons.push(response.json().result.reason);
    }

    expect(reasons).toEqual([
      messages.qualification.outsideCampaignHours,
      messages.qualification.notInCampaignMonth,
      messages.qualification.unknownMerchantId,
      messages.qualification.belowMinimumSpend,
      messages.qualification.customerTypeMismatch,
    ]);
  });

  it('gives the fixed cashback of a minimum-spend campaign from the minimum up', async () => {
    const response = await simulate(julyCampaign, {
      datetime: '2025-07-11T12:00:00-04:00',
      amountPence: 2000,
      branchId,
    });

    expect(response.json().result).toMatchObject({
      outcome: 'qualified',
      cashbackPence: 500,
      offerType: 'dv',
    });
  });

  it('measures a branch of another brand as not in the campaign', async () => {
    const ids = await demoIds(testApp.db);
    const other = await testApp.db
      .selectFrom('branches')
      .select('id')
      .where('brand_id', '=', ids.brands.standalone)
      .where('status', '=', 'Active')
      .executeTakeFirstOrThrow();

    const response = await simulate(juneCampaign, {
      datetime: '2025-06-11T12:00:00-04:00',
      amountPence: 5000,
      branchId: other.id,
    });

    expect(response.json().result.reason).toBe(messages.qualification.branchNotInCampaign);
  });

  it('agrees with ingestion: a Rejected branch of the brand earns nothing on an all-branches campaign', async () => {
    const rejected = await testApp.db
      .insertInto('branches')
      .values({
        brand_id: (
          await testApp.db
            .selectFrom('branches')
            .select('brand_id')
            .where('id', '=', branchId)
            .executeTakeFirstOrThrow()
        ).brand_id,
        name: 'Simulator Rejected Branch',
        status: 'Rejected',
        mastercard_merchant_id: 'SIM-MC-REJECTED',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const byBranch = await simulate(juneCampaign, {
      datetime: '2025-06-11T12:00:00-04:00',
      amountPence: 5000,
      branchId: rejected.id,
    });
    const byMid = await simulate(juneCampaign, {
      datetime: '2025-06-11T12:00:00-04:00',
      amountPence: 5000,
      mid: 'SIM-MC-REJECTED',
    });

    expect(byBranch.json().result.reason).toBe(messages.qualification.branchNotApproved);
    expect(byMid.json().result.reason).toBe(messages.qualification.branchNotApproved);
  });

  it('stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await testApp.db
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await simulate(juneCampaign, { datetime: '2025-06-11T12:00:00-04:00', amountPence: 5000, branchId });

    expect(await count()).toBe(before);
  });

  it('refuses a sample without exactly one of MID and branch, or with a later last purchase', async () => {
    const both = await simulate(juneCampaign, {
      datetime: '2025-06-11T12:00:00-04:00',
      amountPence: 5000,
      mid: 'SIM-MC-1',
      branchId,
    });
    const neither = await simulate(juneCampaign, {
      datetime: '2025-06-11T12:00:00-04:00',
      amountPence: 5000,
    });
    const later = await simulate(juneCampaign, {
      datetime: '2025-06-11T12:00:00-04:00',
      amountPence: 5000,
      branchId,
      lastPurchaseAt: '2025-06-12T12:00:00-04:00',
    });
    const pounds = await simulate(juneCampaign, {
      datetime: '2025-06-11T12:00:00-04:00',
      amountPence: 50.5,
      branchId,
    });

    expect([both.statusCode, neither.statusCode, later.statusCode, pounds.statusCode]).toEqual([
      400, 400, 400, 400,
    ]);
    expect(both.json().fieldErrors).toMatchObject({ mid: messages.simulation.branchOrMid });
    expect(later.json().fieldErrors).toMatchObject({
      lastPurchaseAt: messages.simulation.lastPurchaseInvalid,
    });
    expect(pounds.json().fieldErrors).toMatchObject({ amountPence: messages.simulation.amountInvalid });
  });

  it('answers 404 for an unknown campaign and an unknown branch', async () => {
    const campaign = await simulate(randomUUID(), {
      datetime: '2025-06-11T12:00:00-04:00',
      amountPence: 5000,
      branchId,
    });
    const branch = await simulate(juneCampaign, {
      datetime: '2025-06-11T12:00:00-04:00',
      amountPence: 5000,
      branchId: randomUUID(),
    });

    expect([campaign.statusCode, campaign.json().errorMessage]).toEqual([404, messages.campaign.notFound]);
    expect([branch.statusCode, branch.json().errorMessage]).toEqual([
      400,
      messages.simulation.branchNotFound,
    ]);
  });

  it('refuses everyone but the system admin', async () => {
    const { token } = await loginAs(app, 'brandadmin@demo.test');

    const response = await simulate(
      juneCampaign,
      { datetime: '2025-06-11T12:00:00-04:00', amountPence: 5000, branchId },
      token,
    );

    expect(response.statusCode).toBe(403);
  });

  it('applies every cap from the card’s rewards the sample states, naming the cap’s number', async () => {
    await testApp.db
      .updateTable('campaigns')
      .set({ max_transactions_per_card: 3, max_spend_per_interval_pence: 10_000, cap_interval: 'week' })
      .where('id', '=', juneCampaign)
      .execute();
    try {
      const sample = { datetime: '2025-06-11T12:00:00-04:00', amountPence: 5000, mid: 'SIM-MC-1' };
      const refused = await simulate(juneCampaign, { ...sample, rewardedTransactions: 3 });
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json().result).toMatchObject({
        outcome: 'notQualified',
        reason: 'Capped: 3 rewarded transactions per card reached',
      });
      const partly = await simulate(juneCampaign, {
        ...sample,
        rewardedTransactions: 2,
        rewardedTransactionsInInterval: 2,
        rewardedSpendInIntervalPence: 7_000,
      });
      // £30.00 of the £100.00 a week is left: 10% of it.
      expect(partly.json().result).toMatchObject({
        outcome: 'qualified',
        cashbackPence: 300,
        cappedReason: 'Capped: only the spend under £100.00 rewarded spend per card per week earned',
      });
      const wrong = await simulate(juneCampaign, { ...sample, rewardedTransactionsInInterval: 1 });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain(messages.simulation.rewardedInIntervalAboveTotal);
    } finally {
      await testApp.db
        .updateTable('campaigns')
        .set({ max_transactions_per_card: null, max_spend_per_interval_pence: null, cap_interval: null })
        .where('id', '=', juneCampaign)
        .execute();
    }
  });
});
