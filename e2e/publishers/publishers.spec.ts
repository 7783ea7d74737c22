import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, login } from '../support/fixtures.ts';

/**
 * The system admin's Publishers page (decision 0088), the Publisher integration guide (decision
 * 0101), and the key and endpoint actions reached by keyboard alone (WCAG 2.1.1).
 */

/** Presses Tab until `target` has the focus. */
async function tabTo(page: Page, target: Locator, most = 120) {
  for (let presses = 1; presses <= most; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${target} was not reached in ${most} presses of Tab`);
}

test('the system admin creates a publisher for a bank, links a brand and opens its keys', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const code = `E2E-${suffix}`;
  const name = `Loyalty feed ${suffix}`;
  // A bank of no publisher yet, found in the form by the server's search.
  const bankName = `Harbour Rewards ${suffix}`;
  const token = await apiToken(request, 'admin@demo.test');
  const bank = await request.post('/api/banks', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: bankName,
      admin: {
        firstName: 'Ada',
        lastName: 'Harbour',
        email: `harbour-${suffix.toLowerCase()}@example.test`,
        phone: '07700900458',
      },
    },
  });
  expect(bank.status(), await bank.text()).toBe(201);
  await page.goto('/login');
  await login(page, 'admin@demo.test');
  await page.goto('/user/publishers/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Publishers' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Publisher' }).click();
  const form = page.getByRole('dialog', { name: 'Add Publisher' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Name').fill(name);
  await form.getByRole('combobox', { name: 'Bank' }).fill(bankName);
  await page.getByRole('option', { name: bankName }).click();
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Publisher created successfully')).toBeVisible();
  await page.getByPlaceholder('Search Publisher').fill(suffix);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText(name);
  await expect(row).toContainText(bankName);

  await row.getByRole('button', { name: `Brands of ${name}` }).click();
  const brands = page.getByRole('dialog', { name: `Brands of ${name}` });
  await brands.getByRole('combobox', { name: 'Brands' }).click();
  await page.getByRole('option', { name: /^Green Fork/ }).click();
  await page.keyboard.press('Escape');
  await brands.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("The publisher's brands have been saved successfully.")).toBeVisible();
  await row.getByRole('button', { name: `Brands of ${name}` }).click();
  await expect(brands.getByText('Green Fork')).toBeVisible();
  await page.keyboard.press('Escape');

  // Its keys: the API keys page opens at this publisher, found by the server's search.
  await row.getByRole('link', { name: `API keys of ${name}: 0 working` }).click();
  await expect(page).toHaveURL(/\/user\/settings\/apikeys\?publisher=/);
  await expect(page.getByRole('combobox', { name: 'Publisher' })).toHaveValue(`${name} (${code})`);
  await expect(page.getByText('No keys yet')).toBeVisible();
});

test('the integration guide: linked from API keys, its sections, code that scrolls by keyboard, no sideways page at 390 px', async ({
  page,
}) => {
  await page.goto('/login');
  await login(page, 'bank@demo.test');
  await expect(page).toHaveURL(/\/user\/dashboard/);
  await page.goto('/user/settings/apikeys');
  await page.getByRole('link', { name: /the Publisher integration guide/ }).click();
  await expect(page).toHaveURL(/\/user\/settings\/integration$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Publisher integration' })).toBeVisible();
  for (const section of ['API keys', 'The offers feed', 'Webhook events and signatures', 'Test mode'])
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  await expect(page.getByRole('link', { name: 'API reference (OpenAPI)' })).toHaveAttribute(
    'href',
    '/api/docs',
  );

  // The API reference links back here.
  const openApi = (await (await page.request.get('/api/openapi.json')).json()) as {
    externalDocs: { url: string };
  };
  expect(new URL(openApi.externalDocs.url).pathname).toBe('/user/settings/integration');

  // On a phone, opened there (a resize mid-page leaves the menu's transition to settle).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Publisher integration' })).toBeVisible();
  const snippet = page.getByRole('region', { name: /verifying a signature in TypeScript/ });
  await expect(snippet).toContainText('verifyKrowdSignature');
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await sideways()).toBeLessThanOrEqual(0);
  // The code is wider than the phone: it scrolls inside its box, moved by the keyboard.
  expect(await snippet.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await snippet.focus();
  await expect(snippet).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => snippet.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect(await sideways()).toBeLessThanOrEqual(0);
});

test('the key and endpoint actions are reached and opened by keyboard alone', async ({ page, request }) => {
  // A key of the demo publisher's to act on, whatever the other journeys have done to theirs.
  const token = await apiToken(request, 'bank@demo.test');
  const headers = { authorization: `Bearer ${token}` };
  const own = (await (await request.get('/api/publishers/own', { headers })).json()) as {
    publisher: { _id: string };
  };
  const name = `Keyboard ${Date.now().toString(36)}`;
  const made = await request.post(`/api/publishers/${own.publisher._id}/keys`, {
    headers,
    data: { name, mode: 'test' },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto('/login');
  await login(page, 'bank@demo.test');
  await expect(page).toHaveURL(/\/user\/dashboard/);

  await page.goto('/user/settings/apikeys');
  const create = page.getByRole('button', { name: 'Create key' });
  await expect(create).toBeVisible();
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create key' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
  // The key's actions menu opens from the keyboard, Rotate first.
  const actions = page.getByRole('button', { name: `Actions for key “${name}”` });
  await tabTo(page, actions);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Rotate' })).toBeVisible();
  // The menu takes focus once it has opened; an arrow pressed before that lands on the button.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null))
    .toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Rotate' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(actions).toBeFocused();

  await page.goto('/user/settings/webhooks');
  const add = page.getByRole('button', { name: 'Add endpoint' });
  await expect(add).toBeVisible();
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Add endpoint' });
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(add).toBeFocused();
});
