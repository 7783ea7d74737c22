import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from '../accessibility/axe-check.ts';
import { login, openCampaignForm } from '../support/fixtures.ts';

/**
 * Had this campaign run last month (docs/decisions/0131): on the create form, the demo brand's own
 * transactions of last month replayed through the draft as it stands, beside the projection; a
 * budget small enough to run out names the day it would have; the figures sit in a region named
 * by its title and their change is announced. No sideways scroll on a phone.
 */
test("the create form replays last month's transactions through the draft, and follows its budget", async ({
  page,
}) => {
  await page.goto('/login');
  await login(page, 'companyadmin@demo.test');
  await openCampaignForm(page, () => page.getByRole('link', { name: 'Create Campaign' }).first().click());
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();

  const region = page.getByRole('region', { name: 'Had this campaign run last month' });
  // No branch yet: the form would not take the draft, so nothing is replayed.
  await expect(region.getByText('Fill in the offer to see how it would have done last month.')).toBeVisible();

  await page.getByLabel('Select All Branches').check();
  const qualified = region.getByTestId('backtest-qualified');
  await expect(qualified).toHaveText(/^[1-9][\d,]*$/);
  await expect(region.getByTestId('backtest-budget-run-out')).toHaveText('No budget set');
  await expect(region.getByText(/^of [\d,]+ purchases$/)).toBeVisible();
  await expect(page.getByTestId('backtest-announcement')).toHaveText(/^Last month's replay updated: /);
  const cashback = await region.getByTestId('backtest-cashback').textContent();

  // A £20 budget is used up within the month: the day it runs out, in the spec's date format.
  await page.getByLabel('Set a budget').check();
  await page.getByLabel('Budget (£)').fill('20');
  await expect(region.getByTestId('backtest-budget-run-out')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(region.getByTestId('backtest-cashback')).not.toHaveText(cashback ?? '');

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await expectAccessible(page, `the campaign form with last month's replay at ${width}px`);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
  }
});
