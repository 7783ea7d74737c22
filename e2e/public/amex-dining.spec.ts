import { expect, test } from '@playwright/test';
import { apiToken } from '../support/fixtures.ts';
import { interceptMarketingSite, uniqueSuffix } from './card-network.fixtures.ts';

/** /amexdining (spec 3 §2.8): the dining programme's contact page, used with the keyboard alone. */
test('a restaurant sends its details by keyboard, the admin is told, and the page goes to the marketing site after 1 second', async ({
  page,
  request,
}) => {
  const email = `contact-${uniqueSuffix()}@restaurant.test`;
  await page.goto('/amexdining');
  await interceptMarketingSite(page);
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();

  await page.getByRole('textbox', { name: /^Name/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Restaurant name is required')).toBeVisible();

  await page.keyboard.type('Ana Lopez');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('020 7946 0000');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Casa Ana');
  await page.keyboard.press('Tab');
  await page.keyboard.type('casa-ana.example');
  const answer = page.waitForResponse('**/api/auth/notifyAdminForAmex');
  await page.keyboard.press('Enter');
  const { redirectTo } = (await (await answer).json()) as { redirectTo: string };
  const answeredAt = Date.now();

  await expect(page.getByText('Details submitted successfully.')).toBeVisible();
  await page.waitForURL(redirectTo);
  expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(900);
  await expect(page.getByRole('heading', { name: 'Marketing site' })).toBeVisible();

  const token = await apiToken(request, 'admin@demo.test');
  const leads = await request.get(
    `/api/cardnetwork/leads?filters=${encodeURIComponent(JSON.stringify({ globalSearch: { value: email } }))}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect((await leads.json()).data).toEqual([
    expect.objectContaining({
      kind: 'contact',
      from: 'amexdining',
      company: 'Casa Ana',
      website: 'https://casa-ana.example',
    }),
  ]);
});
