import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import type { WebhookEndpoint } from '@krowd/domain/webhook/webhook.schema';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { pendingDeliveriesPollMs } from '../api/get-deliveries.ts';
import { WebhooksPage } from './webhooks-page.tsx';

const m = messages.webhook;
const brandId = 'c0c0c0c0-0000-4000-8000-000000000001';
const endpointId = 'e0e0e0e0-0000-4000-8000-000000000001';
const deliveryId = 'd0d0d0d0-0000-4000-8000-000000000001';

const brandAdmin: SessionUser = {
  _id: 'u0u0u0u0-0000-4000-8000-000000000001',
  email: 'brandadmin@demo.test',
  firstName: 'Bo',
  lastName: 'Admin',
  displayName: 'Bo Admin',
  phone: null,
  photo: null,
  role: 'brandAdmin',
  entityType: 'brand',
  entity: { name: 'Green Fork' },
  brandId,
  brandObjId: brandId,
  brandName: 'Green Fork',
  brandIds: [{ brandId, brandName: 'Green Fork' }],
  groupId: null,
  groupName: null,
  bankId: null,
  bankName: null,
  isClientAdmin: false,
  isInternalDemo: false,
  source: null,
  isFirstLogin: false,
  isTAndCAccepted: true,
  guestUser: false,
  guestUserFlag: false,
  stepOne: true,
  stepTwo: true,
  stepThree: true,
  proceesCompleted: true,
  step: null,
  stepOneData: null,
  __v: 0,
};

const endpoint: WebhookEndpoint = {
  id: endpointId,
  owner: { type: 'brand', id: brandId, name: 'Green Fork' },
  url: 'https://hooks.example.com/krowd',
  description: '',
  events: ['offer.published', 'transaction.qualified'],
  mode: 'live',
  enabled: true,
  secretPrefix: 'whsec_abcd…',
  previousSecretExpiresAt: null,
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:00.000Z',
};

const common = {
  'GET /api/webhooks/owners': {
    respCode: 200,
    brands: [{ id: brandId, name: 'Green Fork' }],
    publishers: [],
  },
};

function renderPage() {
  renderWithProviders(<WebhooksPage />);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the Webhooks page', () => {
  it('adds an endpoint for the chosen events and shows its secret once', async () => {
    const secret = `whsec_${'x'.repeat(43)}`;
    const sent = stubApi(
      {
        ...common,
        'GET /api/webhooks/endpoints': { respCode: 200, endpoints: [] },
        'POST /api/webhooks/endpoints': () =>
          Response.json(
            { respCode: 200, respMessage: m.created, endpoint: { ...endpoint, secret } },
            { status: 201 },
          ),
      },
      brandAdmin,
    );
    renderPage();

    expect(await screen.findByText(m.noEndpoints)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: m.addEndpoint }));
    const dialog = await screen.findByRole('dialog', { name: m.addEndpoint });
    await userEvent.type(
      within(dialog).getByLabelText(new RegExp(m.urlLabel)),
      'https://hooks.example.com/krowd',
    );
    await userEvent.click(within(dialog).getByLabelText(/Transaction qualified/));
    await userEvent.click(within(dialog).getByRole('button', { name: messages.common.add }));

    expect(await screen.findByTestId('webhook-secret')).toHaveProperty('textContent', secret);
    expect(screen.getByText(m.secretShownOnce)).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      owner: { type: 'brand', brandId },
      url: 'https://hooks.example.com/krowd',
      description: '',
      events: ['transaction.qualified'],
      mode: 'live',
    });
  });

  it('sends nothing and names the problem while no event is chosen', async () => {
    const sent = stubApi(
      { ...common, 'GET /api/webhooks/endpoints': { respCode: 200, endpoints: [] } },
      brandAdmin,
    );
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: m.addEndpoint }));
    const dialog = await screen.findByRole('dialog', { name: m.addEndpoint });
    await userEvent.type(
      within(dialog).getByLabelText(new RegExp(m.urlLabel)),
      'https://hooks.example.com/x',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: messages.common.add }));

    expect(await within(dialog).findByText(m.eventsRequired)).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it("opens an endpoint's delivery log and redelivers a failed delivery", async () => {
    const sent = stubApi(
      {
        ...common,
        'GET /api/webhooks/endpoints': { respCode: 200, endpoints: [endpoint] },
        [`GET /api/webhooks/endpoints/${endpointId}/deliveries`]: {
          respCode: 200,
          data: [
            {
              id: deliveryId,
              eventId: 'f0f0f0f0-0000-4000-8000-000000000001',
              eventType: 'transaction.qualified',
              status: 'failed',
              attempts: 14,
              lastStatusCode: 500,
              lastLatencyMs: 87,
              lastError: m.answeredStatus(500),
              nextAttemptAt: null,
              deliveredAt: null,
              createdAt: '2026-11-30T10:00:00.000Z',
            },
          ],
          pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
        },
        [`POST /api/webhooks/deliveries/${deliveryId}/redeliver`]: () =>
          Response.json({ respCode: 200, respMessage: m.redelivered, count: 1 }, { status: 202 }),
      },
      brandAdmin,
    );
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: m.viewLog }));
    expect(await screen.findByText(m.answeredStatus(500))).toBeTruthy();
    expect(screen.getByText(m.statuses.failed)).toBeTruthy();
    expect(screen.getByText(m.latency(87))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: m.redeliver }));

    expect(await screen.findByText(m.redelivered)).toBeTruthy();
    await waitFor(() =>
      expect(
        sent.some((call) => call.url.pathname === `/api/webhooks/deliveries/${deliveryId}/redeliver`),
      ).toBe(true),
    );
  });
  it('looks again while a delivery is pending, and stops once it has delivered', async () => {
    const delivery = (status: 'pending' | 'delivered') => ({
      id: deliveryId,
      eventId: 'f0f0f0f0-0000-4000-8000-000000000001',
      eventType: 'transaction.qualified',
      status,
      attempts: status === 'pending' ? 0 : 1,
      lastStatusCode: status === 'pending' ? null : 200,
      lastLatencyMs: status === 'pending' ? null : 40,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: status === 'pending' ? null : '2026-11-30T10:00:01.000Z',
      createdAt: '2026-11-30T10:00:00.000Z',
    });
    let looks = 0;
    stubApi(
      {
        ...common,
        'GET /api/webhooks/endpoints': { respCode: 200, endpoints: [endpoint] },
        [`GET /api/webhooks/endpoints/${endpointId}/deliveries`]: () => {
          looks += 1;
          return Response.json({
            respCode: 200,
            data: [delivery(looks === 1 ? 'pending' : 'delivered')],
            pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
          });
        },
      },
      brandAdmin,
    );
    // The query looks again on an interval: the fake clock drives it, not the machine's speed.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: m.viewLog }));
    expect(await screen.findByText(m.statuses.pending)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(pendingDeliveriesPollMs);
    expect(await screen.findByText(m.statuses.delivered)).toBeTruthy();
    expect(looks).toBe(2);
    // Every delivery has an outcome: no further look.
    await vi.advanceTimersByTimeAsync(3 * pendingDeliveriesPollMs);
    expect(looks).toBe(2);
  });
});
