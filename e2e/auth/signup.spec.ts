import { expect, test } from '@playwright/test';
import { login } from '../support/fixtures.ts';
import { mailedLink } from '../support/mailed-links.ts';

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

  // No composition rules, but a common or leaked password is refused, and one that
  // is easy to guess, saying why: in the browser, which loads the same checks as the server has, so
  // nothing is sent.
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/users/signup')) sent += 1;
  });
  await page.getByLabel('First name').fill('Joanna');
  await page.getByLabel('Last name').fill('Smith');
  await page.getByLabel('Email').fill(`common-password-${Date.now()}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('Password1!');
  await page.getByLabel('Confirm password').fill('Password1!');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page.getByText(
      'This password is too common: it appears in lists of leaked passwords. Please choose another.',
    ),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Welcome1!');
  await page.getByLabel('Confirm password').fill('Welcome1!');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page.getByText(
      'This password is too easy to guess. It is close to a commonly used password. Add another word or two: less common words are better.',
    ),
  ).toBeVisible();
  expect(sent).toBe(0);
});

test('a new brand signs up, confirms the e-mail with the mailed link, and logs in to create a first campaign', async ({
  page,
  request,
}) => {
  const email = `new-${Date.now()}@brand.test`;
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill('Baker');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Bakery#2026');
  await page.getByLabel('Confirm password').fill('Bakery#2026');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByTestId('signup-sent')).toHaveText(
    'Thank you. Check your e-mail: we have sent a message to this address to finish signing up.',
  );

  // Before the address is confirmed the account cannot log in.
  await page.goto('/login');
  await login(page, email, 'Bakery#2026');
  await expect(page.getByTestId('form-status')).toContainText('Please confirm your e-mail address first');

  const link = await mailedLink(request, email, '/verifyemail/');
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your e-mail address is confirmed. Please login.')).toBeVisible();
  await login(page, email, 'Bakery#2026');
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
});

test('signing up with an address that has an account answers the same, and the owner is told by mail', async ({
  page,
  request,
}) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Uma');
  await page.getByLabel('Last name').fill('Taken');
  await page.getByLabel('Email').fill('user@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Quiet tulip river');
  await page.getByLabel('Confirm password').fill('Quiet tulip river');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByTestId('signup-sent')).toHaveText(
    'Thank you. Check your e-mail: we have sent a message to this address to finish signing up.',
  );

  const link = await mailedLink(request, 'user@demo.test', '/forgot');
  expect(new URL(link).pathname).toBe('/forgot');
});
