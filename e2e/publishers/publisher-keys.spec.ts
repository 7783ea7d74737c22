import { expect, test, type Page } from '@playwright/test';
import { apiToken, latestMailTo, login } from '../support/fixtures.ts';

/**
 * A bank's admin manages their publisher's API keys (decision 0089): live and test keys, each
 * secret shown once and copied, listed by prefix, a rotation that keeps the old key working for
 * the overlap, and a revocation the API honours at the next call.
 */

/** Creates a key on the API keys page and answers its secret, read from the dialog and the clipboard. */
async function createKey(page: Page, name: string, mode: 'Live' | 'Test') {
  await page.getByRole('button', { name: 'Create key' }).click();
  const form = page.getByRole('dialog', { name: 'Create key' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('radio', { name: mode }).check();
  await form.getByRole('button', { name: 'Create key' }).click();
  return readSecretOnce(page);
}

/** The secret dialog: the secret, its copy button (checked on the clipboard), then closed for good. */
async function readSecretOnce(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog.getByText(/only time it is shown/)).toBeVisible();
  const secret = (await dialog.getByTestId('publisher-key-secret').textContent())!.trim();
  await dialog.getByRole('button', { name: 'Copy key' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  return secret;
}

const keyRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('a bank admin makes a live and a test key, each shown once; rotates the live one and revokes it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const suffix = Date.now().toString(36);
  const live = `Checkout server ${suffix}`;
  const staging = `Staging ${suffix}`;
  await page.goto('/login');
  await login(page, 'bank@demo.test');
  await expect(page).toHaveURL(/\/user\/dashboard/);
  await page.goto('/user/settings/apikeys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  const liveSecret = await createKey(page, live, 'Live');
  expect(liveSecret).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
  const testSecret = await createKey(page, staging, 'Test');
  expect(testSecret).toMatch(/^pk_test_[A-Za-z0-9_-]{43}$/);

  // Listed by prefix only: the secret itself is on the page no more.
  await expect(keyRow(page, live)).toContainText(liveSecret.slice(0, 12));
  await expect(keyRow(page, live)).toContainText('Active');
  await expect(keyRow(page, staging)).toContainText(testSecret.slice(0, 12));
  await expect(keyRow(page, staging)).toContainText('Test');
  await expect(page.getByText(liveSecret)).toHaveCount(0);
  // The live key reads the offers feed; the test key sees it as test data.
  const feed = (key: string) => page.request.get('/api/publisher/offers', { headers: { 'x-api-key': key } });
  expect((await feed(liveSecret)).status()).toBe(200);
  expect(((await (await feed(testSecret)).json()) as { offers: { mode: string }[] }).offers[0]?.mode).toBe(
    'test',
  );

  await page.getByRole('button', { name: `Actions for key “${live}”` }).click();
  await page.getByRole('menuitem', { name: 'Rotate' }).click();
  const rotate = page.getByRole('dialog', { name: `Rotate “${live}”` });
  await expect(rotate.getByLabel('Hours the old key keeps working')).toHaveValue('24');
  await rotate.getByRole('button', { name: 'Rotate key' }).click();
  const rotatedSecret = await readSecretOnce(page);
  expect(rotatedSecret).not.toBe(liveSecret);
  // The old key works on through the overlap, marked as rotated; the new one is active beside it.
  const rows = keyRow(page, live);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: liveSecret.slice(0, 12) })).toContainText('Rotated');
  await expect(rows.filter({ hasText: rotatedSecret.slice(0, 12) })).toContainText('Active');
  expect((await feed(liveSecret)).status()).toBe(200);

  await page
    .getByRole('button', { name: `Actions for key “${live}”` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke key' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API key revoked. It stops working at once.')).toBeVisible();
  const revoked = rows.filter({ hasText: /Revoked/ });
  await expect(revoked).toHaveCount(1);
  const revokedSecret = (await revoked.textContent())!.includes(rotatedSecret.slice(0, 12))
    ? rotatedSecret
    : liveSecret;
  expect((await feed(revokedSecret)).status()).toBe(401);
});

test("a bank user who is not the bank's admin has no API keys, webhooks or guide: menu, page and API agree", async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const email = `bank-clerk-${suffix}@example.test`;
  const adminToken = await apiToken(request, 'bank@demo.test');
  const invited = await request.post('/api/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { firstName: 'Omar', lastName: 'Clerk', email, phone: '07700900457' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = (await latestMailTo(request, email)).text.match(/https?:\/\/\S+\/setpassword\/\S+/)?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link!).pathname);
  await page.getByLabel('New password').fill('Clerk#Ledger42');
  await page.getByLabel('Confirm password').fill('Clerk#Ledger42');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been set. Please login.')).toBeVisible();
  await login(page, email, 'Clerk#Ledger42');
  await expect(page).toHaveURL(/\/user\/dashboard/);

  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('button', { name: 'Settings' }).click();
  await expect(menu.getByRole('link', { name: 'My Profile' })).toBeVisible();
  for (const item of ['API keys', 'Webhooks', 'Publisher integration'])
    await expect(menu.getByRole('link', { name: item })).toHaveCount(0);
  for (const path of ['/user/settings/apikeys', '/user/settings/webhooks', '/user/settings/integration']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/user\/PageNotFound$/);
  }
  // What the page table now says is what the API says.
  const publisherId = (
    (await (
      await request.get('/api/publishers/own', {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { publisher: { _id: string } }
  ).publisher._id;
  expect((await page.request.get(`/api/publishers/${publisherId}/keys`)).status()).toBe(403);
});
