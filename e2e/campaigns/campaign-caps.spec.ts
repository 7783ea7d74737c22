import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from '../accessibility/axe-check.ts';
import { login, openCampaignForm } from '../support/fixtures.ts';

/**
 * Caps on a campaign (decision 0116): a brand owner sets a campaign's caps on the
 * form, and sees them in a line on the list and on the campaign's overview.
 */
test('a campaign created with caps shows them on the list and on its overview', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'companyadmin@demo.test');
  await openCampaignForm(page, () => page.getByRole('link', { name: 'Create Campaign' }).first().click());
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();

  await page.getByLabel('Discount (%)').fill('15');
  await page.getByLabel('Maximum cashback per transaction (£)').fill('5');
  await page.getByLabel('Maximum rewarded transactions per card', { exact: true }).fill('3');
  await page.getByLabel('Maximum rewarded transactions per card per interval').fill('1');
  await page.getByLabel('Maximum rewarded spend per card per interval (£)').fill('120');
  // A per-interval cap needs its interval: the form says so before anything is sent.
  await page.getByLabel('Select All Branches').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please choose the interval of the per-interval caps')).toBeVisible();
  await page.getByRole('combobox', { name: 'Interval' }).click();
  await page.getByRole('option', { name: 'Week (Monday to Sunday)' }).click();
  // The caps fields, filled and with the form's error shown, at both widths.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await expectAccessible(page, `the campaign form with caps at ${width}px`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Campaign Template', level: 1 })).toBeVisible();
  await page.getByLabel('Percent off, short').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  const notice = page.getByText(/^Campaign ".+" has been created successfully$/);
  await expect(notice).toBeVisible();
  const name = /Campaign "(.+)" has been created/.exec((await notice.textContent()) ?? '')![1]!;

  const summary = '≤ £5.00 a transaction · 3 per card · 1 per card a week · £120.00 spend per card a week';
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell', { name: summary })).toBeVisible();

  // The edit form reads the caps back as they were typed.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('Maximum cashback per transaction (£)')).toHaveValue('£5');
  await expect(page.getByRole('combobox', { name: 'Interval' })).toHaveValue('Week (Monday to Sunday)');
  const id = new URL(page.url()).searchParams.get('id')!;

  // A brand's campaign overview is its dashboard (campaignActionPage 'open').
  await page.goto(`/user/dashboard/${id}`);
  await expect(page.getByTestId('campaign-caps')).toHaveText(`Caps: ${summary}`);
});
