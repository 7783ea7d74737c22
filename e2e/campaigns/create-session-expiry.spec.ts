import { expect, test } from '@playwright/test';
import { login, openCampaignForm, servers } from '../support/fixtures.ts';
import { confirmedSignup } from '../support/mailed-links.ts';

/**
 * The create screen's session modals (spec 1 §2 "Session-timeout modal on this screen", §8): a
 * session that ends there is told with the timeout modal, 'Your session has expired please login
 * again' and 'Login again', or, for a brand with no branch, '…please try again' and 'Try Again'.
 */

test('when the server ends the session on the create screen, the timeout modal says login again', async ({
  page,
}) => {
  await page.goto('/login');
  await login(page, 'groupadmin@demo.test');
  await expect(page).toHaveURL(/\/user\/campaigns\/future$/);
  await openCampaignForm(page, () => page.goto('/user/campaigns/create'));
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();

  // The session ends elsewhere; choosing another brand asks the server for its branches, unless a
  // call the screen makes by itself (a refetch) meets the ended session first and the modal is up.
  await page.request.post('/api/auth/logout');
  const modal = page.getByRole('dialog', { name: "You're being timed out due to inactivity" });
  await page
    .getByRole('combobox', { name: 'Brand' })
    .click({ timeout: 5_000 })
    .then(() => page.getByRole('option', { name: 'Harbour Kitchen' }).click({ timeout: 5_000 }))
    .catch(() => expect(modal).toBeVisible());

  await expect(modal.getByText('Your session has expired please login again')).toBeVisible();
  await expect(page.getByText('Session Expired, Please login Again')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Login again' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Signing in again returns to the create screen.
  await login(page, 'groupadmin@demo.test');
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
});

test('idle on the create screen of a brand without branches, the timeout modal says try again', async ({
  page,
  request,
}) => {
  const { url } = servers().shortIdle;
  // Its own request context: the admin reading the outbox must not sign the page in.
  const { email, password } = await confirmedSignup(request, 'no-branch', url);
  await page.goto(`${url}/login`);
  await login(page, email, password);
  await expect(page).not.toHaveURL(/\/login$/);
  await openCampaignForm(page, () => page.goto(`${url}/user/campaigns/create`));
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();

  const modal = page.getByRole('dialog', { name: "You're being timed out due to inactivity" });
  await expect(modal.getByText('Your session has expired please try again')).toBeVisible({ timeout: 45_000 });
  await modal.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
