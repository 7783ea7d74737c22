import { expect, test } from '@playwright/test';
import { login } from '../support/fixtures.ts';
import { totpCode } from '../support/two-step.ts';

/**
 * Two-step sign-in, by keyboard: a brand admin sets it up in My Profile, signs out,
 * and signs in again with a code computed from the key the set-up showed. The account is a demo
 * colleague no other journey signs in as.
 */
test('a brand admin sets up two-step sign-in by keyboard and signs in with a code', async ({ page }) => {
  const email = 'ella.reid@demo.test';
  await page.goto('/login');
  await login(page, email);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto('/user/settings/profile');

  const setUp = page.getByRole('button', { name: 'Set up two-step sign-in' });
  await setUp.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Set up two-step sign-in' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('mfa-secret').innerText()).replace(/\s/g, '');
  await expect(dialog.getByLabel('Authentication code')).toBeFocused();
  await page.keyboard.type(totpCode(secret));
  await page.keyboard.press('Enter');

  await expect(dialog.getByText('Save your recovery codes')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(10);
  await dialog.getByRole('button', { name: 'I have saved them' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('10 unused recovery codes left.')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, email);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  // The set-up used this 30-second step's code, and a code is taken once: the next step's, which the
  // server accepts for a phone clock a little ahead.
  await page.keyboard.type(totpCode(secret, new Date(Date.now() + 30_000)));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/user\/campaigns\/future$/);
});
