import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { resumeStepOf } from '@krowd/domain/onboarding/onboarding.rules';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import type { SessionOrigin } from '../../db/schema.ts';
import { demoCardNetworkGuestEmail, demoGuestEmail, demoPassword } from '../../demo/demo-data.ts';
import { sessionCookieName } from '../../plugins/access.ts';
import { call, createTestApp, demoIds, linkToken, type App, type TestApp } from '../../test/test-app.ts';
import { campaignBody, insertBranch } from '../campaigns/campaigns.fixtures.ts';

/**
 * The guest onboarding train (spec 1 §4, spec 2 §4, §7): Create Campaign, Payment Details, Branch,
 * Account Settings. The clock is fixed at 10 March 2031, 11:00 in New York: a first-login or
 * card-network guest chooses from 04/2031 to 09/2031.
 */

let now = new Date('2031-03-10T15:00:00Z');

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now, env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
});

afterAll(async () => {
  await testApp?.close();
});

interface Guest {
  userId: string;
  brandId: string;
  email: string;
  token: string;
  details: SessionUser;
}

/** Signs a guest in through a fresh guest link (with the origin given). */
async function guestLogin(userId: string, origin?: SessionOrigin) {
  const link = await app.services.auth.issueLink(userId, 'guest_login', origin ? { origin } : {});
  const response = await call(app, { url: `/api/users/checkGuestUser?token=${linkToken(link)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ accessToken: string; details: SessionUser }>();
}

let guestCounter = 0;

/** A guest of a brand of their own, as the demo's guests are (first login, no password, no terms). */
async function newGuest(options: { origin?: SessionOrigin } = {}): Promise<Guest> {
  guestCounter += 1;
  const suffix = `${guestCounter}${randomBytes(3).toString('hex')}`;
  const brand = await testApp.db
    .insertInto('brands')
    .values({ name: `Train Bistro ${suffix}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const email = `train-${suffix}@example.test`;
  const user = await testApp.db
    .insertInto('users')
    .values({
      email,
      first_name: 'Tess',
      last_name: 'Train',
      entity_type: 'brand',
      role: 'companyAdmin',
      brand_id: brand.id,
      guest_user: true,
      guest_user_flag: true,
      is_first_login: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const signedIn = await guestLogin(user.id, options.origin);
  return {
    userId: user.id,
    brandId: brand.id,
    email,
    token: signedIn.accessToken,
    details: signedIn.details,
  };
}

const saveCampaign = (guest: Pick<Guest, 'token'>, body: unknown) =>
  call(app, { method: 'PUT', url: '/api/users/onboarding/campaign', token: guest.token, body });

const campaignStep = (brandId: string, overrides: Record<string, unknown> = {}) => ({
  stepOneData: campaignBody(brandId, '2031-05', { recurring: true }),
  isTAndCAccepted: true,
  ...overrides,
});

const progress = (guest: Pick<Guest, 'token'>, body: unknown) =>
  call(app, { method: 'PUT', url: '/api/users/onboarding/progress', token: guest.token, body });

const accountSettings = {
  firstName: 'Tessa',
  lastName: 'Trainor',
  phone: '07700 900123',
  newPassword: 'Train!Pass1',
  confirmPassword: 'Train!Pass1',
};

const complete = (guest: Pick<Guest, 'token'>, body: unknown = accountSettings) =>
  call(app, { method: 'POST', url: '/api/users/onboarding/complete', token: guest.token, body });

/** The wizard's branches for the guest's brand (spec 2 §5), through the merchants route. */
const addBranches = (guest: Pick<Guest, 'token'>, brandId: string, count = 1) =>
  call(app, {
    method: 'POST',
    url: '/api/merchants/createMultiple',
    token: guest.token,
    body: Array.from({ length: count }, (_, index) => ({
      name: `Train Branch ${index + 1} ${randomBytes(3).toString('hex')}`,
      postcode: 'N1 9AA',
      contactPhone: '02079460000',
      contactEmail: 'branch@example.test',
      merchantIds: { merchantId: `9${randomBytes(4).toString('hex')}` },
      brandId,
    })),
  });

/** Every step before Account Settings: the campaign saved, direct debit skipped, a branch added. */
async function throughBranchStep(guest: Guest, branches = 1) {
  expect((await saveCampaign(guest, campaignStep(guest.brandId))).statusCode).toBe(200);
  expect((await progress(guest, { step: 'payment', stepTwo: true })).statusCode).toBe(200);
  expect((await addBranches(guest, guest.brandId, branches)).statusCode).toBe(200);
  expect((await progress(guest, { step: 'branch', stepThree: true })).statusCode).toBe(200);
}

const userRow = (userId: string) =>
  testApp.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();

const campaignsOf = (brandId: string) =>
  testApp.db.selectFrom('campaigns').selectAll().where('brand_id', '=', brandId).execute();

const setAutoDebit = (value: 'Mandatory' | 'true') =>
  testApp.db
    .updateTable('settings')
    .set({ value: JSON.stringify(value) })
    .where('key', '=', 'autoDebit')
    .execute();

const session = (token: string) => call(app, { url: '/api/auth/session', token });

describe('PUT /api/users/onboarding/campaign (Create Campaign)', () => {
  it('saves the form, stepOne, step campaign and the terms accepted for guest@demo.test, answering 205', async () => {
    const signedIn = await guestLogin(ids.userId(demoGuestEmail));
    const guest = { token: signedIn.accessToken };

    const response = await saveCampaign(guest, campaignStep(ids.brands.guest));

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ respCode: number; details: SessionUser }>();
    expect(body.respCode).toBe(205);
    expect(body.details).toMatchObject({
      email: demoGuestEmail,
      stepOne: true,
      step: 'campaign',
      isTAndCAccepted: true,
      guestUser: true,
      stepOneData: { start_date: '2031-05-01', type: 'All', brandId: ids.brands.guest, discountPercent: 15 },
    });
    expect(resumeStepOf(body.details)).toBe('payment');
    const row = await userRow(ids.userId(demoGuestEmail));
    expect(row).toMatchObject({ step_one: true, step: 'campaign', is_t_and_c_accepted: true });
    expect(row.step_one_data).toMatchObject({ start_date: '2031-05-01', customerType: 'all' });
  });

  it.each([
    {
      name: 'chosen branches',
      body: (brandId: string) =>
        campaignStep(brandId, {
          stepOneData: campaignBody(brandId, '2031-05', { type: undefined, merchantIds: [brandId] }),
        }),
      field: 'stepOneData.merchantIds',
      message: messages.onboarding.allBranchesOnly,
    },
    {
      name: 'no branch choice',
      body: (brandId: string) =>
        campaignStep(brandId, { stepOneData: campaignBody(brandId, '2031-05', { type: undefined }) }),
      field: 'stepOneData.merchantIds',
    },
    {
      name: 'another brand',
      body: () => campaignStep(ids.brands.standalone),
      field: 'stepOneData.brandId',
      message: messages.validation.invalidValue,
    },
    {
      name: 'a month after the window',
      body: (brandId: string) => campaignStep(brandId, { stepOneData: campaignBody(brandId, '2031-10') }),
      field: 'stepOneData.start_date',
      message: messages.campaign.monthOutsideWindow('04/2031', '09/2031'),
    },
    {
      name: 'the current month',
      body: (brandId: string) => campaignStep(brandId, { stepOneData: campaignBody(brandId, '2031-03') }),
      field: 'stepOneData.start_date',
    },
    {
      name: 'the terms not accepted',
      body: (brandId: string) => campaignStep(brandId, { isTAndCAccepted: false }),
      field: 'isTAndCAccepted',
      message: messages.campaign.termsRequired,
    },
    {
      name: 'no form',
      body: () => ({ isTAndCAccepted: true }),
      field: 'stepOneData',
    },
    {
      name: 'a bad discount',
      body: (brandId: string) =>
        campaignStep(brandId, { stepOneData: campaignBody(brandId, '2031-05', { discountPercent: 300 }) }),
      field: 'stepOneData.discountPercent',
    },
    {
      name: 'a field the form does not have',
      body: (brandId: string) => campaignStep(brandId, { stepOne: true }),
      field: 'stepOne',
    },
  ])('refuses $name with 400 naming $field, and changes nothing', async ({ body, field, message }) => {
    const guest = await newGuest();
    const before = await userRow(guest.userId);

    const response = await saveCampaign(guest, body(guest.brandId));

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty([field]);
    if (message) expect(response.json().fieldErrors[field]).toBe(message);
    expect(await userRow(guest.userId)).toEqual(before);
  });

  it('keeps a card-network guest to the card-network month window', async () => {
    const guest = await newGuest({ origin: 'card_network' });
    await testApp.db
      .updateTable('users')
      .set({ is_first_login: false })
      .where('id', '=', guest.userId)
      .execute();
    const signedIn = await guestLogin(guest.userId, 'card_network');

    const late = await saveCampaign(
      { token: signedIn.accessToken },
      campaignStep(guest.brandId, { stepOneData: campaignBody(guest.brandId, '2031-10') }),
    );

    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors['stepOneData.start_date']).toBe(
      messages.campaign.monthOutsideWindow('04/2031', '09/2031'),
    );
  });
});

describe('PUT /api/users/onboarding/progress (Payment Details and Branch)', () => {
  it('refuses a step before the campaign is saved with 409', async () => {
    const guest = await newGuest();

    const response = await progress(guest, { step: 'payment', stepTwo: true });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: messages.onboarding.campaignFirst });
  });

  it('records the payment step passed when direct debit is skipped, and resumes at Branch', async () => {
    const guest = await newGuest();
    await saveCampaign(guest, campaignStep(guest.brandId));

    const response = await progress(guest, { step: 'payment', stepTwo: true, payerAuthorisationId: 'PA1' });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().respCode).toBe(205);
    expect(response.json().details).toMatchObject({ stepTwo: true, stepThree: false, step: 'payment' });
    expect(resumeStepOf(response.json().details)).toBe('branch');
  });

  it('refuses Skip when direct debit is Mandatory and the brand has no mandate that collects', async () => {
    const guest = await newGuest();
    await saveCampaign(guest, campaignStep(guest.brandId));
    await setAutoDebit('Mandatory');
    try {
      const refused = await progress(guest, { step: 'payment', stepTwo: true });
      await testApp.db
        .insertInto('payment_mandates')
        .values({
          brand_id: guest.brandId,
          provider: 'test',
          status: 'pending',
          flow_id: `flow-${randomBytes(6).toString('hex')}`,
          session_token: randomBytes(16).toString('hex'),
          return_to: 'onboarding',
          provider_mandate_id: `MD${randomBytes(6).toString('hex')}`,
        })
        .execute();
      const passed = await progress(guest, { step: 'payment', stepTwo: true });

      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'conflict',
        errorMessage: messages.onboarding.directDebitRequired,
      });
      expect(passed.statusCode, passed.body).toBe(200);
      expect(passed.json().details.stepTwo).toBe(true);
    } finally {
      await setAutoDebit('true');
    }
  });

  it('refuses the Branch step before the payment step with 409', async () => {
    const guest = await newGuest();
    await saveCampaign(guest, campaignStep(guest.brandId));
    await addBranches(guest, guest.brandId);

    const response = await progress(guest, { step: 'branch', stepThree: true });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: messages.onboarding.paymentFirst });
  });

  it('refuses the Branch step without a live branch that has a merchant ID', async () => {
    const guest = await newGuest();
    await saveCampaign(guest, campaignStep(guest.brandId));
    await progress(guest, { step: 'payment', stepTwo: true });
    // A live branch without a merchant ID, and a deleted one with one.
    await testApp.db
      .insertInto('branches')
      .values({ brand_id: guest.brandId, name: 'No MID', postcode: 'N1 9AA' })
      .execute();
    await insertBranch(testApp.db, guest.brandId, 'Deleted');
    const before = await userRow(guest.userId);

    const response = await progress(guest, { step: 'branch', stepThree: true });

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(messages.onboarding.merchantIdRequired);
    expect(await userRow(guest.userId)).toEqual(before);
  });

  it('passes the Branch step with a branch added through the merchants route, and Back clears it', async () => {
    const guest = await newGuest();
    await saveCampaign(guest, campaignStep(guest.brandId));
    await progress(guest, { step: 'payment', stepTwo: true });
    expect((await addBranches(guest, guest.brandId)).statusCode).toBe(200);

    const next = await progress(guest, { step: 'branch', stepThree: true, brandId: guest.brandId });
    const back = await progress(guest, { step: 'branch', stepThree: false });

    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().details).toMatchObject({ stepThree: true, step: 'branch' });
    expect(resumeStepOf(next.json().details)).toBe('password');
    expect(back.statusCode).toBe(200);
    expect(back.json().details).toMatchObject({ stepTwo: true, stepThree: false });
    expect(resumeStepOf(back.json().details)).toBe('branch');
  });

  it.each([
    {
      name: 'another brand',
      body: () => ({ step: 'payment', stepTwo: true, brandId: ids.brands.standalone }),
      field: 'brandId',
    },
    {
      name: 'a payment step without stepTwo',
      body: () => ({ step: 'payment', stepThree: true }),
      field: 'stepTwo',
    },
    { name: 'a branch step without stepThree', body: () => ({ step: 'branch' }), field: 'stepThree' },
    { name: 'another step', body: () => ({ step: 'password', stepTwo: true }), field: 'step' },
    {
      name: 'a flag that is not a boolean',
      body: () => ({ step: 'payment', stepTwo: 'yes' }),
      field: 'stepTwo',
    },
    {
      name: 'a flag the client may not set',
      body: () => ({ step: 'payment', stepTwo: true, proceesCompleted: true }),
      field: 'proceesCompleted',
    },
  ])('refuses $name with 400 naming $field, and changes nothing', async ({ body, field }) => {
    const guest = await newGuest();
    await saveCampaign(guest, campaignStep(guest.brandId));
    const before = await userRow(guest.userId);

    const response = await progress(guest, body());

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty([field]);
    expect(await userRow(guest.userId)).toEqual(before);
  });
});

describe('the Branch step through the merchants routes', () => {
  it("keeps a guest to their own brand's branches: another brand's answer 404", async () => {
    const guest = await newGuest();
    const foreign = await insertBranch(testApp.db, ids.brands.standalone, 'Pending');
    const before = await testApp.db
      .selectFrom('branches')
      .selectAll()
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();

    const create = await addBranches(guest, ids.brands.standalone);
    const list = await call(app, {
      url: `/api/merchants?brandId=${ids.brands.standalone}`,
      token: guest.token,
    });
    const edit = await call(app, {
      method: 'PUT',
      url: `/api/merchants/${foreign}`,
      token: guest.token,
      body: { postcode: 'E1 6AN' },
    });
    const remove = await call(app, {
      method: 'DELETE',
      url: `/api/merchants/${foreign}`,
      token: guest.token,
    });

    for (const response of [create, list, edit, remove]) expect(response.statusCode, response.body).toBe(404);
    expect(
      await testApp.db.selectFrom('branches').selectAll().where('id', '=', foreign).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it('lets a guest list, edit and delete their own branches', async () => {
    const guest = await newGuest();
    const added = await addBranches(guest, guest.brandId, 2);
    const [first, second] = added
      .json()
      .details.branch.map((b: { updateOne: { filter: { _id: string } } }) => b.updateOne.filter._id);

    const list = await call(app, { url: `/api/merchants?brandId=${guest.brandId}`, token: guest.token });
    const edit = await call(app, {
      method: 'PUT',
      url: `/api/merchants/${first}`,
      token: guest.token,
      body: { postcode: 'E1 6AN' },
    });
    const remove = await call(app, { method: 'DELETE', url: `/api/merchants/${second}`, token: guest.token });

    expect(list.statusCode).toBe(200);
    expect(list.json().pagination.total).toBe(2);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(remove.statusCode, remove.body).toBe(200);
  });
});

describe('POST /api/users/onboarding/complete (Account Settings)', () => {
  it('refuses to complete before every step is passed with 409, changing nothing', async () => {
    const guest = await newGuest();
    await saveCampaign(guest, campaignStep(guest.brandId));
    await progress(guest, { step: 'payment', stepTwo: true });
    const before = await userRow(guest.userId);

    const response = await complete(guest);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: messages.onboarding.stepsIncomplete });
    expect(await userRow(guest.userId)).toEqual(before);
    expect(await campaignsOf(guest.brandId)).toEqual([]);
  });

  it('completes guest@demo.test: one campaign at the brand’s branches, a full account, a new session', async () => {
    const signedIn = await guestLogin(ids.userId(demoGuestEmail));
    const guest = {
      userId: ids.userId(demoGuestEmail),
      brandId: ids.brands.guest,
      email: demoGuestEmail,
      token: signedIn.accessToken,
      details: signedIn.details,
    };
    const older = await guestLogin(guest.userId);
    await throughBranchStep(guest, 2);
    const branchIds = (
      await testApp.db
        .selectFrom('branches')
        .select('id')
        .where('brand_id', '=', guest.brandId)
        .where('status', '!=', 'Deleted')
        .execute()
    ).map((row) => row.id);

    const response = await complete(guest, { ...accountSettings, deviceInfo: { browserName: 'Test' } });

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      respCode: number;
      respMessage: string;
      accessToken: string;
      details: SessionUser;
    }>();
    expect(body.respCode).toBe(200);
    expect(body.respMessage).toBe(messages.onboarding.congratulations);
    expect(body.details).toMatchObject({
      email: demoGuestEmail,
      firstName: 'Tessa',
      lastName: 'Trainor',
      phone: '07700900123',
      guestUser: false,
      guestUserFlag: false,
      proceesCompleted: true,
      isTAndCAccepted: true,
      isFirstLogin: false,
      step: 'password',
      stepOneData: { start_date: '2031-05-01' },
      role: 'companyAdmin',
      source: null,
    });
    expect(resumeStepOf(body.details)).toBe('completed');
    expect(response.cookies.find((c) => c.name === sessionCookieName)?.value).toBe(body.accessToken);

    const campaigns = await campaignsOf(guest.brandId);
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({
      status: 'Pending',
      all_branches: true,
      start_date: '2031-05-01',
      discount_percent: 15,
      recurring: true,
      created_by: guest.userId,
      name: 'Guest Bistro31051',
    });
    const linked = await testApp.db
      .selectFrom('campaign_branches')
      .select('branch_id')
      .where('campaign_id', '=', campaigns[0]!.id)
      .execute();
    expect(linked.map((row) => row.branch_id).sort()).toEqual([...branchIds].sort());

    expect((await session(guest.token)).json().details).toBeNull();
    expect(
      (
        await call(app, {
          url: '/api/users/onboarding/progress',
          method: 'PUT',
          token: older.accessToken,
          body: { step: 'payment', stepTwo: true },
        })
      ).statusCode,
    ).toBe(401);
    const fresh = await session(body.accessToken);
    expect(fresh.json().details).toMatchObject({ email: demoGuestEmail, guestUser: false });
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: demoGuestEmail, password: 'Train!Pass1' },
    });
    expect(login.statusCode).toBe(200);
    // A full account has nothing left to onboard.
    expect((await complete({ token: body.accessToken })).statusCode).toBe(403);
  });

  it('completes a card-network guest with the card-network name and the fixed 10% discount', async () => {
    const signedIn = await guestLogin(ids.userId(demoCardNetworkGuestEmail), 'card_network');
    const guest = {
      userId: ids.userId(demoCardNetworkGuestEmail),
      brandId: ids.brands.cardNetwork,
      email: demoCardNetworkGuestEmail,
      token: signedIn.accessToken,
      details: signedIn.details,
    };
    expect(signedIn.details.source).toBe('cardNetwork');
    await testApp.db.deleteFrom('campaigns').where('brand_id', '=', guest.brandId).execute();
    await throughBranchStep(guest);

    const response = await complete(guest);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().details).toMatchObject({ guestUser: false, proceesCompleted: true, source: null });
    const campaigns = await campaignsOf(guest.brandId);
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({
      name: 'Saffron Table May 2031',
      discount_percent: 10,
      status: 'Pending',
    });
    expect((await session(guest.token)).json().details).toBeNull();
  });

  it('refuses a saved month gone by with 409, and sends the train back to the form with the data kept', async () => {
    const guest = await newGuest();
    await throughBranchStep(guest);
    const saved = (await userRow(guest.userId)).step_one_data;
    const before = now;
    now = new Date('2031-05-10T15:00:00Z');
    try {
      // Two months on, the guest comes back through a new link.
      guest.token = (await guestLogin(guest.userId)).accessToken;

      const response = await complete(guest);

      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'conflict',
        errorMessage: messages.onboarding.monthPassed('06/2031', '11/2031'),
      });
      const row = await userRow(guest.userId);
      expect(row).toMatchObject({
        step_one: false,
        step_two: true,
        step_three: true,
        guest_user: true,
        password_hash: null,
      });
      expect(row.step_one_data).toEqual(saved);
      expect(await campaignsOf(guest.brandId)).toEqual([]);
      const details = (await session(guest.token)).json().details;
      expect(resumeStepOf(details)).toBe('campaign');

      const resaved = await saveCampaign(
        guest,
        campaignStep(guest.brandId, { stepOneData: campaignBody(guest.brandId, '2031-07') }),
      );
      expect(resumeStepOf(resaved.json().details)).toBe('password');
      const completed = await complete(guest);
      expect(completed.statusCode, completed.body).toBe(200);
      expect((await campaignsOf(guest.brandId))[0]?.start_date).toBe('2031-07-01');
    } finally {
      now = before;
    }
  });

  it('creates one campaign when two completes arrive at once', async () => {
    const guest = await newGuest();
    await throughBranchStep(guest);

    const answers = await Promise.all([complete(guest), complete(guest)]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({
      code: 'conflict',
      errorMessage: messages.onboarding.alreadyCompleted,
    });
    expect(await campaignsOf(guest.brandId)).toHaveLength(1);
  });

  it.each([
    {
      name: 'a common password',
      body: { ...accountSettings, newPassword: 'Password1!', confirmPassword: 'Password1!' },
      field: 'newPassword',
    },
    {
      name: 'a confirmation that differs',
      body: { ...accountSettings, confirmPassword: 'Other!Pass1' },
      field: 'confirmPassword',
    },
    { name: 'a name with digits', body: { ...accountSettings, firstName: 'T3ss' }, field: 'firstName' },
    { name: 'no last name', body: { ...accountSettings, lastName: undefined }, field: 'lastName' },
    { name: 'a phone with letters', body: { ...accountSettings, phone: '0770abc' }, field: 'phone' },
    { name: 'an e-mail', body: { ...accountSettings, email: 'other@example.test' }, field: 'email' },
  ])('refuses $name with 400 naming $field, and changes nothing', async ({ body, field }) => {
    const guest = await newGuest();
    await throughBranchStep(guest);
    const before = await userRow(guest.userId);

    const response = await complete(guest, body);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty([field]);
    expect(await userRow(guest.userId)).toEqual(before);
    expect(await campaignsOf(guest.brandId)).toEqual([]);
    expect((await session(guest.token)).json().details).not.toBeNull();
  });
});

describe('who may use the train', () => {
  it.each([
    {
      method: 'PUT' as const,
      url: '/api/users/onboarding/campaign',
      body: () => campaignStep(ids.brands.standalone),
    },
    {
      method: 'PUT' as const,
      url: '/api/users/onboarding/progress',
      body: () => ({ step: 'payment', stepTwo: true }),
    },
    { method: 'POST' as const, url: '/api/users/onboarding/complete', body: () => accountSettings },
  ])(
    'refuses $method $url to a full account with 403 and to nobody signed in with 401',
    async ({ method, url, body }) => {
      const login = await call(app, {
        method: 'POST',
        url: '/api/auth/login',
        body: { email: 'companyadmin@demo.test', password: demoPassword },
      });
      const before = await userRow(ids.userId('companyadmin@demo.test'));

      const refused = await call(app, { method, url, token: login.json().accessToken, body: body() });
      const anonymous = await call(app, { method, url, body: body() });

      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'forbidden', errorMessage: messages.common.forbidden });
      expect(anonymous.statusCode).toBe(401);
      expect(await userRow(ids.userId('companyadmin@demo.test'))).toEqual(before);
    },
  );
});

describe('fresh links for a guest who left the train (forgot password)', () => {
  // Forgot password mails after answering: the answer, once that work is done.
  const forgot = async (email: string) => {
    const response = await call(app, {
      method: 'POST',
      url: `/api/auth/forgotPassword?email=${encodeURIComponent(email)}`,
    });
    await app.services.auth.settled();
    return response;
  };
  const lastMailTo = (email: string) =>
    testApp.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  const guestTokenIn = (text: string) => {
    const match = /\/guestuser\/([A-Za-z0-9_-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no guest link in: ${text}`);
    return match[1];
  };

  it('mails a guest link, not a recovery link, which signs the guest in where the train stopped', async () => {
    const guest = await newGuest();
    await saveCampaign(guest, campaignStep(guest.brandId));
    await progress(guest, { step: 'payment', stepTwo: true });

    const response = await forgot(guest.email);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, respMessage: messages.auth.forgotPasswordSent });
    const mail = await lastMailTo(guest.email);
    expect(mail).toMatchObject({ subject: messages.mail.guestResumeSubject, status: 'stored' });
    expect(mail?.text_body).not.toContain('/changerecoverpassword/');
    const signedIn = await call(app, {
      url: `/api/users/checkGuestUser?token=${guestTokenIn(mail!.text_body)}`,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().details).toMatchObject({ email: guest.email, guestUser: true, source: null });
    expect(resumeStepOf(signedIn.json().details)).toBe('branch');
  });

  it('keeps the card-network source of the guest’s last link', async () => {
    const guest = await newGuest({ origin: 'card_network' });

    await forgot(guest.email);

    const mail = await lastMailTo(guest.email);
    const signedIn = await call(app, {
      url: `/api/users/checkGuestUser?token=${guestTokenIn(mail!.text_body)}`,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().details.source).toBe('cardNetwork');
  });

  it('mails a guest at most RECOVERY_MAILS_PER_ACCOUNT (3) links an hour, answering the same each time', async () => {
    const guest = await newGuest();
    for (let i = 0; i < 4; i += 1) expect((await forgot(guest.email)).statusCode).toBe(200);

    const mails = await testApp.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', guest.email)
      .execute();
    expect(mails).toHaveLength(3);
  });
});
