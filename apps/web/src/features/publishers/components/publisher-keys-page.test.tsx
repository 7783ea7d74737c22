import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { PublisherKey, PublisherRow } from '@krowd/domain/publisher/publisher-response.schema';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi, type Sent } from '@/test/stub-api';
import { PublisherKeysPage } from './publisher-keys-page.tsx';

const k = messages.publisherKey;
const publisherId = 'b0b0b0b0-0000-4000-8000-000000000001';
const otherPublisherId = 'b0b0b0b0-0000-4000-8000-000000000002';
const keyId = 'f0f0f0f0-0000-4000-8000-000000000001';

const bankAdmin: SessionUser = sessionUserFixture({
  entityType: 'bank',
  role: null,
  brandId: null,
  brandObjId: null,
  brandName: null,
  bankId: 'a1a1a1a1-0000-4000-8000-000000000001',
  bankName: 'Demo Bank',
});
const systemAdmin: SessionUser = sessionUserFixture({
  entityType: 'systemadmin',
  role: null,
  brandId: null,
  brandObjId: null,
  brandName: null,
});

const publisher = (id: string, code: string, displayName: string): PublisherRow => ({
  _id: id,
  code,
  displayName,
  bankId: null,
  bankName: null,
  brandsCount: 1,
  workingKeysCount: 1,
  created: '2026-11-30T10:00:00.000Z',
});

const key: PublisherKey = {
  _id: keyId,
  name: 'Production server',
  mode: 'live',
  prefix: 'pk_live_ab12',
  status: 'active',
  created: '2026-11-30T10:00:00.000Z',
  createdBy: 'bank@demo.test',
  lastUsed: '2026-12-01T08:15:00.000Z',
  expires: null,
  revoked: null,
};

const secret = `pk_test_${'s'.repeat(43)}`;
const keysOf = (keys: PublisherKey[], id = publisherId) => ({
  respCode: 200,
  publisher: { _id: id, code: 'DEMOBANK', displayName: 'Demo Bank' },
  keys,
});
const own = { respCode: 200, publisher: publisher(publisherId, 'DEMOBANK', 'Demo Bank') };

function renderPage(path = '/user/settings/apikeys') {
  renderWithProviders(<PublisherKeysPage />, { path: path });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API keys page', () => {
  it("lists a bank admin's publisher's keys by prefix, last use, creation with their zone, and when each stops", async () => {
    stubApi(
      {
        'GET /api/publishers/own': own,
        [`GET /api/publishers/${publisherId}/keys`]: keysOf([key]),
      },
      bankAdmin,
    );
    renderPage();

    expect(await screen.findByText('pk_live_ab12')).toBeTruthy();
    expect(screen.getByText(k.modes.live)).toBeTruthy();
    expect(screen.getByText(k.statuses.active)).toBeTruthy();
    expect(screen.getByText('01/12/2026 08:15 GMT')).toBeTruthy();
    expect(screen.getByText('30/11/2026 10:00 GMT')).toBeTruthy();
    // A key with no end set says when it stops, rather than leaving its field blank.
    expect(screen.getByText(k.noEnd)).toBeTruthy();
  });

  it('creates a test key and shows its secret once, with a copy button and the warning', async () => {
    const sent = stubApi(
      {
        'GET /api/publishers/own': own,
        [`GET /api/publishers/${publisherId}/keys`]: keysOf([]),
        [`POST /api/publishers/${publisherId}/keys`]: () =>
          Response.json(
            {
              respCode: 200,
              respMessage: k.created,
              key: { ...key, mode: 'test', name: 'Staging', prefix: 'pk_test_ssss' },
              secret,
            },
            { status: 201 },
          ),
      },
      bankAdmin,
    );
    renderPage();

    expect(await screen.findByText(k.empty)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: k.add }));
    const form = await screen.findByRole('dialog', { name: k.add });
    await userEvent.type(within(form).getByLabelText(new RegExp(k.fields.name)), 'Staging');
    await userEvent.click(within(form).getByRole('button', { name: k.add }));

    const shown = await screen.findByRole('dialog', { name: k.secretTitle });
    expect(within(shown).getByTestId('publisher-key-secret').textContent).toBe(secret);
    expect(within(shown).getByText(k.secretHint)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: k.copy })).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Staging', mode: 'test' });

    // The app's theme names the dialog's corner button Close too: this is the one under the secret.
    const closeButtons = within(shown).getAllByRole('button', { name: messages.common.close });
    await userEvent.click(closeButtons.find((button) => button.textContent === messages.common.close)!);
    await waitFor(() => expect(screen.queryByTestId('publisher-key-secret')).toBeNull());
  });

  it('names the problem and sends nothing while the key has no name', async () => {
    const sent = stubApi(
      { 'GET /api/publishers/own': own, [`GET /api/publishers/${publisherId}/keys`]: keysOf([]) },
      bankAdmin,
    );
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: k.add }));
    const form = await screen.findByRole('dialog', { name: k.add });
    await userEvent.click(within(form).getByRole('button', { name: k.add }));

    expect(await within(form).findByText(k.nameRequired)).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it('rotates a key with 24 hours of overlap unless told otherwise and shows the new secret once', async () => {
    const sent = stubApi(
      {
        'GET /api/publishers/own': own,
        [`GET /api/publishers/${publisherId}/keys`]: keysOf([key]),
        [`POST /api/publishers/${publisherId}/keys/${keyId}/rotate`]: () =>
          Response.json(
            {
              respCode: 200,
              respMessage: k.rotated,
              key: { ...key, _id: 'f0f0f0f0-0000-4000-8000-000000000002', prefix: 'pk_live_cd34' },
              secret,
              replaced: { ...key, status: 'expiring', expires: '2026-12-03T10:00:00.000Z' },
            },
            { status: 201 },
          ),
      },
      bankAdmin,
    );
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: k.rowActions(key.name) }));
    await userEvent.click(await screen.findByRole('menuitem', { name: k.rotate, hidden: true }));
    const form = await screen.findByRole('dialog', { name: k.rotateTitle(key.name) });
    expect(within(form).getByLabelText(new RegExp(k.overlapHours))).toHaveProperty('value', '24');
    await userEvent.click(within(form).getByRole('button', { name: k.rotateSubmit }));

    expect(await screen.findByTestId('publisher-key-secret')).toHaveProperty('textContent', secret);
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({ overlapHours: 24 });
  });

  it('revokes a key only once confirmed', async () => {
    const sent = stubApi(
      {
        'GET /api/publishers/own': own,
        [`GET /api/publishers/${publisherId}/keys`]: keysOf([key]),
        [`DELETE /api/publishers/${publisherId}/keys/${keyId}`]: {
          respCode: 200,
          respMessage: k.revoked,
          key: { ...key, status: 'revoked', revoked: '2026-12-02T09:00:00.000Z' },
        },
      },
      bankAdmin,
    );
    renderPage();

    const openRevoke = async () => {
      await userEvent.click(await screen.findByRole('button', { name: k.rowActions(key.name) }));
      await userEvent.click(await screen.findByRole('menuitem', { name: k.revoke, hidden: true }));
      return screen.findByRole('dialog', { name: k.revokeTitle });
    };
    await userEvent.click(within(await openRevoke()).getByRole('button', { name: messages.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((call) => call.method === 'DELETE')).toBe(false);

    const confirm = await openRevoke();
    expect(within(confirm).getByText(k.revokeConfirm(key.name))).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: k.revoke }));

    expect(await screen.findByText(k.revoked)).toBeTruthy();
    expect(sent.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it("says so when the bank admin's bank belongs to no publisher", async () => {
    stubApi(
      {
        'GET /api/publishers/own': () => refusal(404, messages.publisher.noPublisher),
      },
      bankAdmin,
    );
    renderPage();

    expect(await screen.findByText(messages.publisher.noPublisher)).toBeTruthy();
    expect(screen.queryByRole('button', { name: k.add })).toBeNull();
  });

  it('lets the system admin choose the publisher whose keys are listed', async () => {
    stubApi(
      {
        'GET /api/publishers': {
          respCode: 200,
          data: [publisher(publisherId, 'DEMOBANK', 'Demo Bank'), publisher(otherPublisherId, 'ATR', 'ATR')],
          pagination: { page: 1, limit: 100, total: 2, totalPages: 1 },
        },
        [`GET /api/publishers/${publisherId}/keys`]: keysOf([key]),
        [`GET /api/publishers/${otherPublisherId}/keys`]: keysOf(
          [{ ...key, _id: 'f0f0f0f0-0000-4000-8000-000000000009', prefix: 'pk_live_atr1' }],
          otherPublisherId,
        ),
      },
      systemAdmin,
    );
    renderPage();

    expect(await screen.findByText('pk_live_ab12')).toBeTruthy();
    await userEvent.click(screen.getByLabelText(k.publisherLabel, { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ATR (ATR)', hidden: true }));

    expect(await screen.findByText('pk_live_atr1')).toBeTruthy();
  });

  it("opens at the publisher the Publishers page's Keys link names", async () => {
    stubApi(
      {
        'GET /api/publishers': {
          respCode: 200,
          data: [publisher(publisherId, 'DEMOBANK', 'Demo Bank'), publisher(otherPublisherId, 'ATR', 'ATR')],
          pagination: { page: 1, limit: 100, total: 2, totalPages: 1 },
        },
        [`GET /api/publishers/${otherPublisherId}/keys`]: keysOf(
          [{ ...key, _id: 'f0f0f0f0-0000-4000-8000-000000000009', prefix: 'pk_live_atr1' }],
          otherPublisherId,
        ),
      },
      systemAdmin,
    );
    renderPage(`/user/settings/apikeys?publisher=${otherPublisherId}`);

    expect(await screen.findByText('pk_live_atr1')).toBeTruthy();
    expect(screen.getByLabelText(k.publisherLabel, { selector: 'input' })).toHaveProperty(
      'value',
      'ATR (ATR)',
    );
  });

  it('finds a publisher beyond the first matches by asking the server, and lists its keys', async () => {
    const luxId = 'b0b0b0b0-0000-4000-8000-000000000003';
    const sent = stubApi(
      {
        'GET /api/publishers': (call: Sent) =>
          call.url.searchParams.get('search') === 'lux'
            ? {
                respCode: 200,
                data: [publisher(luxId, 'LUX', 'LUX feed')],
                pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
              }
            : {
                respCode: 200,
                data: [publisher(publisherId, 'DEMOBANK', 'Demo Bank')],
                pagination: { page: 1, limit: 20, total: 140, totalPages: 7 },
              },
        [`GET /api/publishers/${publisherId}/keys`]: keysOf([key]),
        [`GET /api/publishers/${luxId}/keys`]: keysOf(
          [{ ...key, _id: 'f0f0f0f0-0000-4000-8000-000000000010', prefix: 'pk_live_lux1' }],
          luxId,
        ),
      },
      systemAdmin,
    );
    renderPage();

    expect(await screen.findByText('pk_live_ab12')).toBeTruthy();
    expect(screen.getByText(new RegExp(messages.list.firstMatches(1, 140)))).toBeTruthy();
    const select = screen.getByLabelText(k.publisherLabel, { selector: 'input' });
    await userEvent.clear(select);
    await userEvent.type(select, 'lux');
    await userEvent.click(await screen.findByRole('option', { name: 'LUX feed (LUX)', hidden: true }));

    expect(await screen.findByText('pk_live_lux1')).toBeTruthy();
    expect(
      sent.some(
        (call) => call.url.pathname === '/api/publishers' && call.url.searchParams.get('limit') === '20',
      ),
    ).toBe(true);
  });
});
