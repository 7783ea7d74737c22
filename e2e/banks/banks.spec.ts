import { expect, test } from '@playwright/test';
import { latestMailTo, login } from '../support/fixtures.ts';

test('the system admin adds a bank and links a brand; its admin then sees that brand only', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const email = `bank-admin-${suffix}@example.test`;
  const bankName = `Saffron Card Programme ${suffix}`;

  await page.goto('/login');
  await login(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/user\/banks\/list$/);
  await page.getByRole('button', { name: 'Add Bank' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Bank' });
  await dialog.getByLabel('Bank Name').fill(bankName);
  await dialog.getByLabel('First Name').fill('Priya');
  await dialog.getByLabel('Last Name').fill('Shah');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Contact Number').fill('07700900456');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(/Bank created successfully/)).toBeVisible();

  await page.getByRole('button', { name: `Brands of ${bankName}` }).click();
  const brands = page.getByRole('dialog', { name: `Brands of ${bankName}` });
  await brands.getByPlaceholder('Choose brands').click();
  await page.getByRole('option', { name: 'Saffron Table' }).click();
  // The list stays open for more choices; Escape closes it, not the dialog.
  await page.keyboard.press('Escape');
  await brands.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("The bank's brands have been saved successfully.")).toBeVisible();

  const mail = await latestMailTo(request, email);
  const link = mail.text.match(/https?:\/\/\S+\/setpassword\/\S+/)?.[0];
  expect(link).toBeDefined();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await page.goto(new URL(link!).pathname);
  await page.getByLabel('New password').fill('Saffron#Cards9');
  await page.getByLabel('Confirm password').fill('Saffron#Cards9');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been set. Please login.')).toBeVisible();
  await login(page, email, 'Saffron#Cards9');
  await expect(page).toHaveURL(/\/user\/dashboard/);

  const seen = await page.request.get('/api/brands/getBrandList');
  const { brands: listed } = (await seen.json()) as { brands: { label: string }[] };
  expect(listed.map((brand) => brand.label)).toEqual(['Saffron Table']);
});
