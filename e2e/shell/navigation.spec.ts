import { expect, test } from '@playwright/test';
import { login } from '../support/fixtures.ts';

test('the Settings group lists what spec 2 §2.1 gives a company admin, and opens itself under /user/settings', async ({
  page,
}) => {
  await page.goto('/user/settings/changepassword');
  await login(page, 'companyadmin@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['My Profile', 'Change Password', 'Branches', 'Users', 'Payments', 'Invoices']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Beta')).toBeVisible();
  await expect(page.getByTestId('header-entity')).toContainText('Green Fork');
});

test('a finance user sees only the dashboard and their settings', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'groupuser@demo.test');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard']);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'My Profile', 'Change Password']);
});

test('a page outside the role leads to Page Not Found; an unknown page too', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'bank@demo.test');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/users');
  await expect(page).toHaveURL(/\/user\/PageNotFound$/);
  await expect(page.getByRole('heading', { name: 'Page Not found' })).toBeVisible();
  await expect(
    page.getByText(
      "Looks like you've followed a broken link or entered a URL that doesn't exist on this site.",
    ),
  ).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not found' })).toBeVisible();
});

test('the system admin reads the outbox', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/user\/banks\/list$/);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Subject' })).toBeVisible();
});
