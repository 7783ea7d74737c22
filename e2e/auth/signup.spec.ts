import { expect, test } from '@playwright/test';
import { login } from '../support/fixtures.ts';

test('sign-up shows the spec validation messages', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Name is required')).toHaveCount(2);
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirm Password is required')).toBeVisible();

  await page.getByLabel('First name').fill('Jo');
  await page.getByLabel('Last name').fill('Smith2');
  await page.getByLabel('Email').fill('jo@');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Name should at least contain 3 characters')).toBeVisible();
  await expect(page.getByText('Name can contain only alphabets, "-" and/or space')).toBeVisible();
  await expect(page.getByText('Please provide a valid email')).toBeVisible();
  await expect(page.getByText('Password should at least contain 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('longenough');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page.getByText('password must contain One special characters, upper case and number.'),
  ).toBeVisible();
});

test('a new brand signs up, is told so, and can log in to create a first campaign', async ({ page }) => {
  const email = `new-${Date.now()}@brand.test`;
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill('Baker');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Bakery#2026');
  await page.getByLabel('Confirm password').fill('Bakery#2026');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Registered successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, email, 'Bakery#2026');
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
});
