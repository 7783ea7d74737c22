import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/distributors', () => {
  it('lists the publishers with their display names (Fidel shows as NextJump, LUX as Mastercard)', async () => {
    const { token } = await loginAs(app, 'user@demo.test');

    const response = await call(app, { url: '/api/distributors', token });

    expect(response.statusCode).toBe(200);
    expect(response.json().distributors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Fidel', displayName: 'NextJump' }),
        expect.objectContaining({ name: 'LUX', displayName: 'Mastercard' }),
      ]),
    );
    expect(response.json().distributorDealSetWithBrand).toEqual([]);
  });

  it("gives a brand's deals as the campaign form's table reads them", async () => {
    const { token } = await loginAs(app, 'user@demo.test');

    const response = await call(app, { url: `/api/distributors?brandId=${ids.brands.standalone}`, token });

    expect(response.json().distributorDealSetWithBrand).toContainEqual({
      _id: expect.any(String),
      distributors_name: 'Amex',
      percentage: '15.00',
      successFee: '6.00',
      startDate: '2025-06-01',
    });
  });

  it("hides another tenant's deals as not found", async () => {
    const { token } = await loginAs(app, 'user@demo.test');

    const response = await call(app, { url: `/api/distributors?brandId=${ids.brands.groupBrandB}`, token });

    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/dashboard/getPublisherInfo', () => {
  it('answers the publishers a brand has deals with', async () => {
    const { token } = await loginAs(app, 'groupadmin@demo.test');

    const response = await call(app, {
      method: 'POST',
      url: '/api/dashboard/getPublisherInfo',
      token,
      body: { brand_id: ids.brands.groupBrandB },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().publishers.map((p: { distributors_name: string }) => p.distributors_name)).toEqual(
      ['ATR', 'Mastercard'],
    );
  });

  it('refuses a body without brand_id, naming the field', async () => {
    const { token } = await loginAs(app, 'groupadmin@demo.test');

    const response = await call(app, {
      method: 'POST',
      url: '/api/dashboard/getPublisherInfo',
      token,
      body: {},
    });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toEqual(['brand_id']);
  });
});
