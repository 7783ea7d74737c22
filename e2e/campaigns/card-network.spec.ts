import { expect, test } from '@playwright/test';
import {
  campaignMonthWindow,
  periodOf,
  shiftMonth,
} from '../../packages/domain/src/campaign/campaign-dates.rules.ts';
import { cardNetworkCampaignName } from '../../packages/domain/src/campaign/campaign.rules.ts';
import { openCampaignForm, servers } from '../support/fixtures.ts';

/**
 * The card-network source (spec 1 §1, §2, §6, §9): the card-network guest link printed at start
 * (cardnetwork@demo.test, Saffron Table) starts a session that names the campaign by the month in
 * full, fixes the discount at 10%, offers next month up to 6 months ahead and shows 'coming soon'
 * in place of the projection; the campaign is created under those rules.
 */
test('a card-network guest creates a campaign named by the month in full, at a fixed 10%, with no figures shown', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const link = new URL(servers().main.cardNetworkLink);
  await openCampaignForm(page, () => page.goto(link.pathname + link.search));
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 2 })).toBeVisible();

  // The month window: next month up to 6 months ahead.
  const window = campaignMonthWindow(new Date(), 'America/New_York', 'cardNetworkOrFirstLogin');
  await page.getByRole('combobox', { name: 'Campaign month (MM/YYYY)' }).click();
  const options = page.getByRole('option');
  await expect(options.first()).toHaveText(periodOf(window.first));
  await expect(options.last()).toHaveText(periodOf(window.last));
  await expect(options).toHaveCount(6);
  await expect(page.getByRole('option', { name: periodOf(shiftMonth(window.last, 1)) })).toHaveCount(0);
  const month = shiftMonth(window.first, 1);
  await page.getByRole('option', { name: periodOf(month) }).click();

  // The name reads the month in full; the discount is fixed; the panel shows no figures.
  await expect(page.getByLabel('Campaign name')).toHaveValue(cardNetworkCampaignName('Saffron Table', month));
  const discount = page.getByLabel('Discount (%)');
  await expect(discount).toBeDisabled();
  await expect(discount).toHaveValue('10');
  await expect(page.getByText('Fixed at 10%')).toBeVisible();
  const comingSoon = page.getByTestId('projection-coming-soon');
  await expect(comingSoon.getByText('Coming soon')).toHaveCount(6);
  await expect(page.getByTestId('projection-expected_reach')).toHaveCount(0);

  await page.getByLabel('Select All Branches').check();
  await page.getByRole('button', { name: 'Next' }).click();
  // A guest accepts the terms before the first campaign is saved.
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('heading', { name: 'Campaign Template', level: 2 })).toBeVisible();
  await page.getByLabel('Percent off, short').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText(
      `Campaign "${cardNetworkCampaignName('Saffron Table', month)}" has been created successfully`,
    ),
  ).toBeVisible();
});
