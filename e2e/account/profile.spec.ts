import { expect, test, type Page } from '@playwright/test';
import { apiToken, freshAccount, login, openCampaignForm } from '../support/fixtures.ts';

/** Signs a fresh account in and waits for its first page (Create Campaign), so the session is set. */
async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await openCampaignForm(page, () => login(page, account.email, account.password));
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
}

test('edit the profile: read-only, Edit, Update Details, read-only again, and it stays after a reload', async ({
  page,
  request,
}) => {
  const account = await freshAccount(request, 'profile');
  await signIn(page, account);
  await page.goto('/user/settings/profile');

  const firstName = page.getByLabel('First Name');
  await expect(firstName).toHaveValue('Test');
  await expect(firstName).toHaveAttribute('readonly');
  await expect(page.getByLabel('Email')).toBeDisabled();

  await page.getByRole('button', { name: 'Edit' }).click();
  await firstName.fill('Petra');
  await page.getByLabel('Contact Number').fill('07700 900321');
  await page.getByLabel('Brand').fill('Petra Kitchen');
  await page.getByLabel('Address').fill('3 Canal Street, Manchester');
  await page.getByRole('button', { name: 'Update Details' }).click();

  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(firstName).toHaveAttribute('readonly');
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Petra');
  await expect(page.getByLabel('Contact Number')).toHaveValue('07700900321');
  await expect(page.getByLabel('Brand')).toHaveValue('Petra Kitchen');
  await expect(page.getByLabel('Address')).toHaveValue('3 Canal Street, Manchester');
});

/** A whole 1×1 PNG: the server proves an image by its bytes. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('upload a profile photo: it shows as the avatar, and a file that is not an image is refused', async ({
  page,
  request,
}) => {
  const account = await freshAccount(request, 'profile-photo');
  await signIn(page, account);
  await page.goto('/user/settings/profile');

  const notImage = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await (
    await notImage
  ).setFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
  await expect(page.getByText('Please select valid Image file')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixelPng });

  await expect(page.getByText('Profile photo updated successfully')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Test Brand' }).first()).toHaveAttribute(
    'src',
    /\/api\/files\//,
  );
  await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();
});

test('the profile form shows the rules of spec 2 §5 and saves nothing while they fail', async ({
  page,
  request,
}) => {
  const account = await freshAccount(request, 'profile-rules');
  await signIn(page, account);
  await page.goto('/user/settings/profile');

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('First Name').fill('P3tra');
  await page.getByLabel('Contact Number').fill('-7700900321');
  await page.getByRole('button', { name: 'Update Details' }).click();

  await expect(page.getByText('Name can only contain alphabets')).toBeVisible();
  await expect(page.getByText("Contact Number can't start with a minus")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Test');
});

test('change the password: Login again, the other sessions end, and the new password works', async ({
  page,
  request,
}) => {
  const account = await freshAccount(request, 'profile-password');
  const otherSession = await apiToken(request, account.email, account.password);
  await signIn(page, account);
  await page.goto('/user/settings/changepassword');
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password').fill('Fresh#Pass9');
  await page.getByLabel('Confirm password').fill('Fresh#Pass9');
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page.getByText('Password changed successfully')).toBeVisible();
  const other = await request.get('/api/auth/session', {
    headers: { authorization: `Bearer ${otherSession}` },
  });
  expect((await other.json()).details).toBeNull();

  await page.getByRole('button', { name: 'Login again' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await openCampaignForm(page, () => login(page, account.email, 'Fresh#Pass9'));
  await expect(page).toHaveURL(/\/user\/campaigns\/create$/);
});

test('deactivate the account: confirmation, signed out, and login refused', async ({ page, request }) => {
  const account = await freshAccount(request, 'profile-deactivate');
  const otherSession = await apiToken(request, account.email, account.password);
  await signIn(page, account);
  await page.goto('/user/settings/profile');

  await page.getByRole('button', { name: 'Deactivate Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Account' });
  await expect(dialog.getByText('Are you sure you want to deactivate Account ?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();

  await expect(page).toHaveURL(/\/login$/);
  const other = await request.get('/api/auth/session', {
    headers: { authorization: `Bearer ${otherSession}` },
  });
  expect((await other.json()).details).toBeNull();
  await login(page, account.email, account.password);
  await expect(
    page.getByText('This account has been deactivated. Please contact your administrator.'),
  ).toBeVisible();
});

test('the system admin lands on the banks list', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'admin@demo.test');

  await expect(page).toHaveURL(/\/user\/banks\/list$/);
  await expect(page.getByRole('heading', { name: 'Banks' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Demo Bank', exact: true })).toBeVisible();
});

test('a bank admin edits My Bank', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'bank@demo.test');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/settings/bank');

  const name = page.getByLabel('Bank Name');
  await expect(name).toHaveValue('Demo Bank');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Contact Number').fill('020 7946 0123');
  await page.getByRole('button', { name: 'Update Details' }).click();

  await expect(page.getByText('Bank details updated successfully')).toBeVisible();
  await expect(name).toHaveAttribute('readonly');
});
