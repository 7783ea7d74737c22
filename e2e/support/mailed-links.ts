import { expect, type APIRequestContext } from '@playwright/test';
import { demoAdminEmail, withAdminCode } from './two-step.ts';

const demoPassword = 'Demo@12345';

/** The demo admin's bearer token on each server, kept by the worker (each sign-in spends a code step). */
const adminTokens = new Map<string, string>();

/** Signs the demo system admin in on the server at `origin` ('' for the main one), second step included. */
async function adminToken(request: APIRequestContext, origin: string): Promise<string> {
  const kept = adminTokens.get(origin);
  if (kept) {
    const session = await request.get(`${origin}/api/auth/session`, {
      headers: { authorization: `Bearer ${kept}` },
    });
    if (session.ok() && ((await session.json()) as { details: unknown }).details !== null) return kept;
  }
  const response = await request.post(`${origin}/api/auth/login`, {
    data: { email: demoAdminEmail, password: demoPassword },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const answer = (await response.json()) as { accessToken?: string; challenge?: string };
  let token = answer.accessToken;
  if (answer.challenge) {
    const second = await withAdminCode(response.url(), (code) =>
      request.post(`${origin}/api/auth/login/mfa`, { data: { challenge: answer.challenge, code } }),
    );
    expect(second.ok(), await second.text()).toBe(true);
    token = ((await second.json()) as { accessToken: string }).accessToken;
  }
  adminTokens.set(origin, token!);
  return token!;
}

/**
 * The newest link with `path` (such as '/verifyemail/') mailed to `to`, read from the outbox of the
 * server at `origin` as the system admin. Sign-up and forgot password mail after they answer
 *, so the outbox is asked until the mail is there.
 */
export async function mailedLink(request: APIRequestContext, to: string, path: string, origin = '') {
  const token = await adminToken(request, origin);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${origin}/api/mail/outbox?limit=50`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const { data } = (await response.json()) as { data: { to: string; text: string }[] };
        link = data
          .filter((mail) => mail.to === to)
          .flatMap((mail) => mail.text.match(/https?:\/\/\S+/g) ?? [])
          .find((url) => new URL(url).pathname.startsWith(path));
        return link;
      },
      { message: `a mail to ${to} with a ${path} link` },
    )
    .toBeDefined();
  return link!;
}

/**
 * A fresh brand account signed up through the API of the server at `origin`, its e-mail confirmed
 * with the link the sign-up mailed, as its owner would: a test may change its password freely.
 */
export async function confirmedSignup(request: APIRequestContext, prefix: string, origin = '') {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@brand.test`;
  // A new password must be hard to guess (docs/decisions.md 'Sign-in lockout and password
  // strength'): the seeded demo password would be refused.
  const password = 'Tulip Meadow Lantern';
  const response = await request.post(`${origin}/api/users/signup`, {
    data: { firstName: 'Test', lastName: 'Brand', email, password, confirmPassword: password },
  });
  expect(response.status()).toBe(201);
  const link = await mailedLink(request, email, '/verifyemail/', origin);
  const confirmed = await request.post(`${origin}/api/auth/confirmEmail`, {
    data: { token: new URL(link).pathname.split('/').pop() },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return { email, password };
}
