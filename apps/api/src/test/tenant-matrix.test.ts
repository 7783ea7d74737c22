import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceOf, can, type Capability } from '@krowd/domain/access/access.rules';
import { shiftDate } from '@krowd/domain/calendar/calendar.rules';
import { currentMonth, earliestPauseDate, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { gifBytes } from '@krowd/domain/asset/image-file.fixtures';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import {
  backtestBody,
  campaignBody,
  insertCampaign,
  pauseText,
  promoCodeMinimumFor,
  promoCsv,
} from '../modules/campaigns/campaigns.fixtures.ts';
import { insertDelivery, insertEndpoint } from '../modules/webhooks/webhooks.fixtures.ts';
import {
  call,
  createTestApp,
  demoIds,
  loginAs,
  loginAsGuest,
  type App,
  type CallOptions,
  type SignedIn,
  type TestApp,
} from './test-app.ts';
import {
  createBankThroughApi,
  createGroupThroughApi,
  linkBrandsThroughApi,
  settleBranchesAwaitingBrand,
} from './tenants.fixtures.ts';

/**
 * The tenant matrix: two programmes side by side, each with a bank and a group, the
 * second bank and group created through the product's own API by the system admin. Every
 * tenant-scoped operation is called by every tenant role on a brand of its own tenant and on a brand
 * of the other; no call on the other tenant's data may answer 2xx, and every call on its own that
 * the permission table allows must (so a refusal is the tenant check, not a bad request).
 *
 * Tenant A: the demo group (groupBrandA, groupBrandB) and the demo bank, narrowed to those brands.
 * Tenant B: a group made of the standalone and first-login brands, and a second bank publishing them;
 * the demo guest's brand is in that group too, and the guest acts on it as its own.
 *
 * Every operation of the OpenAPI document has a row here or a reason in `notTenantScoped`.
 */

type TenantKey = 'A' | 'B';

interface TenantCaller {
  name: string;
  tenant: TenantKey;
  session: SignedIn;
  /** Where the caller's own data is not the tenant's target: the guest's brand of its own. */
  own?: Partial<Target>;
}

interface Target {
  brandId: string;
  groupId: string;
  bankId: string;
  bankName: string;
  /** The publisher the tenant's bank belongs to, whose keys its bank admins manage. */
  publisherId: string;
}

interface Operation {
  capability: Capability;
  /** A valid request aimed at the target tenant's data, as this caller would send it. */
  request: (target: Target, caller: TenantCaller) => CallOptions | Promise<CallOptions>;
  /** The callers for whom the request names a tenant at all (default: every caller). */
  appliesTo?: (caller: TenantCaller) => boolean;
  /**
   * For a list scoped by the session alone (the request names no tenant): whether its answer
   * shows the target tenant's data. Such a list answers 2xx to everyone allowed; showing the other
   * tenant's data is the leak.
   */
  shows?: (body: string, target: Target) => boolean;
  /** The callers whose own answer shows their tenant, proving `shows` detects it (default: all). */
  showsOwnFor?: (caller: TenantCaller) => boolean;
  /**
   * The handler's own refusal when the target has nothing to act on (no mandate): an allowed call
   * on its own tenant gets it, past the tenant check; a call on the other tenant never may.
   */
  reachedMessage?: string;
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

/** Brand-side callers: the requests that name a brand are not how a bank user acts. */
const brandSide = (caller: TenantCaller) => caller.session.details.entityType !== 'bank';

/** A user of the target tenant (its bank's for a bank caller, its brand's otherwise). */
async function userOf(target: Target, caller: TenantCaller) {
  const bank = caller.session.details.entityType === 'bank';
  const row = await testApp.db
    .insertInto('users')
    .values({
      email: `tenant-${randomBytes(4).toString('hex')}@example.test`,
      first_name: 'Tenant',
      last_name: 'User',
      entity_type: bank ? 'bank' : 'brand',
      role: bank ? null : 'user',
      brand_id: bank ? null : target.brandId,
      bank_id: bank ? target.bankId : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let settlementFiles = 0;

/** A stored settlement file of the publisher (decision 0107), each of its own day. */
async function settlementFileOf(publisherId: string) {
  settlementFiles += 1;
  const content = 'event,transaction_id\n';
  const row = await testApp.db
    .insertInto('settlement_files')
    .values({
      publisher_id: publisherId,
      kind: 'daily',
      period: shiftDate('2001-01-01', settlementFiles),
      row_count: 0,
      cashback_pence: 0,
      success_fee_pence: 0,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh working key of the publisher, to rotate or revoke. */
async function keyOf(publisherId: string) {
  const row = await testApp.db
    .insertInto('publisher_api_keys')
    .values({
      publisher_id: publisherId,
      mode: 'test',
      prefix: 'pk_test_tnnt',
      secret_hash: randomBytes(32).toString('hex'),
      name: 'Tenant key',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let invoiceYears = 0;

/** An invoice of the brand with a document, in a year of its own (one invoice a brand a month). */
async function invoiceOf(brandId: string) {
  invoiceYears += 1;
  const year = 2000 + invoiceYears;
  const documentId = `TENANT-${randomBytes(4).toString('hex')}`;
  const { invoice_number: invoiceNumber } = await testApp.db
    .insertInto('invoices')
    .values({
      brand_id: brandId,
      year,
      month: 1,
      cashback_pence: 1000,
      success_fee_pence: 0,
      amount_pence: 1000,
      collection_method: 'direct_debit',
      issued_on: `${year}-03-02`,
      due_date: `${year}-04-02`,
      document_id: documentId,
    })
    .returning('invoice_number')
    .executeTakeFirstOrThrow();
  return { year, documentId, invoiceNumber };
}

/** An image of a library (a creative) or of a campaign, as an upload stores it, owned as given. */
async function imageOf(owner: { brand_id: string } | { bank_id: string }, kind: 'creative' | 'campaign') {
  const bytes = gifBytes(5, 3);
  const row = await testApp.db
    .insertInto('assets')
    .values({
      kind,
      file_name: `${kind}-${randomBytes(6).toString('hex')}.gif`,
      ...owner,
      uploaded_by: ids.userId('user@demo.test'),
      content_type: 'image/gif',
      byte_size: bytes.length,
      width: 5,
      height: 3,
      bytes,
    })
    .returning(['id', 'file_name'])
    .executeTakeFirstOrThrow();
  return row;
}

/** The library a caller manages in the target tenant: its bank's for a bank user, else its brand's. */
const libraryOwner = (target: Target, caller: TenantCaller) =>
  brandSide(caller) ? { brand_id: target.brandId } : { bank_id: target.bankId };

/** A multipart form holding one small GIF. */
function multipartImage(field: string) {
  const boundary = '----krowdtenant';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\n`,
    ),
    Buffer.from(gifBytes(5, 3)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body };
}

/** Whether an answer names the target's brand or group. */
const namesTarget = (body: string, target: Target) =>
  body.includes(target.brandId) || body.includes(target.groupId);

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
  'GET /api/campaigns/holdoutVolume': {
    capability: 'campaigns.read',
    request: ({ brandId }) => ({ url: `/api/campaigns/holdoutVolume?brandId=${brandId}` }),
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
  'POST /api/campaigns/:id/stop': {
    capability: 'campaigns.edit',
    request: async ({ brandId }) => {
      const month = currentMonth(new Date(), testApp.config.timezone);
      const id = await insertCampaign(testApp.db, {
        brandId,
        month,
        timeZone: testApp.config.timezone,
        recurring: true,
      });
      return { method: 'POST', url: `/api/campaigns/${id}/stop` };
    },
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
  // Pending branches the operator side created: reviewers and the brand's admins both decide them.
  'POST /api/merchants/multiApprove (APPROVE)': {
    capability: 'branches.decide',
    request: async ({ brandId }) => ({
      method: 'POST',
      url: '/api/merchants/multiApprove',
      body: { selectedIds: [await branchOf(brandId)], action: 'APPROVE' },
    }),
  },
  'POST /api/merchants/multiApprove (REJECT)': {
    capability: 'branches.decide',
    request: async ({ brandId }) => ({
      method: 'POST',
      url: '/api/merchants/multiApprove',
      body: { selectedIds: [await branchOf(brandId)], action: 'REJECT', comments: 'No' },
    }),
  },
  'POST /api/users/approveMerchantId': {
    capability: 'branches.decide',
    request: async ({ brandId }) => ({
      method: 'POST',
      url: '/api/users/approveMerchantId',
      body: { status: 'Approved', MId: await branchOf(brandId) },
    }),
  },
  'PUT /api/users/approveMerchantId': {
    capability: 'branches.decide',
    request: async ({ brandId }) => ({
      method: 'PUT',
      url: '/api/users/approveMerchantId',
      body: { status: 'Rejected', MId: await branchOf(brandId), comments: 'No' },
    }),
  },
  'GET /api/ingestionLogs?brandId': {
    capability: 'ingestionLogs.read',
    request: ({ brandId }) => ({ url: `/api/ingestionLogs?page=1&limit=10&brandId=${brandId}` }),
  },
  'POST /api/ingestionLogs/getUploadedDate (group)': {
    capability: 'ingestionLogs.date',
    request: ({ groupId }) => ({
      method: 'POST',
      url: '/api/ingestionLogs/getUploadedDate',
      body: { groupId },
    }),
  },
  'POST /api/ingestionLogs/getUploadedDate (brand)': {
    capability: 'ingestionLogs.date',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/ingestionLogs/getUploadedDate',
      body: { brandId },
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
  'POST /api/dashboard/not-qualified (brand)': {
    capability: 'dashboard.reasons',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/dashboard/not-qualified',
      body: { conditions: { brand_id: brandId } },
    }),
  },
  'POST /api/dashboard/not-qualified (group)': {
    capability: 'dashboard.reasons',
    request: ({ groupId }) => ({
      method: 'POST',
      url: '/api/dashboard/not-qualified',
      body: { conditions: { group_id: groupId } },
    }),
  },
  'POST /api/dashboard/not-qualified/transactions (brand)': {
    capability: 'dashboard.reasons',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/dashboard/not-qualified/transactions',
      body: { conditions: { brand_id: brandId }, reason: 'outsideCampaignHours' },
    }),
  },
  'POST /api/dashboard/client (a campaign)': {
    capability: 'dashboard.read',
    // Another tenant's campaign is not found (404), its month not named; one's own answers 2xx.
    request: async ({ brandId }) => {
      const campaignId = await insertCampaign(testApp.db, {
        brandId,
        month: '2025-06',
        name: `Campaign of ${brandId}`,
      });
      return {
        method: 'POST',
        url: '/api/dashboard/client',
        body: { conditions: { campaign_id: campaignId } },
      };
    },
  },
  'POST /api/dashboard/export (a campaign)': {
    capability: 'dashboard.export',
    request: async ({ brandId }) => {
      const campaignId = await insertCampaign(testApp.db, { brandId, month: '2025-06' });
      return {
        method: 'POST',
        url: '/api/dashboard/export',
        body: { conditions: { campaign_id: campaignId } },
      };
    },
  },
  'POST /api/dashboard/export (brand)': {
    capability: 'dashboard.export',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/dashboard/export',
      body: { conditions: { brand_id: brandId } },
    }),
  },
  'POST /api/dashboard/export (group)': {
    capability: 'dashboard.export',
    request: ({ groupId }) => ({
      method: 'POST',
      url: '/api/dashboard/export',
      body: { conditions: { group_id: groupId } },
    }),
  },
  'GET /api/campaigns (dashboard selector, group)': {
    capability: 'campaigns.read',
    request: ({ groupId }) => ({
      url: `/api/campaigns?campaignType=All&from=dashboard&isGroupAdmin=true&groupId=${groupId}`,
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
  'GET /api/brands/getBrandList': {
    capability: 'brands.read',
    request: () => ({ url: '/api/brands/getBrandList' }),
    shows: namesTarget,
  },
  'GET /api/groupBrand': {
    capability: 'groupBrands.read',
    request: () => ({ url: '/api/groupBrand?from=brand' }),
    shows: namesTarget,
    // A brand's own roles list no group; group roles and banks list theirs.
    showsOwnFor: (caller) =>
      ['groupAdmin', 'groupUser', 'bank'].includes(audienceOfSession(caller.session.details)),
  },
  'GET /api/users/:id': {
    capability: 'users.read',
    // Without users.read one reads only oneself, answered 404 for anyone else (users.routes.test.ts).
    appliesTo: (caller) => can(audienceOfSession(caller.session.details), 'users.read'),
    request: async (target, caller) => ({ url: `/api/users/${await userOf(target, caller)}` }),
  },
  'POST /api/users': {
    capability: 'users.manage',
    // A bank user's new user joins their own bank: the request names no tenant.
    appliesTo: brandSide,
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/users',
      body: {
        firstName: 'Tenant',
        lastName: 'Row',
        email: `tenant-${randomBytes(4).toString('hex')}@example.test`,
        phone: '07700900000',
        role: 'brandUser',
        brandId,
      },
    }),
  },
  'PUT /api/users/:id': {
    capability: 'users.manage',
    request: async (target, caller) => ({
      method: 'PUT',
      url: `/api/users/${await userOf(target, caller)}`,
      body: { phone: '07700900001' },
    }),
  },
  'DELETE /api/users/:id': {
    capability: 'users.manage',
    request: async (target, caller) => ({
      method: 'DELETE',
      url: `/api/users/${await userOf(target, caller)}`,
    }),
  },
  'POST /api/merchants': {
    capability: 'branches.manage',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/merchants',
      body: { name: `Tenant ${randomBytes(4).toString('hex')}`, postcode: 'N1 9AA', brandId },
    }),
  },
  'POST /api/merchants/multiRemove': {
    capability: 'branches.remove',
    request: async ({ brandId }) => ({
      method: 'POST',
      url: '/api/merchants/multiRemove',
      body: { selectedIds: [await branchOf(brandId)], action: 'DELETE' },
    }),
  },
  'POST /api/merchants/createMultiple': {
    capability: 'branches.manage',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/merchants/createMultiple',
      body: [
        {
          name: 'Tenant Wizard Branch',
          postcode: 'N1 9AA',
          contactPhone: '02079460000',
          contactEmail: 'tenant@example.test',
          merchantIds: { merchantId: `TM${randomBytes(4).toString('hex')}` },
          brandId,
        },
      ],
    }),
  },
  'POST /api/merchants/upload': {
    capability: 'branches.manage',
    request: ({ brandId }) => ({
      method: 'POST',
      url: `/api/merchants/upload?brandId=${brandId}&fileName=branches.csv`,
      headers: { 'content-type': 'text/csv' },
      body: `name,postcode,postalTown,address,contactName,contactPhone,contactEmail,merchantId,amexMerchantID,zettleMerchantID,tripadvisorUrl\nTenant Upload,N1 9AA,,,,,,TM${randomBytes(4).toString('hex')},,,`,
    }),
  },
  'POST /api/branchDirectory': {
    capability: 'branches.manage',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/branchDirectory',
      body: { branch_name: 'Tenant Venue', brand_id: brandId },
    }),
  },
  'POST /api/dashboard/getPublisherInfo': {
    capability: 'distributors.read',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/dashboard/getPublisherInfo',
      body: { brand_id: brandId },
    }),
  },
  'GET /api/banks/:id': {
    capability: 'banks.read',
    request: ({ bankId }) => ({ url: `/api/banks/${bankId}` }),
  },
  'PUT /api/banks/:id': {
    capability: 'banks.manage',
    request: ({ bankId, bankName }) => ({
      method: 'PUT',
      url: `/api/banks/${bankId}`,
      body: { name: bankName, contactEmail: 'partners@tenant.test', contactPhone: '02079460123' },
    }),
  },
  // A publisher's settlement files: its bank's admins only (decision 0107).
  'GET /api/settlement-files': {
    capability: 'settlements.read',
    request: ({ publisherId }) => ({ url: `/api/settlement-files?publisherId=${publisherId}` }),
  },
  'GET /api/settlement-files/:id/download': {
    capability: 'settlements.read',
    request: async ({ publisherId }) => ({
      url: `/api/settlement-files/${await settlementFileOf(publisherId)}/download`,
    }),
  },
  // A publisher's keys: its bank's admins only (decision 0089); brand-side callers hold no capability.
  'GET /api/publishers/:id/keys': {
    capability: 'publisherKeys.manage',
    request: ({ publisherId }) => ({ url: `/api/publishers/${publisherId}/keys` }),
  },
  'POST /api/publishers/:id/keys': {
    capability: 'publisherKeys.manage',
    request: ({ publisherId }) => ({
      method: 'POST',
      url: `/api/publishers/${publisherId}/keys`,
      body: { name: 'Tenant key', mode: 'test' },
    }),
  },
  'POST /api/publishers/:id/keys/:keyId/rotate': {
    capability: 'publisherKeys.manage',
    request: async ({ publisherId }) => ({
      method: 'POST',
      url: `/api/publishers/${publisherId}/keys/${await keyOf(publisherId)}/rotate`,
      body: {},
    }),
  },
  'DELETE /api/publishers/:id/keys/:keyId': {
    capability: 'publisherKeys.manage',
    request: async ({ publisherId }) => ({
      method: 'DELETE',
      url: `/api/publishers/${publisherId}/keys/${await keyOf(publisherId)}`,
    }),
  },
  'GET /api/banks/:id/brands': {
    capability: 'banks.links',
    request: ({ bankId }) => ({ url: `/api/banks/${bankId}/brands` }),
  },
  'PUT /api/banks/:id/brands': {
    capability: 'banks.links',
    request: ({ bankId, brandId }) => ({
      method: 'PUT',
      url: `/api/banks/${bankId}/brands`,
      body: { brandIds: [brandId] },
    }),
  },
  'POST /api/campaigns': {
    capability: 'campaigns.create',
    request: async ({ brandId }) => {
      // With an Active branch to run it at, so that the tenant check decides.
      await settleBranchesAwaitingBrand(testApp.db, brandId);
      await branchOf(brandId, 'Active');
      return {
        method: 'POST',
        url: '/api/campaigns?response=true',
        body: campaignBody(brandId, shiftMonth(currentMonth(new Date(), testApp.config.timezone), 1)),
      };
    },
  },
  'GET /api/campaigns/current/count': {
    capability: 'campaigns.read',
    request: ({ brandId }) => ({ url: `/api/campaigns/current/count?brandId=${brandId}` }),
  },
  'POST /api/campaigns/backtest': {
    capability: 'campaigns.backtest',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/campaigns/backtest',
      body: backtestBody(brandId),
    }),
  },
  'POST /api/campaigns/:id/simulate': {
    capability: 'campaigns.simulate',
    request: async ({ brandId }) => ({
      method: 'POST',
      url: `/api/campaigns/${await campaignOf(brandId)}/simulate`,
      body: { datetime: '2025-06-11T12:00:00Z', amountPence: 1000, mid: 'TENANT-MID' },
    }),
  },
  'POST /api/campaigns/upload': {
    capability: 'campaigns.edit',
    // The fewest codes the brand's projection asks for (an ss offer to existing customers).
    request: async ({ brandId }) => {
      const offer = { customerType: 'existing', discountType: 'ss', discountSpreadValue: 15 } as const;
      const id = await insertCampaign(testApp.db, {
        brandId,
        month: futureMonth(),
        timeZone: testApp.config.timezone,
        customerType: offer.customerType,
        lastTransactionMonths: 3,
        discountType: offer.discountType,
        discountPercent: null,
        values: { discount_spread_amount: 20, discount_spread_value: offer.discountSpreadValue },
        promoCode: { mode: 'multiple' },
      });
      const minimum = await promoCodeMinimumFor(testApp.db, brandId, { ...offer, successFee: 10 });
      return {
        method: 'POST',
        url: `/api/campaigns/upload?uploadPath=promocode&campaign_id=${id}`,
        headers: { 'content-type': 'text/csv' },
        body: promoCsv(minimum),
      };
    },
  },
  'POST /api/uploads/files': {
    capability: 'assets.manage',
    // A bank user's uploads go to their bank's own library: the request names no brand.
    appliesTo: brandSide,
    request: ({ brandId }) => ({
      method: 'POST',
      url: `/api/uploads/files?uploadPath=docs&docType=creatives&brandId=${brandId}`,
      headers: { 'content-type': 'image/gif' },
      body: Buffer.from(gifBytes(5, 3)),
    }),
  },
  'GET /api/documents/creatives': {
    capability: 'assets.read',
    // A bank user's library is their bank's, named by no parameter (a brandId is refused).
    appliesTo: brandSide,
    request: ({ brandId }) => ({ url: `/api/documents/creatives?page=1&brandId=${brandId}` }),
  },
  'DELETE /api/documents/:id': {
    capability: 'assets.manage',
    request: async (target, caller) => ({
      method: 'DELETE',
      url: `/api/documents/${(await imageOf(libraryOwner(target, caller), 'creative')).id}?docType=creatives`,
    }),
  },
  'POST /api/brands/createCopyText': {
    capability: 'assets.manage',
    // Banks read brands' copy texts but never change them (404 on every brand).
    appliesTo: brandSide,
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/brands/createCopyText',
      body: { brandId, copy: 'Tenant copy', additionalCopy: '' },
    }),
  },
  'POST /api/campaignTemplates/upload': {
    capability: 'assets.campaignUpload',
    request: ({ brandId }) => ({
      method: 'POST',
      url: `/api/campaignTemplates/upload?uploadPath=campaign&brandId=${brandId}`,
      ...multipartImage('image'),
    }),
  },
  'GET /api/files/:id/:fileName': {
    capability: 'files.read',
    request: async ({ brandId }) => {
      const image = await imageOf({ brand_id: brandId }, 'campaign');
      return { url: `/api/files/${image.id}/${image.file_name}` };
    },
  },
  'GET /api/files/:id/:fileName (a bank’s creative)': {
    capability: 'files.read',
    // A bank's own images are read by that bank alone.
    appliesTo: (caller) => !brandSide(caller),
    request: async ({ bankId }) => {
      const image = await imageOf({ bank_id: bankId }, 'creative');
      return { url: `/api/files/${image.id}/${image.file_name}` };
    },
  },
  'GET /api/distributors/getInvoice/invoice': {
    capability: 'invoices.read',
    request: async ({ brandId }) => {
      const { year, documentId } = await invoiceOf(brandId);
      return {
        url: `/api/distributors/getInvoice/invoice?month=1&year=${year}&xero_invoice_id=${documentId}`,
      };
    },
  },
  'GET /api/invoices/documents/:documentId': {
    capability: 'invoices.read',
    request: async ({ brandId }) => ({
      url: `/api/invoices/documents/${(await invoiceOf(brandId)).documentId}`,
    }),
  },
  'GET /api/invoices/detailed/:fileName': {
    capability: 'invoices.read',
    request: async ({ brandId }) => ({
      url: `/api/invoices/detailed/${(await invoiceOf(brandId)).invoiceNumber}-detailed.pdf`,
    }),
  },
  'POST /api/distributors/getXeroInvoice/invoice': {
    capability: 'invoices.read',
    request: async ({ brandId }) => ({
      method: 'POST',
      url: '/api/distributors/getXeroInvoice/invoice',
      body: { xero_invoiceNumber: (await invoiceOf(brandId)).invoiceNumber },
    }),
  },
  'GET /api/transaction/verifyInvoices': {
    capability: 'invoices.read',
    request: async ({ brandId }) => ({
      url: `/api/transaction/verifyInvoices?InvoiceNumbers=${(await invoiceOf(brandId)).invoiceNumber}`,
    }),
    // It answers every number, saying whether it is one of the caller's.
    shows: (body) => body.includes('"exists":true'),
  },
  'GET /api/dashboard/getInvoice/:campaignId': {
    capability: 'dashboard.read',
    request: async ({ brandId }) => ({
      url: `/api/dashboard/getInvoice/${await insertCampaign(testApp.db, { brandId, month: '2024-01' })}?type=detailed&transaction=true`,
    }),
  },
  'GET /api/campaignoverview/raw': {
    capability: 'overview.read',
    request: async ({ brandId }) => ({ url: `/api/campaignoverview/raw?id=${await campaignOf(brandId)}` }),
  },
  'PUT /api/campaignoverview/:campaignId': {
    capability: 'overview.edit',
    request: async ({ brandId }) => ({
      method: 'PUT',
      url: `/api/campaignoverview/${await insertCampaign(testApp.db, { brandId, month: '2025-06' })}`,
      body: {
        co: { totalCost: 100, highestSpend: 50, lowestSpend: 10, averageSpend: 20 },
        performance: [{ date: '2025-06-02', reach: 10, conversions: 2, revenue: 40 }],
        stats: ['age', 'branches', 'nationality', 'gender'].map((type) => ({ type, label: 'All', value: 1 })),
      },
    }),
  },
  'POST /api/payments/mandate': {
    capability: 'payments.manage',
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/payments/mandate',
      body: { brandId, returnTo: 'payments' },
    }),
  },
  'DELETE /api/payments/mandate': {
    capability: 'payments.manage',
    reachedMessage: messages.payment.noMandateToCancel,
    request: ({ brandId }) => ({ method: 'DELETE', url: `/api/payments/mandate?brandId=${brandId}` }),
  },
  'POST /api/payments/test-provider/simulate': {
    capability: 'payments.simulate',
    reachedMessage: messages.payment.noMandate,
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/payments/test-provider/simulate',
      body: { scenario: 'mandate_activated', brandId },
    }),
  },
  'GET /api/reviewsdata/factorsAffectingars': {
    capability: 'insights.read',
    request: ({ brandId }) => ({ url: `/api/reviewsdata/factorsAffectingars?brandId=${brandId}` }),
  },
  'GET /api/reviewsdata/branchdetails': {
    capability: 'insights.read',
    request: ({ brandId }) => ({ url: `/api/reviewsdata/branchdetails?brandId=${brandId}` }),
  },
  'GET /api/reviewsdata/getscatterchart': {
    capability: 'insights.read',
    request: ({ brandId }) => ({ url: `/api/reviewsdata/getscatterchart?brandId=${brandId}&tagType=Price` }),
  },
  'GET /api/reviewsdata': {
    capability: 'insights.read',
    request: ({ brandId }) => ({ url: `/api/reviewsdata?brandId=${brandId}&trendFlag=Food` }),
  },
  'GET /api/reviewsdata/similarity': {
    capability: 'insights.read',
    request: ({ brandId }) => ({
      url: `/api/reviewsdata/similarity?fromdate=2025-01-01&todate=2025-12-31&entityId=${brandId}`,
    }),
  },
  // Missing-transaction claims (decision 0108): a brand's side reads and files its brands' only.
  'GET /api/claims': {
    capability: 'claims.read',
    appliesTo: brandSide,
    request: ({ brandId }) => ({ url: `/api/claims?brandId=${brandId}` }),
  },
  'POST /api/claims': {
    capability: 'claims.file',
    appliesTo: brandSide,
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/claims',
      body: {
        brandId,
        cardLast4: '4242',
        mid: 'TENANT-MID',
        amountPence: 500,
        occurredAt: '2025-06-01T12:00:00Z',
      },
    }),
  },
  'GET /api/claims/:id': {
    capability: 'claims.read',
    appliesTo: brandSide,
    request: async ({ brandId }) => {
      const now = new Date();
      const { id } = await testApp.db
        .insertInto('claims')
        .values({
          source: 'brand',
          brand_id: brandId,
          card_last4: '4242',
          mid: 'TENANT-MID',
          amount_pence: 500,
          occurred_at: now,
          status: 'open',
          deadline: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/claims/${id}` };
    },
  },
  // The audit log (decision 0113): another tenant's brand is not found, its campaign's versions neither.
  'GET /api/audit-events': {
    capability: 'audit.read',
    request: ({ brandId }) => ({ url: `/api/audit-events?brandId=${brandId}` }),
  },
  'GET /api/audit-events.csv': {
    capability: 'audit.read',
    request: ({ brandId }) => ({ url: `/api/audit-events.csv?brandId=${brandId}` }),
  },
  'GET /api/campaigns/:id/versions': {
    capability: 'campaigns.read',
    request: async ({ brandId }) => ({ url: `/api/campaigns/${await campaignOf(brandId)}/versions` }),
  },
  'GET /api/webhooks/endpoints': {
    capability: 'webhooks.manage',
    appliesTo: brandSide,
    request: ({ brandId }) => ({ url: `/api/webhooks/endpoints?brandId=${brandId}` }),
  },
  'POST /api/webhooks/endpoints': {
    capability: 'webhooks.manage',
    appliesTo: brandSide,
    request: ({ brandId }) => ({
      method: 'POST',
      url: '/api/webhooks/endpoints',
      body: {
        owner: { type: 'brand', brandId },
        url: 'https://hooks.tenant.test/x',
        events: ['offer.ended'],
      },
    }),
  },
  'GET /api/webhooks/endpoints/:id': {
    capability: 'webhooks.manage',
    appliesTo: brandSide,
    request: async ({ brandId }) => ({
      url: `/api/webhooks/endpoints/${await insertEndpoint(testApp.db, { brandId })}`,
    }),
  },
  'PUT /api/webhooks/endpoints/:id': {
    capability: 'webhooks.manage',
    appliesTo: brandSide,
    request: async ({ brandId }) => ({
      method: 'PUT',
      url: `/api/webhooks/endpoints/${await insertEndpoint(testApp.db, { brandId })}`,
      body: { description: 'Tenant' },
    }),
  },
  'DELETE /api/webhooks/endpoints/:id': {
    capability: 'webhooks.manage',
    appliesTo: brandSide,
    request: async ({ brandId }) => ({
      method: 'DELETE',
      url: `/api/webhooks/endpoints/${await insertEndpoint(testApp.db, { brandId })}`,
    }),
  },
  'POST /api/webhooks/endpoints/:id/secret': {
    capability: 'webhooks.manage',
    appliesTo: brandSide,
    request: async ({ brandId }) => ({
      method: 'POST',
      url: `/api/webhooks/endpoints/${await insertEndpoint(testApp.db, { brandId })}/secret`,
      body: {},
    }),
  },
  'POST /api/webhooks/endpoints/:id/ping': {
    capability: 'webhooks.manage',
    appliesTo: brandSide,
    request: async ({ brandId }) => ({
      method: 'POST',
      url: `/api/webhooks/endpoints/${await insertEndpoint(testApp.db, { brandId })}/ping`,
    }),
  },
  'GET /api/webhooks/endpoints/:id/deliveries': {
    capability: 'webhooks.manage',
    appliesTo: brandSide,
    request: async ({ brandId }) => ({
      url: `/api/webhooks/endpoints/${await insertEndpoint(testApp.db, { brandId })}/deliveries`,
    }),
  },
  'POST /api/webhooks/endpoints/:id/redeliver': {
    capability: 'webhooks.manage',
    appliesTo: brandSide,
    request: async ({ brandId }) => ({
      method: 'POST',
      url: `/api/webhooks/endpoints/${await insertEndpoint(testApp.db, { brandId })}/redeliver`,
      body: { since: '2025-01-01T00:00:00Z' },
    }),
  },
  'GET /api/webhooks/deliveries/:id': {
    capability: 'webhooks.manage',
    appliesTo: brandSide,
    request: async ({ brandId }) => ({
      url: `/api/webhooks/deliveries/${await insertDelivery(testApp.db, await insertEndpoint(testApp.db, { brandId }))}`,
    }),
  },
  'POST /api/webhooks/deliveries/:id/redeliver': {
    capability: 'webhooks.manage',
    appliesTo: brandSide,
    request: async ({ brandId }) => ({
      method: 'POST',
      url: `/api/webhooks/deliveries/${await insertDelivery(testApp.db, await insertEndpoint(testApp.db, { brandId }))}/redeliver`,
    }),
  },
};

/**
 * The operations of the OpenAPI document that touch no brand's, group's, bank's or their users'
 * data, each with why; every other operation needs a row in `operations` above.
 */
const notTenantScoped: Record<string, string> = {
  'POST /api/claims/:id/resolve': 'system admin only: any claim',
  'GET /api/publisher/claims': 'publisher API key, not a user tenant',
  'POST /api/publisher/claims': 'publisher API key, not a user tenant',
  'GET /api/publisher/claims/:id': 'publisher API key, not a user tenant',
  'GET /api/publisher/settlement-files': 'publisher API key, not a user tenant',
  'GET /api/publisher/settlement-files/:id': 'publisher API key, not a user tenant',
  'GET /api/webhooks/owners': 'the caller’s own scope only: names no tenant',
  'GET /api/publisher/webhooks/endpoints': 'publisher API key, not a user tenant',
  'POST /api/publisher/webhooks/endpoints': 'publisher API key, not a user tenant',
  'DELETE /api/publisher/webhooks/endpoints/:id': 'publisher API key, not a user tenant',
  'GET /api/health': 'public',
  'GET /api/health/live': 'public: the process alone, no data',
  'POST /api/auth/login': 'public: signs in',
  'POST /api/auth/logout': 'the caller’s own session only',
  'GET /api/auth/session': 'the caller’s own session only',
  'POST /api/users/signup': 'public: a new account',
  'GET /api/users/checkGuestUser': 'public: a guest link’s own token',
  'POST /api/auth/confirmEmail': 'public: a mailed link’s own token',
  'POST /api/auth/forgotPassword': 'public: the same answer for every address',
  'POST /api/auth/changeRecoverPassword': 'public: a mailed link’s own token',
  'POST /api/auth/createPassword': 'public: a mailed link’s own token',
  'POST /api/auth/changePassword': 'the caller’s own account only',
  'POST /api/auth/login/mfa': 'public: the caller’s own sign-in challenge',
  'GET /api/auth/mfa': 'the caller’s own account only',
  'POST /api/auth/mfa/setup': 'the caller’s own account only',
  'POST /api/auth/mfa/enable': 'the caller’s own account only',
  'POST /api/auth/mfa/recoveryCodes': 'the caller’s own account only',
  'POST /api/auth/mfa/disable': 'the caller’s own account only',
  'POST /api/users/acceptTerms': 'the caller’s own account only',
  'PUT /api/users/:id/profile': 'the caller’s own account only (any other id is refused)',
  'POST /api/users/:id/deactivate': 'the caller’s own account only (any other id is refused)',
  'POST /api/uploads': 'the caller’s own profile picture',
  'PUT /api/users/onboarding/campaign': 'the guest’s own sign-up only (guests only)',
  'PUT /api/users/onboarding/progress': 'the guest’s own sign-up only (guests only)',
  'POST /api/users/onboarding/complete': 'the guest’s own sign-up only (guests only)',
  'GET /api/banks': 'system admin only: every bank',
  'POST /api/banks': 'system admin only: creates a tenant',
  'POST /api/groups': 'system admin only: creates a tenant',
  'POST /api/clientList/create':
    'client admin only (scope all): the caller’s own list; a brand outside scope is refused as unknown',
  'GET /api/mail/outbox': 'system admin only: the mail outbox',
  'GET /api/cardnetwork/leads': 'system admin only: card-network sign-up leads, before any tenant',
  'GET /api/cardnetwork/submissions/:id/file': 'system admin only: card-network sign-up leads',
  'POST /api/campaignoverview/create': 'system admin only: builds every brand’s overview',
  'POST /api/campaignoverview/createfromdata': 'system admin only: builds every brand’s overview',
  'POST /api/campaignoverview/upload': 'system admin only: builds every brand’s overview',
  'GET /api/campaignoverview/list': 'system admin only: every brand’s overview',
  'POST /api/ingestionLogs/upload': 'system admin only: a publisher’s transaction file',
  'POST /api/reviews/upload': 'system admin only: reviews of the venue directory',
  'POST /api/reviews': 'system admin only: reviews of the venue directory',
  'GET /api/reviews': 'system admin only: reviews of the venue directory',
  'POST /api/transactions/ingest': 'publisher API key, not a user tenant',
  'GET /api/publisher/offers': 'publisher API key: the key’s publisher only (publisher-api.routes.test.ts)',
  'POST /api/publisher/test-transactions': 'publisher API key: the key’s publisher only',
  'PUT /api/publisher/holdouts': 'publisher API key: the key’s publisher’s setting only',
  'POST /api/publisher/holdouts/cards':
    'publisher API key: the offers of the key’s publisher’s linked brands only, its own cards’ rows (publisher-holdouts.routes.test.ts)',
  'POST /api/publisher/transactions/authorised': 'publisher API key: the key’s publisher only',
  'POST /api/publisher/transactions/cleared': 'publisher API key: the key’s publisher only',
  'POST /api/publisher/transactions/refunded':
    'publisher API key: an original of the key’s publisher only (transaction-api.routes.test.ts)',
  'GET /api/publisher/transactions/:transactionId':
    'publisher API key: the key’s publisher only (transaction-api.routes.test.ts)',
  'GET /api/publishers': 'system admin only: every publisher',
  'POST /api/publishers': 'system admin only: creates a publisher',
  'PUT /api/publishers/:id': 'system admin only: any publisher',
  'PUT /api/publishers/:id/holdouts': 'system admin only: any publisher’s holdout setting',
  'GET /api/publishers/:id/brands': 'system admin only: any publisher’s brands',
  'PUT /api/publishers/:id/brands': 'system admin only: any publisher’s brands',
  'GET /api/publishers/own': 'the caller’s own bank’s publisher only',
  'GET /api/settings': 'public: the app’s settings',
  'GET /api/settings/setLanguage': 'public: the caller’s language',
  'PUT /api/settings': 'system admin only: the product’s settings, the same for every brand',
  'GET /api/settings/getGoCardLessData': 'the direct-debit provider setting, the same for every brand',
  'GET /api/campaignTemplates': 'message templates, the same for every brand',
  'GET /api/branchDirectory': 'the venue directory: shared reference data searched by name',
  'GET /api/dashboard/exports/:id': 'the caller’s own export only (its id)',
  'GET /api/dashboard/exports/:id/download': 'the caller’s own export only (its id and token)',
  'POST /api/payments/mandate/complete': 'the caller’s own direct-debit set-up only (a flow they started)',
  'POST /api/payments/webhooks/:provider': 'the payment provider, by its signature, not a user tenant',
  'GET /api/payments/test-provider/flows/:flowId': 'public: the test provider’s hosted page',
  'POST /api/payments/test-provider/flows/:flowId/confirm': 'public: the test provider’s hosted page',
  'POST /api/auth/notifyAdminForAmex': 'public: a card-network sign-up request',
  'POST /api/auth/getAmexUser/:amexMerchantID': 'public: a card-network sign-up request',
  'POST /api/auth/verifyEmail': 'public: a card-network sign-up request',
  'POST /api/auth/onBoardAmexBrand': 'public: a card-network sign-up request',
  'GET /api/auth/getAmexBranchPage/:id': 'public: a card-network sign-up link’s own token',
  'POST /api/auth/notifyAdminForAmexBranch': 'public: a card-network sign-up link’s own token',
  'GET /api/reviewsdata/getBrandInsights': 'public: the social-analytics landing page',
  'POST /api/insights/savebrandDetails': 'public: a social-analytics visitor’s sign-in',
  'POST /api/insights/logout': 'the visitor’s own insights pass only',
  'POST /api/insights/updatebrandDetails/:id': 'the visitor’s own insights pass only',
};

/** An operation's 'METHOD /api/path' with `:param` placeholders, whatever form it was written in. */
function operationKey(name: string): string {
  const [method, path] = name.split(' (')[0]!.split('?')[0]!.split(' ');
  return `${method} ${path!.replace(/\{(\w+)\}/g, ':$1')}`;
}

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
  targets.A = {
    brandId: ids.brands.groupBrandA,
    groupId: ids.groupId,
    bankId: ids.bankId,
    bankName: 'Demo Bank',
    publisherId: (
      await testApp.db
        .selectFrom('banks')
        .select('publisher_id')
        .where('id', '=', ids.bankId)
        .executeTakeFirstOrThrow()
    ).publisher_id!,
  };

  // Tenant B: a second group and a second bank, both made by the system admin through the API.
  const tenantBrands = [ids.brands.standalone, ids.brands.firstLogin];
  // The demo guest's brand joins the group too, so the guest is a caller of this tenant.
  const groupB = await createGroupThroughApi(app, testApp.db, systemAdmin, {
    name: 'Second Programme Group',
    brandIds: [...tenantBrands, ids.brands.guest],
  });
  const bankB = await createBankThroughApi(app, testApp.db, systemAdmin, {
    name: 'Second Programme Bank',
    brandIds: tenantBrands,
  });
  targets.B = {
    brandId: ids.brands.standalone,
    groupId: groupB.groupId,
    bankId: bankB.bankId,
    bankName: 'Second Programme Bank',
    // The second bank's publisher, made by the system admin through the API (decision 0088).
    publisherId: (
      await call(app, {
        method: 'POST',
        url: '/api/publishers',
        token: systemAdmin.token,
        body: { code: 'SECONDBANK', displayName: 'Second Programme Bank', bankId: bankB.bankId },
      })
    ).json().publisher._id,
  };

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
  callers.push({
    name: 'guest',
    tenant: 'B',
    session: await loginAsGuest(app, testApp.db),
    own: { brandId: ids.brands.guest },
  });
  // The new group's admin and the guest accept the terms, as anyone does before a first campaign.
  for (const caller of callers.filter(({ name }) => ['second group admin', 'guest'].includes(name))) {
    const accepted = await call(app, {
      method: 'POST',
      url: '/api/users/acceptTerms',
      token: caller.session.token,
    });
    if (accepted.statusCode !== 200) throw new Error(`acceptTerms answered ${accepted.statusCode}`);
  }
});

afterAll(async () => {
  await testApp?.close();
});

const other = (tenant: TenantKey): TenantKey => (tenant === 'A' ? 'B' : 'A');

describe('the tenant matrix: two programmes, each role on its own tenant and on the other', () => {
  it('classifies every operation of the OpenAPI document: a row here, or not tenant-scoped and why', () => {
    const documented = Object.entries(app.swagger().paths ?? {}).flatMap(([path, methods]) =>
      Object.keys(methods ?? {}).map((method) => operationKey(`${method.toUpperCase()} ${path}`)),
    );
    const covered = new Set(Object.keys(operations).map(operationKey));
    const exempt = new Set(Object.keys(notTenantScoped).map(operationKey));

    expect(documented.length).toBeGreaterThan(10);
    expect(documented.filter((operation) => !covered.has(operation) && !exempt.has(operation))).toEqual([]);
    // Each name here is one the document has, and none is both in the matrix and exempt from it.
    expect([...covered, ...exempt].filter((operation) => !documented.includes(operation))).toEqual([]);
    expect([...exempt].filter((operation) => covered.has(operation))).toEqual([]);
  });

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
        'B guest',
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
      for (const caller of callers.filter(operation.appliesTo ?? (() => true))) {
        const allowed = can(audienceOfSession(caller.session.details), operation.capability);
        for (const tenant of [caller.tenant, other(caller.tenant)]) {
          const own = tenant === caller.tenant;
          const target = own ? { ...targets[tenant], ...caller.own } : targets[tenant];
          const options = await operation.request(target, caller);
          const response = await call(app, { token: caller.session.token, ...options });
          const success = response.statusCode >= 200 && response.statusCode < 300;
          const reached =
            success ||
            (operation.reachedMessage !== undefined &&
              response.body.includes(JSON.stringify(operation.reachedMessage)));
          const label = `${caller.name} on tenant ${tenant}: ${response.statusCode} ${response.body.slice(0, 120)}`;
          if (!own && operation.shows) {
            if (operation.shows(response.body, target)) unexpected.push(`shows the other tenant, ${label}`);
          } else if (!own && reached) unexpected.push(`unexpected 2xx, ${label}`);
          else if (!own && ![403, 404].includes(response.statusCode))
            unexpected.push(`not 403/404, ${label}`);
          if (own && allowed && !reached) unexpected.push(`own call refused, ${label}`);
          // The detector itself: an allowed call on its own tenant shows that tenant's data.
          if (
            own &&
            allowed &&
            operation.shows &&
            (operation.showsOwnFor ?? (() => true))(caller) &&
            !operation.shows(response.body, target)
          )
            unexpected.push(`own data not shown, ${label}`);
          if (!allowed && response.statusCode !== 403)
            unexpected.push(`not 403 without the capability, ${label}`);
        }
      }
      expect(unexpected).toEqual([]);
    },
  );
});
