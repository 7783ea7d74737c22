import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audienceOf,
  can,
  capabilities,
  type Audience,
  type Capability,
} from '@krowd/domain/access/access.rules';
import { shiftDate } from '@krowd/domain/calendar/calendar.rules';
import { currentMonth, earliestPauseDate, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { gifBytes } from '@krowd/domain/asset/image-file.fixtures';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { demoAccounts, demoAdminEmail, demoPassword } from '../demo/demo-data.ts';
import { demoBankPublisherCode } from '../demo/demo-publishers.ts';
import {
  backtestBody,
  campaignBody,
  insertCampaign,
  pauseText,
  promoCodeMinimumFor,
  promoCsv,
  type InsertCampaignOptions,
} from '../modules/campaigns/campaigns.fixtures.ts';
import { insertDelivery, insertEndpoint } from '../modules/webhooks/webhooks.fixtures.ts';
import type { RouteAccess } from '../plugins/access.ts';
import { createAnswerChecker } from './contract-answers.ts';
import { settleBranchesAwaitingBrand } from './tenants.fixtures.ts';
import {
  call,
  createTestApp,
  demoIds,
  linkToken,
  loginAs,
  loginAsGuest,
  type App,
  type CallOptions,
  type SignedIn,
  type TestApp,
} from './test-app.ts';

/**
 * The permission matrix: every /api route the app serves, called by every demo account, the demo
 * guest and an anonymous caller, must answer what the permission table (packages/domain
 * access.rules) predicts. Public routes never answer 401 or 403; a capability route answers 401
 * to an anonymous caller, 403 to an audience the table does not give the capability, and reaches
 * its handler for everyone else (each request uses valid input and the caller's own ids).
 *
 * Adding a route makes the first test fail until the route has a row here.
 */

interface Caller {
  name: string;
  /** Absent for the anonymous caller. */
  session?: SignedIn;
  email?: string;
}

interface Context {
  app: App;
  testApp: TestApp;
  caller: Caller;
  ids: Awaited<ReturnType<typeof demoIds>>;
}

interface RouteCase {
  /** What the route must let through; the outcomes below follow from it and the table. */
  access: RouteAccess;
  /** A valid request for this caller, so that an allowed call reaches the handler. */
  request: (context: Context) => CallOptions | Promise<CallOptions>;
  /** The status an allowed caller gets from the handler (by caller when tenant scope decides it). */
  reached: number | ((context: Context) => number);
  /** What the handler's answer to an allowed caller says, when it is not a success. */
  reachedMessage?: string;
}

const anyToken = () => randomBytes(32).toString('base64url');

/** A purchase for the single-transaction API (decision 0109), at a MID no branch has. */
const matrixPurchase = () => ({
  datetime: '2025-06-11T12:00:00Z',
  amount: '10.00',
  currency: 'GBP',
  mid: 'MATRIX-MID',
  card_token: 'matrix-card',
  card_last4: '1234',
});

/** A brand the caller's scope covers: their own, else (operators, banks) the standalone brand. */
function ownBrand(caller: Caller, ids: Context['ids']): string {
  const details = caller.session?.details;
  return details?.brandIds[0]?.brandId ?? details?.brandId ?? ids.brands.standalone;
}

/** A branch of the brand created by the operator side, for a row that changes one. */
async function matrixBranch(
  testApp: TestApp,
  brandId: string,
  status: 'Pending' | 'Deleted' | 'Rejected' | 'Active' = 'Pending',
) {
  const row = await testApp.db
    .insertInto('branches')
    .values({ brand_id: brandId, name: `Matrix ${randomBytes(4).toString('hex')}`, status })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A claim of the brand (filed by its side), for the rows that read or resolve one (decision 0108). */
async function matrixClaim(testApp: TestApp, brandId: string) {
  const now = new Date();
  const row = await testApp.db
    .insertInto('claims')
    .values({
      source: 'brand',
      brand_id: brandId,
      card_last4: '4242',
      mid: 'MATRIX-MID',
      amount_pence: 1000,
      occurred_at: now,
      status: 'open',
      deadline: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user the caller manages (their brand's, group's or bank's), for a row that deletes one. */
async function matrixUser(testApp: TestApp, caller: Caller) {
  const details = caller.session?.details;
  const row = await testApp.db
    .insertInto('users')
    .values({
      email: `matrix-${randomBytes(4).toString('hex')}@example.test`,
      first_name: 'Matrix',
      last_name: 'User',
      entity_type: details?.entityType === 'bank' ? 'bank' : 'brand',
      role: details?.entityType === 'bank' ? null : 'user',
      brand_id: details?.groupId && !details.brandId ? null : (details?.brandId ?? null),
      group_id: details?.groupId && !details.brandId ? details.groupId : null,
      bank_id: details?.bankId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A valid new user for the caller: bank users carry no role; a group admin names the brand. */
function matrixNewUser(caller: Caller, ids: Context['ids']) {
  const details = caller.session?.details;
  const email = `matrix-${randomBytes(4).toString('hex')}@example.test`;
  const person = { firstName: 'Matrix', lastName: 'Row', email, phone: '07700900000' };
  if (details?.entityType === 'bank') return person;
  return { ...person, role: 'brandUser', brandId: ownBrand(caller, ids) };
}

/** Bank users who are not the bank's admin manage nobody (user.rules.ts). */
const managesUsers = ({ caller }: Context) =>
  caller.session?.details.entityType !== 'bank' || caller.session.details.isBankAdmin === true;

/** An image stored straight into a library (a bank's for bank users, else the caller's brand). */
async function matrixImage({ testApp, caller, ids }: Context, kind: 'creative' | 'campaign' = 'creative') {
  const bytes = gifBytes(5, 3);
  const owner =
    caller.email === 'bank@demo.test' && kind === 'creative'
      ? { bank_id: ids.bankId }
      : { brand_id: ownBrand(caller, ids) };
  const row = await testApp.db
    .insertInto('assets')
    .values({
      kind,
      file_name: `${kind}-${randomBytes(6).toString('hex')}.gif`,
      ...owner,
      uploaded_by: caller.session?.details._id ?? ids.userId('user@demo.test'),
      content_type: 'image/gif',
      byte_size: bytes.length,
      width: 5,
      height: 3,
      bytes,
    })
    .returning(['id', 'file_name'])
    .executeTakeFirstOrThrow();
  return `/api/files/${row.id}/${row.file_name}`;
}

/** A multipart form holding one small GIF. */
function multipartImage(field: string) {
  const boundary = '----krowdmatrix';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\n`,
    ),
    Buffer.from(gifBytes(5, 3)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body };
}

/** The library query: bank users have their bank's, everyone else names their brand. */
const libraryQuery = ({ caller, ids }: Context) =>
  caller.email === 'bank@demo.test' ? '' : `brandId=${ownBrand(caller, ids)}`;

let matrixInvoices = 0;

/** An invoice of the brand with a document, in a year of its own (one invoice a brand a month). */
async function matrixInvoice(testApp: TestApp, brandId: string) {
  matrixInvoices += 1;
  const year = 2000 + matrixInvoices;
  const documentId = `MATRIX-${randomBytes(4).toString('hex')}`;
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

/** Social analytics' reading routes: 401 without a session, 403 unless the audience holds insights.read. */
function insightsReached({ caller }: Context): number {
  if (!caller.session) return 401;
  return can(audienceOfSession(caller.session.details), 'insights.read') ? 200 : 403;
}

/** A venue of the branch directory, for a review row. */
async function matrixVenue(testApp: TestApp): Promise<string> {
  const venue = await testApp.db
    .selectFrom('branch_directory')
    .select('kmid')
    .orderBy('kmid')
    .executeTakeFirstOrThrow();
  return venue.kmid;
}

/** A publisher of the matrix's own, so the demo publishers' brands and names stay. */
async function matrixPublisher(testApp: TestApp): Promise<string> {
  const found = await testApp.db
    .selectFrom('publishers')
    .select('id')
    .where('code', '=', 'MATRIX')
    .executeTakeFirst();
  if (found) return found.id;
  const made = await testApp.db
    .insertInto('publishers')
    .values({ code: 'MATRIX', display_name: 'Matrix' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return made.id;
}

/** The demo bank's publisher, whose keys bank@demo.test (a bank admin) and the system admin manage. */
async function demoBankPublisher(testApp: TestApp): Promise<string> {
  const row = await testApp.db
    .selectFrom('publishers')
    .select('id')
    .where('code', '=', demoBankPublisherCode)
    .executeTakeFirstOrThrow();
  return row.id;
}

let settlementFileCount = 0;

/** A stored settlement file of the publisher (decision 0107), each of its own day. */
async function matrixSettlementFile(testApp: TestApp, publisherId: string): Promise<string> {
  settlementFileCount += 1;
  const content = 'event,transaction_id\n';
  const row = await testApp.db
    .insertInto('settlement_files')
    .values({
      publisher_id: publisherId,
      kind: 'daily',
      period: shiftDate('2001-01-01', settlementFileCount),
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

/** A fresh working test key of the demo bank's publisher, to rotate or revoke. */
async function matrixKey(testApp: TestApp): Promise<{ publisherId: string; keyId: string }> {
  const publisherId = await demoBankPublisher(testApp);
  const key = await testApp.db
    .insertInto('publisher_api_keys')
    .values({
      publisher_id: publisherId,
      mode: 'test',
      prefix: 'pk_test_mtrx',
      secret_hash: randomBytes(32).toString('hex'),
      name: 'Matrix key',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { publisherId, keyId: key.id };
}

const matrix: Record<string, RouteCase> = {
  'GET /api/health': { access: 'public', reached: 200, request: () => ({ url: '/api/health' }) },
  'GET /api/health/live': { access: 'public', reached: 200, request: () => ({ url: '/api/health/live' }) },
  'GET /api/openapi.json': { access: 'public', reached: 200, request: () => ({ url: '/api/openapi.json' }) },
  'GET /api/docs': { access: 'public', reached: 200, request: () => ({ url: '/api/docs' }) },
  'GET /api/docs/': { access: 'public', reached: 200, request: () => ({ url: '/api/docs/' }) },
  'GET /api/docs/static/index.html': {
    access: 'public',
    reached: 302,
    request: () => ({ url: '/api/docs/static/index.html' }),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    access: 'public',
    reached: 200,
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  },
  'GET /api/docs/*': {
    access: 'public',
    reached: 200,
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
  },
  'GET /api/docs/json': { access: 'public', reached: 200, request: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { access: 'public', reached: 200, request: () => ({ url: '/api/docs/yaml' }) },
  'POST /api/auth/login': {
    access: 'public',
    reached: 200,
    request: ({ caller }) => ({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: caller.email ?? 'user@demo.test', password: demoPassword },
    }),
  },
  'POST /api/auth/logout': {
    access: 'optional',
    reached: 200,
    // A session of its own, so the caller's main session lives on for the other rows.
    request: async ({ app, testApp, caller }) => {
      if (!caller.session) return { method: 'POST', url: '/api/auth/logout' };
      const fresh = caller.email ? await loginAs(app, caller.email) : await loginAsGuest(app, testApp.db);
      return { method: 'POST', url: '/api/auth/logout', token: fresh.token };
    },
  },
  'GET /api/auth/session': {
    access: 'optional',
    reached: 200,
    request: () => ({ url: '/api/auth/session' }),
  },
  'POST /api/auth/forgotPassword': {
    access: 'public',
    reached: 200,
    request: () => ({ method: 'POST', url: '/api/auth/forgotPassword?email=user@demo.test' }),
  },
  'POST /api/auth/changeRecoverPassword': {
    access: 'public',
    reached: 400,
    reachedMessage: messages.auth.linkInvalid,
    request: () => ({
      method: 'POST',
      url: '/api/auth/changeRecoverPassword',
      body: { enEmail: anyToken(), newPassword: 'Matrix!Pass1', confirmPassword: 'Matrix!Pass1' },
    }),
  },
  'POST /api/auth/createPassword': {
    access: 'public',
    reached: 400,
    reachedMessage: messages.auth.linkInvalid,
    request: () => ({
      method: 'POST',
      url: '/api/auth/createPassword',
      body: { token: anyToken(), newPassword: 'Matrix!Pass1', confirmPassword: 'Matrix!Pass1' },
    }),
  },
  'POST /api/auth/confirmEmail': {
    access: 'public',
    reached: 400,
    reachedMessage: messages.auth.linkInvalid,
    request: () => ({ method: 'POST', url: '/api/auth/confirmEmail', body: { token: anyToken() } }),
  },
  'POST /api/auth/changePassword': {
    access: 'password.change',
    // A wrong current password: the handler answers, and nobody's password changes.
    reached: 400,
    reachedMessage: messages.auth.currentPasswordWrong,
    request: () => ({
      method: 'POST',
      url: '/api/auth/changePassword',
      body: { currentPassword: 'Wrong!Pass1', newPassword: 'Matrix!Pass1', confirmPassword: 'Matrix!Pass1' },
    }),
  },
  'POST /api/auth/login/mfa': {
    access: 'public',
    // An unknown challenge: the handler answers, and nobody signs in.
    reached: 401,
    reachedMessage: messages.multiFactor.challengeExpired,
    request: () => ({
      method: 'POST',
      url: '/api/auth/login/mfa',
      body: { challenge: anyToken(), code: '123456' },
    }),
  },
  'GET /api/auth/mfa': { access: 'mfa.manage', reached: 200, request: () => ({ url: '/api/auth/mfa' }) },
  'POST /api/auth/mfa/setup': {
    access: 'mfa.manage',
    // A set-up waiting for its code changes nothing; the demo system admin has it on already.
    reached: ({ caller }) => (caller.email === demoAdminEmail ? 409 : 200),
    request: () => ({ method: 'POST', url: '/api/auth/mfa/setup' }),
  },
  'POST /api/auth/mfa/enable': {
    access: 'mfa.manage',
    reached: ({ caller }) => (caller.email === demoAdminEmail ? 409 : 400),
    request: () => ({ method: 'POST', url: '/api/auth/mfa/enable', body: { code: '000000' } }),
  },
  'POST /api/auth/mfa/recoveryCodes': {
    access: 'mfa.manage',
    // A wrong code (the admin) or two-step sign-in off (everyone else): no codes change.
    reached: 400,
    request: () => ({ method: 'POST', url: '/api/auth/mfa/recoveryCodes', body: { code: '000000' } }),
  },
  'POST /api/auth/mfa/disable': {
    access: 'mfa.manage',
    // Required for the admin, off for everyone else: nothing turns off.
    reached: 400,
    request: () => ({
      method: 'POST',
      url: '/api/auth/mfa/disable',
      body: { password: demoPassword, code: '000000' },
    }),
  },
  'GET /api/users/checkGuestUser': {
    access: 'public',
    reached: 200,
    request: async ({ app, ids }) => {
      const link = await app.services.auth.issueLink(ids.userId('guest@demo.test'), 'guest_login');
      return { url: `/api/users/checkGuestUser?token=${linkToken(link)}` };
    },
  },
  'POST /api/users/signup': {
    access: 'public',
    reached: 201,
    request: () => {
      const email = `matrix-${randomBytes(4).toString('hex')}@example.test`;
      return {
        method: 'POST',
        url: '/api/users/signup',
        body: {
          firstName: 'Matrix',
          lastName: 'Row',
          email,
          password: 'Matrix!Pass1',
          confirmPassword: 'Matrix!Pass1',
        },
      };
    },
  },
  'GET /api/users/:id': {
    access: 'session.own',
    reached: 200,
    request: ({ caller, ids }) => ({
      url: `/api/users/${caller.session?.details._id ?? ids.userId('user@demo.test')}`,
    }),
  },
  'GET /api/users': {
    access: 'users.read',
    reached: 200,
    request: () => ({ url: '/api/users?page=1&limit=10' }),
  },
  'POST /api/users': {
    access: 'users.manage',
    reached: (context) => (managesUsers(context) ? 201 : 403),
    request: ({ caller, ids }) => ({ method: 'POST', url: '/api/users', body: matrixNewUser(caller, ids) }),
  },
  'PUT /api/users/:id': {
    access: 'users.manage',
    // Managers edit their own details (not their role); the demo phone stays as it is.
    reached: (context) => (managesUsers(context) ? 200 : 404),
    request: ({ caller, ids }) => ({
      method: 'PUT',
      url: `/api/users/${caller.session?.details._id ?? ids.userId('user@demo.test')}`,
      body: { phone: '07700900000' },
    }),
  },
  'DELETE /api/users/:id': {
    access: 'users.manage',
    reached: (context) => (managesUsers(context) ? 200 : 404),
    request: async ({ testApp, caller }) => ({
      method: 'DELETE',
      url: `/api/users/${await matrixUser(testApp, caller)}`,
    }),
  },
  'PUT /api/users/onboarding/campaign': {
    access: 'onboarding.progress',
    reached: 200,
    request: ({ testApp, caller, ids }) => ({
      method: 'PUT',
      url: '/api/users/onboarding/campaign',
      body: {
        stepOneData: campaignBody(ownBrand(caller, ids), monthFromNow(testApp, 1)),
        isTAndCAccepted: true,
      },
    }),
  },
  'PUT /api/users/onboarding/progress': {
    access: 'onboarding.progress',
    reached: 200,
    // Direct debit skipped (the setting is not Mandatory) once the guest's campaign is saved.
    request: async ({ testApp, caller }) => {
      if (caller.session?.details.guestUser) {
        await testApp.db
          .updateTable('users')
          .set({ step_one: true })
          .where('id', '=', caller.session.details._id)
          .execute();
      }
      return {
        method: 'PUT',
        url: '/api/users/onboarding/progress',
        body: { step: 'payment', stepTwo: true },
      };
    },
  },
  'POST /api/users/onboarding/complete': {
    access: 'onboarding.progress',
    // The Branch step is not passed: the handler refuses, and the guest stays a guest for the other rows.
    reached: 409,
    reachedMessage: messages.onboarding.stepsIncomplete,
    request: () => ({
      method: 'POST',
      url: '/api/users/onboarding/complete',
      body: {
        firstName: 'Matrix',
        lastName: 'Guest',
        phone: '07700900000',
        newPassword: 'Matrix!Pass1',
        confirmPassword: 'Matrix!Pass1',
      },
    }),
  },
  'GET /api/brands/getBrandList': {
    access: 'brands.read',
    reached: 200,
    request: () => ({ url: '/api/brands/getBrandList' }),
  },
  'GET /api/brands/:id': {
    access: 'brands.read',
    reached: 200,
    request: ({ caller, ids }) => {
      const own = caller.session?.details.brandIds[0]?.brandId ?? caller.session?.details.brandId;
      return { url: `/api/brands/${own ?? ids.brands.standalone}` };
    },
  },
  'GET /api/groupBrand/getBrandGroupWise/:id': {
    access: 'groupBrands.read',
    // Operators and banks see every group, group roles their own; a brand-only caller has none.
    reached: ({ caller }) =>
      caller.session?.details.groupId ||
      ['systemadmin', 'clientAdmin', 'bank'].includes(audienceOfSession(caller.session!.details))
        ? 200
        : 404,
    request: ({ caller, ids }) => ({
      url: `/api/groupBrand/getBrandGroupWise/${caller.session?.details.groupId ?? ids.groupId}`,
    }),
  },
  'GET /api/groupBrand': {
    access: 'groupBrands.read',
    reached: 200,
    request: () => ({ url: '/api/groupBrand?from=brand' }),
  },
  'GET /api/merchants/getMerchantByBrandId': {
    access: 'branches.read',
    reached: 200,
    request: ({ caller, ids }) => ({
      url: `/api/merchants/getMerchantByBrandId?brandId=${ownBrand(caller, ids)}`,
    }),
  },
  'GET /api/merchants': {
    access: 'branches.read',
    reached: 200,
    request: () => ({ url: '/api/merchants?page=1&limit=10' }),
  },
  'POST /api/merchants': {
    access: 'branches.manage',
    reached: 201,
    request: ({ caller, ids }) => ({
      method: 'POST',
      url: '/api/merchants',
      body: {
        name: `Matrix ${randomBytes(4).toString('hex')}`,
        postcode: 'N1 9AA',
        brandId: ownBrand(caller, ids),
      },
    }),
  },
  'PUT /api/merchants/:id': {
    access: 'branches.manage',
    reached: 200,
    request: async ({ testApp, caller, ids }) => ({
      method: 'PUT',
      url: `/api/merchants/${await matrixBranch(testApp, ownBrand(caller, ids))}`,
      body: { address: '1 Matrix Row' },
    }),
  },
  'DELETE /api/merchants/:id': {
    access: 'branches.manage',
    reached: 200,
    request: async ({ testApp, caller, ids }) => ({
      method: 'DELETE',
      url: `/api/merchants/${await matrixBranch(testApp, ownBrand(caller, ids))}`,
    }),
  },
  'POST /api/merchants/multiApprove': {
    access: 'branches.decide',
    reached: 200,
    // Pending and created on the operator side: reviewers and the brand's admins both decide it.
    request: async ({ testApp, caller, ids }) => ({
      method: 'POST',
      url: '/api/merchants/multiApprove',
      body: {
        selectedIds: [await matrixBranch(testApp, ownBrand(caller, ids), 'Pending')],
        action: 'APPROVE',
      },
    }),
  },
  'POST /api/merchants/multiRemove': {
    access: 'branches.remove',
    reached: 200,
    request: async ({ testApp, caller, ids }) => ({
      method: 'POST',
      url: '/api/merchants/multiRemove',
      body: { selectedIds: [await matrixBranch(testApp, ownBrand(caller, ids))], action: 'DELETE' },
    }),
  },
  'POST /api/users/approveMerchantId': {
    access: 'branches.decide',
    reached: 200,
    request: async ({ testApp, caller, ids }) => ({
      method: 'POST',
      url: '/api/users/approveMerchantId',
      body: { status: 'Approved', MId: await matrixBranch(testApp, ownBrand(caller, ids), 'Pending') },
    }),
  },
  'PUT /api/users/approveMerchantId': {
    access: 'branches.decide',
    reached: 200,
    request: async ({ testApp, caller, ids }) => ({
      method: 'PUT',
      url: '/api/users/approveMerchantId',
      body: {
        status: 'Rejected',
        MId: await matrixBranch(testApp, ownBrand(caller, ids), 'Pending'),
        comments: 'x',
      },
    }),
  },
  'POST /api/merchants/createMultiple': {
    access: 'branches.manage',
    reached: 200,
    request: ({ caller, ids }) => ({
      method: 'POST',
      url: '/api/merchants/createMultiple',
      body: [
        {
          name: 'Matrix Wizard Branch',
          postcode: 'N1 9AA',
          contactPhone: '02079460000',
          contactEmail: 'matrix@example.test',
          // Each call its own: a MID belongs to one branch at a time.
          merchantIds: { merchantId: `MX${randomBytes(4).toString('hex')}` },
          brandId: ownBrand(caller, ids),
        },
      ],
    }),
  },
  'POST /api/merchants/upload': {
    access: 'branches.manage',
    reached: 201,
    request: ({ caller, ids }) => ({
      method: 'POST',
      url: `/api/merchants/upload?brandId=${ownBrand(caller, ids)}&fileName=branches.csv`,
      headers: { 'content-type': 'text/csv' },
      body: `name,postcode,postalTown,address,contactName,contactPhone,contactEmail,merchantId,amexMerchantID,zettleMerchantID,tripadvisorUrl\nMatrix Upload,N1 9AA,,,,,,MX${randomBytes(4).toString('hex')},,,`,
    }),
  },
  'GET /api/branchDirectory': {
    access: 'branches.manage',
    reached: 200,
    request: () => ({ url: '/api/branchDirectory?search=green' }),
  },
  'POST /api/branchDirectory': {
    access: 'branches.manage',
    reached: 201,
    request: ({ caller, ids }) => ({
      method: 'POST',
      url: '/api/branchDirectory',
      body: { branch_name: 'Matrix Venue', brand_id: ownBrand(caller, ids) },
    }),
  },
  'GET /api/distributors': {
    access: 'distributors.read',
    reached: 200,
    request: ({ caller, ids }) => ({ url: `/api/distributors?brandId=${ownBrand(caller, ids)}` }),
  },
  'POST /api/dashboard/getPublisherInfo': {
    access: 'distributors.read',
    reached: 200,
    request: ({ caller, ids }) => ({
      method: 'POST',
      url: '/api/dashboard/getPublisherInfo',
      body: { brand_id: ownBrand(caller, ids) },
    }),
  },
  'GET /api/banks/:id': {
    access: 'banks.read',
    reached: 200,
    request: ({ caller, ids }) => ({ url: `/api/banks/${caller.session?.details.bankId ?? ids.bankId}` }),
  },
  'GET /api/banks': { access: 'banks.list', reached: 200, request: () => ({ url: '/api/banks?page=1' }) },
  'POST /api/banks': {
    access: 'banks.create',
    reached: 201,
    request: () => ({
      method: 'POST',
      url: '/api/banks',
      body: {
        name: `Matrix Bank ${randomBytes(3).toString('hex')}`,
        admin: {
          firstName: 'Matrix',
          lastName: 'Banker',
          email: `matrix-${randomBytes(4).toString('hex')}@example.test`,
          phone: '07700900000',
        },
      },
    }),
  },
  'GET /api/banks/:id/brands': {
    access: 'banks.links',
    reached: 200,
    request: ({ ids }) => ({ url: `/api/banks/${ids.bankId}/brands` }),
  },
  'PUT /api/banks/:id/brands': {
    access: 'banks.links',
    // A bank of its own, so the demo bank's links (and the rows that rely on them) stay.
    reached: 200,
    request: async ({ testApp, ids }) => {
      const bank = await testApp.db
        .insertInto('banks')
        .values({ name: 'Matrix Links Bank' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        method: 'PUT',
        url: `/api/banks/${bank.id}/brands`,
        body: { brandIds: [ids.brands.standalone] },
      };
    },
  },
  'POST /api/groups': {
    access: 'groups.create',
    // A brand of its own moves into the new group, so the demo group stays as it is.
    reached: 201,
    request: async ({ testApp }) => {
      const brand = await testApp.db
        .insertInto('brands')
        .values({ name: `Matrix Brand ${randomBytes(3).toString('hex')}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        method: 'POST',
        url: '/api/groups',
        body: {
          name: 'Matrix Group',
          brandIds: [brand.id],
          admin: {
            firstName: 'Matrix',
            lastName: 'Grouper',
            email: `matrix-${randomBytes(4).toString('hex')}@example.test`,
            phone: '07700900000',
          },
        },
      };
    },
  },
  'POST /api/clientList/create': {
    access: 'clientLists.create',
    // A fresh name each call: a client admin's list names are unique to them.
    reached: 201,
    request: ({ ids }) => ({
      method: 'POST',
      url: '/api/clientList/create',
      body: { name: `Matrix list ${randomBytes(3).toString('hex')}`, brandIds: [ids.brands.standalone] },
    }),
  },
  'PUT /api/banks/:id': {
    access: 'banks.manage',
    // The demo bank's admin saves its details unchanged.
    reached: 200,
    request: ({ caller, ids }) => ({
      method: 'PUT',
      url: `/api/banks/${caller.session?.details.bankId ?? ids.bankId}`,
      body: {
        name: 'Demo Bank',
        contactEmail: 'partners@demobank.test',
        contactPhone: '02079460123',
        address: '1 Threadneedle Street, London EC2R 8AH',
        website: 'https://demobank.test',
      },
    }),
  },
  'PUT /api/users/:id/profile': {
    access: 'profile.update',
    // The caller saves their own profile unchanged, through the spec's form of the call.
    reached: 200,
    request: ({ caller, ids }) => ({
      method: 'PUT',
      url: `/api/users/${caller.session?.details._id ?? ids.userId('user@demo.test')}?type=profile&response=true`,
      body: {
        firstName: caller.session?.details.firstName ?? 'Uma',
        lastName: caller.session?.details.lastName ?? 'User',
        phone: caller.session?.details.phone ?? '07700900000',
      },
    }),
  },
  'POST /api/users/:id/deactivate': {
    access: 'account.deactivate',
    // Nobody may deactivate another account; the caller's own stays active for the other rows.
    reached: 403,
    reachedMessage: messages.common.forbidden,
    request: () => ({ method: 'POST', url: `/api/users/${randomUUID()}/deactivate` }),
  },
  'GET /api/distributors/getInvoiceList/invoice': {
    access: 'invoices.read',
    reached: 200,
    request: () => ({ url: '/api/distributors/getInvoiceList/invoice?page=1&limit=10' }),
  },
  'GET /api/distributors/getInvoice/invoice': {
    access: 'invoices.read',
    reached: 200,
    request: async ({ testApp, caller, ids }) => {
      const { year, documentId } = await matrixInvoice(testApp, ownBrand(caller, ids));
      return {
        url: `/api/distributors/getInvoice/invoice?month=1&year=${year}&xero_invoice_id=${documentId}`,
      };
    },
  },
  'GET /api/invoices/documents/:documentId': {
    access: 'invoices.read',
    reached: 200,
    request: async ({ testApp, caller, ids }) => {
      const { documentId } = await matrixInvoice(testApp, ownBrand(caller, ids));
      return { url: `/api/invoices/documents/${documentId}` };
    },
  },
  'GET /api/dashboard/getInvoice/:campaignId': {
    access: 'dashboard.read',
    reached: 200,
    request: async ({ testApp, caller, ids }) => {
      const campaignId = await insertCampaign(testApp.db, {
        brandId: ownBrand(caller, ids),
        month: '2024-01',
      });
      return { url: `/api/dashboard/getInvoice/${campaignId}?type=detailed&transaction=true` };
    },
  },
  'GET /api/invoices/detailed/:fileName': {
    access: 'invoices.read',
    reached: 200,
    request: async ({ testApp, caller, ids }) => {
      const { invoiceNumber } = await matrixInvoice(testApp, ownBrand(caller, ids));
      return { url: `/api/invoices/detailed/${invoiceNumber}-detailed.pdf` };
    },
  },
  'POST /api/distributors/getXeroInvoice/invoice': {
    access: 'invoices.read',
    reached: 200,
    request: async ({ testApp, caller, ids }) => {
      const { invoiceNumber } = await matrixInvoice(testApp, ownBrand(caller, ids));
      return {
        method: 'POST',
        url: '/api/distributors/getXeroInvoice/invoice',
        body: { xero_invoiceNumber: invoiceNumber },
      };
    },
  },
  'GET /api/transaction/verifyInvoices': {
    access: 'invoices.read',
    reached: 200,
    request: () => ({ url: '/api/transaction/verifyInvoices?InvoiceNumbers=INV-000001,INV-000002' }),
  },
  'GET /api/ingestionLogs': {
    access: 'ingestionLogs.read',
    reached: 200,
    request: () => ({ url: '/api/ingestionLogs?page=1&limit=10' }),
  },
  'POST /api/dashboard/client': {
    access: 'dashboard.read',
    reached: 200,
    request: () => ({ method: 'POST', url: '/api/dashboard/client', body: { conditions: {} } }),
  },
  'POST /api/dashboard/not-qualified': {
    access: 'dashboard.reasons',
    reached: 200,
    request: () => ({ method: 'POST', url: '/api/dashboard/not-qualified', body: { conditions: {} } }),
  },
  'POST /api/dashboard/not-qualified/transactions': {
    access: 'dashboard.reasons',
    reached: 200,
    request: () => ({
      method: 'POST',
      url: '/api/dashboard/not-qualified/transactions',
      body: { conditions: {}, reason: 'outsideCampaignHours' },
    }),
  },
  'POST /api/campaignoverview/create': {
    access: 'overview.manage',
    reached: 200,
    request: () => ({
      method: 'POST',
      url: '/api/campaignoverview/create',
      body: { start_date: '2025-06', end_date: '2025-06' },
    }),
  },
  'POST /api/campaignoverview/createfromdata': {
    access: 'overview.manage',
    reached: 200,
    request: () => ({
      method: 'POST',
      url: '/api/campaignoverview/createfromdata',
      body: { start_date: '2025-06', end_date: '2025-06' },
    }),
  },
  // A form without its files reaches the handler, which names the first missing file.
  'POST /api/campaignoverview/upload': {
    access: 'overview.manage',
    reached: 400,
    reachedMessage: messages.overview.transactionsFileRequired,
    request: () => ({
      method: 'POST',
      url: '/api/campaignoverview/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=matrix' },
      body: '--matrix\r\nContent-Disposition: form-data; name="start_date"\r\n\r\n2025-06\r\n--matrix--\r\n',
    }),
  },
  'GET /api/campaignoverview/raw': {
    access: 'overview.read',
    reached: 200,
    request: async (context) => ({ url: `/api/campaignoverview/raw?id=${await freshCampaign(context)}` }),
  },
  'GET /api/campaignoverview/list': {
    access: 'overview.manage',
    reached: 200,
    request: () => ({ url: '/api/campaignoverview/list?start_date=2025-06&end_date=2025-06' }),
  },
  'PUT /api/campaignoverview/:campaignId': {
    access: 'overview.edit',
    reached: 200,
    request: async (context) => ({
      method: 'PUT',
      url: `/api/campaignoverview/${await freshCampaign(context, { month: '2025-06' })}`,
      body: {
        co: { totalCost: 100, highestSpend: 50, lowestSpend: 10, averageSpend: 20 },
        performance: [{ date: '2025-06-02', reach: 10, conversions: 2, revenue: 40 }],
        stats: ['age', 'branches', 'nationality', 'gender'].map((type) => ({ type, label: 'All', value: 1 })),
      },
    }),
  },
  // Queues an export of the caller's own scope (the job is not run here).
  'POST /api/dashboard/export': {
    access: 'dashboard.export',
    reached: 200,
    request: () => ({ method: 'POST', url: '/api/dashboard/export', body: { conditions: {} } }),
  },
  // No export of this id exists: its owner alone would see its state, anyone else 404.
  'GET /api/dashboard/exports/:id': {
    access: 'dashboard.export',
    reached: 404,
    reachedMessage: messages.common.notFound,
    request: () => ({ url: `/api/dashboard/exports/${randomUUID()}` }),
  },
  // No export of this id exists: its owner alone would get the file, anyone else 404.
  'GET /api/dashboard/exports/:id/download': {
    access: 'dashboard.export',
    reached: 404,
    reachedMessage: messages.common.notFound,
    request: () => ({ url: `/api/dashboard/exports/${randomUUID()}/download?token=${anyToken()}` }),
  },
  // The console's upload: one row (an unknown MID) of the demo ATR publisher, stored by the first
  // call and a duplicate after.
  'POST /api/ingestionLogs/upload': {
    access: 'ingestionLogs.upload',
    reached: 200,
    request: async ({ testApp }) => {
      const atr = await testApp.db
        .selectFrom('publishers')
        .select('id')
        .where('code', '=', 'ATR')
        .executeTakeFirstOrThrow();
      return {
        method: 'POST',
        url: `/api/ingestionLogs/upload?publisher=${atr.id}&fileName=matrix.csv`,
        headers: { 'content-type': 'text/csv' },
        body: [
          'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher',
          'MATRIX-CONSOLE-1,2025-06-11T12:00:00Z,10.00,GBP,MATRIX-MID,matrix-card,1234,,ATR',
        ].join('\n'),
      };
    },
  },
  'POST /api/ingestionLogs/getUploadedDate': {
    access: 'ingestionLogs.date',
    reached: 200,
    request: () => ({ method: 'POST', url: '/api/ingestionLogs/getUploadedDate', body: {} }),
  },
  // Not a session route: a publisher's system sends its key in X-Api-Key, which the route's own
  // hook checks before the body (401 without a valid key: transactions.routes.test.ts). To the
  // session check it is public, so every caller here, signed in or not, reaches it with the demo
  // ATR key; its one row (an unknown MID) is stored by the first call and a duplicate after.
  'POST /api/transactions/ingest': {
    access: 'public',
    reached: 200,
    request: () => ({
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
      body: [
        'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher',
        'MATRIX-1,2025-06-11T12:00:00Z,10.00,GBP,MATRIX-MID,matrix-card,1234,,ATR',
      ].join('\n'),
    }),
  },
  // Publisher-facing: a publisher's system with its key, 'public' to the session check (the key
  // check is publisher-keys.routes.test.ts); every caller here reaches it with a demo key.
  'GET /api/publisher/offers': {
    access: 'public',
    reached: 200,
    request: () => ({ url: '/api/publisher/offers', headers: { 'x-api-key': 'demo-atr-key' } }),
  },
  // Holdouts at the publisher (decision 0129): ATR's live key. Saying it honours none keeps the
  // demo's figures; the held-out cards call then answers 409 (holdouts not honoured) past the key.
  'PUT /api/publisher/holdouts': {
    access: 'public',
    reached: 200,
    request: () => ({
      method: 'PUT',
      url: '/api/publisher/holdouts',
      headers: { 'x-api-key': 'demo-atr-key' },
      body: { honoursHoldouts: false },
    }),
  },
  'POST /api/publisher/holdouts/cards': {
    access: 'public',
    reached: 409,
    request: () => ({
      method: 'POST',
      url: '/api/publisher/holdouts/cards',
      headers: { 'x-api-key': 'demo-atr-key' },
      body: { cardTokens: ['matrix-card'] },
    }),
  },
  'POST /api/publisher/test-transactions': {
    access: 'public',
    reached: 200,
    request: () => ({
      method: 'POST',
      url: '/api/publisher/test-transactions',
      headers: { 'x-api-key': 'demo-atr-test-key' },
      body: {
        transaction_id: `MATRIX-TEST-${randomUUID()}`,
        datetime: '2025-06-11T12:00:00Z',
        amount: '10.00',
        mid: 'MATRIX-MID',
        card_token: 'matrix-card',
        card_last4: '1234',
      },
    }),
  },
  // The single-transaction API (decision 0109): a live key's system, one step at a time.
  'POST /api/publisher/transactions/authorised': {
    access: 'public',
    reached: 200,
    request: () => ({
      method: 'POST',
      url: '/api/publisher/transactions/authorised',
      headers: { 'x-api-key': 'demo-atr-key' },
      body: { ...matrixPurchase(), transaction_id: `MATRIX-AUTH-${randomUUID()}` },
    }),
  },
  'POST /api/publisher/transactions/cleared': {
    access: 'public',
    reached: 200,
    request: () => ({
      method: 'POST',
      url: '/api/publisher/transactions/cleared',
      headers: { 'x-api-key': 'demo-atr-key' },
      body: { ...matrixPurchase(), transaction_id: `MATRIX-CLEAR-${randomUUID()}` },
    }),
  },
  'POST /api/publisher/transactions/refunded': {
    access: 'public',
    reached: 200,
    request: async ({ testApp }) => {
      const original = `MATRIX-ORIGINAL-${randomUUID()}`;
      const cleared = await call(testApp.app, {
        method: 'POST',
        url: '/api/publisher/transactions/cleared',
        headers: { 'x-api-key': 'demo-atr-key' },
        body: { ...matrixPurchase(), transaction_id: original },
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      return {
        method: 'POST',
        url: '/api/publisher/transactions/refunded',
        headers: { 'x-api-key': 'demo-atr-key' },
        body: {
          transaction_id: `MATRIX-REFUND-${randomUUID()}`,
          original_transaction_id: original,
          datetime: '2025-06-12T12:00:00Z',
        },
      };
    },
  },
  'GET /api/publisher/transactions/:transactionId': {
    access: 'public',
    reached: 200,
    request: async ({ testApp }) => {
      const transactionId = `MATRIX-STATUS-${randomUUID()}`;
      await call(testApp.app, {
        method: 'POST',
        url: '/api/publisher/transactions/cleared',
        headers: { 'x-api-key': 'demo-atr-key' },
        body: { ...matrixPurchase(), transaction_id: transactionId },
      });
      return {
        url: `/api/publisher/transactions/${transactionId}`,
        headers: { 'x-api-key': 'demo-atr-key' },
      };
    },
  },
  'GET /api/publishers': {
    access: 'publishers.manage',
    reached: 200,
    request: () => ({ url: '/api/publishers' }),
  },
  'POST /api/publishers': {
    access: 'publishers.manage',
    reached: 201,
    request: () => ({
      method: 'POST',
      url: '/api/publishers',
      body: { code: `MX-${randomBytes(4).toString('hex')}`, displayName: 'Matrix Publisher', bankId: null },
    }),
  },
  'PUT /api/publishers/:id': {
    access: 'publishers.manage',
    reached: 200,
    request: async ({ testApp }) => ({
      method: 'PUT',
      url: `/api/publishers/${await matrixPublisher(testApp)}`,
      body: { displayName: 'Matrix Publisher', bankId: null },
    }),
  },
  'PUT /api/publishers/:id/holdouts': {
    access: 'publishers.manage',
    reached: 200,
    request: async ({ testApp }) => ({
      method: 'PUT',
      url: `/api/publishers/${await matrixPublisher(testApp)}/holdouts`,
      body: { honoursHoldouts: false },
    }),
  },
  'GET /api/publishers/:id/brands': {
    access: 'publishers.manage',
    reached: 200,
    request: async ({ testApp }) => ({ url: `/api/publishers/${await matrixPublisher(testApp)}/brands` }),
  },
  'PUT /api/publishers/:id/brands': {
    access: 'publishers.manage',
    reached: 200,
    request: async ({ testApp, ids }) => ({
      method: 'PUT',
      url: `/api/publishers/${await matrixPublisher(testApp)}/brands`,
      body: { brandIds: [ids.brands.standalone] },
    }),
  },
  // The publisher of the demo bank, which bank@demo.test administers; the system admin has no bank.
  'GET /api/publishers/own': {
    access: 'publisherKeys.manage',
    reached: ({ caller }) => (caller.email === demoAdminEmail ? 404 : 200),
    request: () => ({ url: '/api/publishers/own' }),
  },
  'GET /api/publishers/:id/keys': {
    access: 'publisherKeys.manage',
    reached: 200,
    request: async ({ testApp }) => ({ url: `/api/publishers/${await demoBankPublisher(testApp)}/keys` }),
  },
  'POST /api/publishers/:id/keys': {
    access: 'publisherKeys.manage',
    reached: 201,
    request: async ({ testApp }) => ({
      method: 'POST',
      url: `/api/publishers/${await demoBankPublisher(testApp)}/keys`,
      body: { name: 'Matrix key', mode: 'test' },
    }),
  },
  'POST /api/publishers/:id/keys/:keyId/rotate': {
    access: 'publisherKeys.manage',
    reached: 201,
    request: async ({ testApp }) => {
      const { publisherId, keyId } = await matrixKey(testApp);
      return { method: 'POST', url: `/api/publishers/${publisherId}/keys/${keyId}/rotate`, body: {} };
    },
  },
  'DELETE /api/publishers/:id/keys/:keyId': {
    access: 'publisherKeys.manage',
    reached: 200,
    request: async ({ testApp }) => {
      const { publisherId, keyId } = await matrixKey(testApp);
      return { method: 'DELETE', url: `/api/publishers/${publisherId}/keys/${keyId}` };
    },
  },
  'GET /api/settings': { access: 'public', reached: 200, request: () => ({ url: '/api/settings' }) },
  'PUT /api/settings': {
    access: 'settings.manage',
    reached: 200,
    // The stored value again: the matrix reaches the handler without changing what others read.
    request: () => ({ method: 'PUT', url: '/api/settings', body: { midSilentDays: 7 } }),
  },
  'GET /api/settings/setLanguage': {
    access: 'public',
    reached: 200,
    request: () => ({ url: '/api/settings/setLanguage?lang=en' }),
  },
  'GET /api/settings/getGoCardLessData': {
    access: 'payments.manage',
    reached: 200,
    request: () => ({ url: '/api/settings/getGoCardLessData' }),
  },
  'GET /api/payments/mandate': {
    access: 'payments.manage',
    reached: 200,
    request: ({ caller, ids }) => ({ url: `/api/payments/mandate?brandId=${ownBrand(caller, ids)}` }),
  },
  'POST /api/payments/mandate': {
    access: 'payments.manage',
    reached: 200,
    request: ({ caller, ids }) => ({
      method: 'POST',
      url: '/api/payments/mandate',
      body: { brandId: ownBrand(caller, ids), returnTo: 'payments' },
    }),
  },
  'POST /api/payments/mandate/complete': {
    access: 'payments.manage',
    reached: 404,
    reachedMessage: messages.common.notFound,
    request: () => ({
      method: 'POST',
      url: '/api/payments/mandate/complete',
      body: { redirect_flow_id: 'RE0000NOSUCHFLOW' },
    }),
  },
  'DELETE /api/payments/mandate': {
    access: 'payments.manage',
    reached: 404,
    reachedMessage: messages.payment.noMandateToCancel,
    request: ({ caller, ids }) => ({
      method: 'DELETE',
      url: `/api/payments/mandate?brandId=${ownBrand(caller, ids)}`,
    }),
  },
  'POST /api/payments/webhooks/:provider': {
    access: 'public',
    reached: 498,
    reachedMessage: messages.payment.invalidSignature,
    request: () => ({
      method: 'POST',
      url: '/api/payments/webhooks/test',
      headers: { 'content-type': 'application/json', 'webhook-signature': '00' },
      body: JSON.stringify({ events: [] }),
    }),
  },
  'GET /api/payments/test-provider/flows/:flowId': {
    access: 'public',
    reached: 404,
    reachedMessage: messages.payment.flowUnavailable,
    request: () => ({ url: '/api/payments/test-provider/flows/RE0000NOSUCHFLOW' }),
  },
  'POST /api/payments/test-provider/flows/:flowId/confirm': {
    access: 'public',
    reached: 404,
    reachedMessage: messages.payment.flowUnavailable,
    request: () => ({
      method: 'POST',
      url: '/api/payments/test-provider/flows/RE0000NOSUCHFLOW/confirm',
      body: { accountHolderName: 'Matrix Payer', sortCode: '12-34-56', accountNumber: '12345678' },
    }),
  },
  'POST /api/payments/test-provider/simulate': {
    access: 'payments.simulate',
    reached: 404,
    reachedMessage: messages.payment.noMandate,
    request: ({ caller, ids }) => ({
      method: 'POST',
      url: '/api/payments/test-provider/simulate',
      body: { scenario: 'mandate_activated', brandId: ownBrand(caller, ids) },
    }),
  },
  'POST /api/auth/notifyAdminForAmex': {
    access: 'public',
    reached: 201,
    request: () => ({
      method: 'POST',
      url: '/api/auth/notifyAdminForAmex',
      body: { name: 'Matrix Row', email: 'matrix@example.test', company: 'Matrix Diner', from: 'amexdining' },
    }),
  },
  'POST /api/auth/getAmexUser/:amexMerchantID': {
    access: 'public',
    reached: 404,
    reachedMessage: messages.cardNetwork.lookupFailed,
    request: () => ({
      method: 'POST',
      url: '/api/auth/getAmexUser/AXMATRIX',
      body: { amexMerchantID: 'AXMATRIX', email: 'matrix@example.test' },
    }),
  },
  'POST /api/auth/verifyEmail': {
    access: 'public',
    reached: 200,
    request: () => ({
      method: 'POST',
      url: '/api/auth/verifyEmail',
      body: { email: `matrix-${randomBytes(4).toString('hex')}@example.test` },
    }),
  },
  'POST /api/auth/onBoardAmexBrand': {
    access: 'public',
    reached: 201,
    request: () => ({
      method: 'POST',
      url: '/api/auth/onBoardAmexBrand',
      body: {
        name: 'Matrix Row',
        brandName: 'Matrix Diner',
        legalName: 'Matrix Diner Ltd',
        email: `matrix-${randomBytes(4).toString('hex')}@example.test`,
        from: 'amexdiningsignup',
      },
    }),
  },
  'GET /api/auth/getAmexBranchPage/:id': {
    access: 'public',
    reached: 404,
    reachedMessage: messages.cardNetwork.branchPageUnknown,
    request: () => ({ url: `/api/auth/getAmexBranchPage/${anyToken()}` }),
  },
  'POST /api/auth/notifyAdminForAmexBranch': {
    access: 'public',
    reached: 404,
    reachedMessage: messages.cardNetwork.branchPageUnknown,
    request: () => {
      const boundary = '----krowdmatrix';
      const fields = {
        branchList: JSON.stringify([
          { branchName: 'Matrix Branch', amexMerchantID: 'AXM1', postcode: 'W1D 4HS' },
        ]),
        id: anyToken(),
      };
      return {
        method: 'POST',
        url: '/api/auth/notifyAdminForAmexBranch',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body:
          Object.entries(fields)
            .map(
              ([name, value]) =>
                `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
            )
            .join('') + `--${boundary}--\r\n`,
      };
    },
  },
  'GET /api/cardnetwork/leads': {
    access: 'cardNetworkLeads.read',
    reached: 200,
    request: () => ({ url: '/api/cardnetwork/leads' }),
  },
  'GET /api/cardnetwork/submissions/:id/file': {
    access: 'cardNetworkLeads.read',
    reached: 404,
    request: () => ({ url: `/api/cardnetwork/submissions/${randomUUID()}/file` }),
  },
  'GET /api/mail/outbox': {
    access: 'outbox.read',
    reached: 200,
    request: () => ({ url: '/api/mail/outbox' }),
  },
  'GET /api/campaigns': {
    access: 'campaigns.read',
    reached: 200,
    request: () => ({ url: '/api/campaigns?campaignType=future' }),
  },
  'GET /api/campaigns/campaignName': {
    access: 'campaigns.read',
    reached: 200,
    request: ({ caller, ids }) => ({ url: `/api/campaigns/campaignName?brandId=${ownBrand(caller, ids)}` }),
  },
  'GET /api/campaigns/holdoutVolume': {
    access: 'campaigns.read',
    reached: 200,
    request: ({ caller, ids }) => ({ url: `/api/campaigns/holdoutVolume?brandId=${ownBrand(caller, ids)}` }),
  },
  'GET /api/campaigns/current/count': {
    access: 'campaigns.read',
    reached: 200,
    request: () => ({ url: '/api/campaigns/current/count' }),
  },
  'GET /api/campaigns/:id': {
    access: 'campaigns.read',
    reached: 200,
    request: async (context) => ({ url: `/api/campaigns/${await freshCampaign(context)}` }),
  },
  'POST /api/campaigns/:id/simulate': {
    access: 'campaigns.simulate',
    reached: 200,
    request: async (context) => ({
      method: 'POST',
      url: `/api/campaigns/${await freshCampaign(context)}/simulate`,
      body: { datetime: '2025-06-11T12:00:00Z', amountPence: 1000, mid: 'MATRIX-MID' },
    }),
  },
  'POST /api/campaigns/backtest': {
    access: 'campaigns.backtest',
    reached: 200,
    request: ({ caller, ids }) => ({
      method: 'POST',
      url: '/api/campaigns/backtest',
      body: backtestBody(ownBrand(caller, ids)),
    }),
  },
  'POST /api/campaigns': {
    access: 'campaigns.create',
    // firstlogin@ and the guest have not accepted the terms (the acceptTerms row may have
    // accepted them since: the request puts the demo state back); everyone else creates one.
    reached: ({ caller }) => (termsPending(caller) ? 409 : 201),
    request: async ({ testApp, caller, ids }) => {
      if (termsPending(caller)) {
        await testApp.db
          .updateTable('users')
          .set({ is_t_and_c_accepted: false })
          .where('id', '=', caller.session!.details._id)
          .execute();
      }
      await settleBranchesAwaitingBrand(testApp.db, ownBrand(caller, ids));
      return {
        method: 'POST',
        url: '/api/campaigns?response=true',
        body: campaignBody(ownBrand(caller, ids), monthFromNow(testApp, 1)),
      };
    },
  },
  'PUT /api/campaigns/:id': {
    access: 'campaigns.edit',
    reached: 200,
    request: async (context) => {
      const brandId = ownBrand(context.caller, context.ids);
      const month = monthFromNow(context.testApp, 2);
      return {
        method: 'PUT',
        url: `/api/campaigns/${await freshCampaign(context)}`,
        body: campaignBody(brandId, month, { discountPercent: 20 }),
      };
    },
  },
  'DELETE /api/campaigns/:id': {
    access: 'campaigns.edit',
    reached: 200,
    request: async (context) => ({ method: 'DELETE', url: `/api/campaigns/${await freshCampaign(context)}` }),
  },
  'POST /api/campaigns/:id/stop': {
    access: 'campaigns.edit',
    reached: 200,
    request: async (context) => ({
      method: 'POST',
      url: `/api/campaigns/${await freshCampaign(context, { month: monthFromNow(context.testApp, 0), recurring: true })}/stop`,
    }),
  },
  'POST /api/campaigns/campaignStartPause/:campaignId': {
    access: 'campaigns.edit',
    reached: 200,
    request: async (context) => {
      const from = earliestPauseDate(new Date(), context.testApp.config.timezone);
      return {
        method: 'POST',
        url: `/api/campaigns/campaignStartPause/${await freshCampaign(context, { recurring: true })}`,
        body: { range: [pauseText(from, `${from.slice(0, 8)}04`)], action: 'add' },
      };
    },
  },
  'POST /api/campaigns/templateConfirmation/:id': {
    access: 'campaigns.review',
    reached: 200,
    // Banks confirm; a system admin may only reject.
    request: async (context) => ({
      method: 'POST',
      url: `/api/campaigns/templateConfirmation/${await freshCampaign(context)}`,
      body: { action: context.caller.email === 'bank@demo.test' ? 'confirm' : 'reject' },
    }),
  },
  'POST /api/campaigns/upload': {
    access: 'campaigns.edit',
    reached: 200,
    // Exactly the fewest codes the brand's projection asks for (an ss offer to existing
    // customers, whose reach is the smallest, keeps the file small).
    request: async (context) => {
      const offer = { customerType: 'existing', discountType: 'ss', discountSpreadValue: 15 } as const;
      const id = await freshCampaign(context, {
        customerType: offer.customerType,
        lastTransactionMonths: 3,
        discountType: offer.discountType,
        discountPercent: null,
        values: { discount_spread_amount: 20, discount_spread_value: offer.discountSpreadValue },
        promoCode: { mode: 'multiple' },
      });
      const brandId = ownBrand(context.caller, context.ids);
      const minimum = await promoCodeMinimumFor(context.testApp.db, brandId, { ...offer, successFee: 10 });
      return {
        method: 'POST',
        url: `/api/campaigns/upload?uploadPath=promocode&campaign_id=${id}`,
        headers: { 'content-type': 'text/csv' },
        body: promoCsv(minimum),
      };
    },
  },
  'GET /api/campaignTemplates': {
    access: 'templates.read',
    reached: 200,
    request: () => ({ url: '/api/campaignTemplates?type=sms' }),
  },
  'POST /api/uploads/files': {
    access: 'assets.manage',
    reached: 201,
    request: (context) => ({
      method: 'POST',
      url: `/api/uploads/files?uploadPath=docs&docType=creatives&${libraryQuery(context)}`,
      headers: { 'content-type': 'image/gif' },
      body: Buffer.from(gifBytes(5, 3)),
    }),
  },
  'GET /api/documents/creatives': {
    access: 'assets.read',
    reached: 200,
    request: (context) => ({ url: `/api/documents/creatives?page=1&${libraryQuery(context)}` }),
  },
  'DELETE /api/documents/:id': {
    access: 'assets.manage',
    reached: 200,
    request: async (context) => {
      const id = (await matrixImage(context)).split('/')[3];
      return { method: 'DELETE', url: `/api/documents/${id}?docType=creatives` };
    },
  },
  'GET /api/documents': {
    access: 'assets.read',
    reached: 200,
    request: ({ caller, ids }) => ({ url: `/api/documents?brandId=${ownBrand(caller, ids)}` }),
  },
  'POST /api/brands/createCopyText': {
    access: 'assets.manage',
    // Banks read brands' copy texts but never change them.
    reached: ({ caller }) => (caller.email === 'bank@demo.test' ? 404 : 200),
    request: ({ caller, ids }) => ({
      method: 'POST',
      url: '/api/brands/createCopyText',
      body: { brandId: ownBrand(caller, ids), copy: 'Matrix copy', additionalCopy: '' },
    }),
  },
  'POST /api/campaignTemplates/upload': {
    access: 'assets.campaignUpload',
    reached: 201,
    request: ({ caller, ids }) => ({
      method: 'POST',
      url: `/api/campaignTemplates/upload?uploadPath=campaign&brandId=${ownBrand(caller, ids)}`,
      ...multipartImage('image'),
    }),
  },
  'POST /api/uploads': {
    access: 'profile.update',
    reached: 201,
    request: () => ({ method: 'POST', url: '/api/uploads?uploadPath=user', ...multipartImage('file') }),
  },
  'GET /api/files/:id/:fileName': {
    access: 'files.read',
    reached: 200,
    request: async (context) => ({ url: await matrixImage(context, 'campaign') }),
  },
  'POST /api/users/acceptTerms': {
    access: 'session.own',
    reached: 200,
    request: () => ({ method: 'POST', url: '/api/users/acceptTerms' }),
  },
  // Social analytics: a session whose audience holds insights.read, or an insights pass (no session: 401).
  'GET /api/reviewsdata/factorsAffectingars': {
    access: 'optional',
    reached: insightsReached,
    request: ({ caller, ids }) => ({
      url: `/api/reviewsdata/factorsAffectingars?brandId=${ownBrand(caller, ids)}`,
    }),
  },
  'GET /api/reviewsdata/branchdetails': {
    access: 'optional',
    reached: insightsReached,
    request: ({ caller, ids }) => ({
      url: `/api/reviewsdata/branchdetails?brandId=${ownBrand(caller, ids)}`,
    }),
  },
  'GET /api/reviewsdata/getscatterchart': {
    access: 'optional',
    reached: insightsReached,
    request: ({ caller, ids }) => ({
      url: `/api/reviewsdata/getscatterchart?brandId=${ownBrand(caller, ids)}&tagType=Price`,
    }),
  },
  'GET /api/reviewsdata': {
    access: 'optional',
    reached: insightsReached,
    request: ({ caller, ids }) => ({
      url: `/api/reviewsdata?brandId=${ownBrand(caller, ids)}&trendFlag=Food`,
    }),
  },
  'GET /api/reviewsdata/similarity': {
    access: 'optional',
    reached: insightsReached,
    request: ({ caller, ids }) => ({
      url: `/api/reviewsdata/similarity?fromdate=2025-01-01&todate=2025-12-31&entityId=${ownBrand(caller, ids)}`,
    }),
  },
  'GET /api/reviewsdata/getBrandInsights': {
    access: 'public',
    reached: 200,
    request: () => ({ url: '/api/reviewsdata/getBrandInsights' }),
  },
  'POST /api/insights/savebrandDetails': {
    access: 'public',
    reached: 200,
    request: ({ ids }) => ({
      method: 'POST',
      url: '/api/insights/savebrandDetails',
      body: { email: 'matrix-visitor@example.test', brandId: ids.brands.standalone },
    }),
  },
  'POST /api/insights/logout': {
    // The visitor's own pass ends, whoever is signed in.
    access: 'optional',
    reached: 200,
    request: async ({ app, ids }) => {
      const login = await call(app, {
        method: 'POST',
        url: '/api/insights/savebrandDetails',
        body: { email: 'matrix-visitor@example.test', brandId: ids.brands.standalone },
      });
      const visitor = login.json<{ data: { insightsPass: string } }>().data;
      return {
        method: 'POST',
        url: '/api/insights/logout',
        headers: { 'x-insights-pass': visitor.insightsPass },
      };
    },
  },
  'POST /api/insights/updatebrandDetails/:id': {
    // The Sign Up dialog needs the visitor's own pass, whoever is signed in.
    access: 'optional',
    reached: 205,
    request: async ({ app, ids }) => {
      const login = await call(app, {
        method: 'POST',
        url: '/api/insights/savebrandDetails',
        body: { email: 'matrix-visitor@example.test', brandId: ids.brands.standalone },
      });
      const visitor = login.json<{ data: { _id: string; insightsPass: string } }>().data;
      return {
        method: 'POST',
        url: `/api/insights/updatebrandDetails/${visitor._id}`,
        headers: { 'x-insights-pass': visitor.insightsPass },
        body: {
          contactName: 'Matrix',
          organizationName: 'Matrix Foods',
          email: 'matrix-visitor@example.test',
        },
      };
    },
  },
  'POST /api/reviews/upload': {
    access: 'reviews.manage',
    reached: 200,
    request: async ({ testApp }) => ({
      method: 'POST',
      url: '/api/reviews/upload',
      headers: { 'content-type': 'text/csv' },
      body: [
        'source,external_id,kmid,reviewed_at,rating,reviewer_rating,text',
        `Matrix,${randomBytes(6).toString('hex')},${await matrixVenue(testApp)},2025-06-01T12:00:00Z,4,,Lovely food.`,
      ].join('\n'),
    }),
  },
  'POST /api/reviews': {
    access: 'reviews.manage',
    reached: 200,
    request: async ({ testApp }) => ({
      method: 'POST',
      url: '/api/reviews',
      body: {
        reviews: [
          {
            source: 'Matrix',
            external_id: randomBytes(6).toString('hex'),
            kmid: await matrixVenue(testApp),
            reviewed_at: '2025-06-01T12:00:00Z',
            rating: 4,
            text: 'Friendly staff.',
          },
        ],
      },
    }),
  },
  'GET /api/claims': { access: 'claims.read', reached: 200, request: () => ({ url: '/api/claims' }) },
  'POST /api/claims': {
    access: 'claims.file',
    reached: 201,
    request: ({ caller, ids }) => ({
      method: 'POST',
      url: '/api/claims',
      body: {
        brandId: ownBrand(caller, ids),
        cardLast4: '4242',
        mid: 'MATRIX-MID',
        amountPence: 1000,
        occurredAt: '2025-06-01T12:00:00Z',
      },
    }),
  },
  'GET /api/claims/:id': {
    access: 'claims.read',
    reached: 200,
    request: async ({ testApp, caller, ids }) => ({
      url: `/api/claims/${await matrixClaim(testApp, ownBrand(caller, ids))}`,
    }),
  },
  'POST /api/claims/:id/resolve': {
    access: 'claims.resolve',
    reached: 200,
    request: async ({ testApp, caller, ids }) => ({
      method: 'POST',
      url: `/api/claims/${await matrixClaim(testApp, ownBrand(caller, ids))}/resolve`,
      body: { resolution: 'duplicate' },
    }),
  },
  'GET /api/publisher/claims': {
    access: 'public',
    reached: 200,
    request: () => ({ url: '/api/publisher/claims', headers: { 'x-api-key': 'demo-atr-key' } }),
  },
  'POST /api/publisher/claims': {
    access: 'public',
    reached: 201,
    request: () => ({
      method: 'POST',
      url: '/api/publisher/claims',
      headers: { 'x-api-key': 'demo-atr-key' },
      body: { cardToken: 'matrix', mid: 'MATRIX-MID', amountPence: 1000, occurredAt: '2025-06-01T12:00:00Z' },
    }),
  },
  'GET /api/publisher/claims/:id': {
    access: 'public',
    reached: 200,
    request: async ({ app }) => {
      const filed = await call(app, {
        method: 'POST',
        url: '/api/publisher/claims',
        headers: { 'x-api-key': 'demo-atr-key' },
        body: {
          cardToken: 'matrix',
          mid: 'MATRIX-MID',
          amountPence: 1000,
          occurredAt: '2025-06-01T12:00:00Z',
        },
      });
      const { claim } = filed.json<{ claim: { id: string } }>();
      return { url: `/api/publisher/claims/${claim.id}`, headers: { 'x-api-key': 'demo-atr-key' } };
    },
  },
  // Settlement files (decision 0107): the demo bank's publisher's, which bank@demo.test administers.
  'GET /api/settlement-files': {
    access: 'settlements.read',
    reached: 200,
    request: async ({ testApp }) => ({
      url: `/api/settlement-files?publisherId=${await demoBankPublisher(testApp)}`,
    }),
  },
  'GET /api/settlement-files/:id/download': {
    access: 'settlements.read',
    reached: 200,
    request: async ({ testApp }) => ({
      url: `/api/settlement-files/${await matrixSettlementFile(testApp, await demoBankPublisher(testApp))}/download`,
    }),
  },
  'GET /api/publisher/settlement-files': {
    access: 'public',
    reached: 200,
    request: () => ({ url: '/api/publisher/settlement-files', headers: { 'x-api-key': 'demo-atr-key' } }),
  },
  'GET /api/publisher/settlement-files/:id': {
    access: 'public',
    reached: 200,
    request: async ({ testApp }) => {
      const atr = await testApp.db
        .selectFrom('publishers')
        .select('id')
        .where('code', '=', 'ATR')
        .executeTakeFirstOrThrow();
      return {
        url: `/api/publisher/settlement-files/${await matrixSettlementFile(testApp, atr.id)}`,
        headers: { 'x-api-key': 'demo-atr-key' },
      };
    },
  },
  // The audit log (decision 0113): a brand's admins and the system admin; a campaign's versions.
  'GET /api/audit-events': {
    access: 'audit.read',
    reached: 200,
    request: () => ({ url: '/api/audit-events' }),
  },
  'GET /api/audit-events.csv': {
    access: 'audit.read',
    reached: 200,
    request: () => ({ url: '/api/audit-events.csv' }),
  },
  'GET /api/campaigns/:id/versions': {
    access: 'campaigns.read',
    reached: 200,
    request: async (context) => ({ url: `/api/campaigns/${await freshCampaign(context)}/versions` }),
  },
  'GET /api/reviews': { access: 'reviews.manage', reached: 200, request: () => ({ url: '/api/reviews' }) },
  'GET /api/webhooks/endpoints': {
    access: 'webhooks.manage',
    reached: 200,
    request: () => ({ url: '/api/webhooks/endpoints' }),
  },
  'GET /api/publisher/webhooks/endpoints': {
    access: 'public',
    reached: 200,
    request: () => ({ url: '/api/publisher/webhooks/endpoints', headers: { 'x-api-key': 'demo-atr-key' } }),
  },
  'POST /api/publisher/webhooks/endpoints': {
    access: 'public',
    reached: 201,
    request: () => ({
      method: 'POST',
      url: '/api/publisher/webhooks/endpoints',
      headers: { 'x-api-key': 'demo-atr-key' },
      body: { url: 'https://hooks.example.com/matrix', events: ['transaction.qualified'] },
    }),
  },
  'DELETE /api/publisher/webhooks/endpoints/:id': {
    access: 'public',
    reached: 200,
    request: async ({ testApp }) => {
      const atr = await testApp.db
        .selectFrom('publishers')
        .select('id')
        .where('code', '=', 'ATR')
        .executeTakeFirstOrThrow();
      return {
        method: 'DELETE',
        url: `/api/publisher/webhooks/endpoints/${await insertEndpoint(testApp.db, { publisherId: atr.id })}`,
        headers: { 'x-api-key': 'demo-atr-key' },
      };
    },
  },
  'GET /api/webhooks/owners': {
    access: 'webhooks.manage',
    reached: 200,
    request: () => ({ url: '/api/webhooks/owners' }),
  },
  'POST /api/webhooks/endpoints': {
    access: 'webhooks.manage',
    reached: 201,
    request: async (context) => {
      const owner = await webhookOwner(context);
      return {
        method: 'POST',
        url: '/api/webhooks/endpoints',
        body: {
          owner: 'brandId' in owner ? { type: 'brand', ...owner } : { type: 'publisher', ...owner },
          url: 'https://hooks.example.com/matrix',
          events: ['offer.published'],
        },
      };
    },
  },
  'GET /api/webhooks/endpoints/:id': {
    access: 'webhooks.manage',
    reached: 200,
    request: async (context) => ({ url: `/api/webhooks/endpoints/${await matrixEndpoint(context)}` }),
  },
  'PUT /api/webhooks/endpoints/:id': {
    access: 'webhooks.manage',
    reached: 200,
    request: async (context) => ({
      method: 'PUT',
      url: `/api/webhooks/endpoints/${await matrixEndpoint(context)}`,
      body: { enabled: false },
    }),
  },
  'DELETE /api/webhooks/endpoints/:id': {
    access: 'webhooks.manage',
    reached: 200,
    request: async (context) => ({
      method: 'DELETE',
      url: `/api/webhooks/endpoints/${await matrixEndpoint(context)}`,
    }),
  },
  'POST /api/webhooks/endpoints/:id/secret': {
    access: 'webhooks.manage',
    reached: 200,
    request: async (context) => ({
      method: 'POST',
      url: `/api/webhooks/endpoints/${await matrixEndpoint(context)}/secret`,
      body: { overlapHours: 1 },
    }),
  },
  'POST /api/webhooks/endpoints/:id/ping': {
    access: 'webhooks.manage',
    reached: 202,
    request: async (context) => ({
      method: 'POST',
      url: `/api/webhooks/endpoints/${await matrixEndpoint(context)}/ping`,
    }),
  },
  'GET /api/webhooks/endpoints/:id/deliveries': {
    access: 'webhooks.manage',
    reached: 200,
    request: async (context) => ({
      url: `/api/webhooks/endpoints/${await matrixEndpoint(context)}/deliveries`,
    }),
  },
  'POST /api/webhooks/endpoints/:id/redeliver': {
    access: 'webhooks.manage',
    reached: 202,
    request: async (context) => ({
      method: 'POST',
      url: `/api/webhooks/endpoints/${await matrixEndpoint(context)}/redeliver`,
      body: { since: '2025-01-01T00:00:00Z' },
    }),
  },
  'GET /api/webhooks/deliveries/:id': {
    access: 'webhooks.manage',
    reached: 200,
    request: async (context) => ({
      url: `/api/webhooks/deliveries/${await insertDelivery(context.testApp.db, await matrixEndpoint(context))}`,
    }),
  },
  'POST /api/webhooks/deliveries/:id/redeliver': {
    access: 'webhooks.manage',
    reached: 202,
    request: async (context) => ({
      method: 'POST',
      url: `/api/webhooks/deliveries/${await insertDelivery(context.testApp.db, await matrixEndpoint(context))}/redeliver`,
    }),
  },
};

/** Whose webhook endpoint the caller registers: its bank's publisher for a bank user, else its brand. */
async function webhookOwner({ testApp, caller, ids }: Context) {
  if (caller.session?.details.entityType !== 'bank') return { brandId: ownBrand(caller, ids) };
  const bank = await testApp.db
    .selectFrom('banks')
    .select('publisher_id')
    .where('id', '=', ids.bankId)
    .executeTakeFirstOrThrow();
  return { publisherId: bank.publisher_id! };
}

/** A webhook endpoint the caller owns, for a row that reads or changes one. */
async function matrixEndpoint(context: Context): Promise<string> {
  return insertEndpoint(context.testApp.db, await webhookOwner(context));
}

/** The demo callers who have not accepted the terms (brief §7: firstlogin@, and the guest). */
function termsPending(caller: Caller): boolean {
  return caller.email === 'firstlogin@demo.test' || caller.name === 'guest';
}

/** The month `count` months from this one in the timezone setting (this app runs on the real clock). */
function monthFromNow(testApp: TestApp, count: number): string {
  return shiftMonth(currentMonth(new Date(), testApp.config.timezone), count);
}

/**
 * A campaign of the caller's own brand made for one request, two months ahead (so it is future,
 * editable and in every window), that the request may change or delete without touching other rows.
 */
function freshCampaign(context: Context, options: Partial<InsertCampaignOptions> = {}): Promise<string> {
  return insertCampaign(context.testApp.db, {
    brandId: ownBrand(context.caller, context.ids),
    month: monthFromNow(context.testApp, 2),
    timeZone: context.testApp.config.timezone,
    ...options,
  });
}

const callerNames = ['anonymous', ...demoAccounts.map((account) => account.email), 'guest'];

/** The audiences brief §7 gives the demo accounts. */
const expectedAudiences: Record<string, Audience> = {
  'admin@demo.test': 'systemadmin',
  'bank@demo.test': 'bank',
  'cardprovider@demo.test': 'cardprovider',
  'clientadmin@demo.test': 'clientAdmin',
  'groupadmin@demo.test': 'groupAdmin',
  'groupuser@demo.test': 'groupUser',
  'companyadmin@demo.test': 'companyAdmin',
  'brandadmin@demo.test': 'brandAdmin',
  'branduser@demo.test': 'brandUser',
  'user@demo.test': 'user',
  'firstlogin@demo.test': 'user',
  'internal@demo.test': 'companyAdmin',
  guest: 'guest',
};

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const callers = new Map<string, Caller>();
let answerProblems: ReturnType<typeof createAnswerChecker>;

beforeAll(async () => {
  // Rows that need a session of their own sign their caller in again: more than the 10 live
  // sessions a user may hold, which would end the callers' main sessions.
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '100000', SESSIONS_PER_USER: '1000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  callers.set('anonymous', { name: 'anonymous' });
  for (const account of demoAccounts) {
    callers.set(account.email, {
      name: account.email,
      email: account.email,
      session: await loginAs(app, account.email),
    });
  }
  callers.set('guest', { name: 'guest', session: await loginAsGuest(app, testApp.db) });
  answerProblems = createAnswerChecker((await call(app, { url: '/api/openapi.json' })).json());
});

afterAll(async () => {
  await testApp?.close();
});

function audienceOfSession(details: SessionUser): Audience {
  return audienceOf({
    entityType: details.entityType,
    role: details.role,
    isClientAdmin: details.isClientAdmin,
    guestUser: details.guestUser,
    guestUserFlag: details.guestUserFlag,
    isFirstLogin: details.isFirstLogin,
  });
}

/** 'reached' when the table lets the caller through, else the status the refusal must carry. */
function predicted(access: RouteAccess, caller: Caller): 'reached' | 401 | 403 {
  if (access === 'public' || access === 'optional') return 'reached';
  if (!caller.session) return 401;
  return can(audienceOfSession(caller.session.details), access as Capability) ? 'reached' : 403;
}

/**
 * Every route of the app as "METHOD /path", read from Fastify's route tree (printRoutes), which
 * lists routes the OpenAPI document hides too. HEAD routes Fastify adds beside GET are left out.
 */
function servedRoutes(instance: App): string[] {
  const tree = instance.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?) \(([^)]*)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of match[3]!.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD' && method !== '-') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

describe('the access matrix', () => {
  it('covers every /api route the app serves, and lists none it does not', () => {
    const served = servedRoutes(app).filter((route) => / \/api(\/|$)/.test(route));

    expect(served.length).toBeGreaterThan(10);
    expect([...served].sort()).toEqual(Object.keys(matrix).sort());
  });

  it('reads the route tree completely: every route of the OpenAPI document is among them', () => {
    const served = new Set(servedRoutes(app));
    const documented = Object.entries(app.swagger().paths ?? {}).flatMap(([path, operations]) =>
      Object.keys(operations ?? {}).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );

    expect(documented.length).toBeGreaterThan(10);
    for (const route of documented) expect(served).toContain(route);
  });

  it('documents every route it serves in the OpenAPI document, except the documentation itself', () => {
    const documented = new Set(
      Object.entries(app.swagger().paths ?? {}).flatMap(([path, operations]) =>
        Object.keys(operations ?? {}).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      ),
    );
    const served = servedRoutes(app).filter(
      (route) => / \/api\//.test(route) && !/ \/api\/(docs|openapi\.json)/.test(route),
    );

    for (const route of served) expect(documented, route).toContain(route);
  });

  it("documents each route's credentials as the access it enforces", () => {
    const paths = app.swagger().paths as Record<string, Record<string, { security?: object[] }>>;
    for (const [route, { access }] of Object.entries(matrix)) {
      const [method, path] = route.split(' ') as [string, string];
      const security = paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]?.security;
      if (!security) continue;
      const session = [{ sessionCookie: [] }, { bearer: [] }];
      if (access === 'public') expect(security, route).not.toContainEqual({ sessionCookie: [] });
      else if (access === 'optional') expect(security, route).not.toEqual(session);
      else expect(security, route).toEqual(session);
    }
  });

  it('names only capabilities the permission table has', () => {
    for (const { access } of Object.values(matrix)) {
      if (access !== 'public' && access !== 'optional') expect(Object.keys(capabilities)).toContain(access);
    }
  });

  it.each(Object.entries(expectedAudiences))('sees %s as the audience %s', (name, audience) => {
    expect(audienceOfSession(callers.get(name)!.session!.details)).toBe(audience);
  });

  it('exercises every audience the permission table names', () => {
    const tableAudiences = new Set(Object.values(capabilities).flat());
    const exercised = new Set(Object.values(expectedAudiences));

    for (const audience of tableAudiences) expect(exercised).toContain(audience);
  });

  describe.each(Object.entries(matrix))('%s', (route, routeCase) => {
    it.each(callerNames)('called by %s answers as the table predicts', async (name) => {
      const caller = callers.get(name)!;
      const options = await routeCase.request({ app, testApp, caller, ids });
      const response: LightMyRequestResponse = await call(app, { token: caller.session?.token, ...options });

      // Whatever it answers, the answer is one the OpenAPI document declares, in its schema.
      expect(answerProblems(route, response)).toEqual([]);

      const outcome = predicted(routeCase.access, caller);
      if (outcome === 401) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          code: 'unauthenticated',
          errorMessage: messages.common.loginRequired,
        });
      } else if (outcome === 403) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 'forbidden', errorMessage: messages.common.forbidden });
      } else {
        const reached =
          typeof routeCase.reached === 'function'
            ? routeCase.reached({ app, testApp, caller, ids })
            : routeCase.reached;
        expect(response.statusCode, response.body.slice(0, 200)).toBe(reached);
        if (routeCase.reachedMessage) expect(response.json().errorMessage).toBe(routeCase.reachedMessage);
      }
    });
  });
});

/** Variants a route serves by its query, each held to the route's capability like the route itself. */
const queryVariants: Record<string, RouteCase> = {
  'GET /api/campaigns?campaignType=All&from=dashboard (the dashboard’s campaign selector)': {
    access: 'campaigns.read',
    reached: 200,
    request: () => ({ url: '/api/campaigns?campaignType=All&from=dashboard&isGroupAdmin=false&brandId=' }),
  },
};

describe.each(Object.entries(queryVariants))('%s', (_variant, routeCase) => {
  it.each(callerNames)('called by %s answers as the table predicts', async (name) => {
    const caller = callers.get(name)!;
    const response = await call(app, {
      token: caller.session?.token,
      ...(await routeCase.request({ app, testApp, caller, ids })),
    });

    const outcome = predicted(routeCase.access, caller);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(
      outcome === 'reached' ? routeCase.reached : outcome,
    );
  });
});

describe('tenant scope', () => {
  /** For each caller, a brand and a user of another tenant: both answer 404, as if absent. */
  const foreign: { caller: string; brand: 'groupBrandA' | 'standalone' | 'firstLogin'; user: string }[] = [
    { caller: 'groupadmin@demo.test', brand: 'standalone', user: 'companyadmin@demo.test' },
    { caller: 'groupuser@demo.test', brand: 'standalone', user: 'companyadmin@demo.test' },
    { caller: 'companyadmin@demo.test', brand: 'groupBrandA', user: 'groupadmin@demo.test' },
    { caller: 'brandadmin@demo.test', brand: 'groupBrandA', user: 'groupuser@demo.test' },
    { caller: 'branduser@demo.test', brand: 'firstLogin', user: 'firstlogin@demo.test' },
    { caller: 'user@demo.test', brand: 'firstLogin', user: 'firstlogin@demo.test' },
    { caller: 'cardprovider@demo.test', brand: 'groupBrandA', user: 'groupadmin@demo.test' },
    { caller: 'firstlogin@demo.test', brand: 'standalone', user: 'user@demo.test' },
    { caller: 'guest', brand: 'standalone', user: 'companyadmin@demo.test' },
  ];

  it.each(foreign)('answers $caller 404 for brand $brand and user $user', async ({ caller, brand, user }) => {
    const { token } = callers.get(caller)!.session!;

    const brandResponse = await call(app, { url: `/api/brands/${ids.brands[brand]}`, token });
    const userResponse = await call(app, { url: `/api/users/${ids.userId(user)}`, token });

    expect(brandResponse.statusCode).toBe(404);
    expect(brandResponse.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
    expect(userResponse.statusCode).toBe(404);
    expect(userResponse.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
  });

  it.each(
    foreign.filter(
      ({ caller }) => !['cardprovider@demo.test', 'firstlogin@demo.test', 'guest'].includes(caller),
    ),
  )(
    "answers $caller 404 for brand $brand's invoices, invoice documents and ingestion logs",
    async ({ caller, brand }) => {
      const { token } = callers.get(caller)!.session!;
      const { year, documentId, invoiceNumber } = await matrixInvoice(testApp, ids.brands[brand]);
      const campaignId = await insertCampaign(testApp.db, { brandId: ids.brands[brand], month: '2024-01' });

      const invoices = await call(app, {
        url: `/api/distributors/getInvoiceList/invoice?brandId=${ids.brands[brand]}`,
        token,
      });
      const documentUrl = await call(app, {
        url: `/api/distributors/getInvoice/invoice?month=1&year=${year}&xero_invoice_id=${documentId}`,
        token,
      });
      const document = await call(app, { url: `/api/invoices/documents/${documentId}`, token });
      const detailed = await call(app, {
        url: `/api/invoices/detailed/${invoiceNumber}-detailed.pdf`,
        token,
      });
      const lookup = await call(app, {
        method: 'POST',
        url: '/api/distributors/getXeroInvoice/invoice',
        token,
        body: { xero_invoiceNumber: invoiceNumber },
      });
      const verified = await call(app, {
        url: `/api/transaction/verifyInvoices?InvoiceNumbers=${invoiceNumber}`,
        token,
      });
      const campaignInvoice = await call(app, {
        url: `/api/dashboard/getInvoice/${campaignId}?type=detailed&month=1&year=${year}`,
        token,
      });

      expect(invoices.statusCode).toBe(404);
      expect(documentUrl.statusCode).toBe(404);
      expect(documentUrl.json()).toEqual({ code: 'not_found', errorMessage: messages.invoice.notCreated });
      expect(document.statusCode).toBe(404);
      expect(detailed.statusCode).toBe(404);
      expect(lookup.statusCode).toBe(404);
      expect(lookup.json()).toEqual({ code: 'not_found', errorMessage: messages.invoice.notCreated });
      expect(verified.json()).toMatchObject({ invoices: [{ InvoiceNumber: invoiceNumber, exists: false }] });
      if (can(audienceOfSession(callers.get(caller)!.session!.details), 'dashboard.read')) {
        expect(campaignInvoice.statusCode).toBe(404);
      }
      if (can(audienceOfSession(callers.get(caller)!.session!.details), 'ingestionLogs.read')) {
        const logs = await call(app, { url: `/api/ingestionLogs?brandId=${ids.brands[brand]}`, token });
        expect(logs.statusCode).toBe(404);
      }
    },
  );

  it('answers a bank user 404 for a user and a bank that are not theirs', async () => {
    const other = await testApp.db
      .insertInto('banks')
      .values({ name: 'Another Bank' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = callers.get('bank@demo.test')!.session!;

    const bankResponse = await call(app, { url: `/api/banks/${other.id}`, token });
    const userResponse = await call(app, {
      url: `/api/users/${ids.userId('companyadmin@demo.test')}`,
      token,
    });

    expect(bankResponse.statusCode).toBe(404);
    expect(userResponse.statusCode).toBe(404);
  });
});
