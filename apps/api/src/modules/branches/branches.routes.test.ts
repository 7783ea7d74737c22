import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { everyWeekDay, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import type { DB } from '../../db/database.generated.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

const m = messages.branch;

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const email of [
    'companyadmin@demo.test',
    'brandadmin@demo.test',
    'groupadmin@demo.test',
    'admin@demo.test',
    'bank@demo.test',
  ]) {
    tokens[email] = (await loginAs(app, email)).token;
  }
});

afterAll(async () => {
  await testApp?.close();
});

let branchCounter = 0;

/** A branch of its own for a test that changes it. */
async function branch(values: Partial<Insertable<DB['branches']>> = {}) {
  branchCounter += 1;
  const row = await testApp.db
    .insertInto('branches')
    .values({
      brand_id: ids.brands.standalone,
      name: `Test Branch ${branchCounter}`,
      postcode: 'N1 9AA',
      mastercard_merchant_id: `99${branchCounter}`,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function stored(id: string) {
  return testApp.db.selectFrom('branches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function demoBranch(name: string) {
  const row = await testApp.db
    .selectFrom('branches')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

const newBranch = {
  name: 'Green Fork Angel',
  kmid: 'KM5999999',
  postcode: 'N1 1QP',
  postalTown: 'London',
  address: '112 Upper Street',
  contactName: 'Mary Jones',
  contactPhone: '020 7946 0101',
  contactEmail: 'angel@greenfork.test',
  tripadvisorUrl: 'https://www.tripadvisor.co.uk/Restaurant_Review-Green_Fork_Angel',
  merchantIds: { merchantId: '4419001', amexMerchantID: 'AX4419001' },
};

describe('GET /api/merchants/getMerchantByBrandId', () => {
  it("lists a brand's branches other than deleted ones, saying which a campaign may use", async () => {
    const response = await call(app, {
      url: `/api/merchants/getMerchantByBrandId?brandId=${ids.brands.groupBrandB}`,
      token: tokens['groupadmin@demo.test'],
    });

    expect(response.statusCode).toBe(200);
    const merchants = response.json().merchants as { name: string; status: string; selectable: boolean }[];
    expect(merchants.map((merchant) => merchant.status).sort()).toEqual(['Active', 'Active']);
    for (const merchant of merchants) {
      expect(merchant.selectable).toBe(merchant.status === 'Active' || merchant.status === 'Approved');
    }
  });

  it('leaves deleted branches out, says Approved and Active ones are selectable and who created each', async () => {
    const response = await call(app, {
      url: `/api/merchants/getMerchantByBrandId?brandId=${ids.brands.groupBrandA}`,
      token: tokens['groupadmin@demo.test'],
    });

    const merchants = response.json().merchants as {
      status: string;
      selectable: boolean;
      createdByBrandUser: boolean;
    }[];
    expect(
      merchants.map((merchant) => [merchant.status, merchant.selectable, merchant.createdByBrandUser]).sort(),
    ).toEqual([
      ['Active', true, false],
      ['Approved', true, true],
      ['Pending', false, true],
    ]);
  });

  it("answers 404 for another tenant's brand and 400 for a malformed id", async () => {
    const foreign = await call(app, {
      url: `/api/merchants/getMerchantByBrandId?brandId=${ids.brands.groupBrandA}`,
      token: tokens['companyadmin@demo.test'],
    });
    const malformed = await call(app, {
      url: '/api/merchants/getMerchantByBrandId?brandId=1',
      token: tokens['companyadmin@demo.test'],
    });

    expect(foreign.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ brandId: messages.validation.idInvalid });
  });
});

describe('POST /api/merchants', () => {
  it('adds a Pending branch to the caller’s brand, marked as created by a brand user', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants',
      token: tokens['companyadmin@demo.test'],
      body: { ...newBranch, brandId: ids.brands.standalone },
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      respCode: 200,
      respMessage: m.added,
      details: {
        name: 'Green Fork Angel',
        kmid: 'KM5999999',
        status: 'Pending',
        contactPhone: '02079460101',
        brandName: 'Green Fork',
        createdByBrandUser: true,
        defaultBranch: false,
        merchantIds: { merchantId: '4419001', amexMerchantID: 'AX4419001', zettleMerchantID: null },
      },
    });
  });

  it('refuses a second live branch of the same directory venue in one brand', async () => {
    const body = {
      ...newBranch,
      name: 'Green Fork Angel Again',
      kmid: 'KM5999998',
      merchantIds: { merchantId: '4419002' },
      brandId: ids.brands.standalone,
    };
    const first = await call(app, {
      method: 'POST',
      url: '/api/merchants',
      token: tokens['brandadmin@demo.test'],
      body,
    });
    const second = await call(app, {
      method: 'POST',
      url: '/api/merchants',
      token: tokens['brandadmin@demo.test'],
      body: { ...body, merchantIds: { merchantId: '4419004' } },
    });

    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'conflict', errorMessage: m.alreadyAdded });
  });

  it.each([
    { field: 'name', value: 'Ab', message: m.nameMin },
    { field: 'postcode', value: '12345', message: m.postcodeInvalid },
    { field: 'contactName', value: 'R2D2', message: m.contactNameInvalid },
    { field: 'contactPhone', value: 'call me', message: m.contactPhoneInvalid },
    { field: 'contactEmail', value: 'nope', message: m.contactEmailInvalid },
    { field: 'tripadvisorUrl', value: 'javascript:alert(1)', message: m.linkInvalid },
  ])(
    'answers 400 with "$message" for a bad $field, and stores nothing',
    async ({ field, value, message }) => {
      const before = await testApp.db
        .selectFrom('branches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();

      const response = await call(app, {
        method: 'POST',
        url: '/api/merchants',
        token: tokens['companyadmin@demo.test'],
        body: { ...newBranch, kmid: null, [field]: value, brandId: ids.brands.standalone },
      });

      const after = await testApp.db
        .selectFrom('branches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
      expect(after.n).toBe(before.n);
    },
  );

  it('refuses a status or creator smuggled into the form', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants',
      token: tokens['companyadmin@demo.test'],
      body: { ...newBranch, kmid: null, status: 'Active', brandId: ids.brands.standalone },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.status).toBe(messages.validation.unexpectedField);
  });

  it("answers 404 for another tenant's brand", async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants',
      token: tokens['companyadmin@demo.test'],
      body: { ...newBranch, kmid: null, brandId: ids.brands.groupBrandA },
    });

    expect(response.statusCode).toBe(404);
  });

  it('lets a group admin add to either brand of the group', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants',
      token: tokens['groupadmin@demo.test'],
      body: {
        ...newBranch,
        kmid: null,
        name: 'Ember Pizza Stockport',
        merchantIds: { merchantId: '4419003' },
        brandId: ids.brands.groupBrandB,
      },
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().details.brandName).toBe('Ember Pizza Co');
  });
});

describe('PUT /api/merchants/:id', () => {
  it('edits a default branch', async () => {
    const id = await branch({ default_branch: true, status: 'Active' });

    const response = await call(app, {
      method: 'PUT',
      url: `/api/merchants/${id}`,
      token: tokens['companyadmin@demo.test'],
      body: { address: '1 New Street', contactEmail: 'new@greenfork.test' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      respCode: 205,
      respMessage: m.updated,
      details: {
        address: '1 New Street',
        contactEmail: 'new@greenfork.test',
        status: 'Active',
        defaultBranch: true,
      },
    });
  });

  it('saves one merchant ID at a time, as the inline editor does, leaving the others', async () => {
    const id = await branch({ amex_merchant_id: 'AX1' });

    const response = await call(app, {
      method: 'PUT',
      url: `/api/merchants/${id}`,
      token: tokens['companyadmin@demo.test'],
      body: { merchantIds: { zettleMerchantID: 'ZT77' } },
    });

    expect(response.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ amex_merchant_id: 'AX1', zettle_merchant_id: 'ZT77' });
  });

  it('clears a merchant ID sent empty', async () => {
    const id = await branch({ amex_merchant_id: 'AX2' });

    await call(app, {
      method: 'PUT',
      url: `/api/merchants/${id}`,
      token: tokens['companyadmin@demo.test'],
      body: { merchantIds: { amexMerchantID: '' } },
    });

    expect((await stored(id)).amex_merchant_id).toBeNull();
  });

  it('keeps the directory choice locked: a name or kmid is refused', async () => {
    const id = await branch();

    const response = await call(app, {
      method: 'PUT',
      url: `/api/merchants/${id}`,
      token: tokens['companyadmin@demo.test'],
      body: { name: 'Renamed' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ name: messages.validation.unexpectedField });
  });

  it('refuses to edit a deleted branch', async () => {
    const id = await branch({ status: 'Deleted' });

    const response = await call(app, {
      method: 'PUT',
      url: `/api/merchants/${id}`,
      token: tokens['companyadmin@demo.test'],
      body: { address: 'x' },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.actionNotAllowed });
  });

  it("answers 404 for another tenant's branch and for none at all", async () => {
    const foreign = await call(app, {
      method: 'PUT',
      url: `/api/merchants/${await demoBranch('Harbour Kitchen York')}`,
      token: tokens['companyadmin@demo.test'],
      body: { address: 'x' },
    });
    const missing = await call(app, {
      method: 'PUT',
      url: '/api/merchants/00000000-0000-4000-8000-000000000000',
      token: tokens['companyadmin@demo.test'],
      body: { address: 'x' },
    });

    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
  });
});

describe('a merchant ID belongs to one branch of one brand at a time', () => {
  /** A live branch of the group's brand Ember Pizza Co holding the MID. */
  async function heldByAnotherBrand(mid: string) {
    return branch({ brand_id: ids.brands.groupBrandB, status: 'Active', mastercard_merchant_id: mid });
  }

  it("refuses an edit that would take another brand's MID, changing nothing", async () => {
    await heldByAnotherBrand('TAKEOVER-1');
    const own = await branch({ status: 'Active', amex_merchant_id: 'OWN-AX-1' });

    const response = await call(app, {
      method: 'PUT',
      url: `/api/merchants/${own}`,
      token: tokens['brandadmin@demo.test'],
      body: { merchantIds: { zettleMerchantID: 'TAKEOVER-1' }, address: '9 Changed Street' },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      errorMessage: messages.branch.merchantIdInUse('TAKEOVER-1'),
    });
    expect(await stored(own)).toMatchObject({ status: 'Active', zettle_merchant_id: null, address: null });
  });

  it('refuses a new branch claiming a MID in use, in any of its three columns', async () => {
    await heldByAnotherBrand('TAKEOVER-2');

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants',
      token: tokens['companyadmin@demo.test'],
      body: {
        ...newBranch,
        kmid: null,
        name: 'Green Fork Claimant',
        merchantIds: { amexMerchantID: 'TAKEOVER-2' },
        brandId: ids.brands.standalone,
      },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      errorMessage: messages.branch.merchantIdInUse('TAKEOVER-2'),
    });
  });

  it('lets a MID go to a new branch once the branch that held it is rejected or deleted', async () => {
    await branch({ brand_id: ids.brands.groupBrandB, status: 'Rejected', mastercard_merchant_id: 'FREED-1' });
    await branch({ brand_id: ids.brands.groupBrandB, status: 'Deleted', mastercard_merchant_id: 'FREED-2' });

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants',
      token: tokens['companyadmin@demo.test'],
      body: {
        ...newBranch,
        kmid: null,
        name: 'Green Fork Freed',
        merchantIds: { merchantId: 'FREED-1', zettleMerchantID: 'FREED-2' },
        brandId: ids.brands.standalone,
      },
    });

    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses the same MID on two branches of one wizard save, storing none', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/createMultiple',
      token: tokens['companyadmin@demo.test'],
      body: ['Green Fork Twin A', 'Green Fork Twin B'].map((name) => ({
        name,
        postcode: 'SW4 0HY',
        contactPhone: '02079460102',
        contactEmail: 'twins@greenfork.test',
        merchantIds: { merchantId: 'TWIN-1' },
        brandId: ids.brands.standalone,
      })),
    });

    const twins = await testApp.db
      .selectFrom('branches')
      .select('id')
      .where('name', 'like', 'Green Fork Twin%')
      .execute();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      errorMessage: messages.branch.duplicateMerchantId('TWIN-1'),
    });
    expect(twins).toEqual([]);
  });

  it('gives a MID to one of two brands claiming it at the same moment, never both', async () => {
    const claim = (brandId: string, token: string, name: string) =>
      call(app, {
        method: 'POST',
        url: '/api/merchants',
        token,
        body: { ...newBranch, kmid: null, name, merchantIds: { merchantId: 'RACE-1' }, brandId },
      });

    const answers = await Promise.all([
      claim(ids.brands.standalone, tokens['companyadmin@demo.test']!, 'Green Fork Racer'),
      claim(ids.brands.groupBrandB, tokens['groupadmin@demo.test']!, 'Ember Pizza Racer'),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const holders = await testApp.db
      .selectFrom('branches')
      .select('id')
      .where('mastercard_merchant_id', '=', 'RACE-1')
      .execute();
    expect(holders).toHaveLength(1);
  });
});

describe('DELETE /api/merchants/:id', () => {
  it('marks a branch Deleted', async () => {
    const id = await branch();

    const response = await call(app, {
      method: 'DELETE',
      url: `/api/merchants/${id}`,
      token: tokens['brandadmin@demo.test'],
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 206, respMessage: m.deleted });
    expect((await stored(id)).status).toBe('Deleted');
  });

  it('never deletes a default branch', async () => {
    const id = await branch({ default_branch: true });

    const response = await call(app, {
      method: 'DELETE',
      url: `/api/merchants/${id}`,
      token: tokens['brandadmin@demo.test'],
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.defaultBranchNotDeletable });
    expect((await stored(id)).status).toBe('Pending');
  });

  it("answers 404 for another tenant's branch and 400 for a malformed id", async () => {
    const foreign = await call(app, {
      method: 'DELETE',
      url: `/api/merchants/${await demoBranch('Green Fork Shoreditch')}`,
      token: tokens['groupadmin@demo.test'],
    });
    const malformed = await call(app, {
      method: 'DELETE',
      url: '/api/merchants/42',
      token: tokens['groupadmin@demo.test'],
    });

    expect(foreign.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST /api/merchants/multiRemove', () => {
  it('deletes every ticked branch', async () => {
    const ticked = [await branch(), await branch({ status: 'Active', created_by_brand_user: true })];

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiRemove',
      token: tokens['companyadmin@demo.test'],
      body: { selectedIds: ticked, action: 'DELETE' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 206, respMessage: m.deleted });
    for (const id of ticked) expect((await stored(id)).status).toBe('Deleted');
  });

  it("lets the system admin delete ticked Rejected rows and a brand user's Approved ones, as spec 2 §4's table offers", async () => {
    const rejected = [await branch({ status: 'Rejected' }), await branch({ status: 'Rejected' })];
    const brandUsers = [await branch({ status: 'Approved', created_by_brand_user: true })];

    for (const ticked of [rejected, brandUsers]) {
      const response = await call(app, {
        method: 'POST',
        url: '/api/merchants/multiRemove',
        token: tokens['admin@demo.test'],
        body: { selectedIds: ticked, action: 'DELETE' },
      });
      expect(response.statusCode, response.body).toBe(200);
      for (const id of ticked) expect((await stored(id)).status).toBe('Deleted');
    }
  });

  it('refuses a bank user, who reviews branches but deletes none', async () => {
    const rejected = await branch({ status: 'Rejected', brand_id: ids.brands.standalone });
    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiRemove',
      token: tokens['bank@demo.test'],
      body: { selectedIds: [rejected], action: 'DELETE' },
    });
    expect(response.statusCode).toBe(403);
    expect((await stored(rejected)).status).toBe('Rejected');
  });

  it('changes nothing when one ticked branch is a default branch', async () => {
    const plain = await branch();
    const fallback = await branch({ default_branch: true });

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiRemove',
      token: tokens['companyadmin@demo.test'],
      body: { selectedIds: [plain, fallback], action: 'DELETE' },
    });

    expect(response.statusCode).toBe(409);
    expect((await stored(plain)).status).toBe('Pending');
  });

  it("changes nothing when one ticked branch is another tenant's", async () => {
    const own = await branch();
    const foreign = await branch({ brand_id: ids.brands.groupBrandA });

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiRemove',
      token: tokens['companyadmin@demo.test'],
      body: { selectedIds: [own, foreign], action: 'DELETE' },
    });

    expect(response.statusCode).toBe(404);
    expect((await stored(own)).status).toBe('Pending');
    expect((await stored(foreign)).status).toBe('Pending');
  });

  it('changes nothing when the operator-side rows do not share one status', async () => {
    const active = await branch({ status: 'Active' });
    const rejected = await branch({ status: 'Rejected' });

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiRemove',
      token: tokens['companyadmin@demo.test'],
      body: { selectedIds: [active, rejected], action: 'DELETE' },
    });

    expect(response.statusCode).toBe(409);
    expect((await stored(active)).status).toBe('Active');
  });

  it('takes DELETE only', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiRemove',
      token: tokens['companyadmin@demo.test'],
      body: { selectedIds: [await branch()], action: 'APPROVE' },
    });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toEqual(['action']);
  });
});

describe('POST /api/merchants/multiApprove', () => {
  it('approves ticked operator-side branches, recording who, the comments and when', async () => {
    const ticked = [await branch({ status: 'Deleted' }), await branch({ status: 'Deleted' })];

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: tokens['admin@demo.test'],
      body: { selectedIds: ticked, action: 'APPROVE', comments: 'Restored after review' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 205, respMessage: m.approved });
    for (const id of ticked) {
      const row = await stored(id);
      expect(row).toMatchObject({
        status: 'Approved',
        approved_by: 'admin@demo.test',
        comments: 'Restored after review',
      });
      expect(row.activated_at).toBeInstanceOf(Date);
    }
  });

  it('rejects with a reason, clearing the activated date', async () => {
    const id = await branch({ status: 'Active', activated_at: new Date('2025-01-01T00:00:00Z') });

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: tokens['bank@demo.test'],
      body: { selectedIds: [id], action: 'REJECT', comments: 'MID unknown to the network' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().respMessage).toBe(m.rejected);
    expect(await stored(id)).toMatchObject({
      status: 'Rejected',
      approved_by: 'bank@demo.test',
      activated_at: null,
    });
  });

  it("confirms a brand user's new branch while it is Pending, so a campaign can run at it", async () => {
    const id = await branch({ status: 'Pending', created_by_brand_user: true });

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: tokens['admin@demo.test'],
      body: { selectedIds: [id], action: 'APPROVE' },
    });

    expect(response.statusCode).toBe(200);
    expect((await stored(id)).status).toBe('Approved');
  });

  it("refuses to approve a brand user's branch in any other status, changing nothing", async () => {
    const id = await branch({ status: 'Rejected', created_by_brand_user: true });

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: tokens['admin@demo.test'],
      body: { selectedIds: [id], action: 'APPROVE' },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.actionNotAllowed });
    expect((await stored(id)).status).toBe('Rejected');
  });

  it('refuses to approve an Active branch and to reject without a reason', async () => {
    const id = await branch({ status: 'Active' });

    const approve = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: tokens['admin@demo.test'],
      body: { selectedIds: [id], action: 'APPROVE' },
    });
    const reject = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: tokens['admin@demo.test'],
      body: { selectedIds: [id], action: 'REJECT' },
    });

    expect(approve.statusCode).toBe(409);
    expect(reject.statusCode).toBe(400);
    expect(reject.json().fieldErrors.comments).toBe(m.rejectCommentsRequired);
  });

  it("lets a brand admin approve its brand's branches the operator side created, while Pending", async () => {
    const ticked = [await branch({ status: 'Pending' }), await branch({ status: 'Pending' })];

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: tokens['companyadmin@demo.test'],
      body: { selectedIds: ticked, action: 'APPROVE', comments: 'Ours' },
    });

    expect(response.statusCode).toBe(200);
    for (const id of ticked) {
      expect(await stored(id)).toMatchObject({ status: 'Approved', approved_by: 'companyadmin@demo.test' });
    }
  });

  it.each([
    [
      "a brand user's new branch, which waits for the operator",
      { status: 'Pending', created_by_brand_user: true },
    ],
    ['an operator-side branch no longer Pending', { status: 'Rejected' }],
    ['an operator-side branch that is Active', { status: 'Active' }],
  ] as const)('refuses a brand admin %s, changing nothing', async (_case, values) => {
    const id = await branch(values);

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: tokens['brandadmin@demo.test'],
      body: { selectedIds: [id], action: 'APPROVE' },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.actionNotAllowed });
    expect((await stored(id)).status).toBe(values.status);
  });

  it("answers a brand admin 404 for another brand's branch awaiting its brand, changing nothing", async () => {
    const id = await branch({ brand_id: ids.brands.groupBrandA, status: 'Pending' });

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: tokens['companyadmin@demo.test'],
      body: { selectedIds: [id], action: 'APPROVE' },
    });

    expect(response.statusCode).toBe(404);
    expect((await stored(id)).status).toBe('Pending');
  });

  it('answers 404 for an id that is no branch, changing nothing', async () => {
    const id = await branch({ status: 'Deleted' });

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: tokens['admin@demo.test'],
      body: { selectedIds: [id, '00000000-0000-4000-8000-000000000000'], action: 'APPROVE' },
    });

    expect(response.statusCode).toBe(404);
    expect((await stored(id)).status).toBe('Deleted');
  });
});

describe('POST /api/users/approveMerchantId', () => {
  it('approves one branch with comments and answers it', async () => {
    const id = await branch({ status: 'Rejected' });

    const response = await call(app, {
      method: 'POST',
      url: '/api/users/approveMerchantId',
      token: tokens['admin@demo.test'],
      body: { status: 'Approved', MId: id, comments: 'Checked with Visa' },
    });

    expect(response.statusCode).toBe(200);
    const { respMessage, details } = response.json<{ respMessage: string; details: BranchRow }>();
    expect(respMessage).toBe(m.approved);
    expect(details).toMatchObject({
      status: 'Approved',
      approvedBy: 'admin@demo.test',
      comments: 'Checked with Visa',
    });
    expect(details.activatedDate).not.toBeNull();
  });

  it('rejects one branch by PUT as well', async () => {
    const id = await branch({ status: 'Approved' });

    const response = await call(app, {
      method: 'PUT',
      url: '/api/users/approveMerchantId',
      token: tokens['bank@demo.test'],
      body: { status: 'Rejected', MId: id, comments: 'Closed down' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      respMessage: m.rejected,
      details: { status: 'Rejected', activatedDate: null },
    });
  });

  it("lets a brand admin reject its brand's branch the operator side created, with a reason", async () => {
    const id = await branch({ status: 'Pending' });

    const response = await call(app, {
      method: 'PUT',
      url: '/api/users/approveMerchantId',
      token: tokens['brandadmin@demo.test'],
      body: { status: 'Rejected', MId: id, comments: 'Not one of ours' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      respMessage: m.rejected,
      details: { status: 'Rejected', approvedBy: 'brandadmin@demo.test', comments: 'Not one of ours' },
    });
  });

  it("refuses a brand admin a brand user's Pending branch: the operator confirms it", async () => {
    const id = await branch({ status: 'Pending', created_by_brand_user: true });

    const response = await call(app, {
      method: 'POST',
      url: '/api/users/approveMerchantId',
      token: tokens['brandadmin@demo.test'],
      body: { status: 'Approved', MId: id },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.actionNotAllowed });
    expect((await stored(id)).status).toBe('Pending');
  });

  it('refuses a status the rules do not allow (approving an Active branch)', async () => {
    const id = await branch({ status: 'Active' });

    const response = await call(app, {
      method: 'POST',
      url: '/api/users/approveMerchantId',
      token: tokens['admin@demo.test'],
      body: { status: 'Approved', MId: id },
    });

    expect(response.statusCode).toBe(409);
    expect((await stored(id)).status).toBe('Active');
  });

  it('refuses a second live branch of the same venue when restoring a deleted one', async () => {
    await branch({ kmid: 'KM-TWIN', status: 'Active' });
    const deletedTwin = await branch({ kmid: 'KM-TWIN', status: 'Deleted' });

    const response = await call(app, {
      method: 'POST',
      url: '/api/users/approveMerchantId',
      token: tokens['admin@demo.test'],
      body: { status: 'Approved', MId: deletedTwin },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.alreadyAdded });
  });

  it.each([
    { case: 'no status', body: { MId: '00000000-0000-4000-8000-000000000000' }, field: 'status' },
    { case: 'a malformed MId', body: { status: 'Approved', MId: 'x' }, field: 'MId' },
    {
      case: 'an unknown field',
      body: { status: 'Approved', MId: '00000000-0000-4000-8000-000000000000', admin: true },
      field: 'admin',
    },
  ])('answers 400 for $case', async ({ body, field }) => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/users/approveMerchantId',
      token: tokens['admin@demo.test'],
      body,
    });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
  });
});

describe('POST /api/merchants/createMultiple', () => {
  let wizardMids = 0;
  const wizardBranch = (name: string) => ({
    name,
    postcode: 'SW4 0HY',
    contactPhone: '02079460102',
    contactEmail: 'clapham@greenfork.test',
    merchantIds: { merchantId: `44191${String((wizardMids += 1)).padStart(2, '0')}` },
    brandId: ids.brands.standalone,
  });

  it('adds new branches and updates those with an _id, answering their ids in order', async () => {
    const existing = await branch();

    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/createMultiple',
      token: tokens['companyadmin@demo.test'],
      body: [wizardBranch('Green Fork Clapham'), { ...wizardBranch('Renamed In Wizard'), _id: existing }],
    });

    expect(response.statusCode).toBe(200);
    const branches = response.json().details.branch as { updateOne: { filter: { _id: string } } }[];
    expect(branches).toHaveLength(2);
    expect(branches[1]!.updateOne.filter._id).toBe(existing);
    expect((await stored(branches[0]!.updateOne.filter._id)).name).toBe('Green Fork Clapham');
    expect((await stored(existing)).name).toBe('Renamed In Wizard');
  });

  it('needs at least one merchant ID and the contact details on each branch', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/createMultiple',
      token: tokens['companyadmin@demo.test'],
      body: [{ ...wizardBranch('Green Fork Nowhere'), merchantIds: {}, contactEmail: '' }],
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      '0.merchantIds': m.merchantIdRequired,
      '0.contactEmail': m.contactEmailRequired,
    });
  });

  it("stores none when one branch is another tenant's", async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/merchants/createMultiple',
      token: tokens['companyadmin@demo.test'],
      body: [
        wizardBranch('Green Fork Lost'),
        { ...wizardBranch('Elsewhere'), brandId: ids.brands.groupBrandA },
      ],
    });

    const lost = await testApp.db
      .selectFrom('branches')
      .select('id')
      .where('name', '=', 'Green Fork Lost')
      .execute();
    expect(response.statusCode).toBe(404);
    expect(lost).toEqual([]);
  });
});

describe('the branch directory', () => {
  it('finds venues from 3 characters, names that start with the text first', async () => {
    const response = await call(app, {
      url: '/api/branchDirectory?search=green%20fork',
      token: tokens['companyadmin@demo.test'],
    });

    expect(response.statusCode).toBe(200);
    const hits = response.json().data as { merchant_name: string; kmid: string; phone_no: string }[];
    expect(hits.map((hit) => hit.merchant_name)).toContain('Green Fork Angel');
    expect(hits.every((hit) => /^KM/.test(hit.kmid))).toBe(true);
  });

  it('says a search needs 3 characters', async () => {
    const response = await call(app, {
      url: '/api/branchDirectory?search=gr',
      token: tokens['companyadmin@demo.test'],
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.search).toBe(messages.list.searchMin);
  });

  it('creates an entry for a new name and answers its new kmid', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/branchDirectory',
      token: tokens['companyadmin@demo.test'],
      body: {
        branch_name: 'Green Fork Hackney',
        brand_id: ids.brands.standalone,
        postcode: 'E8 1DY',
        city: 'London',
      },
    });
    const found = await call(app, {
      url: '/api/branchDirectory?search=hackney',
      token: tokens['companyadmin@demo.test'],
    });

    expect(response.statusCode).toBe(201);
    const kmid = response.json().data[0].kmid as string;
    expect(kmid).toMatch(/^KM\d{7}$/);
    expect(found.json().data).toEqual([
      expect.objectContaining({ merchant_name: 'Green Fork Hackney', kmid }),
    ]);
  });

  it("answers 404 for creating an entry for another tenant's brand", async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/branchDirectory',
      token: tokens['companyadmin@demo.test'],
      body: { branch_name: 'Somewhere Else', brand_id: ids.brands.groupBrandB },
    });

    expect(response.statusCode).toBe(404);
  });
});

describe("a brand's change of an earning branch's merchant IDs goes to the operator side (spec 2 §4)", () => {
  const edit = (id: string, merchantIds: Record<string, string>, email = 'companyadmin@demo.test') =>
    call(app, { method: 'PUT', url: `/api/merchants/${id}`, token: tokens[email], body: { merchantIds } });
  const review = (id: string, status: 'Approved' | 'Rejected', email = 'admin@demo.test') =>
    call(app, {
      method: 'POST',
      url: '/api/users/approveMerchantId',
      token: tokens[email],
      body: { MId: id, status, comments: status === 'Rejected' ? 'Not this venue' : 'Checked' },
    });
  let campaignId = '';
  /** What a purchase at the MID would earn now: the rule simulator reads the branch as ingestion does. */
  const outcomeAt = async (mid: string) => {
    const response = await call(app, {
      method: 'POST',
      url: `/api/campaigns/${campaignId}/simulate`,
      token: tokens['admin@demo.test'],
      body: { datetime: '2030-06-04T12:00:00-04:00', amountPence: 5000, mid },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.reason as string;
  };

  beforeAll(async () => {
    campaignId = await insertCampaign(testApp.db, {
      brandId: ids.brands.standalone,
      month: '2030-06',
      status: 'Bank Approved',
      values: { week_days: everyWeekDay },
    });
  });

  it('keeps the branch earning on its reviewed IDs while the new ones wait, Updated', async () => {
    const id = await branch({ status: 'Active', mastercard_merchant_id: 'REVIEW-1' });

    const response = await edit(id, { merchantId: 'REVIEW-2' });

    expect(response.statusCode, response.body).toBe(200);
    const details = response.json().details as BranchRow;
    expect(details.status).toBe('Updated');
    expect(details.merchantIds.merchantId).toBe('REVIEW-1');
    expect(details.proposedMerchantIds).toEqual({
      merchantId: 'REVIEW-2',
      amexMerchantID: null,
      zettleMerchantID: null,
    });
    expect((await stored(id)).mastercard_merchant_id).toBe('REVIEW-1');
    expect(await outcomeAt('REVIEW-1')).toBe(messages.simulation.qualified);
    expect(await outcomeAt('REVIEW-2')).toBe(messages.qualification.unknownMerchantId);
  });

  it('other edits leave an approved branch as it is', async () => {
    const id = await branch({ status: 'Active', mastercard_merchant_id: 'REVIEW-SAME' });
    const response = await call(app, {
      method: 'PUT',
      url: `/api/merchants/${id}`,
      token: tokens['companyadmin@demo.test'],
      body: { address: '2 Same Street', merchantIds: { merchantId: 'REVIEW-SAME' } },
    });
    expect(response.statusCode).toBe(200);
    expect((await stored(id)).status).toBe('Active');
  });

  it('lets no brand admin approve it; the system admin approves it and the new IDs earn', async () => {
    const id = await branch({ status: 'Active', mastercard_merchant_id: 'REVIEW-3' });
    await edit(id, { merchantId: 'REVIEW-4', amexMerchantID: 'REVIEW-4A' });

    const byBrand = await review(id, 'Approved', 'companyadmin@demo.test');
    expect(byBrand.statusCode).toBe(409);
    expect((await stored(id)).status).toBe('Updated');

    const byOperator = await review(id, 'Approved');
    expect(byOperator.statusCode, byOperator.body).toBe(200);
    const row = await stored(id);
    expect([row.status, row.mastercard_merchant_id, row.amex_merchant_id, row.approved_by]).toEqual([
      'Approved',
      'REVIEW-4',
      'REVIEW-4A',
      'admin@demo.test',
    ]);
    expect(row.proposed_mastercard_merchant_id).toBeNull();
    expect(await outcomeAt('REVIEW-4')).toBe(messages.simulation.qualified);
    expect(await outcomeAt('REVIEW-3')).toBe(messages.qualification.unknownMerchantId);
  });

  it('rejected, the branch keeps its reviewed IDs and its status before', async () => {
    const id = await branch({ status: 'Approved', mastercard_merchant_id: 'REVIEW-5' });
    await edit(id, { merchantId: 'REVIEW-6' });

    const rejected = await review(id, 'Rejected');

    expect(rejected.statusCode, rejected.body).toBe(200);
    const row = await stored(id);
    expect([
      row.status,
      row.mastercard_merchant_id,
      row.proposed_mastercard_merchant_id,
      row.comments,
    ]).toEqual(['Approved', 'REVIEW-5', null, 'Not this venue']);
    expect(await outcomeAt('REVIEW-5')).toBe(messages.simulation.qualified);
  });

  it('holds the proposed IDs: no other branch may claim them meanwhile', async () => {
    const id = await branch({ status: 'Active', mastercard_merchant_id: 'REVIEW-7' });
    await edit(id, { merchantId: 'REVIEW-8' });
    const other = await branch({ status: 'Pending', mastercard_merchant_id: 'REVIEW-OTHER' });

    const response = await edit(other, { merchantId: 'REVIEW-8' });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.merchantIdInUse('REVIEW-8') });
  });

  it('going back to the reviewed IDs withdraws the proposal', async () => {
    const id = await branch({ status: 'Active', mastercard_merchant_id: 'REVIEW-9' });
    await edit(id, { merchantId: 'REVIEW-10' });

    const back = await edit(id, { merchantId: 'REVIEW-9' });

    expect(back.json().details).toMatchObject({ status: 'Active', proposedMerchantIds: null });
  });

  it('a branch not yet reviewed takes its new IDs as they are', async () => {
    const id = await branch({ status: 'Pending', mastercard_merchant_id: 'REVIEW-11' });
    const response = await edit(id, { merchantId: 'REVIEW-12' });
    expect(response.json().details).toMatchObject({
      status: 'Pending',
      merchantIds: { merchantId: 'REVIEW-12' },
      proposedMerchantIds: null,
    });
  });
});
