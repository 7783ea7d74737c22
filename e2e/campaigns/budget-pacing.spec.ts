import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from '../accessibility/axe-check.ts';
import { login } from '../support/fixtures.ts';

/**
 * Budget pacing (issue 35 §2, decision 0120): the campaign list shows each campaign's Budget used,
 * on a desktop as a column and on a phone in each row's card, and the page never scrolls sideways.
 */
test('the campaign list shows Budget used at 1440 and 390 px without sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await login(page, 'companyadmin@demo.test');
  await expect(page).toHaveURL(/\/user\//);
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/user/campaigns/future');
    await expect(page.getByRole('heading', { name: 'Future Campaigns', level: 1 })).toBeVisible();
    await expect(page.getByText('Budget used', { exact: true }).first()).toBeVisible();
    // Each campaign says what it spent: of its budget (with its bar), or with no budget limit.
    await expect(
      page.getByText(/^£[\d,.]+ (of £[\d,.]+ \(\d+%\)|spent, no budget limit)$/).first(),
    ).toBeVisible();
    expect(await sideways(), `${width}px`).toBeLessThanOrEqual(0);
    await settled(page);
    await expectAccessible(page, `the Future list with Budget used at ${width}px`);
  }
});
