import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Cookie, type Page } from '@playwright/test';
import { signedInHintCookieName } from '../../packages/domain/src/auth/signed-in-hint.ts';
import { statePath } from './global-setup.ts';
import { confirmedSignup } from './mailed-links.ts';
import { demoAdminEmail, withAdminCode } from './two-step.ts';

export const demoPassword = 'Demo@12345';

export function servers(): {
  main: { url: string; guestLink: string; cardNetworkLink: string };
  shortIdle: { url: string };
} {
  return JSON.parse(readFileSync(statePath, 'utf8'));
}

/**
 * The demo admin's session cookie and signed-in hint, per server, kept by the worker: the server
 * takes each 30-second step of the admin's app once, so signing the admin in afresh for every
 * journey would make each wait for the next step.
 */
const adminSessions = new Map<string, Cookie[]>();

async function stillValid(origin: string, cookies: Cookie[]) {
  const response = await fetch(`${origin}/api/auth/session`, {
    headers: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
  });
  return response.ok && ((await response.json()) as { details: unknown }).details !== null;
}

/**
 * Fills the login form and submits it; for the demo system admin, who must use two-step sign-in,
 * also the code step, with the code computed from the demo secret. The admin's session is signed
 * in once per worker and server, then reused while it lasts (the page on /login goes on as after a
 * login); two-step sign-in itself has its own journey (auth/two-step.spec.ts).
 */
export async function login(page: Page, email: string, password = demoPassword) {
  const admin = email === demoAdminEmail && password === demoPassword;
  const origin = new URL(page.url()).origin;
  const kept = admin ? adminSessions.get(origin) : undefined;
  if (kept && (await stillValid(origin, kept))) {
    await page.context().addCookies(kept);
    await page.reload();
    return;
  }
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  if (!admin) return;
  const field = page.getByLabel('Authentication code');
  await field.waitFor();
  await withAdminCode(page.url(), async (code) => {
    await field.fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(field).toBeHidden();
  });
  const cookies = (await page.context().cookies(origin)).filter(
    (cookie) => /krowd_session$/.test(cookie.name) || cookie.name === signedInHintCookieName,
  );
  if (cookies.length > 0) adminSessions.set(origin, cookies);
}

/** The demo admin's bearer token, kept by the worker: each sign-in spends one of the 30-second steps. */
let adminToken: string | undefined;

/** Signs in through the API and answers a bearer token, for reading what the UI does not show. */
export async function apiToken(request: APIRequestContext, email: string, password = demoPassword) {
  const admin = email === demoAdminEmail && password === demoPassword;
  if (admin && adminToken && (await stillSignedIn(request, adminToken))) return adminToken;
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.ok()).toBe(true);
  const answer = (await response.json()) as { accessToken?: string; challenge?: string };
  if (!answer.challenge) return answer.accessToken!;
  const second = await withAdminCode(response.url(), (code) =>
    request.post('/api/auth/login/mfa', { data: { challenge: answer.challenge, code } }),
  );
  expect(second.ok(), await second.text()).toBe(true);
  const { accessToken } = (await second.json()) as { accessToken: string };
  if (admin) adminToken = accessToken;
  return accessToken;
}

async function stillSignedIn(request: APIRequestContext, token: string) {
  const response = await request.get('/api/auth/session', { headers: { authorization: `Bearer ${token}` } });
  return response.ok() && ((await response.json()) as { details: unknown }).details !== null;
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

/** A fresh brand account (signed up and confirmed through the API), so a test may change its password freely. */
export function freshAccount(request: APIRequestContext, prefix: string) {
  return confirmedSignup(request, prefix);
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
        .last()
        .click({ timeout: 3000 })
        .catch(() => undefined);
    },
  );
  await open();
}
