import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGoCardlessProvider } from './gocardless-provider.ts';
import { InvalidSignatureError, ProviderRefusedError, type PaymentProvider } from './payment-provider.ts';

/**
 * The GoCardless adapter against a local fake of the endpoints it uses. The fake answers recorded
 * GoCardless responses (API 2015-07-06, fixtures/gocardless/*.json) and keeps what the official
 * client sent, so each test checks the request (method, path, body, Idempotency-Key,
 * Authorization, API version) against the recorded one and the adapter's result. The client is
 * pointed at the fake through its own `proxy` option: an https.Agent whose connections are plain
 * TCP to 127.0.0.1.
 */

interface Fixture {
  request: { method: string; path: string; idempotencyKey?: string; body?: unknown };
  response: { status: number; body: unknown };
}

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

const fixture = async (name: string): Promise<Fixture> =>
  JSON.parse(
    await readFile(new URL(`./fixtures/gocardless/${name}.json`, import.meta.url), 'utf8'),
  ) as Fixture;

const accessToken = 'sandbox_krowd-fixture-token';
const webhookSecret = 'krowd-fixture-webhook-secret';

let server: Server;
let port: number;
let fixtures: Fixture[] = [];
let received: Received[] = [];
let provider: PaymentProvider;

/** Connects what the client thinks is https://api-sandbox.gocardless.com to the local fake. */
class LocalFakeAgent extends HttpsAgent {
  override createConnection() {
    return connect(port, '127.0.0.1');
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      received.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      });
      const answer = fixtures.find((f) => f.request.method === request.method && f.request.path === path);
      response.writeHead(answer?.response.status ?? 404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(answer?.response.body ?? { error: { message: 'not recorded', errors: [] } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  provider = createGoCardlessProvider(
    { accessToken, environment: 'sandbox', webhookSecret },
    { https: new LocalFakeAgent() },
  );
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
});

/** Answers these recordings; checks the one request sent equals the first recording's. */
async function recorded(...names: string[]) {
  fixtures = await Promise.all(names.map(fixture));
  return fixtures;
}

function expectSent(sent: Received | undefined, recording: Fixture) {
  expect(sent).toBeDefined();
  expect(sent!.method).toBe(recording.request.method);
  expect(sent!.path).toBe(recording.request.path);
  expect(sent!.body).toEqual(recording.request.body);
  expect(sent!.headers.authorization).toBe(`Bearer ${accessToken}`);
  expect(sent!.headers['gocardless-version']).toBe('2015-07-06');
  if (recording.request.method === 'POST') {
    expect(sent!.headers['idempotency-key']).toEqual(
      recording.request.idempotencyKey ?? expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
  }
}

describe('the GoCardless adapter', () => {
  it('starts a redirect flow with the session token, return address and the payer prefilled', async () => {
    const [create] = await recorded('redirect-flows-create');
    const body = (create!.request.body as { redirect_flows: Record<string, string> }).redirect_flows;
    const flow = await provider.startSetup({
      brand: { id: 'b1', name: 'Green Fork' },
      user: { email: 'brandadmin@demo.test', givenName: 'Brenda', familyName: 'Admin' },
      sessionToken: body.session_token!,
      successRedirectUrl: body.success_redirect_url!,
      description: body.description!,
    });
    expectSent(received[0], create!);
    expect(flow).toEqual({
      flowId: 'RE0001ZQX8N9QY',
      redirectUrl: 'https://pay-sandbox.gocardless.com/flow/RE0001ZQX8N9QY',
    });
  });

  it('completes the flow with the same session token and reads what the payer may see of the account', async () => {
    const [complete, account] = await recorded('redirect-flows-complete', 'customer-bank-accounts-get');
    const setup = await provider.completeSetup('RE0001ZQX8N9QY', '3f1c0a9e5b7d4c2a8e6f1b3d5c7a9e0f');
    expect(received).toHaveLength(2);
    expectSent(received[0], complete!);
    expectSent(received[1], account!);
    expect(setup).toEqual({
      providerMandateId: 'MD0002B6WQ8CSR',
      providerCustomerId: 'CU0003Q1NH5YVB',
      accountHolderName: 'GREEN FORK LTD',
      accountNumberEnding: '11',
      bankName: 'BARCLAYS BANK PLC',
    });
  });

  it('answers an unfinished flow as not finished (a 409 for the payer, never a 5xx)', async () => {
    const [incomplete] = await recorded('error-redirect-flow-incomplete');
    const completing = provider.completeSetup('RE0001UNFINISHED', '3f1c0a9e5b7d4c2a8e6f1b3d5c7a9e0f');
    await expect(completing).rejects.toBeInstanceOf(ProviderRefusedError);
    await expect(completing).rejects.toMatchObject({ reason: 'setup_not_finished' });
    expectSent(received[0], incomplete!);
  });

  it('cancels a mandate, and takes one GoCardless has already cancelled as cancelled', async () => {
    const [cancel, already] = await recorded('mandates-cancel', 'error-mandate-already-cancelled');
    await provider.cancelMandate('MD0002B6WQ8CSR');
    expectSent(received[0], cancel!);
    await expect(provider.cancelMandate('MD0009ALREADYX')).resolves.toBeUndefined();
    expectSent(received[1], already!);
  });

  it('answers a mandate GoCardless does not know as refused (a 409, never a 5xx)', async () => {
    const [unknown] = await recorded('error-mandate-not-found');
    await expect(provider.cancelMandate('MD0009NOSUCHONE')).rejects.toMatchObject({ reason: 'refused' });
    expectSent(received[0], unknown!);
  });

  it('creates a payment in pence with the invoice id as Idempotency-Key and in the metadata', async () => {
    const [create] = await recorded('payments-create');
    const invoiceId = '8b7d5a2e-4c1f-4e8a-9d3b-2f6e1a0c9b71';
    const payment = await provider.createPayment({
      providerMandateId: 'MD0002B6WQ8CSR',
      amountPence: 12345,
      currency: 'GBP',
      description: 'Krowd invoice INV-000012',
      idempotencyKey: invoiceId,
      invoiceId,
    });
    expectSent(received[0], create!);
    expect(payment).toEqual({ paymentId: 'PM0004DQ1NJ7FZ', status: 'pending_submission' });
  });
});

describe('GoCardless webhook signatures', () => {
  const body =
    '{"events":[{"id":"EV0001KROWDTEST","created_at":"2025-07-18T09:00:00.000Z","resource_type":"mandates","action":"active","links":{"mandate":"MD0002B6WQ8CSR"},"details":{"origin":"gocardless","cause":"mandate_activated","description":"The time window after submission for the banks to refuse a mandate has ended without any errors being received, so this mandate is now active."},"metadata":{}}]}';
  // HMAC-SHA256 of the body with the secret, hex (computed with openssl).
  const signature = '7be7a68102d259741d47503acdef7b91be11654825b6e9e78af3e1987fe7156a';

  it('accepts the known signature of a fixed body and reads its events', async () => {
    const events = await provider.parseWebhook(Buffer.from(body), signature);
    expect(events).toEqual([
      {
        id: 'EV0001KROWDTEST',
        resourceType: 'mandates',
        action: 'active',
        resourceId: 'MD0002B6WQ8CSR',
        createdAt: '2025-07-18T09:00:00.000Z',
        payload: JSON.parse(body).events[0],
      },
    ]);
  });

  it('refuses a tampered body, another secret’s signature and a missing header', async () => {
    const tampered = body.replace('"active"', '"cancelled"');
    await expect(provider.parseWebhook(Buffer.from(tampered), signature)).rejects.toBeInstanceOf(
      InvalidSignatureError,
    );
    const other = createGoCardlessProvider({
      accessToken,
      environment: 'sandbox',
      webhookSecret: 'another-secret-0',
    });
    await expect(other.parseWebhook(body, signature)).rejects.toBeInstanceOf(InvalidSignatureError);
    await expect(provider.parseWebhook(body, undefined)).rejects.toBeInstanceOf(InvalidSignatureError);
    await expect(provider.parseWebhook(body, 'not-hex')).rejects.toBeInstanceOf(InvalidSignatureError);
  });
});
