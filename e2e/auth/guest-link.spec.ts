import { expect, test } from '@playwright/test';
import { openCampaignForm, servers } from '../support/fixtures.ts';

test('the guest link signs the guest in once, then is refused with a heading on login', async ({ page }) => {
  const link = new URL(servers().main.guestLink);
  await openCampaignForm(page, () => page.goto(link.pathname + link.search));
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 2 })).toBeVisible();

  // Guests' menu items do not navigate: they explain why.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(
    page.getByText(
      'This feature will be enabled once you create your first campaign and validate your account details',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
  await page.getByRole('button', { name: 'OK' }).click();

  // A guarded route sends a guest to login.
  await page.goto('/user/users');
  await expect(page).toHaveURL(/\/login$/);

  // Guests log out at once, without a confirmation.
  await openCampaignForm(page, () => page.goto('/user/campaigns/create'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-heading')).toHaveText(
    'This login link is invalid or has expired. Please ask for a new one.',
  );
});
