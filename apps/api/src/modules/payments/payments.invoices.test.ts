import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { scheduleInvoiceJobs } from '../invoices/invoice-run.ts';
import {
  call,
  createTestApp,
  createTestClock,
  loginAs,
  type App,
  type TestApp,
} from '../../test/test-app.ts';
import { collectInvoiceJob } from './payments.service.ts';
import { webhookSignature } from './test-provider.ts';

/**
 * Direct-debit invoices: a brand whose mandate is active when the daily run invoices it is
 * collected (no 1% charge, status Pending, the payment asked of the provider by the job queued
 * with the invoice), and the provider's payment events then move the invoice to Paid, once.
 */

let testApp: TestApp;
let app: App;
let brandId: string;
let mandateId: string;
let operatorToken: string;
const clock = createTestClock(new Date('2025-07-15T16:00:00Z'));
const providerMandateId = 'MDINVOICETEST0001';

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now });
  app = testApp.app;
  const { db } = testApp;
  brandId = (
    await db
      .insertInto('brands')
      .values({ name: 'Direct Debit Brand' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('branches')
    .values({ brand_id: brandId, name: 'DD Branch', status: 'Active', mastercard_merchant_id: 'DD-MC-1' })
    .execute();
  await insertCampaign(db, {
    brandId,
    month: '2025-05',
    status: 'Bank Approved',
    discountPercent: 10,
    successFee: 10,
    values: {
      week_days: JSON.stringify([
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
        'Sunday',
      ]),
    },
  });
  const ingested = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
    body: [
      header,
      'DD-1,2025-05-10T12:00:00-04:00,40.00,GBP,DD-MC-1,card-a,1111,N1 9AA,ATR',
      'DD-2,2025-05-20T19:30:00-04:00,25.50,GBP,DD-MC-1,card-b,2222,,ATR',
    ].join('\n'),
  });
  expect(ingested.statusCode, ingested.body).toBe(200);
  // The brand's mandate as the test provider made it, already accepted by the bank.
  await db
    .insertInto('test_provider_flows')
    .values({
      flow_id: 'REINVOICETEST0001',
      session_token: 'invoice-test-session',
      brand_name: 'Direct Debit Brand',
      description: 'Direct Debit for Direct Debit Brand',
      success_redirect_url: `${testApp.config.publicUrl}/user/campaigns/payments`,
      status: 'completed',
      mandate_id: providerMandateId,
      customer_id: 'CUINVOICETEST0001',
      mandate_status: 'active',
      expires_at: new Date('2025-07-16T16:00:00Z'),
    })
    .execute();
  mandateId = (
    await db
      .insertInto('payment_mandates')
      .values({
        brand_id: brandId,
        provider: 'test',
        status: 'active',
        flow_id: 'REINVOICETEST0001',
        session_token: 'invoice-test-session',
        return_to: 'payments',
        provider_mandate_id: providerMandateId,
        provider_customer_id: 'CUINVOICETEST0001',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  operatorToken = (await loginAs(app, 'admin@demo.test')).token;
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

const invoiceOf = () =>
  testApp.db.selectFrom('invoices').selectAll().where('brand_id', '=', brandId).executeTakeFirstOrThrow();
const collectionOf = (invoiceId: string) =>
  testApp.db.selectFrom('payment_collections').selectAll().where('invoice_id', '=', invoiceId).execute();

async function signedWebhook(events: object[]) {
  const body = JSON.stringify({ events });
  const { secret } = await testApp.db
    .selectFrom('test_provider_secrets')
    .select('secret')
    .executeTakeFirstOrThrow();
  return call(app, {
    method: 'POST',
    url: '/api/payments/webhooks/test',
    headers: { 'content-type': 'application/json', 'webhook-signature': webhookSignature(body, secret) },
    body,
  });
}

describe('invoices of a brand with an active mandate', () => {
  it('are collected by direct debit: no administrative charge, Pending, the payment asked once', async () => {
    await scheduleInvoiceJobs(app.services.jobs, testApp.config.timezone, clock.now());
    await app.services.jobs.runDue();
    const invoice = await invoiceOf();
    expect(invoice).toMatchObject({
      collection_method: 'direct_debit',
      admin_charge_pence: 0,
      amount_pence: invoice.cashback_pence + invoice.success_fee_pence,
      payment_status: 'Pending',
      paid_at: null,
    });
    expect(invoice.amount_pence).toBeGreaterThan(0);
    const [collection, ...others] = await collectionOf(invoice.id);
    expect(others).toEqual([]);
    expect(collection).toMatchObject({
      brand_id: brandId,
      mandate_id: mandateId,
      provider: 'test',
      amount_pence: invoice.amount_pence,
      status: 'pending_submission',
    });
    const asked = await testApp.db.selectFrom('test_provider_payments').selectAll().execute();
    expect(asked).toEqual([
      expect.objectContaining({
        payment_id: collection!.provider_payment_id,
        idempotency_key: invoice.id,
        mandate_id: providerMandateId,
        amount_pence: invoice.amount_pence,
        currency: 'GBP',
        invoice_id: invoice.id,
      }),
    ]);
    // A retried collection finds the payment it asked for.
    await app.services.jobs.enqueue(collectInvoiceJob, { invoiceId: invoice.id });
    await app.services.jobs.runDue();
    expect(await collectionOf(invoice.id)).toHaveLength(1);
    expect(await testApp.db.selectFrom('test_provider_payments').selectAll().execute()).toHaveLength(1);
  });

  it('move to Paid once when the same payment_confirmed webhook arrives twice', async () => {
    const invoice = await invoiceOf();
    const [collection] = await collectionOf(invoice.id);
    // The simulator's first event makes the provider's webhook secret; the mandate is already active.
    const simulated = await call(app, {
      method: 'POST',
      url: '/api/payments/test-provider/simulate',
      token: operatorToken,
      body: { scenario: 'mandate_activated', brandId },
    });
    expect(simulated.json()).toMatchObject({
      event: { outcome: 'unchanged' },
      mandate: { status: 'active' },
    });
    const confirmed = {
      id: 'EVCONFIRMEDTWICE',
      created_at: clock.now().toISOString(),
      resource_type: 'payments',
      action: 'confirmed',
      links: { payment: collection!.provider_payment_id },
    };
    expect((await signedWebhook([confirmed])).statusCode).toBe(200);
    const paid = await invoiceOf();
    expect(paid.payment_status).toBe('Paid');
    expect(paid.paid_at).toEqual(clock.now());
    clock.advance(60_000);
    const replay = await signedWebhook([confirmed]);
    expect(replay.statusCode).toBe(200);
    expect(await invoiceOf()).toMatchObject({ payment_status: 'Paid', paid_at: paid.paid_at });
    const logged = await testApp.db
      .selectFrom('payment_events')
      .select(['outcome'])
      .where('provider_event_id', '=', 'EVCONFIRMEDTWICE')
      .execute();
    expect(logged).toEqual([{ outcome: 'applied' }]);
    expect((await collectionOf(invoice.id))[0]!.status).toBe('confirmed');
  });

  it('stay Paid when the simulator pays the money out, and the simulator answers the invoice', async () => {
    const invoice = await invoiceOf();
    const response = await call(app, {
      method: 'POST',
      url: '/api/payments/test-provider/simulate',
      token: operatorToken,
      body: { scenario: 'payment_paid_out', invoiceId: invoice.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      event: { resourceType: 'payments', action: 'paid_out', outcome: 'applied' },
      invoice: { _id: invoice.id, paymentStatus: 'Paid' },
    });
    expect((await collectionOf(invoice.id))[0]!.status).toBe('paid_out');
    expect((await invoiceOf()).paid_at).toEqual(invoice.paid_at);
  });
});
