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

describe('GET /api/merchants/getMerchantByBrandId', () => {
  it("lists a brand's branches other than deleted ones, saying which a campaign may use", async () => {
    const { token } = await loginAs(app, 'companyadmin@demo.test');

    const response = await call(app, {
      url: `/api/merchants/getMerchantByBrandId?brandId=${ids.brands.standalone}`,
      token,
    });

    expect(response.statusCode).toBe(200);
    const merchants = response.json().merchants as { name: string; status: string; selectable: boolean }[];
    expect(merchants.map((m) => m.status).sort()).toEqual(['Active', 'Approved', 'Rejected', 'Updated']);
    for (const merchant of merchants) {
      expect(merchant.selectable).toBe(merchant.status === 'Active' || merchant.status === 'Approved');
    }
    expect(response.body).not.toContain('Camden');
  });

  it("answers 404 for another tenant's brand and 400 for a malformed id", async () => {
    const { token } = await loginAs(app, 'companyadmin@demo.test');

    const foreign = await call(app, {
      url: `/api/merchants/getMerchantByBrandId?brandId=${ids.brands.groupBrandA}`,
      token,
    });
    const malformed = await call(app, { url: '/api/merchants/getMerchantByBrandId?brandId=1', token });

    expect(foreign.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ brandId: 'Invalid id' });
  });

  it('lets a group admin read each brand of the group', async () => {
    const { token } = await loginAs(app, 'groupadmin@demo.test');

    for (const brandId of [ids.brands.groupBrandA, ids.brands.groupBrandB]) {
      const response = await call(app, {
        url: `/api/merchants/getMerchantByBrandId?brandId=${brandId}`,
        token,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().merchants.length).toBeGreaterThan(0);
    }
  });
});
