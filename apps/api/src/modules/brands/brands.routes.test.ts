import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoNames } from '../../demo/demo-data.ts';
import {
  call,
  createTestApp,
  demoIds,
  loginAs,
  loginAsGuest,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const sessions: Record<string, SignedIn> = {};

type BrandKey = keyof Awaited<ReturnType<typeof demoIds>>['brands'];
const allBrands: BrandKey[] = ['groupBrandA', 'groupBrandB', 'standalone', 'firstLogin', 'guest'];

/** Which demo brands each caller may read (tenant scope); every other brand answers 404. */
const visible: Record<string, BrandKey[]> = {
  'admin@demo.test': allBrands,
  'clientadmin@demo.test': allBrands,
  'bank@demo.test': allBrands,
  'groupadmin@demo.test': ['groupBrandA', 'groupBrandB'],
  'groupuser@demo.test': ['groupBrandA', 'groupBrandB'],
  'companyadmin@demo.test': ['standalone'],
  'brandadmin@demo.test': ['standalone'],
  'branduser@demo.test': ['standalone'],
  'user@demo.test': ['standalone'],
  'cardprovider@demo.test': ['standalone'],
  'firstlogin@demo.test': ['firstLogin'],
  guest: ['guest'],
};

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const email of Object.keys(visible)) {
    sessions[email] = email === 'guest' ? await loginAsGuest(app, testApp.db) : await loginAs(app, email);
  }
});

afterAll(async () => {
  await testApp?.close();
});

const getBrand = (as: string, id: string) =>
  call(app, { url: `/api/brands/${id}`, token: sessions[as]!.token });

describe('GET /api/brands/:id', () => {
  const cases = Object.entries(visible).flatMap(([caller, brands]) =>
    allBrands.map((brand) => ({ caller, brand, seen: brands.includes(brand) })),
  );

  it.each(cases)('$caller reading $brand: visible $seen', async ({ caller, brand, seen }) => {
    const response = await getBrand(caller, ids.brands[brand]);

    if (seen) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        respCode: 200,
        details: { _id: ids.brands[brand], name: demoNames.brands[brand] },
      });
    } else {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
    }
  });

  it('names the group of a group brand', async () => {
    const response = await getBrand('groupadmin@demo.test', ids.brands.groupBrandA);

    expect(response.json().details).toEqual({
      _id: ids.brands.groupBrandA,
      name: demoNames.brands.groupBrandA,
      groupId: ids.groupId,
      groupName: demoNames.group,
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      json: expect.any(Array),
    });
  });

  it("carries the brand's projection record as details.json (spec 1 §3)", async () => {
    const response = await getBrand('companyadmin@demo.test', ids.brands.standalone);
    const [behaviour, market] = response.json().details.json;

    expect(behaviour).toMatchObject({
      traffic: expect.any(Number),
      curve: { acquisition: expect.any(Array) },
    });
    expect(market).toMatchObject({ total_card_holder_count: 4_037_318, avg_transaction_val: 23.62 });
  });

  it('answers 404 for an unknown brand and 400 for a malformed id', async () => {
    const unknown = await getBrand('admin@demo.test', '00000000-0000-4000-8000-000000000000');
    const malformed = await getBrand('admin@demo.test', 'brand-1');

    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ id: messages.validation.idInvalid });
  });

  it('asks an anonymous caller to log in', async () => {
    const response = await call(app, { url: `/api/brands/${ids.brands.standalone}` });

    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/groupBrand and /api/groupBrand/getBrandGroupWise/:id', () => {
  it('gives a group admin their group with its two brands', async () => {
    const { token } = await loginAs(app, 'groupadmin@demo.test');

    const groups = (await call(app, { url: '/api/groupBrand?from=brand', token })).json().groups;
    const brands = (
      await call(app, { url: `/api/groupBrand/getBrandGroupWise/${ids.groupId}`, token })
    ).json().brands;

    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ _id: ids.groupId, group_name: demoNames.group });
    expect(groups[0].group_brand_ids.sort()).toEqual([ids.brands.groupBrandA, ids.brands.groupBrandB].sort());
    expect(brands.map((b: { label: string }) => b.label)).toEqual(
      [demoNames.brands.groupBrandB, demoNames.brands.groupBrandA].sort(),
    );
  });

  it('gives a brand without a group no groups, and hides other groups as not found', async () => {
    const { token } = await loginAs(app, 'companyadmin@demo.test');

    const groups = await call(app, { url: '/api/groupBrand', token });
    const group = await call(app, { url: `/api/groupBrand/getBrandGroupWise/${ids.groupId}`, token });

    expect(groups.json().groups).toEqual([]);
    expect(group.statusCode).toBe(404);
  });
});

describe('GET /api/brands/getBrandList', () => {
  it.each(Object.entries(visible))(
    'lists for %s exactly the demo brands in its scope',
    async (caller, seen) => {
      const response = await call(app, { url: '/api/brands/getBrandList', token: sessions[caller]!.token });

      expect(response.statusCode).toBe(200);
      const listed = new Set(response.json().brands.map((brand: { value: string }) => brand.value));
      for (const brand of allBrands) expect(listed.has(ids.brands[brand]), brand).toBe(seen.includes(brand));
    },
  );

  it('answers each brand as label and value, by name', async () => {
    const response = await call(app, {
      url: '/api/brands/getBrandList',
      token: sessions['groupadmin@demo.test']!.token,
    });

    expect(response.json()).toEqual({
      respCode: 200,
      brands: [
        { _id: ids.brands.groupBrandA, name: demoNames.brands.groupBrandA },
        { _id: ids.brands.groupBrandB, name: demoNames.brands.groupBrandB },
      ]
        .map((brand) => ({ ...brand, label: brand.name, value: brand._id }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    });
  });
});
