import { expect, test } from '@playwright/test';
import { login } from '../support/fixtures.ts';

test.describe('login lands each kind of account on its default page', () => {
  const landings = [
    { email: 'admin@demo.test', path: '/user/banks/list', title: 'Banks' },
    { email: 'bank@demo.test', path: '/user/dashboard', title: 'Dashboard' },
    { email: 'cardprovider@demo.test', path: '/user/campaigns/create', title: 'Create Campaign' },
    { email: 'clientadmin@demo.test', path: '/user/dashboard', title: 'Dashboard' },
    { email: 'groupadmin@demo.test', path: '/user/campaigns/future', title: 'Future Campaigns' },
    { email: 'groupuser@demo.test', path: '/user/dashboard', title: 'Dashboard' },
    { email: 'companyadmin@demo.test', path: '/user/campaigns/future', title: 'Future Campaigns' },
    { email: 'brandadmin@demo.test', path: '/user/campaigns/future', title: 'Future Campaigns' },
    { email: 'branduser@demo.test', path: '/user/dashboard', title: 'Dashboard' },
    { email: 'user@demo.test', path: '/user/campaigns/future', title: 'Future Campaigns' },
    { email: 'firstlogin@demo.test', path: '/user/campaigns/create', title: 'Create Campaign' },
  ];
  for (const { email, path, title } of landings) {
    test(`${email} lands on ${path}`, async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/login$/);
      await login(page, email);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  }
});

test('a deep link asked for while signed out is where login returns to', async ({ page }) => {
  await page.goto('/user/settings/changepassword');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, 'companyadmin@demo.test');
  await expect(page).toHaveURL(/\/user\/settings\/changepassword$/);
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
});

test('a wrong password shows the server message under the form and re-enables Login', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'companyadmin@demo.test', 'Wrong@12345');
  await expect(page.getByTestId('form-status')).toHaveText('Invalid email or password.');
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
});

test('login validation messages come from the spec', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Please provide a valid email')).toBeVisible();
});

test('logout asks first, then ends the session', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'companyadmin@demo.test');
  await expect(page).toHaveURL(/\/user\/campaigns\/future$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Are you sure you want to Logout?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/user/campaigns/future');
  await expect(page).toHaveURL(/\/login$/);
});
