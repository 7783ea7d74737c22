import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, demoIds, loginAs, type TestApp } from '../../test/test-app.ts';
import { insertCampaign, promoCodeMinimumFor, promoCsv, uploadPromoCodes } from './campaigns.fixtures.ts';
import { currentMonth, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

it('probe', async () => {
  const ids = await demoIds(t.db);
  const { token } = await loginAs(t.app, 'companyadmin@demo.test');
  const month = shiftMonth(currentMonth(new Date(), 'America/New_York'), 2);
  const id = await insertCampaign(t.db, { brandId: ids.brands.standalone, month, promoCode: { mode: 'multiple' } });
  const min = await promoCodeMinimumFor(t.db, ids.brands.standalone, { customerType: 'all', discountPercent: 15, successFee: 10 });
  console.log('min', min);
  const started = Date.now();
  const r = await uploadPromoCodes(t.app, token, id, promoCsv(min));
  console.log(r.statusCode, r.body.slice(0, 300), Date.now() - started);
  expect(1).toBe(1);
});
