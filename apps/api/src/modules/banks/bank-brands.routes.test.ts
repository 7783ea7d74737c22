import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import {
  call,
  createTestApp,
  demoIds,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';
import { createBankThroughApi, invitedAdmin, linkBrandsThroughApi } from '../../test/tenants.fixtures.ts';

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
let systemAdmin: SignedIn;
/** The demo bank: programme A, publishing the demo group's brands. */
let bankA: SignedIn;
/** A bank made through the API: programme B, publishing the standalone brand. */
let bankB: { bankId: string; admin: SignedIn };

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  systemAdmin = await loginAs(app, 'admin@demo.test');
  bankA = await loginAs(app, 'bank@demo.test');
  await linkBrandsThroughApi(app, systemAdmin, ids.bankId, [ids.brands.groupBrandA, ids.brands.groupBrandB]);
  bankB = await createBankThroughApi(app, testApp.db, systemAdmin, {
    name: 'Programme B Bank',
    brandIds: [ids.brands.standalone],
  });
});

afterAll(async () => {
  await testApp?.close();
});

/** A branch of the brand the review may approve (set aside by the operator side). */
async function branchOf(brandId: string, status: 'Deleted' | 'Active' = 'Deleted') {
  const row = await testApp.db
    .insertInto('branches')
    .values({ brand_id: brandId, name: `Review ${randomBytes(4).toString('hex')}`, status })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const campaignOf = (brandId: string) =>
  insertCampaign(testApp.db, { brandId, month: '2031-03', timeZone: testApp.config.timezone });

const approveBranch = async (as: SignedIn, brandId: string) =>
  call(app, {
    method: 'POST',
    url: '/api/merchants/multiApprove',
    token: as.token,
    body: { selectedIds: [await branchOf(brandId)], action: 'APPROVE' },
  });

const rejectBranch = async (as: SignedIn, brandId: string) =>
  call(app, {
    method: 'PUT',
    url: '/api/users/approveMerchantId',
    token: as.token,
    body: { status: 'Rejected', MId: await branchOf(brandId, 'Active'), comments: 'Not ours' },
  });

const reviewTemplates = async (as: SignedIn, brandId: string, action: 'confirm' | 'reject') =>
  call(app, {
    method: 'POST',
    url: `/api/campaigns/templateConfirmation/${await campaignOf(brandId)}`,
    token: as.token,
    body: { action },
  });

const statusOfBranch = async (id: string) =>
  (await testApp.db.selectFrom('branches').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

describe("a bank acts only on its own programme's brands", () => {
  it("refuses the demo bank another programme's branches and templates with 404, and changes nothing", async () => {
    const branchId = await branchOf(ids.brands.standalone);
    const approve = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: bankA.token,
      body: { selectedIds: [branchId], action: 'APPROVE' },
    });
    const reject = await rejectBranch(bankA, ids.brands.standalone);
    const campaignId = await campaignOf(ids.brands.standalone);
    const template = await call(app, {
      method: 'POST',
      url: `/api/campaigns/templateConfirmation/${campaignId}`,
      token: bankA.token,
      body: { action: 'reject' },
    });

    for (const response of [approve, reject, template]) expect(response.statusCode).toBe(404);
    expect(await statusOfBranch(branchId)).toBe('Deleted');
    const campaign = await testApp.db
      .selectFrom('campaigns')
      .select('status')
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign.status).toBe('Pending');
  });

  it('lets each bank approve and reject the branches and templates of its own brands', async () => {
    for (const [bank, brandId] of [
      [bankA, ids.brands.groupBrandA],
      [bankB.admin, ids.brands.standalone],
    ] as const) {
      expect((await approveBranch(bank, brandId)).statusCode).toBe(200);
      expect((await rejectBranch(bank, brandId)).statusCode).toBe(200);
      expect((await reviewTemplates(bank, brandId, 'confirm')).statusCode).toBe(200);
      expect((await reviewTemplates(bank, brandId, 'reject')).statusCode).toBe(200);
    }
  });

  it("refuses the new bank the demo group's branches, templates, campaigns and brand (404)", async () => {
    const campaignId = await campaignOf(ids.brands.groupBrandA);
    const responses = [
      await approveBranch(bankB.admin, ids.brands.groupBrandA),
      await rejectBranch(bankB.admin, ids.brands.groupBrandB),
      await reviewTemplates(bankB.admin, ids.brands.groupBrandA, 'confirm'),
      await call(app, { url: `/api/campaigns/${campaignId}`, token: bankB.admin.token }),
      await call(app, { url: `/api/brands/${ids.brands.groupBrandA}`, token: bankB.admin.token }),
      await call(app, { url: `/api/merchants?brandId=${ids.brands.groupBrandA}`, token: bankB.admin.token }),
      await call(app, { url: `/api/groupBrand/getBrandGroupWise/${ids.groupId}`, token: bankB.admin.token }),
    ];

    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', errorMessage: expect.any(String) });
    }
  });

  it('lists a bank only its linked brands, their branches and their groups', async () => {
    const brands = await call(app, { url: '/api/brands/getBrandList', token: bankB.admin.token });
    const branches = await call(app, { url: '/api/merchants?limit=100', token: bankB.admin.token });
    const groups = await call(app, { url: '/api/groupBrand', token: bankA.token });

    expect(brands.json().brands.map((brand: { _id: string }) => brand._id)).toEqual([ids.brands.standalone]);
    expect(new Set(branches.json().data.map((row: { brandId: string }) => row.brandId))).toEqual(
      new Set([ids.brands.standalone]),
    );
    expect(groups.json().groups.map((group: { _id: string }) => group._id)).toEqual([ids.groupId]);
  });

  it('takes access away as soon as the system admin unlinks the brand, and gives it back when linked', async () => {
    const campaignId = await campaignOf(ids.brands.standalone);
    const read = () => call(app, { url: `/api/campaigns/${campaignId}`, token: bankB.admin.token });
    expect((await read()).statusCode).toBe(200);

    await linkBrandsThroughApi(app, systemAdmin, bankB.bankId, []);
    expect((await read()).statusCode).toBe(404);
    expect((await approveBranch(bankB.admin, ids.brands.standalone)).statusCode).toBe(404);

    await linkBrandsThroughApi(app, systemAdmin, bankB.bankId, [ids.brands.standalone]);
    expect((await read()).statusCode).toBe(200);
  });
});

describe('POST /api/banks (the system admin creates a bank)', () => {
  it('creates the bank and its first bank admin, mailed a set-password link; the bank has no brand yet', async () => {
    const admin = invitedAdmin('new-bank');
    const response = await call(app, {
      method: 'POST',
      url: '/api/banks',
      token: systemAdmin.token,
      body: { name: '  Northern Card Programme ', admin },
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      respCode: 200,
      respMessage: messages.bank.created,
      details: { name: 'Northern Card Programme', editable: false },
    });
    const bankId = response.json().details._id;
    const user = await testApp.db
      .selectFrom('users')
      .select(['entity_type', 'bank_id', 'is_bank_admin', 'password_hash', 'role'])
      .where('email', '=', admin.email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      entity_type: 'bank',
      bank_id: bankId,
      is_bank_admin: true,
      password_hash: null,
      role: null,
    });
    const mail = await testApp.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', admin.email)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toMatch(/\/setpassword\//);
    const links = await call(app, { url: `/api/banks/${bankId}/brands`, token: systemAdmin.token });
    expect(links.json()).toEqual({ respCode: 200, brands: [] });
  });

  it('refuses an e-mail already in use with 409 and writes no bank', async () => {
    const before = await testApp.db.selectFrom('banks').select('id').execute();
    const response = await call(app, {
      method: 'POST',
      url: '/api/banks',
      token: systemAdmin.token,
      body: { name: 'Duplicate Admin Bank', admin: { ...invitedAdmin('x'), email: 'bank@demo.test' } },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: messages.user.emailTaken });
    expect(await testApp.db.selectFrom('banks').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses the name of an existing bank, whatever its case, with 409 and writes nothing', async () => {
    const admin = invitedAdmin('same-name');
    const response = await call(app, {
      method: 'POST',
      url: '/api/banks',
      token: systemAdmin.token,
      body: { name: 'programme b BANK', admin },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: messages.bank.nameTaken });
    const user = await testApp.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', admin.email)
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('answers 400 naming the field for a short name or a bad admin e-mail', async () => {
    const short = await call(app, {
      method: 'POST',
      url: '/api/banks',
      token: systemAdmin.token,
      body: { name: 'AB', admin: invitedAdmin('short') },
    });
    const badEmail = await call(app, {
      method: 'POST',
      url: '/api/banks',
      token: systemAdmin.token,
      body: { name: 'Bad Email Bank', admin: { ...invitedAdmin('bad'), email: 'not-an-email' } },
    });

    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ name: messages.bank.nameMin });
    expect(badEmail.statusCode).toBe(400);
    expect(Object.keys(badEmail.json().fieldErrors)).toEqual(['admin.email']);
  });

  it.each(['bank@demo.test', 'clientadmin@demo.test', 'companyadmin@demo.test'])(
    'refuses %s with 403',
    async (email) => {
      const session = await loginAs(app, email);
      const response = await call(app, {
        method: 'POST',
        url: '/api/banks',
        token: session.token,
        body: { name: 'Not Allowed Bank', admin: invitedAdmin('no') },
      });
      expect(response.statusCode).toBe(403);
    },
  );
});

describe('GET and PUT /api/banks/:id/brands (the bank’s linked brands)', () => {
  it('lists the linked brands by name with their group and when they were linked', async () => {
    const response = await call(app, { url: `/api/banks/${ids.bankId}/brands`, token: systemAdmin.token });

    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .brands.map((brand: { _id: string }) => brand._id)
        .sort(),
    ).toEqual([ids.brands.groupBrandA, ids.brands.groupBrandB].sort());
    expect(response.json().brands[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      groupName: expect.any(String),
      linked: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('refuses an id that is not a brand with 400 naming brandIds, and keeps the links as they were', async () => {
    const response = await call(app, {
      method: 'PUT',
      url: `/api/banks/${bankB.bankId}/brands`,
      token: systemAdmin.token,
      body: { brandIds: [ids.brands.guest, '00000000-0000-4000-8000-000000000000'] },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ brandIds: messages.bank.brandUnknown });
    const links = await testApp.db
      .selectFrom('brand_banks')
      .select('brand_id')
      .where('bank_id', '=', bankB.bankId)
      .execute();
    expect(links.map((link) => link.brand_id)).toEqual([ids.brands.standalone]);
  });

  it('answers 404 for a bank that does not exist', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call(app, { url: `/api/banks/${unknown}/brands`, token: systemAdmin.token })).statusCode,
    ).toBe(404);
    const put = await call(app, {
      method: 'PUT',
      url: `/api/banks/${unknown}/brands`,
      token: systemAdmin.token,
      body: { brandIds: [] },
    });
    expect(put.statusCode).toBe(404);
  });

  it('refuses a bank user, even its own bank’s admin, with 403', async () => {
    const read = await call(app, { url: `/api/banks/${bankB.bankId}/brands`, token: bankB.admin.token });
    const write = await call(app, {
      method: 'PUT',
      url: `/api/banks/${bankB.bankId}/brands`,
      token: bankB.admin.token,
      body: { brandIds: [ids.brands.groupBrandA] },
    });

    expect(read.statusCode).toBe(403);
    expect(write.statusCode).toBe(403);
  });
});
