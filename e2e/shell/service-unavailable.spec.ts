import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../packages/domain/src/messages/messages.ts';
import { login } from '../support/fixtures.ts';

/**
 * While the server answers 503 (its database is away), the app says so once, keeps the page and
 * retries until it serves again (docs/decisions.md 'Serving through database faults'). The 503s
 * are the server's own answer, played by the browser for the first calls of one route.
 */

const notice = (page: Page) => page.getByRole('status').getByText(messages.common.serviceUnavailableRetrying);

async function unavailableFor(page: Page, url: string, times: number) {
  let left = times;
  await page.route(url, async (route) => {
    if (left <= 0) return route.continue();
    left -= 1;
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '5' },
      contentType: 'application/json',
      body: JSON.stringify({ errorMessage: messages.common.serviceUnavailable }),
    });
  });
}

test('a signed-in user whose session cannot be checked is told the service is unavailable, not sent to login', async ({
  page,
}) => {
  await page.goto('/login');
  await login(page, 'companyadmin@demo.test');
  await expect(page).toHaveURL(/\/user\/campaigns\/future$/);

  await unavailableFor(page, '**/api/auth/session', 2);
  await page.reload();
  await expect(notice(page)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/campaigns\/future$/);

  await expect(page.getByRole('heading', { name: 'Future Campaigns' })).toBeVisible();
  await expect(notice(page)).toBeHidden();
  await expect(page).toHaveURL(/\/user\/campaigns\/future$/);
});

test('a list whose call is refused for a moment stays on its page and loads once the service is back', async ({
  page,
}) => {
  await page.goto('/login');
  await login(page, 'companyadmin@demo.test');
  await expect(page).toHaveURL(/\/user\/campaigns\/future$/);

  await unavailableFor(page, '**/api/campaigns?*campaignType=past*', 2);
  await page.getByRole('link', { name: 'Past Campaigns' }).click();
  await expect(notice(page)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/campaigns\/past/);

  await expect(page.getByRole('button', { name: /^Open / }).first()).toBeVisible();
  await expect(notice(page)).toBeHidden();
});
