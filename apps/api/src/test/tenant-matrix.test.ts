import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceOf, can, type Capability } from '@krowd/domain/access/access.rules';
import { currentMonth, earliestPauseDate, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { campaignBody, insertCampaign, pauseText } from '../modules/campaigns/campaigns.fixtures.ts';
import {
  call,
  createTestApp,
  demoIds,
  loginAs,
  type App,
  type CallOptions,
  type SignedIn,
  type TestApp,
} from './test-app.ts';
import { createBankThroughApi, createGroupThroughApi, linkBrandsThroughApi } from './tenants.fixtures.ts';

/**
 * The tenant matrix (issue 16 §9): two programmes side by side, each with a bank and a group, the
 * second bank and group created through the product's own API by the system admin. Every
 * tenant-scoped operation is called by every tenant role on a brand of its own tenant and on a brand
 * of the other; no call on the other tenant's data may answer 2xx, and every call on its own that
 * the permission table allows must (so a refusal is the tenant check, not a bad request).
 *
 * Tenant A: the demo group (groupBrandA, groupBrandB) and the demo bank, narrowed to those brands.
 * Tenant B: a group made of the standalone and first-login brands, and a second bank publishing them.
 */

type TenantKey = 'A' | 'B';

interface TenantCaller {
  name: string;
  tenant: TenantKey;
  session: SignedIn;
}

interface Target {
  brandId: string;
  groupId: string;
}

interface Operation {
  capability: Capability;
  request: (target: Target) => CallOptions | Promise<CallOptions>;
}

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const targets = {} as Record<TenantKey, Target>;
const callers: TenantCaller[] = [];

const futureMonth = () => shiftMonth(currentMonth(new Date(), testApp.config.timezone), 2);

const campaignOf = (brandId: string, recurring = false) =>
  insertCampaign(testApp.db, { brandId, month: futureMonth(), timeZone: testApp.config.timezone, recurring });

async function branchOf(brandId: string, status: 'Pending' | 'Deleted' | 'Rejected' | 'Active' = 'Pending') {
  const row = await testApp.db
    .insertInto('branches')
    .values({ brand_id: brandId, name: `Tenant ${randomBytes(4).toString('hex')}`, status })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The tenant-scoped operations, each aimed at a brand (and its group) it is given. */
const operations: Record<string, Operation> = {
  'GET /api/brands/:id': {
    capability: 'brands.read',
    request: ({ brandId }) => ({ url: `/api/brands/${brandId}` }),
  },
  'GET /api/groupBrand/getBrandGroupWise/:id': {
    capability: 'groupBrands.read',
    request: ({ groupId }) => ({ url: `/api/groupBrand/getBrandGroupWise/${groupId}` }),
  },
  'GET /api/campaigns/:id': {
    capability: 'campaigns.read',
    request: async ({ brandId }) => ({ url: `/api/campaigns/${await campaignOf(brandId)}` }),
  },
  'GET /api/campaigns?brandId (future list)': {
    capability: 'campaigns.read',
    request: ({ brandId }) => ({ url: `/api/campaigns?campaignType=future&brandId=${brandId}` }),
  },
  'GET /api/campaigns (dashboard selector, brand)': {
    capability: 'campaigns.read',
    request: ({ brandId }) => ({
      url: `/api/campaigns?campaignType=All&from=dashboard&isGroupAdmin=false&brandId=${brandId}`,
    }),
  },
  'GET /api/campaigns/campaignName': {
    capability: 'campaigns.read',
    request: ({ brandId }) => ({ url: `/api/campaigns/campaignName?brandId=${brandId}` }),
  },
  'PUT /api/campaigns/:id': {
    capability: 'campaigns.edit',
    request: async ({ brandId }) => ({
      method: 'PUT',
      url: `/api/campaigns/${await campaignOf(brandId)}`,
      body: campaignBody(brandId, futureMonth(), { discountPercent: 20 }),
    }),
  },
  'DELETE /api/campaigns/:id': {
    capability: 'campaigns.edit',
    request: async ({ brandId }) => ({
      method: 'DELETE',
      url: `/api/campaigns/${await campaignOf(brandId)}`,
    }),
  },
  'POST /api/campaigns/campaignStartPause/:campaignId': {
    capability: 'campaigns.edit',
    request: async ({ brandId }) => {
      const from = earliestPauseDate(new Date(), testApp.config.timezone);
      return {
        method: 'POST',
        url: `/api/campaigns/campaignStartPause/${await campaignOf(brandId, true)}`,
        body: { range: [pauseText(from, `${from.slice(0, 8)}04`)], action: 'add' },
      };
    },
  },
  'POST /api/campaigns/templateConfirmation/:id (confirm)': {
    capability: 'campaigns.review',
    request: async ({ brandId }) => ({
      method: 'POST',
      url: `/api/campaigns/templateConfirmation/${await campaignOf(brandId)}`,
      body: { action: 'confirm' },
    }),
  },
  'POST /api/campaigns/templateConfirmation/:id (reject)': {
    capability: 'campaigns.review',
    request: async ({ brandId }) => ({
      method: 'POST',
      url: `/api/campaigns/templateConfirmation/${await campaignOf(brandId)}`,
      body: { action: 'reject' },
    }),
  },
  'GET /api/merchants?brandId': {
    capability: 'branches.read',
    request: ({ brandId }) => ({ url: `/api/merchants?page=1&limit=10&brandId=${brandId}` }),
  },
  'GET /api/merchants/getMerchantByBrandId': {
    capability: 'branches.read',
    request: ({ brandId }) => ({ url: `/api/merchants/getMerchantByBrandId?brandId=${brandId}` }),
  },
  'PUT /api/merchants/:id': {
    capability: 'branches.manage',
    request: async ({ brandId }) => ({
      method: 'PUT',
      url: `/api/merchants/${await branchOf(brandId)}`,
      body: { address: '1 Tenant Row' },
    }),
  },
  'DELETE /api/merchants/:id': {
    capability: 'branches.manage',
    request: async ({ brandId }) => ({ method: 'DELETE', url: `/api/merchants/${await branchOf(brandId)}` }),
  },
  'POST /api/merchants/multiApprove (APPROVE)': {
    capability: 'branches.review',
    request: async ({ brandId }) => ({
      method: 'POST',
      url: '/api/merchants/multiApprove',
      body: { selectedIds: [await branchOf(brandId, 'Deleted')], action: 'APPROVE' },
    }),
  },
  'POST /api/merchants/multiApprove (REJECT)': {
    capability: 'branches.review',
    request: async ({ brandId }) => ({
      method: 'POST',
      url: '/api/merchants/multiApprove',
      body: { selectedIds: [await branchOf(brandId, 'Active')], action: 'REJECT', comments: 'No' },
    }),
  },
  'POST /api/users/approveMerchantId': {
    capability: 'branches.review',
    request: async ({ brandId }) => ({
      method: 'POST',
      url: '/api/users/approveMerchantId',
      body: { status: 'Approved', MId: await branchOf(brandId, 'Rejected') },
    }),
  },
  'PUT /api/users/approveMerchantId': {
    capability: 'branches.review',
    request: async ({ brandId }) => ({
      method: 'PUT',
      url: '/api/users/approveMerchantId',
      body: { status: 'Rejected', MId: await branchOf(brandId, 'Active'), comments: 'No' },
    }),
  },
  'GET /api/ingestionLogs?brandId': {
    capability: 'ingestionLogs.read',
    request: ({ brandId }) => ({ url: `/api/ingestionLogs?page=1&limit=10&brandId=${brandId}` }),
  },
  'GET /api/ingestionLogs/getUploadedDate (group)': {
    capability: 'ingestionLogs.date',
    request: ({ groupId }) => ({
      method: 'POST',
      url: '/api/ingestionLogs/getUploadedDate',
      body: { groupId },
    }),
  },
  'POST /api/dashboard/client (brand)': {
    capability: 'dashboard.read',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/dashboard/client',
      body: { conditions: { brand_id: brandId } },
    }),
  },
  'POST /api/dashboard/client (group)': {
    capability: 'dashboard.read',
    request: ({ groupId }) => ({
      method: 'POST',
      url: '/api/dashboard/client',
      body: { conditions: { group_id: groupId } },
    }),
  },
  'POST /api/dashboard/export (brand)': {
    capability: 'dashboard.export',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/dashboard/export',
      body: { conditions: { brand_id: brandId } },
    }),
  },
  'GET /api/distributors?brandId': {
    capability: 'distributors.read',
    request: ({ brandId }) => ({ url: `/api/distributors?brandId=${brandId}` }),
  },
  'GET /api/users?brandId': {
    capability: 'users.read',
    request: ({ brandId }) => ({ url: `/api/users?page=1&limit=10&brandId=${brandId}` }),
  },
  'GET /api/documents?brandId': {
    capability: 'assets.read',
    request: ({ brandId }) => ({ url: `/api/documents?brandId=${brandId}` }),
  },
  'GET /api/distributors/getInvoiceList/invoice?brandId': {
    capability: 'invoices.read',
    request: ({ brandId }) => ({
      url: `/api/distributors/getInvoiceList/invoice?page=1&limit=10&brandId=${brandId}`,
    }),
  },
  'GET /api/payments/mandate': {
    capability: 'payments.manage',
    request: ({ brandId }) => ({ url: `/api/payments/mandate?brandId=${brandId}` }),
  },
};

function audienceOfSession(details: SessionUser) {
  return audienceOf({
    entityType: details.entityType,
    role: details.role,
    isClientAdmin: details.isClientAdmin,
    guestUser: details.guestUser,
    guestUserFlag: details.guestUserFlag,
    isFirstLogin: details.isFirstLogin,
  });
}

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '100000', SESSIONS_PER_USER: '1000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  const systemAdmin = await loginAs(app, 'admin@demo.test');

  // Tenant A: the demo group, and the demo bank narrowed to its brands (through the API).
  await linkBrandsThroughApi(app, systemAdmin, ids.bankId, [ids.brands.groupBrandA, ids.brands.groupBrandB]);
  targets.A = { brandId: ids.brands.groupBrandA, groupId: ids.groupId };

  // Tenant B: a second group and a second bank, both made by the system admin through the API.
  const tenantBrands = [ids.brands.standalone, ids.brands.firstLogin];
  const groupB = await createGroupThroughApi(app, testApp.db, systemAdmin, {
    name: 'Second Programme Group',
    brandIds: tenantBrands,
  });
  const bankB = await createBankThroughApi(app, testApp.db, systemAdmin, {
    name: 'Second Programme Bank',
    brandIds: tenantBrands,
  });
  targets.B = { brandId: ids.brands.standalone, groupId: groupB.groupId };

  for (const email of ['bank@demo.test', 'groupadmin@demo.test', 'groupuser@demo.test']) {
    callers.push({ name: email, tenant: 'A', session: await loginAs(app, email) });
  }
  callers.push({ name: 'second bank admin', tenant: 'B', session: bankB.admin });
  callers.push({ name: 'second group admin', tenant: 'B', session: groupB.admin });
  for (const email of [
    'companyadmin@demo.test',
    'brandadmin@demo.test',
    'branduser@demo.test',
    'user@demo.test',
    'cardprovider@demo.test',
  ]) {
    callers.push({ name: email, tenant: 'B', session: await loginAs(app, email) });
  }
});

afterAll(async () => {
  await testApp?.close();
});

const other = (tenant: TenantKey): TenantKey => (tenant === 'A' ? 'B' : 'A');

describe('the tenant matrix: two programmes, each role on its own tenant and on the other', () => {
  it('has every tenant role of both programmes, the second bank and group made through the API', () => {
    const audiences = callers.map(
      (caller) => `${caller.tenant} ${audienceOfSession(caller.session.details)}`,
    );
    expect(audiences).toEqual(
      expect.arrayContaining([
        'A bank',
        'A groupAdmin',
        'A groupUser',
        'B bank',
        'B groupAdmin',
        'B companyAdmin',
      ]),
    );
    expect(callers.find((caller) => caller.name === 'second bank admin')?.session.details.bankId).not.toBe(
      ids.bankId,
    );
  });

  it.each(Object.entries(operations))(
    '%s: no 2xx on the other tenant, a 2xx on one’s own',
    async (_name, operation) => {
      const unexpected: string[] = [];
      for (const caller of callers) {
        const allowed = can(audienceOfSession(caller.session.details), operation.capability);
        for (const tenant of [caller.tenant, other(caller.tenant)]) {
          const options = await operation.request(targets[tenant]);
          const response = await call(app, { token: caller.session.token, ...options });
          const success = response.statusCode >= 200 && response.statusCode < 300;
          const own = tenant === caller.tenant;
          const label = `${caller.name} on tenant ${tenant}: ${response.statusCode} ${response.body.slice(0, 120)}`;
          if (!own && success) unexpected.push(`unexpected 2xx, ${label}`);
          if (!own && !success && ![403, 404].includes(response.statusCode))
            unexpected.push(`not 403/404, ${label}`);
          if (own && allowed && !success) unexpected.push(`own call refused, ${label}`);
          if (!allowed && response.statusCode !== 403)
            unexpected.push(`not 403 without the capability, ${label}`);
        }
      }
      expect(unexpected).toEqual([]);
    },
  );
});
