import { expect, test, type Page } from '@playwright/test';
import { latestMailTo, login } from '../support/fixtures.ts';
import { searchList } from '../support/lists.ts';

async function openUsers(page: Page, email: string, path = '/user/users', heading = 'Users') {
  await page.goto('/login');
  await login(page, email);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test('a brand admin adds a user, who sets a password from the mail and logs in', async ({
  page,
  request,
}) => {
  const email = `nadia.${Date.now()}@example.test`;
  await openUsers(page, 'brandadmin@demo.test');

  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Role is required')).toBeVisible();
  await dialog.getByLabel('First Name').fill('Nadia');
  await dialog.getByLabel('Last Name').fill('Brooks');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Contact Number').fill('07700900555');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await expect(page.getByRole('option')).toHaveText(['Brand Admin', 'Brand Finance']);
  await page.getByRole('option', { name: 'Brand Finance' }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();

  await expect(page.getByText(/User added successfully/)).toBeVisible();
  await searchList(page, page.getByRole('textbox', { name: 'Search Email / Display Name / Role' }), 'nadia');
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row.getByText('Brand Finance')).toBeVisible();
  await expect(row.getByText('Green Fork')).toBeVisible();
  await expect(row.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  await row.getByRole('button', { name: `Edit ${email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Email')).toBeDisabled();
  await edit.getByLabel('First Name').fill('Nadine');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('User updated successfully.')).toBeVisible();
  await expect(row.getByText('Nadine Brooks')).toBeVisible();

  const mail = await latestMailTo(request, email);
  expect(mail.subject).toBe('Set your password');
  const link = mail.text.match(/https?:\/\/\S+\/setpassword\/\S+/)?.[0];
  expect(link).toBeDefined();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(new URL(link!).pathname);
  await page.getByLabel('New password').fill('Fresh#Start9');
  await page.getByLabel('Confirm password').fill('Fresh#Start9');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been set. Please login.')).toBeVisible();
  await login(page, email, 'Fresh#Start9');
  await expect(page).toHaveURL(/\/user\/dashboard/);
});

test('a brand admin deletes a user after confirming', async ({ page }) => {
  await openUsers(page, 'companyadmin@demo.test');
  await searchList(page, page.getByRole('textbox', { name: 'Search Email / Display Name / Role' }), 'freya');
  const row = page.getByRole('row', { name: /freya\.singh@demo\.test/ });
  await row.getByRole('button', { name: 'Delete freya.singh@demo.test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete' });
  await expect(dialog.getByText('Are you sure you want to delete this user?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(page.getByText('User deleted successfully.')).toBeVisible();
  await expect(page.getByText('No data found.')).toBeVisible();
});

test("a plain 'user' sees the list without action icons or Add New", async ({ page }) => {
  await openUsers(page, 'user@demo.test');

  await expect(page.getByRole('row', { name: /brandadmin@demo\.test/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
});

test('a bank admin sees the Bank Users of the bank, without roles', async ({ page }) => {
  await openUsers(page, 'bank@demo.test', '/user/bank/users', 'Bank Users');

  await expect(page.getByRole('row', { name: /ruby\.foster@demo\.test/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Role' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete ruby.foster@demo.test' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete bank@demo.test' })).toHaveCount(0);
});
