import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from '../accessibility/axe-check.ts';
import { login } from '../support/fixtures.ts';

/**
 * Budget pacing (decision 0120): the campaign list shows each campaign's Budget used, on a desktop
 * as a column and on a phone in each row's card, and the page never scrolls sideways. The demo's
 * live campaign has a £400 budget, so its bar and pace show on a first start.
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

    // The demo's live campaign has a budget: its bar, what it spent of it, and how it paces.
    await page.goto('/user/campaigns/current');
    await expect(page.getByRole('heading', { name: 'Current Campaigns', level: 1 })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: /^Budget used by / }).first()).toBeVisible();
    await expect(page.getByText(/^£[\d,.]+ of £400\.00 \(\d+%\)$/).first()).toBeVisible();
    await expect(
      page
        .getByText(
          /^(Runs out on .+ at this pace|Lasts the month at this pace|Used up: no more cashback is earned)$/,
        )
        .first(),
    ).toBeVisible();
    expect(await sideways(), `${width}px current`).toBeLessThanOrEqual(0);
    await settled(page);
    await expectAccessible(page, `the Current list with a budget's bar at ${width}px`);
  }
});
