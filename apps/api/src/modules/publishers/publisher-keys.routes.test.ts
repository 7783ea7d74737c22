import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { keySecretPattern } from '@krowd/domain/publisher/publisher-key.rules';
import { demoApiKeyOf, demoBankPublisherCode } from '../../demo/demo-publishers.ts';
import {
  call,
  createTestApp,
  createTestClock,
  hours,
  loginAs,
  minutes,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';

const k = messages.publisherKey;
const clock = createTestClock();

let testApp: TestApp;
let app: App;
let systemAdmin: SignedIn;
/** bank@demo.test: an admin of Demo Bank, whose publisher is DemoBank. */
let bankAdmin: SignedIn;
/** A colleague at Demo Bank who is not its admin. */
let bankColleague: SignedIn;
let demoBankId: string;
let atrId: string;

const publisherIdOf = async (code: string) =>
  (await testApp.db.selectFrom('publishers').select('id').where('code', '=', code).executeTakeFirstOrThrow())
    .id;

const feed = (key: string) => call(app, { url: '/api/publisher/offers', headers: { 'x-api-key': key } });

async function makeKey(
  caller: SignedIn,
  publisherId: string,
  body: unknown = { name: 'Server', mode: 'live' },
) {
  return call(app, { method: 'POST', url: `/api/publishers/${publisherId}/keys`, token: caller.token, body });
}

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now, env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  systemAdmin = await loginAs(app, 'admin@demo.test');
  bankAdmin = await loginAs(app, 'bank@demo.test');
  bankColleague = await loginAs(app, 'ruby.foster@demo.test');
  demoBankId = await publisherIdOf(demoBankPublisherCode);
  atrId = await publisherIdOf('ATR');
});

afterAll(async () => {
  await testApp?.close();
});

describe("a publisher's API keys", () => {
  it('are made by its bank admin, the secret shown once and only its prefix listed', async () => {
    const made = await makeKey(bankAdmin, demoBankId, { name: 'Staging', mode: 'test' });

    expect(made.statusCode).toBe(201);
    const { key, secret } = made.json();
    expect(secret).toMatch(keySecretPattern);
    expect(secret.startsWith('pk_test_')).toBe(true);
    expect(key).toMatchObject({ name: 'Staging', mode: 'test', status: 'active', lastUsed: null });
    expect(key.prefix).toBe(secret.slice(0, 12));

    const listed = await call(app, { url: `/api/publishers/${demoBankId}/keys`, token: bankAdmin.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().publisher.code).toBe(demoBankPublisherCode);
    expect(listed.json().keys.map((row: { _id: string }) => row._id)).toContain(key._id);
    expect(listed.body).not.toContain(secret);
    expect(listed.body).not.toContain('secret_hash');
  });

  it('work at once for the feed, and the list shows their last use', async () => {
    const { key, secret } = (await makeKey(bankAdmin, demoBankId, { name: 'Live one', mode: 'live' })).json();

    expect((await feed(secret)).statusCode).toBe(200);

    const listed = await call(app, { url: `/api/publishers/${demoBankId}/keys`, token: bankAdmin.token });
    const row = listed.json().keys.find((r: { _id: string }) => r._id === key._id);
    expect(row.lastUsed).not.toBeNull();
  });

  it('write their last use at most once a minute, however many calls', async () => {
    const { key, secret } = (await makeKey(bankAdmin, demoBankId, { name: 'Busy', mode: 'live' })).json();
    const lastUsed = () =>
      testApp.db
        .selectFrom('publisher_api_keys')
        .select('last_used_at')
        .where('id', '=', key._id)
        .executeTakeFirstOrThrow();

    await feed(secret);
    const first = (await lastUsed()).last_used_at;
    await feed(secret);
    await feed(secret);
    expect((await lastUsed()).last_used_at).toEqual(first);
  });

  it('answer 401 at once when revoked, and a second revocation 409', async () => {
    const { key, secret } = (await makeKey(bankAdmin, demoBankId, { name: 'Leaked', mode: 'live' })).json();
    expect((await feed(secret)).statusCode).toBe(200);

    const revoked = await call(app, {
      method: 'DELETE',
      url: `/api/publishers/${demoBankId}/keys/${key._id}`,
      token: bankAdmin.token,
    });

    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ respMessage: k.revoked, key: { status: 'revoked' } });
    const refused = await feed(secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'api_key_invalid', errorMessage: k.invalid });
    const again = await call(app, {
      method: 'DELETE',
      url: `/api/publishers/${demoBankId}/keys/${key._id}`,
      token: bankAdmin.token,
    });
    expect(again.statusCode).toBe(409);
  });

  it('rotate to a new key while the old one works until the overlap ends', async () => {
    const { key, secret } = (await makeKey(bankAdmin, demoBankId, { name: 'Rotating', mode: 'live' })).json();

    const rotated = await call(app, {
      method: 'POST',
      url: `/api/publishers/${demoBankId}/keys/${key._id}/rotate`,
      token: bankAdmin.token,
      body: { overlapHours: 2 },
    });

    expect(rotated.statusCode).toBe(201);
    const { key: next, secret: nextSecret, replaced } = rotated.json();
    expect(next).toMatchObject({ name: 'Rotating', mode: 'live', status: 'active' });
    expect(replaced).toMatchObject({ _id: key._id, status: 'expiring' });
    expect(new Date(replaced.expires).getTime() - clock.now().getTime()).toBe(hours(2));
    expect((await feed(secret)).statusCode).toBe(200);
    expect((await feed(nextSecret)).statusCode).toBe(200);

    clock.advance(hours(2) + minutes(1));
    expect((await feed(secret)).statusCode).toBe(401);
    expect((await feed(nextSecret)).statusCode).toBe(200);
    // The sessions idled out meanwhile.
    bankAdmin = await loginAs(app, 'bank@demo.test');
    bankColleague = await loginAs(app, 'ruby.foster@demo.test');
    systemAdmin = await loginAs(app, 'admin@demo.test');
  });

  it('rotate with a 24-hour overlap unless told, and refuse an overlap past a week', async () => {
    const { key } = (await makeKey(bankAdmin, demoBankId, { name: 'Default overlap', mode: 'test' })).json();
    const url = `/api/publishers/${demoBankId}/keys/${key._id}/rotate`;

    const tooLong = await call(app, {
      method: 'POST',
      url,
      token: bankAdmin.token,
      body: { overlapHours: 169 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errorMessage).toBe(k.overlapRange(168));

    const rotated = await call(app, { method: 'POST', url, token: bankAdmin.token, body: {} });
    expect(rotated.statusCode).toBe(201);
    expect(new Date(rotated.json().replaced.expires).getTime() - clock.now().getTime()).toBe(hours(24));
  });

  it('refuse a bad mode or a missing name, making nothing', async () => {
    const before = (
      await call(app, { url: `/api/publishers/${demoBankId}/keys`, token: bankAdmin.token })
    ).json().keys.length;

    const badMode = await makeKey(bankAdmin, demoBankId, { name: 'x', mode: 'sandbox' });
    const noName = await makeKey(bankAdmin, demoBankId, { name: '  ', mode: 'live' });

    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().errorMessage).toBe(k.modeInvalid);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errorMessage).toBe(k.nameRequired);
    const after = (
      await call(app, { url: `/api/publishers/${demoBankId}/keys`, token: bankAdmin.token })
    ).json().keys.length;
    expect(after).toBe(before);
  });

  it("are another publisher's business: a bank admin gets 404 for ATR's keys, the system admin sees them", async () => {
    const asBank = await call(app, { url: `/api/publishers/${atrId}/keys`, token: bankAdmin.token });
    const makeAsBank = await makeKey(bankAdmin, atrId);
    const asAdmin = await call(app, { url: `/api/publishers/${atrId}/keys`, token: systemAdmin.token });

    expect(asBank.statusCode).toBe(404);
    expect(makeAsBank.statusCode).toBe(404);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().keys.map((key: { prefix: string }) => key.prefix)).toContain(
      demoApiKeyOf('ATR').slice(0, 12),
    );
  });

  it("are refused to a bank user who is not the bank's admin (403)", async () => {
    const listed = await call(app, { url: `/api/publishers/${demoBankId}/keys`, token: bankColleague.token });
    const made = await makeKey(bankColleague, demoBankId);

    expect(listed.statusCode).toBe(403);
    expect(listed.json()).toEqual({ code: 'forbidden', errorMessage: messages.publisher.adminOnly });
    expect(made.statusCode).toBe(403);
  });

  it("of a bank's publisher are found from the bank user's session", async () => {
    const own = await call(app, { url: '/api/publishers/own', token: bankAdmin.token });
    const asAdmin = await call(app, { url: '/api/publishers/own', token: systemAdmin.token });

    expect(own.statusCode).toBe(200);
    expect(own.json().publisher).toMatchObject({
      _id: demoBankId,
      code: demoBankPublisherCode,
      bankName: 'Demo Bank',
    });
    expect(asAdmin.statusCode).toBe(404);
  });

  it('never let a session call a publisher-facing operation, nor a key a session one', async () => {
    const bySession = await call(app, { url: '/api/publisher/offers', token: bankAdmin.token });
    const byKey = await call(app, {
      url: `/api/publishers/${atrId}/keys`,
      headers: { 'x-api-key': demoApiKeyOf('ATR') },
    });

    expect(bySession.statusCode).toBe(401);
    expect(byKey.statusCode).toBe(401);
    expect(byKey.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.common.loginRequired });
  });
});

describe('the per-key rate limit', () => {
  it('answers 429 with Retry-After past the limit, counting each key apart', async () => {
    const limited = await createTestApp({ env: { PUBLISHER_KEY_CALLS_PER_MINUTE: '2' } });
    try {
      const atr = () =>
        call(limited.app, { url: '/api/publisher/offers', headers: { 'x-api-key': 'demo-atr-key' } });
      expect((await atr()).statusCode).toBe(200);
      expect((await atr()).statusCode).toBe(200);
      const refused = await atr();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const other = await call(limited.app, {
        url: '/api/publisher/offers',
        headers: { 'x-api-key': 'demo-fidel-key' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
