import { expect, test } from '@playwright/test';
import { freshAccount, login, openCampaignForm } from '../support/fixtures.ts';
import { mailedLink } from '../support/mailed-links.ts';

test('forgot password → the mail → recover → login with the new password', async ({ page, request }) => {
  const account = await freshAccount(request, 'recover');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(/If an account exists for this email/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const link = await mailedLink(request, account.email, '/changerecoverpassword/');

  await page.goto(new URL(link).pathname);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('New Password is required')).toBeVisible();
  await page.getByLabel('New password').fill('Fresh#Start9');
  await page.getByLabel('Confirm password').fill('Fresh#Start9');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(
    page.getByText('Your password has been changed. Please login with the new password.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, account.email, account.password);
  await expect(page.getByTestId('form-status')).toHaveText('Invalid email or password.');
  await login(page, account.email, 'Fresh#Start9');
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
});

test('a recovery link that was never issued is refused under the form', async ({ page }) => {
  await page.goto('/changerecoverpassword/forged-token-forged-token-forged');
  await page.getByLabel('New password').fill('Fresh#Start9');
  await page.getByLabel('Confirm password').fill('Fresh#Start9');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('form-status')).toHaveText(
    'This link is invalid or has expired. Please ask for a new one.',
  );
});

test('change password shows the modal, ends the session, and the new password works', async ({
  page,
  request,
}) => {
  const account = await freshAccount(request, 'change');
  await page.goto('/login');
  await openCampaignForm(page, () => login(page, account.email, account.password));
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Change Password' }).click();
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password').fill('Brand#Admin7');
  await page.getByLabel('Confirm password').fill('Brand#Admin7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Login again' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, account.email, 'Brand#Admin7');
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
});
