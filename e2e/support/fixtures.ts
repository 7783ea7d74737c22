import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { statePath } from './global-setup.ts';

export const demoPassword = 'Demo@12345';

export function servers(): {
  main: { url: string; guestLink: string; cardNetworkLink: string };
  shortIdle: { url: string };
} {
  return JSON.parse(readFileSync(statePath, 'utf8'));
}

export async function login(page: Page, email: string, password = demoPassword) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the API and answers a bearer token, for reading what the UI does not show. */
export async function apiToken(request: APIRequestContext, email: string, password = demoPassword) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The newest mail sent to an address, read from the outbox as the system admin. */
export async function latestMailTo(request: APIRequestContext, to: string) {
  const token = await apiToken(request, 'admin@demo.test');
  const response = await request.get('/api/mail/outbox?limit=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await response.json()) as { data: { to: string; subject: string; text: string }[] };
  const mail = data.find((m) => m.to === to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  return mail!;
}

/** A fresh brand account (signed up through the API), so a test may change its password freely. */
export async function freshAccount(request: APIRequestContext, prefix: string) {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@brand.test`;
  const password = 'Demo@12345';
  const response = await request.post('/api/users/signup', {
    data: { firstName: 'Test', lastName: 'Brand', email, password, confirmPassword: password },
  });
  expect(response.status()).toBe(201);
  return { email, password };
}

/**
 * Opens the campaign form (by `open`) with the branch alert closed whenever it shows: it comes
 * when the brand has branches waiting for approval or none usable, and other journeys running at
 * the same time add and remove branches of the demo brands.
 */
export async function openCampaignForm(page: Page, open: () => Promise<unknown>) {
  const alert = page.getByRole('dialog', { name: 'Alert' });
  await page.addLocatorHandler(
    alert.getByText(/pending in branches|no Branches to create campaign/),
    async () => {
      // The alert may already be closing (its exit transition) when the handler runs.
      await alert
        .getByRole('button', { name: 'Close' })
        .click({ timeout: 3000 })
        .catch(() => undefined);
    },
  );
  await open();
}
