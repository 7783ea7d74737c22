import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { demoCardNetworkGuestEmail } from '../../demo/demo-data.ts';
import type { SessionOrigin } from '../../db/schema.ts';
import {
  call,
  createTestApp,
  demoIds,
  linkToken,
  loginAs,
  type App,
  type TestApp,
} from '../../test/test-app.ts';
import { campaignBody } from './campaigns.fixtures.ts';

/**
 * The card-network source (spec 1 §1, §2, §5, §6, §9): a session started from a card-network guest
 * link remembers its origin, and the server holds such a session to the card-network rules: the
 * percent discount fixed at 10, the name by the month in full, the month window from next month
 * up to 6 months ahead. The same guest through a plain guest link gets the usual rules. The clock
 * is fixed at 10 March 2031, 11:00 in New York: 04/2031 to 09/2031 for card network, to 10/2031
 * otherwise.
 */

const now = new Date('2031-03-10T15:00:00Z');

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now, env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
});

afterAll(async () => {
  await testApp?.close();
});

beforeEach(async () => {
  // Each test's campaigns are its own: the guest's brand starts with none.
  await testApp.db.deleteFrom('campaigns').where('brand_id', '=', ids.brands.cardNetwork).execute();
});

/** A session of the card-network demo guest from a guest link with the origin given. */
async function guestSession(origin?: SessionOrigin) {
  const link = await app.services.auth.issueLink(
    ids.userId(demoCardNetworkGuestEmail),
    'guest_login',
    origin ? { origin } : {},
  );
  const response = await call(app, { url: `/api/users/checkGuestUser?token=${linkToken(link)}` });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ accessToken: string; details: SessionUser }>();
  const accepted = await call(app, {
    method: 'POST',
    url: '/api/users/acceptTerms',
    token: body.accessToken,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { token: body.accessToken, details: body.details };
}

function create(token: string, month: string, overrides: Record<string, unknown> = {}) {
  return call(app, {
    method: 'POST',
    url: '/api/campaigns?response=true',
    token,
    body: campaignBody(ids.brands.cardNetwork, month, overrides),
  });
}

async function stored(id: string) {
  return testApp.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('the session’s source', () => {
  it('is cardNetwork after a card-network guest link, at sign-in and on every later read', async () => {
    const { token, details } = await guestSession('card_network');
    const session = await call(app, { url: '/api/auth/session', token });

    expect(details.source).toBe('cardNetwork');
    expect(session.json().details.source).toBe('cardNetwork');
  });

  it('is null after a plain guest link and after a password login', async () => {
    const { token, details } = await guestSession();
    const session = await call(app, { url: '/api/auth/session', token });
    const companyAdmin = await loginAs(app, 'companyadmin@demo.test');

    expect(details.source).toBeNull();
    expect(session.json().details.source).toBeNull();
    expect(companyAdmin.details.source).toBeNull();
  });

  it('goes with the link: used once, the card-network link signs nobody in again', async () => {
    const link = await app.services.auth.issueLink(ids.userId(demoCardNetworkGuestEmail), 'guest_login', {
      origin: 'card_network',
    });
    const url = `/api/users/checkGuestUser?token=${linkToken(link)}`;

    const first = await call(app, { url });
    const second = await call(app, { url });

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(401);
  });
});

describe('POST /api/campaigns in a card-network session', () => {
  it('fixes a percent discount at 10 and names the campaign by the month in full', async () => {
    const { token } = await guestSession('card_network');

    const response = await create(token, '2031-06', { discountPercent: 25 });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().campaign.name).toBe('Saffron Table June 2031');
    expect(response.json().respMessage).toBe(
      'Campaign "Saffron Table June 2031" has been created successfully',
    );
    const row = await stored(response.json().campaign._id);
    expect(row).toMatchObject({ name: 'Saffron Table June 2031', discount_percent: 10, status: 'Pending' });
  });

  it('offers next month up to 6 months ahead only', async () => {
    const { token } = await guestSession('card_network');

    const sixAhead = await create(token, '2031-09');
    const sevenAhead = await create(token, '2031-10');
    const thisMonth = await create(token, '2031-03');

    expect(sixAhead.statusCode, sixAhead.body).toBe(201);
    for (const refused of [sevenAhead, thisMonth]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual({
        start_date: 'Please select a campaign month from 04/2031 to 09/2031',
      });
    }
  });

  it('keeps the month-in-full name through an edit to another month', async () => {
    const { token } = await guestSession('card_network');
    const created = await create(token, '2031-06');
    const id = created.json().campaign._id as string;

    const edited = await call(app, {
      method: 'PUT',
      url: `/api/campaigns/${id}`,
      token: (await loginAsCompanyAdminOfCardNetworkBrand()).token,
      body: campaignBody(ids.brands.cardNetwork, '2031-08'),
    });

    expect(edited.statusCode, edited.body).toBe(200);
    expect((await stored(id)).name).toBe('Saffron Table August 2031');
  });

  it('leaves the same guest the usual rules through a plain guest link', async () => {
    const { token } = await guestSession();

    const response = await create(token, '2031-10', { discountPercent: 25 });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().campaign.name).toBe('Saffron Table31101');
    expect(await stored(response.json().campaign._id)).toMatchObject({ discount_percent: 25 });
  });
});

/**
 * The guest has no password; editing is for brand roles past onboarding, so the test gives the
 * card-network brand a companyAdmin of its own, with a password, and signs them in.
 */
async function loginAsCompanyAdminOfCardNetworkBrand() {
  const email = 'saffron.admin@example.test';
  const exists = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (!exists) {
    const source = await testApp.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'companyadmin@demo.test')
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto('users')
      .values({
        email,
        password_hash: source.password_hash,
        first_name: 'Saffron',
        last_name: 'Admin',
        entity_type: 'brand',
        role: 'companyAdmin',
        brand_id: ids.brands.cardNetwork,
        is_t_and_c_accepted: true,
        process_completed: true,
      })
      .execute();
  }
  return loginAs(app, email);
}
