import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailedLink } from '../support/mailed-links.ts';

/** A unique address and Merchant ID per run, so journeys never meet each other's leads. */
export const uniqueSuffix = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

/**
 * Stands in for the marketing site: any navigation away from the product is answered here, so
 * the journey can see where a page sent the visitor without reaching the internet.
 */
export async function interceptMarketingSite(page: Page) {
  await page.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<title>Marketing site</title><h1>Marketing site</h1>',
      }),
  );
}

/** A dining sign-up made through the API, with the branch page id from its welcome mail. */
export async function diningSignupViaApi(request: APIRequestContext, brandName: string) {
  const email = `owner-${uniqueSuffix()}@restaurant.test`;
  const response = await request.post('/api/auth/onBoardAmexBrand', {
    data: { name: 'Olu Owner', brandName, legalName: `${brandName} Ltd`, email, from: 'amexdiningsignup' },
  });
  expect(response.status()).toBe(201);
  const branchPagePath = new URL(await mailedLink(request, email, '/amexdiningbranch/')).pathname;
  return { email, branchPagePath };
}
