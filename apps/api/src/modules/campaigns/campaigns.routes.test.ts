import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  campaignBody,
  insertCampaign,
  listCampaigns,
  newTenant,
  newYork,
  pauseText,
  promoCsv,
  uploadPromoCodes,
  type Tenant,
} from './campaigns.fixtures.ts';

/**
 * The campaign lists and reads (spec 3 §2.1–2.3, §4, §7; spec 1 §7), tenant isolation, and the
 * message templates. The clock is fixed at 10 March 2031, 11:00 in New York (the default timezone
 * setting), so March 2031 is the current month; demo campaigns (made relative to the real date)
 * are all in the past, and each test reads campaigns it inserted itself.
 */

const m = messages.campaign;
const now = new Date('2031-03-10T15:00:00Z');

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const sessions: Record<string, SignedIn> = {};
let tenant: Tenant;

const demoEmails = [
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
] as const;

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now, env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const email of demoEmails) sessions[email] = await loginAs(app, email);
  tenant = await newTenant(app, testApp.db, { brandName: 'Listing Brand' });
});

afterAll(async () => {
  await testApp?.close();
});

const token = (email: (typeof demoEmails)[number]) => sessions[email]!.token;
const namesOf = (response: { json: () => { campaigns: { name: string }[] } }) =>
  response.json().campaigns.map((campaign) => campaign.name);
const day = 86_400_000;

describe('GET /api/campaigns', () => {
  /** created_at one day apart from 1 January 2031, so "newest first" has a known order. */
  const createdOn = (index: number) => new Date(Date.UTC(2031, 0, 1) + index * day);

  beforeAll(async () => {
    const brandId = tenant.brandId;
    const insert = (name: string, month: string, index: number, extra = {}) =>
      insertCampaign(testApp.db, {
        brandId,
        month,
        name,
        createdAt: createdOn(index),
        branchIds: tenant.branchIds,
        ...extra,
      });
    await insert('Past One', '2031-01', 1);
    await insert('Past Two', '2031-02', 2, { status: 'Bank Approved' });
    await insert('Past Three', '2030-11', 3);
    await insert('Current One', '2031-03', 4, { status: 'Active' });
    await insert('Spring%Sale', '2031-03', 5);
    await insert('Spring_Sale', '2031-03', 6);
    await insert('SpringXSale', '2031-03', 7);
    // Future 01 … Future 12, two a month from April to September, Future 12 the newest.
    for (let index = 1; index <= 12; index += 1) {
      const month = `2031-${String(3 + Math.ceil(index / 2)).padStart(2, '0')}`;
      const extra =
        index % 3 === 0
          ? {
              status: 'Bank Approved' as const,
              discountType: 'dv' as const,
              discountPercent: null,
              customerType: 'new' as const,
              values: { discount_amount_pence: 3050, discount_value_pence: 525 },
            }
          : {};
      await insert(`Future ${String(index).padStart(2, '0')}`, month, 10 + index, extra);
    }
  });

  const future = (filter: Record<string, unknown> = {}, extra: Record<string, string> = {}) =>
    listCampaigns(app, tenant.token, 'future', filter, extra);

  it('divides campaigns into past, current and future by their month against today in the timezone', async () => {
    const past = await listCampaigns(app, tenant.token, 'past');
    const current = await listCampaigns(app, tenant.token, 'current');
    const futureList = await future({ limit: 100 });

    expect(past.statusCode).toBe(200);
    expect(namesOf(past)).toEqual(['Past Three', 'Past Two', 'Past One']);
    expect(namesOf(current)).toEqual(['SpringXSale', 'Spring_Sale', 'Spring%Sale', 'Current One']);
    expect(namesOf(futureList)).toHaveLength(12);
    expect(namesOf(futureList).every((name) => name.startsWith('Future'))).toBe(true);
  });

  it('answers page 1 of 10, newest first, with the total for the pagination by default', async () => {
    const response = await future();

    expect(response.statusCode).toBe(200);
    expect(response.json().respCode).toBe(200);
    expect(namesOf(response)).toEqual([
      'Future 12',
      'Future 11',
      'Future 10',
      'Future 09',
      'Future 08',
      'Future 07',
      'Future 06',
      'Future 05',
      'Future 04',
      'Future 03',
    ]);
    expect(response.json().pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
  });

  it('answers the page asked for with the limit asked for', async () => {
    const response = await future({ limit: 5, page: 3 });

    expect(namesOf(response)).toEqual(['Future 02', 'Future 01']);
    expect(response.json().pagination).toEqual({ page: 3, limit: 5, total: 12, totalPages: 3 });
  });

  it('sorts ascending when asked, and by another column', async () => {
    const ascending = await future({ limit: 3, direction: 'asc' });
    const byNameDesc = await future({ limit: 3, sortfield: 'name', direction: 'desc' });
    const byStart = await future({ limit: 2, sortfield: 'start_date', direction: 'asc' });

    expect(namesOf(ascending)).toEqual(['Future 01', 'Future 02', 'Future 03']);
    expect(namesOf(byNameDesc)).toEqual(['Future 12', 'Future 11', 'Future 10']);
    expect(namesOf(byStart).sort()).toEqual(['Future 01', 'Future 02']);
  });

  it('applies the search only from 4 characters, ignoring case', async () => {
    const current = (globalSearch: unknown) => listCampaigns(app, tenant.token, 'current', { globalSearch });

    const threeCharacters = await current('Spr');
    const fourCharacters = await current('spri');
    const asObject = await current({ value: 'Current' });
    const spacesOnly = await current('   Spr   ');

    expect(namesOf(threeCharacters)).toHaveLength(4);
    expect(threeCharacters.json().pagination.total).toBe(4);
    expect(namesOf(fourCharacters)).toEqual(['SpringXSale', 'Spring_Sale', 'Spring%Sale']);
    expect(fourCharacters.json().pagination.total).toBe(3);
    expect(namesOf(asObject)).toEqual(['Current One']);
    expect(namesOf(spacesOnly)).toHaveLength(4);
  });

  it('matches % and _ in the search literally, not as wildcards', async () => {
    const current = (globalSearch: string) => listCampaigns(app, tenant.token, 'current', { globalSearch });

    expect(namesOf(await current('g%Sa'))).toEqual(['Spring%Sale']);
    expect(namesOf(await current('g_Sa'))).toEqual(['Spring_Sale']);
    expect(namesOf(await current('Spring%'))).toEqual(['Spring%Sale']);
  });

  it('filters by the criteria of the filter', async () => {
    const approved = await future({
      limit: 100,
      criteria: [{ key: 'status', value: 'Bank Approved', type: 'eq' }],
    });
    const valueOffers = await future({
      limit: 100,
      criteria: [
        { key: 'discountType', value: 'dv', type: 'eq' },
        { key: 'customerType', value: 'new', type: 'eq' },
      ],
    });
    const byName = await future({ limit: 100, criteria: [{ key: 'name', value: 'ure 1', type: 'regexOr' }] });

    expect(namesOf(approved)).toEqual(['Future 12', 'Future 09', 'Future 06', 'Future 03']);
    expect(approved.json().pagination.total).toBe(4);
    expect(namesOf(valueOffers)).toEqual(['Future 12', 'Future 09', 'Future 06', 'Future 03']);
    expect(namesOf(byName)).toEqual(['Future 12', 'Future 11', 'Future 10']);
  });

  it('narrows the Current list to the months from startMonth to endMonth, never beyond its own phase', async () => {
    const current = (months: Record<string, string>) =>
      listCampaigns(app, tenant.token, 'current', {}, months);
    const januaryToMarch = await current({ startMonth: '2031-01', endMonth: '2031-03' });
    const fromApril = await current({ startMonth: '2031-04' });
    const untilFebruary = await current({ endMonth: '2031-02' });

    expect(namesOf(januaryToMarch)).toEqual(['SpringXSale', 'Spring_Sale', 'Spring%Sale', 'Current One']);
    expect(namesOf(fromApril)).toEqual([]);
    expect(namesOf(untilFebruary)).toEqual([]);
  });

  it('refuses a month filter on the Future list, which has none (spec 3 §2.1), naming the field', async () => {
    const response = await future({ limit: 100 }, { startMonth: '2031-06', endMonth: '2031-07' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: m.monthFilterNotOffered,
      fieldErrors: { startMonth: m.monthFilterNotOffered },
    });
  });

  it('holds the Past list’s hidden filter to months after the current one (spec 3 §2.2, §5)', async () => {
    const untilJanuary = await listCampaigns(app, tenant.token, 'past', {}, { endMonth: '2031-01' });
    const fromMarch = await listCampaigns(app, tenant.token, 'past', {}, { startMonth: '2031-03' });
    const fromApril = await listCampaigns(app, tenant.token, 'past', {}, { startMonth: '2031-04' });

    expect(untilJanuary.statusCode).toBe(400);
    expect(untilJanuary.json()).toEqual({
      code: 'validation_failed',
      errorMessage: 'Please choose a month from 04/2031 on',
      fieldErrors: { endMonth: 'Please choose a month from 04/2031 on' },
    });
    expect(fromMarch.json().fieldErrors).toEqual({ startMonth: 'Please choose a month from 04/2031 on' });
    // Allowed, and empty: a past campaign's month is before the current one.
    expect(fromApril.statusCode).toBe(200);
    expect(namesOf(fromApril)).toEqual([]);
  });

  it('answers a page past the end with no rows and still the total, so the pages can be shown', async () => {
    const response = await future({ limit: 10, page: 5 });

    expect(response.statusCode).toBe(200);
    expect(response.json().campaigns).toEqual([]);
    expect(response.json().pagination).toEqual({ page: 5, limit: 10, total: 12, totalPages: 2 });
  });

  it('shows each row as the lists need it: status label, period, branches, money in pounds, editability', async () => {
    const response = await future({
      limit: 1,
      criteria: [{ key: 'name', value: 'Future 12', type: 'regexOr' }],
    });
    const [row] = response.json().campaigns;

    expect(row).toMatchObject({
      name: 'Future 12',
      status: 'Bank Approved',
      statusLabel: 'Approved',
      discountType: 'dv',
      discountPercent: null,
      discountValue: 5.25,
      successFee: 10,
      start_date: '2031-09-01',
      period: '09/2031',
      openingTime: '2031-09-01T04:00:00.000Z',
      closingTime: '2031-10-01T03:59:59.999Z',
      brandId: tenant.brandId,
      brandName: 'Listing Brand',
      customerType: 'new',
      recurring: false,
      is_primary_campaign: false,
      pausedDate: [],
      editable: true,
    });
    expect(row.merchantNames).toHaveLength(1);
    expect(Object.keys(row)).not.toContain('created_by');
  });

  it.each([
    ['an unknown phase', { campaignType: 'All' }],
    ['no phase', {}],
    ['a filter that is not JSON', { campaignType: 'future', filter: '{limit:' }],
    ['a limit above 100', { campaignType: 'future', filter: JSON.stringify({ limit: 101 }) }],
    ['an unknown sort field', { campaignType: 'future', filter: JSON.stringify({ sortfield: 'password' }) }],
    ['a month that is not YYYY-MM', { campaignType: 'future', startMonth: '03/2031' }],
    ['a brand id that is not an id', { campaignType: 'future', brandId: 'abc' }],
  ])('refuses %s with 400', async (_case, query) => {
    const response = await call(app, {
      url: `/api/campaigns?${new URLSearchParams(query as Record<string, string>).toString()}`,
      token: tenant.token,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toEqual(expect.any(String));
    expect(response.json().respCode).toBeUndefined();
  });

  it('refuses a start month after the end month with its message', async () => {
    const response = await listCampaigns(
      app,
      tenant.token,
      'current',
      {},
      { startMonth: '2031-03', endMonth: '2031-02' },
    );

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(m.searchMonthOrder);
  });

  it('asks for a login', async () => {
    const response = await call(app, { url: '/api/campaigns?campaignType=future' });

    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/campaigns?campaignType=All&from=dashboard (the dashboard’s campaign selector)', () => {
  let selectorTenant: Tenant;
  const selector = (as: string, query = '') =>
    call(app, { url: `/api/campaigns?campaignType=All&from=dashboard${query}`, token: as });

  beforeAll(async () => {
    selectorTenant = await newTenant(app, testApp.db, { brandName: 'Selector Brand' });
    const brandId = selectorTenant.brandId;
    await insertCampaign(testApp.db, { brandId, month: '2030-11', name: 'Selector past' });
    await insertCampaign(testApp.db, { brandId, month: '2031-03', name: 'Selector current' });
    await insertCampaign(testApp.db, { brandId, month: '2031-05', name: 'Selector future' });
    await insertCampaign(testApp.db, {
      brandId,
      month: '2031-04',
      name: 'Selector deleted',
      values: { deleted_at: new Date() },
    });
  });

  it('answers the names and ids of the brand’s campaigns, past, current and future, newest month first', async () => {
    const response = await selector(selectorTenant.token, '&isGroupAdmin=false&brandId=&brandName=&groupId=');

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.respCode).toBe(200);
    expect(namesOf(response)).toEqual(['Selector future', 'Selector current', 'Selector past']);
    for (const campaign of body.campaigns) {
      expect(Object.keys(campaign).sort()).toEqual(['_id', 'campaign_id', 'name']);
      expect(campaign.campaign_id).toBe(campaign._id);
    }
  });

  it('narrows by the name criterion of the filter (regexOr: part of the name, any case)', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({ criteria: [{ key: 'name', value: 'FUTURE', type: 'regexOr' }] }),
    );

    const response = await selector(selectorTenant.token, `&filter=${filter}`);

    expect(namesOf(response)).toEqual(['Selector future']);
  });

  it('lets a client admin choose any brand (from=clientDashboard), and a group admin a group of theirs', async () => {
    const clientAdmin = await call(app, {
      url: `/api/campaigns?campaignType=All&from=clientDashboard&isClientAdmin=true&brandId=${selectorTenant.brandId}`,
      token: token('clientadmin@demo.test'),
    });
    const groupInsert = await insertCampaign(testApp.db, {
      brandId: ids.brands.groupBrandB,
      month: '2031-06',
      name: 'Selector group brand',
    });
    const groupAdmin = await selector(
      token('groupadmin@demo.test'),
      `&isGroupAdmin=true&groupId=${ids.groupId}`,
    );

    expect(namesOf(clientAdmin)).toEqual(['Selector future', 'Selector current', 'Selector past']);
    expect(groupAdmin.statusCode).toBe(200);
    expect(groupAdmin.json().campaigns).toContainEqual({
      _id: groupInsert,
      campaign_id: groupInsert,
      name: 'Selector group brand',
    });
    expect(namesOf(groupAdmin)).not.toContain('Selector future');
  });

  it('answers 404 for a brand or group outside the caller’s scope, whatever flags the query carries', async () => {
    const otherBrand = await selector(
      token('companyadmin@demo.test'),
      `&isClientAdmin=true&brandId=${selectorTenant.brandId}`,
    );
    const otherGroup = await selector(
      token('companyadmin@demo.test'),
      `&isGroupAdmin=true&groupId=${ids.groupId}`,
    );

    expect(otherBrand.statusCode).toBe(404);
    expect(otherGroup.statusCode).toBe(404);
  });

  it('refuses from without campaignType=All, and campaignType=All without from', async () => {
    const listWithFrom = await call(app, {
      url: '/api/campaigns?campaignType=future&from=dashboard',
      token: selectorTenant.token,
    });
    const allWithoutFrom = await call(app, {
      url: '/api/campaigns?campaignType=All',
      token: selectorTenant.token,
    });

    expect(listWithFrom.statusCode).toBe(400);
    expect(allWithoutFrom.statusCode).toBe(400);
    expect(allWithoutFrom.json().fieldErrors).toEqual({ from: messages.validation.invalidValue });
  });
});

describe('the timezone setting', () => {
  /** 02:00 UTC on 1 April 2031: still 31 March in New York, already 1 April in Tokyo. */
  const instant = new Date('2031-04-01T02:00:00Z');

  it.each([
    { timeZone: newYork, current: [], future: ['April offer'] },
    { timeZone: 'Asia/Tokyo', current: ['April offer'], future: [] },
  ])('decides the phase of an April campaign in $timeZone', async ({ timeZone, current, future }) => {
    const local = await createTestApp({ clock: () => instant, env: { TIMEZONE: timeZone } });
    try {
      const owner = await newTenant(local.app, local.db);
      await insertCampaign(local.db, {
        brandId: owner.brandId,
        month: '2031-04',
        name: 'April offer',
        timeZone,
      });

      const currentList = await listCampaigns(local.app, owner.token, 'current');
      const futureList = await listCampaigns(local.app, owner.token, 'future');

      expect(namesOf(currentList)).toEqual(current);
      expect(namesOf(futureList)).toEqual(future);
    } finally {
      await local.close();
    }
  });
});

describe('tenant isolation', () => {
  const campaignIds: Record<'groupBrandA' | 'groupBrandB' | 'standalone', string> = {
    groupBrandA: '',
    groupBrandB: '',
    standalone: '',
  };

  beforeAll(async () => {
    for (const brand of ['groupBrandA', 'groupBrandB', 'standalone'] as const) {
      campaignIds[brand] = await insertCampaign(testApp.db, {
        brandId: ids.brands[brand],
        month: '2031-05',
        name: `Tenancy ${brand}`,
        recurring: true,
        promoCode: { mode: 'multiple' },
      });
    }
  });

  const tenancyRows = async (email: (typeof demoEmails)[number]) => {
    const response = await listCampaigns(app, token(email), 'future', {
      globalSearch: 'Tenancy',
      limit: 100,
    });
    expect(response.statusCode).toBe(200);
    return namesOf(response).sort();
  };

  it.each([
    ['admin@demo.test', ['Tenancy groupBrandA', 'Tenancy groupBrandB', 'Tenancy standalone']],
    ['bank@demo.test', ['Tenancy groupBrandA', 'Tenancy groupBrandB', 'Tenancy standalone']],
    ['clientadmin@demo.test', ['Tenancy groupBrandA', 'Tenancy groupBrandB', 'Tenancy standalone']],
    ['groupadmin@demo.test', ['Tenancy groupBrandA', 'Tenancy groupBrandB']],
    ['groupuser@demo.test', ['Tenancy groupBrandA', 'Tenancy groupBrandB']],
    ['companyadmin@demo.test', ['Tenancy standalone']],
    ['brandadmin@demo.test', ['Tenancy standalone']],
    ['branduser@demo.test', ['Tenancy standalone']],
    ['user@demo.test', ['Tenancy standalone']],
    ['cardprovider@demo.test', ['Tenancy standalone']],
    ['firstlogin@demo.test', []],
  ] as const)('lists for %s only the campaigns of brands in scope', async (email, expected) => {
    expect(await tenancyRows(email)).toEqual(expected);
  });

  it('lets a group user narrow the list to one brand of the group, and no other', async () => {
    const own = await listCampaigns(
      app,
      token('groupuser@demo.test'),
      'future',
      { globalSearch: 'Tenancy' },
      { brandId: ids.brands.groupBrandB },
    );
    const foreign = await listCampaigns(
      app,
      token('groupuser@demo.test'),
      'future',
      {},
      { brandId: ids.brands.standalone },
    );

    expect(namesOf(own)).toEqual(['Tenancy groupBrandB']);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
  });

  it.each([
    { caller: 'companyadmin@demo.test', brand: 'groupBrandA' },
    { caller: 'user@demo.test', brand: 'groupBrandB' },
    { caller: 'groupadmin@demo.test', brand: 'standalone' },
    { caller: 'firstlogin@demo.test', brand: 'standalone' },
  ] as const)(
    'answers $caller 404 when reading, editing, pausing, deleting or loading codes for a $brand campaign',
    async ({ caller, brand }) => {
      const id = campaignIds[brand];
      const asCaller = token(caller);
      const brandId = ids.brands[brand];

      const responses = [
        await call(app, { url: `/api/campaigns/${id}`, token: asCaller }),
        await call(app, {
          method: 'PUT',
          url: `/api/campaigns/${id}`,
          token: asCaller,
          body: campaignBody(brandId, '2031-05'),
        }),
        await call(app, {
          method: 'POST',
          url: `/api/campaigns/campaignStartPause/${id}`,
          token: asCaller,
          body: { range: [pauseText('2031-06-01', '2031-06-05')], action: 'add' },
        }),
        await uploadPromoCodes(app, asCaller, id, promoCsv(5)),
        await call(app, { method: 'DELETE', url: `/api/campaigns/${id}`, token: asCaller }),
      ];

      for (const response of responses) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'not_found', errorMessage: m.notFound });
      }
      const stored = await testApp.db
        .selectFrom('campaigns')
        .select(['deleted_at', 'discount_percent', 'updated_at', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored.deleted_at).toBeNull();
      expect(stored.discount_percent).toBe(15);
      const pauses = await testApp.db
        .selectFrom('campaign_pauses')
        .select('id')
        .where('campaign_id', '=', id)
        .execute();
      const codes = await testApp.db
        .selectFrom('campaign_promo_codes')
        .select('code')
        .where('campaign_id', '=', id)
        .execute();
      expect(pauses).toEqual([]);
      expect(codes).toEqual([]);
    },
  );

  it('lets a group admin read a campaign of each brand of the group', async () => {
    for (const brand of ['groupBrandA', 'groupBrandB'] as const) {
      const response = await call(app, {
        url: `/api/campaigns/${campaignIds[brand]}`,
        token: token('groupadmin@demo.test'),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().campaign.brandId).toBe(ids.brands[brand]);
    }
  });

  it('lets the system admin and a bank read any brand’s campaign', async () => {
    for (const email of ['admin@demo.test', 'bank@demo.test'] as const) {
      const response = await call(app, {
        url: `/api/campaigns/${campaignIds.groupBrandA}`,
        token: token(email),
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses finance roles, banks and the system admin any change (403)', async () => {
    for (const email of [
      'groupuser@demo.test',
      'branduser@demo.test',
      'bank@demo.test',
      'admin@demo.test',
    ] as const) {
      const response = await call(app, {
        method: 'DELETE',
        url: `/api/campaigns/${campaignIds.standalone}`,
        token: token(email),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'forbidden', errorMessage: messages.common.forbidden });
    }
  });

  it('answers 404 for an id no campaign has, and 400 for one that is not an id', async () => {
    const missing = await call(app, {
      url: '/api/campaigns/00000000-0000-4000-8000-000000000000',
      token: token('admin@demo.test'),
    });
    const malformed = await call(app, { url: '/api/campaigns/abc', token: token('admin@demo.test') });

    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', errorMessage: m.notFound });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toHaveProperty(['id']);
  });

  it('answers campaignName and current/count for brands in scope only', async () => {
    const foreignName = await call(app, {
      url: `/api/campaigns/campaignName?brandId=${ids.brands.standalone}`,
      token: token('groupadmin@demo.test'),
    });
    const foreignCount = await call(app, {
      url: `/api/campaigns/current/count?brandId=${ids.brands.groupBrandA}`,
      token: token('companyadmin@demo.test'),
    });

    expect(foreignName.statusCode).toBe(404);
    expect(foreignCount.statusCode).toBe(404);
  });
});

describe('GET /api/campaigns/campaignName and /current/count', () => {
  it('answers the brand name and its campaign count, from which the form builds the name', async () => {
    const owner = await newTenant(app, testApp.db, { brandName: 'Name Parts' });
    await insertCampaign(testApp.db, { brandId: owner.brandId, month: '2031-01' });
    await insertCampaign(testApp.db, { brandId: owner.brandId, month: '2031-03' });
    await insertCampaign(testApp.db, { brandId: owner.brandId, month: '2031-03' });
    await insertCampaign(testApp.db, { brandId: owner.brandId, month: '2031-04' });

    const name = await call(app, {
      url: `/api/campaigns/campaignName?brandId=${owner.brandId}`,
      token: owner.token,
    });
    const count = await call(app, { url: '/api/campaigns/current/count', token: owner.token });
    const countOfBrand = await call(app, {
      url: `/api/campaigns/current/count?brandId=${owner.brandId}`,
      token: owner.token,
    });

    expect(name.statusCode).toBe(200);
    expect(name.json()).toEqual({ respCode: 200, brandName: 'Name Parts', count: 4 });
    expect(count.json()).toEqual({ respCode: 200, count: 2 });
    expect(countOfBrand.json()).toEqual({ respCode: 200, count: 2 });
  });

  it('takes the caller’s own brand for the name when no brand id is sent (spec 3 §7)', async () => {
    const owner = await newTenant(app, testApp.db, { brandName: 'Own Name' });
    await insertCampaign(testApp.db, { brandId: owner.brandId, month: '2031-01' });

    const response = await call(app, { url: '/api/campaigns/campaignName', token: owner.token });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, brandName: 'Own Name', count: 1 });
  });

  it('needs a brand id for the name from a caller of many brands', async () => {
    const response = await call(app, {
      url: '/api/campaigns/campaignName',
      token: token('groupadmin@demo.test'),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ brandId: m.brandRequired });
  });
});

describe('GET /api/campaignTemplates', () => {
  it.each([
    ['sms', 3],
    ['email', 2],
    ['app', 1],
  ] as const)('answers the %s templates with their placeholders', async (type, count) => {
    const response = await call(app, {
      url: `/api/campaignTemplates?type=${type}`,
      token: token('companyadmin@demo.test'),
    });

    expect(response.statusCode).toBe(200);
    const { respCode, templates } = response.json();
    expect(respCode).toBe(200);
    expect(templates).toHaveLength(count);
    for (const template of templates) {
      expect(template).toEqual({
        _id: expect.any(String),
        name: expect.any(String),
        type,
        campaignTemplateText: expect.stringMatching(/<Business Name>/),
      });
    }
  });

  it('gives value and percent templates among the sms ones', async () => {
    const response = await call(app, { url: '/api/campaignTemplates?type=sms', token: tenant.token });
    const texts: string[] = response
      .json()
      .templates.map((t: { campaignTemplateText: string }) => t.campaignTemplateText);

    expect(texts.some((text) => text.includes('<Discount (AED)>'))).toBe(true);
    expect(texts.some((text) => text.includes('<Discount%>'))).toBe(true);
  });

  it.each([['type=fax'], [''], ['type=sms&extra=1']])('refuses the query "%s" with 400', async (query) => {
    const response = await call(app, { url: `/api/campaignTemplates?${query}`, token: tenant.token });

    expect(response.statusCode).toBe(400);
  });

  it('is not for finance roles', async () => {
    const response = await call(app, {
      url: '/api/campaignTemplates?type=sms',
      token: token('branduser@demo.test'),
    });

    expect(response.statusCode).toBe(403);
  });
});
