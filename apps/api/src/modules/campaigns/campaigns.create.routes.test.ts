import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthWindowOf } from '@krowd/domain/campaign/campaign-dates.rules';
import { campaignName } from '@krowd/domain/campaign/campaign.rules';
import { defaultWeekDays } from '@krowd/domain/campaign/campaign.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  call,
  createTestApp,
  demoIds,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';
import {
  branchesOf,
  campaignBody,
  insertBranch,
  insertCampaign,
  listCampaigns,
  newTenant,
  newYork,
} from './campaigns.fixtures.ts';

/**
 * POST /api/campaigns (spec 1 §3–§8, brief §5): what a good request stores, and every refusal with
 * its message. The clock is fixed at 10 March 2031, 11:00 in New York: the month window runs from
 * 04/2031 to 10/2031 (to 09/2031 for a first-login user).
 */

const m = messages.campaign;
const now = new Date('2031-03-10T15:00:00Z');

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const sessions: Record<string, SignedIn> = {};
/** The standalone brand's branches by name. */
const greenFork: Record<string, string> = {};
let harbourLeeds: string;

const emails = [
  'admin@demo.test',
  'bank@demo.test',
  'cardprovider@demo.test',
  'clientadmin@demo.test',
  'groupadmin@demo.test',
  'groupuser@demo.test',
  'companyadmin@demo.test',
  'brandadmin@demo.test',
  'branduser@demo.test',
  'user@demo.test',
  'firstlogin@demo.test',
  'internal@demo.test',
] as const;
type Email = (typeof emails)[number];

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now, env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const email of emails) sessions[email] = await loginAs(app, email);
  for (const branch of await branchesOf(testApp.db, ids.brands.standalone))
    greenFork[branch.name] = branch.id;
  harbourLeeds = (await branchesOf(testApp.db, ids.brands.groupBrandA)).find(
    (branch) => branch.name === 'Harbour Kitchen Leeds',
  )!.id;
});

afterAll(async () => {
  await testApp?.close();
});

const token = (email: Email) => sessions[email]!.token;

function create(as: Email | string, body: unknown, query = '?response=true') {
  return call(app, {
    method: 'POST',
    url: `/api/campaigns${query}`,
    token: as.includes('@') ? token(as as Email) : as,
    body,
  });
}

async function stored(id: string) {
  const campaign = await testApp.db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const branches = await testApp.db
    .selectFrom('campaign_branches as cb')
    .innerJoin('branches as b', 'b.id', 'cb.branch_id')
    .select('b.name')
    .where('cb.campaign_id', '=', id)
    .orderBy('b.name')
    .execute();
  const codes = await testApp.db
    .selectFrom('campaign_promo_codes')
    .select('code')
    .where('campaign_id', '=', id)
    .execute();
  return { ...campaign, branches: branches.map((b) => b.name), codes: codes.map((c) => c.code) };
}

async function campaignCount(brandId: string) {
  const row = await testApp.db
    .selectFrom('campaigns')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('brand_id', '=', brandId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('creating a campaign', () => {
  it('stores a dp campaign at every approved branch: server-made name, month in the timezone, status Pending', async () => {
    const before = await campaignCount(ids.brands.standalone);

    const response = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-04', { name: 'Whatever the form says', recurring: true }),
    );

    expect(response.statusCode).toBe(201);
    const expectedName = campaignName('Green Fork', '2031-04-01', before);
    expect(expectedName).toBe(`Green Fork3104${before + 1}`);
    const body = response.json();
    expect(body).toEqual({
      respCode: 200,
      respMessage: `Campaign "${expectedName}" has been created successfully`,
      campaign: { _id: expect.any(String), name: expectedName },
    });
    const row = await stored(body.campaign._id);
    expect(row).toMatchObject({
      brand_id: ids.brands.standalone,
      name: expectedName,
      status: 'Pending',
      customer_type: 'all',
      last_transaction_months: null,
      discount_type: 'dp',
      discount_percent: 15,
      discount_amount_pence: null,
      discount_value_pence: null,
      success_fee: 10,
      start_date: '2031-04-01',
      recurring: true,
      is_primary_campaign: true,
      primary_campaign_id: null,
      all_branches: true,
      created_by: ids.userId('companyadmin@demo.test'),
      deleted_at: null,
      codes: [],
    });
    // April 2031 in New York is daylight time (UTC-4): the whole month, first to last instant.
    expect(row.opening_time.toISOString()).toBe('2031-04-01T04:00:00.000Z');
    expect(row.closing_time.toISOString()).toBe('2031-05-01T03:59:59.999Z');
    expect(monthWindowOf('2031-04-01', newYork)).toEqual({
      openingTime: row.opening_time.toISOString(),
      closingTime: row.closing_time.toISOString(),
    });
    // 'All' is every Active, Approved or Updated branch (an Updated one earns on its reviewed IDs,
    // decision 0070); Pending, Rejected and Deleted ones are left out.
    expect(row.branches).toEqual(['Green Fork Islington', 'Green Fork Shoreditch', 'Green Fork Soho']);
  });

  it('shows the new campaign in the Future list as Submitted', async () => {
    const created = await create('user@demo.test', campaignBody(ids.brands.standalone, '2031-05'));
    const { name } = created.json().campaign;

    const list = await listCampaigns(app, token('user@demo.test'), 'future', { globalSearch: name });

    expect(list.json().campaigns).toEqual([
      expect.objectContaining({
        name,
        status: 'Pending',
        statusLabel: 'Submitted',
        period: '05/2031',
        merchantNames: ['Green Fork Islington', 'Green Fork Shoreditch', 'Green Fork Soho'],
        editable: true,
      }),
    ]);
  });

  it("keeps the internal demo user's percent discount at the fixed 10%", async () => {
    const created = await create(
      'internal@demo.test',
      campaignBody(ids.brands.standalone, '2031-05', { discountPercent: 25 }),
    );
    const { _id: id } = created.json().campaign;

    const stored = await testApp.db
      .selectFrom('campaigns')
      .select('discount_percent')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

    expect(created.statusCode).toBe(201);
    expect(stored.discount_percent).toBe(10);
  });

  it('stores a dv campaign with a minimum spend in pence, at the chosen branch only', async () => {
    const response = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-06', {
        discountType: 'dv',
        discountPercent: undefined,
        discountAmount: 30.5,
        discountValue: 5.25,
        customerType: 'new',
        type: undefined,
        merchantIds: [greenFork['Green Fork Shoreditch']],
      }),
    );

    expect(response.statusCode).toBe(201);
    expect(await stored(response.json().campaign._id)).toMatchObject({
      discount_type: 'dv',
      customer_type: 'new',
      last_transaction_months: null,
      discount_percent: null,
      discount_amount_pence: 3050,
      discount_value_pence: 525,
      all_branches: false,
      branches: ['Green Fork Shoreditch'],
    });
  });

  it('stores an ss campaign for existing customers with its last transaction, average spend and budget', async () => {
    const response = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-07', {
        discountType: 'ss',
        discountPercent: undefined,
        discountSpreadAmount: 20,
        discountSpreadValue: 15,
        spreadAvgSpend: 23.62,
        customerType: 'existing',
        lastTransaction: 3,
        budgetType: 'budget',
        budget: 1500.75,
      }),
    );

    expect(response.statusCode).toBe(201);
    expect(await stored(response.json().campaign._id)).toMatchObject({
      discount_type: 'ss',
      customer_type: 'existing',
      last_transaction_months: 3,
      discount_percent: null,
      discount_spread_amount: 20,
      discount_spread_value: 15,
      spread_avg_spend_pence: 2362,
      budget_type: 'budget',
      budget_pence: 150075,
    });
  });

  it('applies the form rules: dp is for all customers, with no value discount and no last transaction', async () => {
    const response = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-04', {
        customerType: 'new',
        lastTransaction: 3,
        discountAmount: 40,
        discountValue: 5,
        discountSpreadValue: 10,
        budget: 100,
      }),
    );

    expect(response.statusCode).toBe(201);
    expect(await stored(response.json().campaign._id)).toMatchObject({
      customer_type: 'all',
      last_transaction_months: null,
      discount_amount_pence: null,
      discount_value_pence: null,
      discount_spread_value: null,
      budget_type: 'na',
      budget_pence: null,
    });
  });

  it('stores the week days, times, ages, genders, comments, valid-until month, templates and a single promo code', async () => {
    const template = await testApp.db
      .selectFrom('campaign_templates')
      .select('id')
      .where('type', '=', 'sms')
      .executeTakeFirstOrThrow();
    const weekDays = defaultWeekDays().map((day) => ({ ...day, selected: day.value >= 6 }));
    const templates = [
      { type: 'sms', templateId: template.id, preview: '15% off at Green Fork', fields: {} },
    ];

    const response = await create(
      'brandadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-05', {
        weekDays,
        start_time: '11:30',
        end_time: '14:00',
        age_range: [18, 65],
        gender: { male: false, female: true },
        suggestions: 'Weekends only, please.',
        validUntil: '2031-08',
        templates,
        promoCode: { mode: 'single', code: 'SPRING25' },
      }),
    );

    expect(response.statusCode).toBe(201);
    const row = await stored(response.json().campaign._id);
    expect(row).toMatchObject({
      week_days: ['Saturday', 'Sunday'],
      start_time: '11:30:00',
      end_time: '14:00:00',
      age_min: 18,
      age_max: 65,
      gender_male: false,
      gender_female: true,
      suggestions: 'Weekends only, please.',
      valid_until: '2031-08-01',
      templates,
      promo_code: { mode: 'single', code: 'SPRING25' },
      codes: ['SPRING25'],
    });
  });

  it('lets a group admin create for the brand of the group they choose', async () => {
    const response = await create('groupadmin@demo.test', campaignBody(ids.brands.groupBrandB, '2031-04'));

    expect(response.statusCode).toBe(201);
    const row = await stored(response.json().campaign._id);
    expect(row.brand_id).toBe(ids.brands.groupBrandB);
    expect(row.name).toMatch(/^Ember Pizza Co3104\d+$/);
    expect(row.branches).toEqual(['Ember Pizza Manchester', 'Ember Pizza Salford']);
  });

  it('lets a card provider create for its brand', async () => {
    const response = await create('cardprovider@demo.test', campaignBody(ids.brands.standalone, '2031-09'));

    expect(response.statusCode).toBe(201);
  });

  it('accepts the spec’s payload field for field and stores what the server derives, not what was sent', async () => {
    const response = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-08', {
        openingTime: '2020-01-01T00:00:00.000Z',
        closingTime: '2020-01-31T23:59:59.999Z',
        brand_id: ids.brands.standalone,
        allBranch: true,
        merchantId: '',
        campaign_status: 'Bank Approved',
        userRole: 'systemadmin',
        processType: 'Merchant Onboarding',
        group_brand_ids: [ids.brands.groupBrandA],
        distributorDealSetWithBrand: [
          { distributors_name: 'ATR', percentage: 0, successFee: 0, startDate: '2020-01-01' },
        ],
        deviceInfo: { browserName: 'Chrome' },
      }),
    );

    expect(response.statusCode, response.body).toBe(201);
    const row = await stored(response.json().campaign._id);
    expect(row).toMatchObject({
      brand_id: ids.brands.standalone,
      status: 'Pending',
      start_date: '2031-08-01',
    });
    expect(row.opening_time.toISOString()).toBe('2031-08-01T04:00:00.000Z');
  });

  it('refuses a spec payload whose brand_id names another brand', async () => {
    const response = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-08', { brand_id: ids.brands.groupBrandA }),
    );

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ brand_id: m.brandIdsDisagree });
  });

  it('takes the month window’s last month, 7 months ahead', async () => {
    const response = await create('user@demo.test', campaignBody(ids.brands.standalone, '2031-10'));

    expect(response.statusCode).toBe(201);
  });
});

describe('the terms and the first-login window', () => {
  it('refuses firstlogin@ until the terms are accepted, then allows next month to 6 months ahead, then 7', async () => {
    const brandId = ids.brands.firstLogin;
    const before = await campaignCount(brandId);

    const refused = await create('firstlogin@demo.test', campaignBody(brandId, '2031-04'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'terms_not_accepted',
      errorMessage: 'Please accept the terms and conditions before creating your first campaign.',
    });
    expect(await campaignCount(brandId)).toBe(before);

    const accepted = await call(app, {
      method: 'POST',
      url: '/api/users/acceptTerms',
      token: token('firstlogin@demo.test'),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ respCode: 205, respMessage: m.termsAccepted });
    const session = await call(app, { url: '/api/auth/session', token: token('firstlogin@demo.test') });
    expect(session.json().details).toMatchObject({ isTAndCAccepted: true, isFirstLogin: true });

    const tooFar = await create('firstlogin@demo.test', campaignBody(brandId, '2031-10'));
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json()).toEqual({
      code: 'validation_failed',
      errorMessage: 'Please select a campaign month from 04/2031 to 09/2031',
      fieldErrors: { start_date: 'Please select a campaign month from 04/2031 to 09/2031' },
    });

    const first = await create('firstlogin@demo.test', campaignBody(brandId, '2031-09'));
    expect(first.statusCode).toBe(201);
    expect(first.json().campaign.name).toBe('First Light Bakery31091');
    const afterFirst = await call(app, { url: '/api/auth/session', token: token('firstlogin@demo.test') });
    expect(afterFirst.json().details.isFirstLogin).toBe(false);

    const nowStandard = await create('firstlogin@demo.test', campaignBody(brandId, '2031-10'));
    expect(nowStandard.statusCode).toBe(201);
  });

  it('refuses a new sign-up (terms not accepted) with 409, and creates once they are', async () => {
    const owner = await newTenant(app, testApp.db, { termsAccepted: false, firstLogin: true });

    const refused = await create(owner.token, campaignBody(owner.brandId, '2031-04'));
    await call(app, { method: 'POST', url: '/api/users/acceptTerms', token: owner.token });
    const created = await create(owner.token, campaignBody(owner.brandId, '2031-04'));

    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe(m.termsRequired);
    expect(created.statusCode).toBe(201);
  });
});

describe('refusals', () => {
  async function expectRefused(
    response: Awaited<ReturnType<typeof create>>,
    status: number,
    errorMessage: string,
    brandId = ids.brands.standalone,
    before?: number,
  ) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().errorMessage).toBe(errorMessage);
    expect(response.json().respCode).toBeUndefined();
    if (before !== undefined) expect(await campaignCount(brandId)).toBe(before);
  }

  it.each([
    ['the current month', '2031-03'],
    ['a past month', '2030-12'],
    ['8 months ahead', '2031-11'],
  ])('refuses %s as outside the month window', async (_case, month) => {
    const before = await campaignCount(ids.brands.standalone);

    const response = await create('companyadmin@demo.test', campaignBody(ids.brands.standalone, month));

    await expectRefused(
      response,
      400,
      'Please select a campaign month from 04/2031 to 10/2031',
      ids.brands.standalone,
      before,
    );
    expect(response.json().fieldErrors).toEqual({
      start_date: 'Please select a campaign month from 04/2031 to 10/2031',
    });
  });

  let pendingBranch = '';
  beforeAll(async () => {
    // A brand user's new branch, waiting for the operator: not selectable, and no hold-up.
    pendingBranch = await insertBranch(
      testApp.db,
      ids.brands.standalone,
      'Pending',
      'Green Fork Waiting',
      undefined,
      'brandUser',
    );
  });

  it.each([
    ['of another brand', () => harbourLeeds],
    ['that was rejected', () => greenFork['Green Fork Brixton']!],
    ['that was deleted', () => greenFork['Green Fork Camden']!],
    ['that is pending approval', () => pendingBranch],
  ])('refuses a branch %s', async (_case, branch) => {
    const before = await campaignCount(ids.brands.standalone);

    const response = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-04', {
        type: undefined,
        merchantIds: [greenFork['Green Fork Soho'], branch()],
      }),
    );

    await expectRefused(response, 400, m.branchNotAvailable, ids.brands.standalone, before);
    expect(response.json().fieldErrors).toEqual({ merchantIds: m.branchNotAvailable });
  });

  it.each([
    ['no branches', [], []],
    ['only rejected branches', ['Rejected'], []],
    ['only its own new branches, waiting for the operator', ['Rejected'], ['Pending']],
  ] as const)('refuses a brand with %s', async (_case, statuses, ownStatuses) => {
    const owner = await newTenant(app, testApp.db, { branches: [...statuses] });
    for (const status of ownStatuses) {
      await insertBranch(testApp.db, owner.brandId, status, undefined, undefined, 'brandUser');
    }

    const response = await create(owner.token, campaignBody(owner.brandId, '2031-04'));

    await expectRefused(response, 400, m.noBranches, owner.brandId, 0);
    expect(response.json().fieldErrors).toEqual({ merchantIds: m.noBranches });
  });

  describe('while the operator side has created branches the brand has not yet approved or rejected (spec 1 §8)', () => {
    it('refuses a new campaign, saying so, even with approved branches to run at', async () => {
      const owner = await newTenant(app, testApp.db, { branches: ['Active', 'Pending'] });

      const response = await create(owner.token, campaignBody(owner.brandId, '2031-04'));

      await expectRefused(response, 409, m.branchesPending, owner.brandId, 0);
    });

    it('is not held up by an approved branch whose new merchant IDs await the operator side, which it runs at', async () => {
      const owner = await newTenant(app, testApp.db, { branches: ['Active', 'Active'] });
      const edited = await call(app, {
        method: 'PUT',
        url: `/api/merchants/${owner.branchIds[0]}`,
        token: owner.token,
        body: { merchantIds: { merchantId: `NEW-${owner.brandId.slice(0, 8)}` } },
      });
      expect(edited.json().details.status).toBe('Updated');

      const response = await create(
        owner.token,
        campaignBody(owner.brandId, '2031-04', { type: undefined, merchantIds: [owner.branchIds[0]] }),
      );

      expect(response.statusCode, response.body).toBe(201);
    });

    it('creates it once the brand admin has approved the branch', async () => {
      const owner = await newTenant(app, testApp.db, { branches: ['Active', 'Pending'] });
      const approved = await call(app, {
        method: 'POST',
        url: '/api/merchants/multiApprove',
        token: owner.token,
        body: { selectedIds: [owner.branchIds[1]], action: 'APPROVE' },
      });

      const response = await create(owner.token, campaignBody(owner.brandId, '2031-04'));

      expect(approved.statusCode).toBe(200);
      expect(response.statusCode, response.body).toBe(201);
    });

    it('still lets an existing campaign be edited', async () => {
      const owner = await newTenant(app, testApp.db, { branches: ['Active', 'Pending'] });
      const id = await insertCampaign(testApp.db, {
        brandId: owner.brandId,
        month: '2031-05',
        timeZone: newYork,
        branchIds: [owner.branchIds[0]!],
      });

      const response = await call(app, {
        method: 'PUT',
        url: `/api/campaigns/${id}`,
        token: owner.token,
        body: campaignBody(owner.brandId, '2031-06'),
      });

      expect(response.statusCode, response.body).toBe(200);
    });
  });

  it.each([
    ['a brand of another tenant', 'companyadmin@demo.test', 'groupBrandA'],
    ['a brand outside the group', 'groupadmin@demo.test', 'standalone'],
    ['a brand that does not exist', 'user@demo.test', 'missing'],
  ] as const)('answers 404 for %s', async (_case, email, brand) => {
    const brandId = brand === 'missing' ? '00000000-0000-4000-8000-000000000000' : ids.brands[brand];

    const response = await create(email, campaignBody(brandId, '2031-04'));

    await expectRefused(response, 404, messages.common.notFound);
  });

  const dv = { discountType: 'dv', discountPercent: undefined, discountAmount: 30, discountValue: 5 };
  const ss = {
    discountType: 'ss',
    discountPercent: undefined,
    discountSpreadAmount: 20,
    discountSpreadValue: 10,
  };

  it.each([
    ['dp without a percent', { discountPercent: undefined }, 'discountPercent', m.discountRequired],
    [
      'dp at 0%',
      { discountPercent: 0 },
      'discountPercent',
      m.percentRange(m.numberFieldNames.discountPercent),
    ],
    [
      'dp above 100%',
      { discountPercent: 101 },
      'discountPercent',
      m.percentRange(m.numberFieldNames.discountPercent),
    ],
    [
      'dp with a fraction',
      { discountPercent: 12.5 },
      'discountPercent',
      m.percentRange(m.numberFieldNames.discountPercent),
    ],
    [
      'dp given as text',
      { discountPercent: '15' },
      'discountPercent',
      m.percentRange(m.numberFieldNames.discountPercent),
    ],
    [
      'dv without the minimum spend',
      { ...dv, discountAmount: undefined },
      'discountAmount',
      m.discountAmountRequired,
    ],
    ['dv without the discount', { ...dv, discountValue: '' }, 'discountValue', m.discountRequired],
    [
      'dv with a discount not below the spend',
      { ...dv, discountValue: 30 },
      'discountValue',
      m.discountBelowMinimumSpend,
    ],
    [
      'dv with tenths of a penny',
      { ...dv, discountAmount: 30.125 },
      'discountAmount',
      m.amountInvalid(m.numberFieldNames.discountAmount),
    ],
    [
      'dv with a negative amount',
      { ...dv, discountValue: -5 },
      'discountValue',
      m.amountInvalid(m.numberFieldNames.discountValue),
    ],
    [
      'dv above a million pounds',
      { ...dv, discountAmount: 1_000_001 },
      'discountAmount',
      m.amountTooLarge(m.numberFieldNames.discountAmount),
    ],
    [
      'ss without the ATV percent',
      { ...ss, discountSpreadAmount: undefined },
      'discountSpreadAmount',
      m.atvPercentRequired,
    ],
    [
      'ss without the discount',
      { ...ss, discountSpreadValue: undefined },
      'discountSpreadValue',
      m.discountRequired,
    ],
    [
      'ss with a percent above 100',
      { ...ss, discountSpreadValue: 150 },
      'discountSpreadValue',
      m.percentRange(m.numberFieldNames.discountSpreadValue),
    ],
    [
      'existing customers without a last transaction',
      { ...dv, customerType: 'existing' },
      'lastTransaction',
      m.lastTransactionRequired,
    ],
    [
      'lapsed customers with 13 months',
      { ...ss, customerType: 'lapsed', lastTransaction: 13 },
      'lastTransaction',
      m.lastTransactionRequired,
    ],
    ['no customer type', { customerType: undefined }, 'customerType', m.customerTypeRequired],
    ['an unknown discount type', { discountType: 'xx' }, 'discountType', m.discountTypeRequired],
    ['no branch chosen', { type: undefined }, 'merchantIds', m.branchRequired],
    ['an empty branch list', { type: undefined, merchantIds: [] }, 'merchantIds', m.branchRequired],
    [
      'all branches and a list',
      { merchantIds: ['00000000-0000-4000-8000-000000000001'] },
      'merchantIds',
      m.branchSelectionConflict,
    ],
    [
      'a branch twice',
      {
        type: undefined,
        merchantIds: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001'],
      },
      'merchantIds',
      m.branchDuplicate,
    ],
    ['no brand', { brandId: undefined }, 'brandId', m.brandRequired],
    ['a name under 5 characters', { name: 'Abc' }, 'name', m.nameMin],
    ['a name over 70 characters', { name: 'N'.repeat(71) }, 'name', m.nameMax],
    ['no campaign date', { start_date: '' }, 'start_date', m.startDateRequired],
    ['a date that is not the 1st', { start_date: '2031-04-15' }, 'start_date', m.startDateInvalid],
    ['a date that does not exist', { start_date: '2031-02-30' }, 'start_date', m.startDateInvalid],
    ['a success fee above 100', { successFee: 101 }, 'successFee', m.successFeeRange],
    ['no success fee', { successFee: undefined }, 'successFee', m.successFeeRequired],
    ['a budget type without a budget', { budgetType: 'budget' }, 'budget', m.budgetRequired],
    ['ages outside 10–100', { age_range: [5, 100] }, 'age_range', m.ageRangeInvalid],
    ['no gender', { gender: { male: false, female: false } }, 'gender', m.genderRequired],
    [
      'no week day',
      { weekDays: defaultWeekDays().map((day) => ({ ...day, selected: false })) },
      'weekDays',
      m.weekDaysRequired,
    ],
    [
      'an end time before the start time',
      { start_time: '14:00', end_time: '11:00' },
      'end_time',
      m.endTimeAfterStart,
    ],
    ['a time that is not HH:MM', { start_time: '25:00' }, 'start_time', m.timeInvalid],
    ['comments over 600 characters', { suggestions: 'x'.repeat(601) }, 'suggestions', m.suggestionsMax],
    [
      'a valid-until month before the campaign',
      { validUntil: '2031-03' },
      'validUntil',
      m.validUntilBeforeStart,
    ],
    ['a single promo code missing', { promoCode: { mode: 'single' } }, 'promoCode.code', m.promoCodeRequired],
    [
      'a promo code with spaces',
      { promoCode: { mode: 'single', code: 'TWO WORDS' } },
      'promoCode.code',
      m.promoCodeInvalid,
    ],
    [
      'a code with multiple codes',
      { promoCode: { mode: 'multiple', code: 'ONE' } },
      'promoCode.code',
      m.promoCodeNotExpected,
    ],
  ] as const)('refuses %s with its message', async (_case, overrides, field, message) => {
    const before = await campaignCount(ids.brands.standalone);

    const response = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-04', overrides as Record<string, unknown>),
    );

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    // The message a person reads is the first field's own, never prefixed by a field name.
    expect(Object.values(response.json().fieldErrors)).toContain(response.json().errorMessage);
    expect(await campaignCount(ids.brands.standalone)).toBe(before);
  });

  it.each([
    [
      'a 150% discount',
      { discountPercent: 150 },
      'discountPercent',
      'Discount (%) must be a whole number from 1 to 100',
    ],
    [
      'a success fee of -5',
      { successFee: -5 },
      'successFee',
      'Success fee must be a whole number from 0 to 100',
    ],
    [
      'a value discount of -£5',
      { ...dv, discountValue: -5 },
      'discountValue',
      'Discount (£) must be an amount in pounds with up to 2 decimals',
    ],
  ] as const)(
    'refuses %s, naming the field in the message, and stores nothing',
    async (_case, overrides, field, message) => {
      const before = await campaignCount(ids.brands.standalone);

      const response = await create(
        'companyadmin@demo.test',
        campaignBody(ids.brands.standalone, '2031-04', overrides as Record<string, unknown>),
      );

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorMessage: message, fieldErrors: { [field]: message } });
      expect(await campaignCount(ids.brands.standalone)).toBe(before);
    },
  );

  it('refuses an email template with fewer than two images', async () => {
    const template = await testApp.db
      .selectFrom('campaign_templates')
      .select('id')
      .where('type', '=', 'email')
      .executeTakeFirstOrThrow();

    const response = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-04', {
        templates: [
          { type: 'email', templateId: template.id, preview: 'Hello', fields: { 'Top Image': 'top.png' } },
        ],
      }),
    );

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors['templates.0.fields']).toBe('Please Select at least two Images');
  });

  it('refuses a field the payload does not have', async () => {
    const response = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-04', { status: 'Bank Approved' }),
    );

    await expectRefused(response, 400, 'This field is not accepted');
  });

  it('refuses malformed JSON', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/campaigns',
      token: token('companyadmin@demo.test'),
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Broken',
    });

    await expectRefused(response, 400, messages.common.invalidRequest);
  });

  it('refuses a body that is not JSON', async () => {
    const send = (contentType: string) =>
      call(app, {
        method: 'POST',
        url: '/api/campaigns',
        token: token('companyadmin@demo.test'),
        headers: { 'content-type': contentType },
        body: 'name=x',
      });

    const text = await send('text/plain');
    const xml = await send('application/xml');

    expect(text.statusCode).toBe(400);
    expect(text.json().fieldErrors).toHaveProperty(['body']);
    await expectRefused(xml, 415, messages.common.unsupportedContentType);
  });

  it('refuses oversized strings and bodies', async () => {
    const longId = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-04', { _id: 'x'.repeat(101) }),
    );
    const tooManyBranches = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-04', {
        type: undefined,
        merchantIds: Array.from(
          { length: 5001 },
          (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ),
      }),
    );
    const hugeBody = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-04', { suggestions: 'x'.repeat(1_100_000) }),
    );

    expect(longId.statusCode).toBe(400);
    expect(longId.json().fieldErrors._id).toEqual(expect.any(String));
    expect(tooManyBranches.statusCode).toBe(400);
    expect(tooManyBranches.json().fieldErrors.merchantIds).toBe(messages.validation.tooLong);
    await expectRefused(hugeBody, 413, messages.common.requestTooLarge);
  });

  it('refuses an unknown query parameter', async () => {
    const response = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-04'),
      '?response=yes',
    );

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty(['response']);
  });

  it.each([
    'branduser@demo.test',
    'groupuser@demo.test',
    'bank@demo.test',
    'admin@demo.test',
    'clientadmin@demo.test',
  ] as const)('refuses %s, who may not create campaigns (403)', async (email) => {
    const response = await create(email, campaignBody(ids.brands.standalone, '2031-04'));

    await expectRefused(response, 403, messages.common.forbidden);
  });
});

describe('GET /api/campaigns/:id', () => {
  it('answers the campaign as the edit form reads it, and that shape saves back unchanged', async () => {
    const template = await testApp.db
      .selectFrom('campaign_templates')
      .select('id')
      .where('type', '=', 'sms')
      .executeTakeFirstOrThrow();
    const weekDays = defaultWeekDays().map((day) => ({ ...day, selected: day.value !== 3 }));
    const created = await create(
      'companyadmin@demo.test',
      campaignBody(ids.brands.standalone, '2031-06', {
        discountType: 'dv',
        discountPercent: undefined,
        discountAmount: 30.5,
        discountValue: 5.25,
        customerType: 'lapsed',
        lastTransaction: 6,
        type: undefined,
        merchantIds: [greenFork['Green Fork Soho']],
        weekDays,
        start_time: '12:00',
        end_time: '15:30',
        age_range: [20, 60],
        recurring: true,
        suggestions: 'Quiet hours',
        validUntil: '2031-09',
        templates: [{ type: 'sms', templateId: template.id, preview: 'Get £5.25 back', fields: {} }],
        promoCode: { mode: 'single', code: 'LAPSED5' },
      }),
    );
    const { _id: id, name } = created.json().campaign;

    const response = await call(app, { url: `/api/campaigns/${id}`, token: token('companyadmin@demo.test') });

    expect(response.statusCode).toBe(200);
    const { respCode, campaign } = response.json();
    expect(respCode).toBe(200);
    expect(campaign).toEqual({
      _id: id,
      name,
      status: 'Pending',
      statusLabel: 'Submitted',
      discountType: 'dv',
      discountPercent: null,
      discountValue: 5.25,
      discountAmount: 30.5,
      discountSpreadValue: null,
      discountSpreadAmount: null,
      spreadAvgSpend: null,
      successFee: 10,
      openingTime: '2031-06-01T04:00:00.000Z',
      closingTime: '2031-07-01T03:59:59.999Z',
      start_date: '2031-06-01',
      start_time: '12:00',
      end_time: '15:30',
      period: '06/2031',
      merchantNames: ['Green Fork Soho'],
      merchantIds: [greenFork['Green Fork Soho']],
      brandId: ids.brands.standalone,
      brandName: 'Green Fork',
      customerType: 'lapsed',
      lastTransaction: 6,
      budget: null,
      budgetType: 'na',
      // Nothing spent of no budget (decision 0120).
      budgetUse: {
        spentPence: 0,
        budgetPence: null,
        percentUsed: null,
        projection: 'noBudget',
        runsOutOn: null,
      },
      maxCashbackPerTransaction: null,
      maxTransactionsPerCard: null,
      maxTransactionsPerCardPerInterval: null,
      maxSpendPerCardPerInterval: null,
      capInterval: null,
      caps: 'No caps',
      // No share sent: the default 10% (docs/decisions/0129).
      holdoutShare: 1000,
      age_range: [20, 60],
      gender: { male: true, female: true },
      weekDays,
      suggestions: 'Quiet hours',
      recurring: true,
      // A series whose last month is still ahead: Stop is offered once it runs (decision 0071).
      seriesContinues: true,
      is_primary_campaign: true,
      primaryCampaignId: null,
      pausedDate: [],
      pauses: [],
      validUntil: '2031-09',
      templates: [{ type: 'sms', templateId: template.id, preview: 'Get £5.25 back', fields: {} }],
      promoCode: { mode: 'single', code: 'LAPSED5' },
      startedOn: '01/06/2031',
      editable: true,
      hasQualifiedTransactions: false,
    });

    const formKeys = [
      'name',
      'start_date',
      'start_time',
      'end_time',
      'customerType',
      'lastTransaction',
      'discountType',
      'discountPercent',
      'discountAmount',
      'discountValue',
      'discountSpreadAmount',
      'discountSpreadValue',
      'spreadAvgSpend',
      'successFee',
      'budget',
      'budgetType',
      'age_range',
      'gender',
      'weekDays',
      'recurring',
      'suggestions',
      'brandId',
      'type',
      'merchantIds',
      'validUntil',
      'templates',
      'promoCode',
    ];
    const form = Object.fromEntries(
      formKeys.filter((key) => key in campaign).map((key) => [key, campaign[key]]),
    );
    const before = await stored(id);
    const saved = await call(app, {
      method: 'PUT',
      url: `/api/campaigns/${id}`,
      token: token('companyadmin@demo.test'),
      body: form,
    });

    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ respCode: 205, respMessage: `Campaign "${name}" updated successfully` });
    const after = await stored(id);
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
  });
});
