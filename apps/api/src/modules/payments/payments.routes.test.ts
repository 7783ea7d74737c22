import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import {
  call,
  createTestApp,
  demoIds,
  loginAs,
  loginAsGuest,
  type App,
  type TestApp,
} from '../../test/test-app.ts';
import { webhookSignature } from './test-provider.ts';

/**
 * The payments routes with the built-in test provider: settings, a brand's mandate through the
 * whole journey (start → the provider's hosted page → complete → pending → the bank accepts →
 * active), validation, roles and tenant scope, and the webhook's signature check and replays.
 */

const m = messages.payment;

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const email of [
    'brandadmin@demo.test',
    'companyadmin@demo.test',
    'user@demo.test',
    'groupadmin@demo.test',
    'groupuser@demo.test',
    'branduser@demo.test',
    'bank@demo.test',
    'admin@demo.test',
    'clientadmin@demo.test',
  ]) {
    tokens[email] = (await loginAs(app, email)).token;
  }
  tokens.guest = (await loginAsGuest(app, testApp.db)).token;
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

const mandateRows = (brandId: string) =>
  testApp.db.selectFrom('payment_mandates').selectAll().where('brand_id', '=', brandId).execute();
const eventRows = () => testApp.db.selectFrom('payment_events').selectAll().orderBy('received_at').execute();

/** Starts a setup as `email` and fills in the test provider's page; answers the flow id. */
async function startAndConfirm(email: string, body: Record<string, unknown> = { returnTo: 'payments' }) {
  const started = await call(app, {
    method: 'POST',
    url: '/api/payments/mandate',
    token: tokens[email],
    body,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { flowId } = started.json<{ flowId: string }>();
  const confirmed = await call(app, {
    method: 'POST',
    url: `/api/payments/test-provider/flows/${flowId}/confirm`,
    body: { accountHolderName: 'Green Fork Ltd', sortCode: '20-00-00', accountNumber: '55779911' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return flowId;
}

const complete = (email: string, flowId: string) =>
  call(app, {
    method: 'POST',
    url: '/api/payments/mandate/complete',
    token: tokens[email],
    body: { redirect_flow_id: flowId },
  });

/** A webhook signed with the test provider's secret (made at its first use). */
async function signedWebhook(events: object[], secretOverride?: string) {
  const body = JSON.stringify({ events });
  const stored = await testApp.db.selectFrom('test_provider_secrets').select('secret').executeTakeFirst();
  const secret = secretOverride ?? stored?.secret ?? 'no secret yet';
  return call(app, {
    method: 'POST',
    url: '/api/payments/webhooks/test',
    headers: { 'content-type': 'application/json', 'webhook-signature': webhookSignature(body, secret) },
    body,
  });
}

const mandateEvent = (id: string, action: string, mandateId: string) => ({
  id,
  created_at: new Date().toISOString(),
  resource_type: 'mandates',
  action,
  links: { mandate: mandateId },
  details: { origin: 'bank', cause: action, description: 'test' },
});

describe('GET /api/settings/getGoCardLessData', () => {
  it('answers the built-in test mode and the auto-debit setting, never a token', async () => {
    const response = await call(app, {
      url: '/api/settings/getGoCardLessData',
      token: tokens['brandadmin@demo.test'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      respCode: 200,
      details: { provider: 'test', environment: 'test', testMode: true, autoDebit: 'true' },
    });
    expect(response.body).not.toMatch(/token/i);
  });

  it('is refused to finance roles, banks and anonymous callers', async () => {
    for (const email of ['branduser@demo.test', 'groupuser@demo.test', 'bank@demo.test', 'admin@demo.test']) {
      const response = await call(app, { url: '/api/settings/getGoCardLessData', token: tokens[email] });
      expect(response.statusCode, email).toBe(403);
    }
    expect((await call(app, { url: '/api/settings/getGoCardLessData' })).statusCode).toBe(401);
  });
});

describe('the mandate journey with the test provider', () => {
  let flowId: string;
  let reference: string;

  it('answers no mandate for a brand that never set one up', async () => {
    const response = await call(app, { url: '/api/payments/mandate', token: tokens['brandadmin@demo.test'] });
    expect(response.json()).toEqual({ respCode: 200, mandate: null });
  });

  it('starts a setup: the payer goes to the test provider’s page, the return address is the server’s', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/payments/mandate',
      token: tokens['brandadmin@demo.test'],
      body: { returnTo: 'payments' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ flowId: string; redirectUrl: string }>();
    flowId = body.flowId;
    expect(flowId).toMatch(/^RE[0-9A-F]{32}$/);
    expect(body.redirectUrl).toBe(`${testApp.config.publicUrl}/payments/test-provider/${flowId}`);
    const [row] = await mandateRows(ids.brands.standalone);
    expect(row).toMatchObject({ status: 'awaiting_customer', flow_id: flowId, return_to: 'payments' });
    expect(response.body).not.toContain(row!.session_token);
  });

  it('shows the hosted page the setup, and the awaiting mandate to the brand', async () => {
    const page = await call(app, { url: `/api/payments/test-provider/flows/${flowId}` });
    expect(page.json()).toEqual({
      respCode: 200,
      brandName: 'Green Fork',
      description: m.setupDescription('Green Fork'),
      status: 'open',
      testMode: true,
    });
    const mandate = await call(app, {
      url: '/api/payments/mandate',
      token: tokens['companyadmin@demo.test'],
    });
    expect(mandate.json().mandate).toMatchObject({ status: 'awaiting_customer', reference: null });
  });

  it('refuses to complete a setup the payer has not finished', async () => {
    const response = await complete('brandadmin@demo.test', flowId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.setupNotFinished });
  });

  it('refuses bad bank details on the hosted page, naming the field', async () => {
    const response = await call(app, {
      method: 'POST',
      url: `/api/payments/test-provider/flows/${flowId}/confirm`,
      body: { accountHolderName: 'Green Fork Ltd', sortCode: '20-00', accountNumber: '55779911' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ sortCode: m.sortCodeInvalid });
  });

  it('takes the bank details once and sends the payer back with redirect_flow_id', async () => {
    const details = { accountHolderName: 'Green Fork Ltd', sortCode: '20 00 00', accountNumber: '5577-9911' };
    const url = `/api/payments/test-provider/flows/${flowId}/confirm`;
    const response = await call(app, { method: 'POST', url, body: details });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      respCode: 200,
      redirectUrl: `${testApp.config.publicUrl}/user/campaigns/payments?redirect_flow_id=${flowId}`,
    });
    const again = await call(app, { method: 'POST', url, body: details });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'conflict', errorMessage: m.detailsAlreadySubmitted });
  });

  it('does not let another brand’s user complete the setup', async () => {
    const response = await complete('groupadmin@demo.test', flowId);
    expect(response.statusCode).toBe(404);
    expect((await mandateRows(ids.brands.standalone))[0]).toMatchObject({ status: 'awaiting_customer' });
  });

  it('completes: the mandate is pending with its reference, the provider’s events are logged', async () => {
    const response = await complete('brandadmin@demo.test', flowId);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      respCode: 200,
      respMessage: m.validated,
      mandate: {
        brandId: ids.brands.standalone,
        provider: 'test',
        status: 'pending',
        accountHolderName: 'Green Fork Ltd',
        accountNumberEnding: '11',
        bankName: 'Krowd Test Bank',
      },
    });
    reference = body.mandate.reference;
    expect(reference).toMatch(/^MD[0-9A-F]{32}$/);
    // A full account has no train: its onboarding step stays as it was.
    const user = await testApp.db
      .selectFrom('users')
      .select(['step_two', 'step'])
      .where('email', '=', 'brandadmin@demo.test')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ step_two: false, step: null });
    const events = await eventRows();
    expect(events.map((e) => [e.resource_type, e.action, e.resource_id, e.outcome])).toEqual([
      ['mandates', 'created', reference, 'unchanged'],
      ['mandates', 'submitted', reference, 'unchanged'],
    ]);
  });

  it('answers the same mandate when completed twice', async () => {
    const response = await complete('brandadmin@demo.test', flowId);
    expect(response.statusCode).toBe(200);
    expect(response.json().mandate).toMatchObject({ reference, status: 'pending' });
    expect(await mandateRows(ids.brands.standalone)).toHaveLength(1);
  });

  it('activates when the test provider says the bank accepted it', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/payments/test-provider/simulate',
      token: tokens['brandadmin@demo.test'],
      body: { scenario: 'mandate_activated' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      respCode: 200,
      respMessage: m.simulated,
      event: { resourceType: 'mandates', action: 'active', outcome: 'applied' },
      mandate: { reference, status: 'active' },
      invoice: null,
    });
    const current = await call(app, { url: '/api/payments/mandate', token: tokens['user@demo.test'] });
    expect(current.json().mandate).toMatchObject({ reference, status: 'active' });
  });

  it('replaces the live mandate with a new one, cancelling the old with the provider', async () => {
    const newFlow = await startAndConfirm('companyadmin@demo.test');
    // The old one stays what the brand sees until the new one is complete.
    const before = await call(app, { url: '/api/payments/mandate', token: tokens['companyadmin@demo.test'] });
    expect(before.json().mandate).toMatchObject({ reference, status: 'active' });
    const response = await complete('companyadmin@demo.test', newFlow);
    expect(response.statusCode, response.body).toBe(200);
    const rows = await mandateRows(ids.brands.standalone);
    expect(rows.map((row) => [row.provider_mandate_id === reference, row.status]).sort()).toEqual([
      [false, 'pending'],
      [true, 'cancelled'],
    ]);
    const provider = await testApp.db
      .selectFrom('test_provider_flows')
      .select('mandate_status')
      .where('mandate_id', '=', reference)
      .executeTakeFirstOrThrow();
    expect(provider.mandate_status).toBe('cancelled');
  });

  it('cancels the live mandate with the provider (206), then has none to cancel (404)', async () => {
    const url = '/api/payments/mandate';
    const response = await call(app, { method: 'DELETE', url, token: tokens['brandadmin@demo.test'] });
    expect(response.statusCode).toBe(206);
    expect(response.json()).toEqual({ respCode: 206, respMessage: m.mandateCancelled });
    const current = await call(app, { url, token: tokens['brandadmin@demo.test'] });
    expect(current.json().mandate).toMatchObject({ status: 'cancelled' });
    const again = await call(app, { method: 'DELETE', url, token: tokens['brandadmin@demo.test'] });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'not_found', errorMessage: m.noMandateToCancel });
  });

  it('returns to the onboarding train when the setup started there', async () => {
    const started = await call(app, {
      method: 'POST',
      url: '/api/payments/mandate',
      token: tokens.guest,
      body: { returnTo: 'onboarding' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { flowId: guestFlow } = started.json<{ flowId: string }>();
    const confirmed = await call(app, {
      method: 'POST',
      url: `/api/payments/test-provider/flows/${guestFlow}/confirm`,
      body: { accountHolderName: 'Guest Bistro', sortCode: '200000', accountNumber: '12345678' },
    });
    expect(confirmed.json().redirectUrl).toBe(
      `${testApp.config.publicUrl}/user/campaigns/create?redirect_flow_id=${guestFlow}`,
    );
    const completed = await call(app, {
      method: 'POST',
      url: '/api/payments/mandate/complete',
      token: tokens.guest,
      body: { redirect_flow_id: guestFlow },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    // The train's Payment Details step is passed (spec 2 §4: stepTwo is set).
    expect(completed.json().mandate).toMatchObject({ status: 'pending' });
    const guest = await testApp.db
      .selectFrom('users')
      .select(['step_two', 'step'])
      .where('email', '=', 'guest@demo.test')
      .executeTakeFirstOrThrow();
    expect(guest).toEqual({ step_two: true, step: 'payment' });
  });

  it('answers 410 for a hosted page left unfinished for a day', async () => {
    const stale = await call(app, {
      method: 'POST',
      url: '/api/payments/mandate',
      token: tokens['user@demo.test'],
      body: { returnTo: 'payments' },
    });
    const { flowId: staleFlow } = stale.json<{ flowId: string }>();
    await testApp.db
      .updateTable('test_provider_flows')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('flow_id', '=', staleFlow)
      .execute();
    const page = await call(app, { url: `/api/payments/test-provider/flows/${staleFlow}` });
    expect(page.json().status).toBe('expired');
    const response = await call(app, {
      method: 'POST',
      url: `/api/payments/test-provider/flows/${staleFlow}/confirm`,
      body: { accountHolderName: 'Green Fork Ltd', sortCode: '200000', accountNumber: '12345678' },
    });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ code: 'gone', errorMessage: m.setupExpired });
  });
});

describe('validation, roles and tenant scope', () => {
  it('refuses a return target it does not know, naming the field, and keeps nothing', async () => {
    const before = await mandateRows(ids.brands.standalone);
    const response = await call(app, {
      method: 'POST',
      url: '/api/payments/mandate',
      token: tokens['brandadmin@demo.test'],
      body: { returnTo: 'https://evil.example/' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toEqual(['returnTo']);
    expect(await mandateRows(ids.brands.standalone)).toHaveLength(before.length);
  });

  it('refuses a malformed redirect_flow_id and a field it does not expect', async () => {
    const bad = await complete('brandadmin@demo.test', 'RE 1; drop');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ redirect_flow_id: 'The payment setup reference is not valid.' });
    const extra = await call(app, {
      method: 'POST',
      url: '/api/payments/mandate',
      token: tokens['brandadmin@demo.test'],
      body: { returnTo: 'payments', successUrl: 'https://evil.example/' },
    });
    expect(extra.statusCode).toBe(400);
    expect(Object.keys(extra.json().fieldErrors)).toEqual(['successUrl']);
  });

  it('asks a group admin to choose a brand, and answers for a brand of the group', async () => {
    const none = await call(app, { url: '/api/payments/mandate', token: tokens['groupadmin@demo.test'] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ brandId: m.chooseBrand });
    const chosen = await call(app, {
      url: `/api/payments/mandate?brandId=${ids.brands.groupBrandA}`,
      token: tokens['groupadmin@demo.test'],
    });
    expect(chosen.json()).toEqual({ respCode: 200, mandate: null });
  });

  it('answers 404 for a brand outside the caller’s scope, and changes nothing there', async () => {
    const token = tokens['brandadmin@demo.test'];
    const other = ids.brands.groupBrandA;
    expect((await call(app, { url: `/api/payments/mandate?brandId=${other}`, token })).statusCode).toBe(404);
    const start = await call(app, {
      method: 'POST',
      url: '/api/payments/mandate',
      token,
      body: { brandId: other, returnTo: 'payments' },
    });
    expect(start.statusCode).toBe(404);
    const cancel = await call(app, {
      method: 'DELETE',
      url: `/api/payments/mandate?brandId=${other}`,
      token,
    });
    expect(cancel.statusCode).toBe(404);
    expect(await mandateRows(other)).toEqual([]);
  });

  it('refuses finance roles, banks, client admins and operators the mandate routes', async () => {
    for (const email of [
      'branduser@demo.test',
      'groupuser@demo.test',
      'bank@demo.test',
      'clientadmin@demo.test',
      'admin@demo.test',
    ]) {
      const token = tokens[email];
      expect((await call(app, { url: '/api/payments/mandate', token })).statusCode, email).toBe(403);
      const start = await call(app, {
        method: 'POST',
        url: '/api/payments/mandate',
        token,
        body: { returnTo: 'payments' },
      });
      expect(start.statusCode, email).toBe(403);
    }
  });

  it('lets an operator simulate for any brand, and refuses finance roles', async () => {
    const operator = await call(app, {
      method: 'POST',
      url: '/api/payments/test-provider/simulate',
      token: tokens['admin@demo.test'],
      body: { scenario: 'mandate_failed', brandId: ids.brands.groupBrandB },
    });
    expect(operator.statusCode).toBe(404);
    expect(operator.json()).toEqual({ code: 'not_found', errorMessage: m.noMandate });
    const finance = await call(app, {
      method: 'POST',
      url: '/api/payments/test-provider/simulate',
      token: tokens['branduser@demo.test'],
      body: { scenario: 'mandate_failed' },
    });
    expect(finance.statusCode).toBe(403);
  });

  it('asks for the invoice of a payment scenario', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/payments/test-provider/simulate',
      token: tokens['brandadmin@demo.test'],
      body: { scenario: 'payment_confirmed' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ invoiceId: m.invoiceRequired });
  });
});

describe('POST /api/payments/webhooks/:provider', () => {
  beforeAll(async () => {
    // A pending mandate of the standalone brand again (the journey above cancelled its last one).
    const response = await complete('user@demo.test', await startAndConfirm('user@demo.test'));
    expect(response.json().mandate).toMatchObject({ status: 'pending' });
  });

  it('refuses a bad, tampered or missing signature with 498 and changes nothing', async () => {
    const [pending] = (await mandateRows(ids.brands.standalone)).filter((row) => row.status === 'pending');
    const event = mandateEvent('EVBADSIGNATURE', 'cancelled', pending!.provider_mandate_id!);
    const before = await eventRows();
    const wrongSecret = await signedWebhook([event], 'not-the-secret');
    expect(wrongSecret.statusCode).toBe(498);
    expect(wrongSecret.json()).toEqual({ code: 'signature_invalid', errorMessage: m.invalidSignature });
    const body = JSON.stringify({ events: [event] });
    const missing = await call(app, {
      method: 'POST',
      url: '/api/payments/webhooks/test',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(missing.statusCode).toBe(498);
    expect(await eventRows()).toHaveLength(before.length);
    expect((await mandateRows(ids.brands.standalone)).find((row) => row.id === pending!.id)?.status).toBe(
      'pending',
    );
  });

  it('applies an event once: the same webhook sent again is answered 200 and changes nothing', async () => {
    const [pending] = (await mandateRows(ids.brands.standalone)).filter((row) => row.status === 'pending');
    const reference = pending!.provider_mandate_id!;
    const failed = mandateEvent('EVREPLAY0001', 'failed', reference);
    expect((await signedWebhook([failed])).statusCode).toBe(200);
    const reinstated = mandateEvent('EVREPLAY0002', 'reinstated', reference);
    expect((await signedWebhook([reinstated])).statusCode).toBe(200);
    const status = async () =>
      (
        await testApp.db
          .selectFrom('payment_mandates')
          .select('status')
          .where('id', '=', pending!.id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('active');
    // Replayed after the reinstatement, the failure would undo it; it is recognised instead.
    const replay = await signedWebhook([failed]);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ respCode: 200 });
    expect(await status()).toBe('active');
    const logged = (await eventRows()).filter((row) => row.provider_event_id.startsWith('EVREPLAY'));
    expect(logged.map((row) => [row.provider_event_id, row.outcome])).toEqual([
      ['EVREPLAY0001', 'applied'],
      ['EVREPLAY0002', 'applied'],
    ]);
  });

  it('logs an event about a resource it does not know as ignored', async () => {
    const response = await signedWebhook([
      {
        id: 'EVPAYOUT0001',
        created_at: new Date().toISOString(),
        resource_type: 'payouts',
        action: 'paid',
        links: { payout: 'PO123' },
      },
    ]);
    expect(response.statusCode).toBe(200);
    const row = (await eventRows()).find((e) => e.provider_event_id === 'EVPAYOUT0001');
    expect(row).toMatchObject({ resource_type: 'payouts', resource_id: 'PO123', outcome: 'ignored' });
  });

  it('reads a JSON body with a charset, and refuses a body over 1 MiB or not JSON', async () => {
    const body = JSON.stringify({ events: [] });
    const secret = (
      await testApp.db.selectFrom('test_provider_secrets').select('secret').executeTakeFirstOrThrow()
    ).secret;
    const withCharset = await call(app, {
      method: 'POST',
      url: '/api/payments/webhooks/test',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'webhook-signature': webhookSignature(body, secret),
      },
      body,
    });
    expect(withCharset.statusCode).toBe(200);
    const huge = JSON.stringify({ events: [], padding: 'x'.repeat(1024 * 1024) });
    const tooLarge = await call(app, {
      method: 'POST',
      url: '/api/payments/webhooks/test',
      headers: { 'content-type': 'application/json', 'webhook-signature': webhookSignature(huge, secret) },
      body: huge,
    });
    expect(tooLarge.statusCode).toBe(413);
    const text = await call(app, {
      method: 'POST',
      url: '/api/payments/webhooks/test',
      headers: { 'content-type': 'text/plain', 'webhook-signature': webhookSignature(body, secret) },
      body,
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ code: 'validation_failed', errorMessage: messages.common.invalidRequest });
  });

  it('refuses a signed body that is not a webhook, and a provider that is not running', async () => {
    const body = JSON.stringify({ nothing: true });
    const secret = (
      await testApp.db.selectFrom('test_provider_secrets').select('secret').executeTakeFirstOrThrow()
    ).secret;
    const response = await call(app, {
      method: 'POST',
      url: '/api/payments/webhooks/test',
      headers: { 'content-type': 'application/json', 'webhook-signature': webhookSignature(body, secret) },
      body,
    });
    expect(response.statusCode).toBe(400);
    const gocardless = await call(app, {
      method: 'POST',
      url: '/api/payments/webhooks/gocardless',
      headers: { 'content-type': 'application/json', 'webhook-signature': '00' },
      body,
    });
    expect(gocardless.statusCode).toBe(404);
  });
});

describe('with GoCardless configured', () => {
  const secret = 'gocardless-endpoint-secret';
  let gocardless: TestApp;

  beforeAll(async () => {
    gocardless = await createTestApp({
      env: { GOCARDLESS_ACCESS_TOKEN: 'sandbox_never-called', GOCARDLESS_WEBHOOK_SECRET: secret },
    });
  }, 60_000);

  afterAll(async () => {
    await gocardless?.close();
  });

  it('says GoCardless sandbox runs, and has no test provider', async () => {
    const token = (await loginAs(gocardless.app, 'brandadmin@demo.test')).token;
    const settings = await call(gocardless.app, { url: '/api/settings/getGoCardLessData', token });
    expect(settings.json().details).toEqual({
      provider: 'gocardless',
      environment: 'sandbox',
      testMode: false,
      autoDebit: 'true',
    });
    expect(settings.body).not.toContain('sandbox_never-called');
    const page = await call(gocardless.app, { url: '/api/payments/test-provider/flows/RE0000SOMEFLOW' });
    expect(page.statusCode).toBe(404);
    const simulate = await call(gocardless.app, {
      method: 'POST',
      url: '/api/payments/test-provider/simulate',
      token,
      body: { scenario: 'mandate_activated' },
    });
    expect(simulate.statusCode).toBe(404);
  });

  it('takes GoCardless webhooks signed with the endpoint secret, and refuses the test provider’s', async () => {
    const body = JSON.stringify({ events: [mandateEvent('EVGOCARDLESS01', 'active', 'MDUNKNOWN')] });
    const send = (provider: string, key: string) =>
      call(gocardless.app, {
        method: 'POST',
        url: `/api/payments/webhooks/${provider}`,
        headers: { 'content-type': 'application/json', 'webhook-signature': webhookSignature(body, key) },
        body,
      });
    expect((await send('gocardless', 'another-secret')).statusCode).toBe(498);
    expect((await send('gocardless', secret)).statusCode).toBe(200);
    const logged = await gocardless.db.selectFrom('payment_events').selectAll().execute();
    expect(logged).toEqual([
      expect.objectContaining({
        provider: 'gocardless',
        provider_event_id: 'EVGOCARDLESS01',
        outcome: 'ignored',
      }),
    ]);
    expect((await send('test', secret)).statusCode).toBe(404);
  });
});
