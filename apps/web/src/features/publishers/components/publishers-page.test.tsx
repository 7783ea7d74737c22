import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { PublisherRow } from '@krowd/domain/publisher/publisher-response.schema';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi, type Sent } from '@/test/stub-api';
import { PublishersPage } from './publishers-page.tsx';

const m = messages.publisher;
const publisherId = 'b0b0b0b0-0000-4000-8000-000000000001';
const greenFork = 'c0c0c0c0-0000-4000-8000-000000000001';
const harbour = 'c0c0c0c0-0000-4000-8000-000000000002';
const systemAdmin = sessionUserFixture({ entityType: 'systemadmin', role: null, brandId: null });

const atr: PublisherRow = {
  _id: publisherId,
  code: 'ATR',
  displayName: 'ATR feed',
  bankId: null,
  bankName: null,
  brandsCount: 1,
  workingKeysCount: 2,
  created: '2026-11-30T10:00:00.000Z',
};
const listOf = (rows: PublisherRow[]) => ({
  respCode: 200,
  data: rows,
  pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 },
});

function renderPage() {
  renderWithProviders(<PublishersPage />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Publishers page', () => {
  it('adds a publisher with its code and name', async () => {
    const sent = stubApi(
      {
        'GET /api/publishers': listOf([]),
        'POST /api/publishers': () =>
          Response.json({ respCode: 200, respMessage: m.created, publisher: atr }, { status: 201 }),
      },
      systemAdmin,
    );
    renderPage();

    expect(await screen.findByText(m.empty)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: m.add }));
    const dialog = await screen.findByRole('dialog', { name: m.add });
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.fields.code)), 'ATR');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.fields.displayName)), 'ATR feed');
    await userEvent.click(within(dialog).getByRole('button', { name: messages.common.add }));

    expect(await screen.findByText(m.created)).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      code: 'ATR',
      displayName: 'ATR feed',
      bankId: null,
    });
  });

  it('refuses a code files could not name, sending nothing', async () => {
    const sent = stubApi({ 'GET /api/publishers': listOf([]) }, systemAdmin);
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: m.add }));
    const dialog = await screen.findByRole('dialog', { name: m.add });
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.fields.code)), 'A B');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.fields.displayName)), 'ATR feed');
    await userEvent.click(within(dialog).getByRole('button', { name: messages.common.add }));

    expect(await within(dialog).findByText(m.codeInvalid)).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it("links each publisher's working keys to its API keys", async () => {
    stubApi({ 'GET /api/publishers': listOf([atr]) }, systemAdmin);
    renderPage();

    const link = await screen.findByRole('link', { name: m.keysOf('ATR feed', 2) });
    expect(link.getAttribute('href')).toBe(`/user/settings/apikeys?publisher=${publisherId}`);
  });

  it('renames a publisher, keeping its code and bank', async () => {
    const sent = stubApi(
      {
        'GET /api/publishers': listOf([{ ...atr, bankId: 'a1a1a1a1-0000-4000-8000-000000000001' }]),
        [`PUT /api/publishers/${publisherId}`]: { respCode: 200, respMessage: m.updated, publisher: atr },
      },
      systemAdmin,
    );
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: m.editOf('ATR feed') }));
    const dialog = await screen.findByRole('dialog', { name: m.edit });
    const name = within(dialog).getByLabelText(new RegExp(m.fields.displayName));
    await userEvent.clear(name);
    await userEvent.type(name, 'ATR offers');
    await userEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));

    expect(await screen.findByText(m.updated)).toBeTruthy();
    expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({
      displayName: 'ATR offers',
      bankId: 'a1a1a1a1-0000-4000-8000-000000000001',
    });
  });

  it("changes a publisher's bank to one found by the server's search", async () => {
    const northern = 'a1a1a1a1-0000-4000-8000-000000000002';
    const sent = stubApi(
      {
        'GET /api/publishers': listOf([
          { ...atr, bankId: 'a1a1a1a1-0000-4000-8000-000000000001', bankName: 'Demo Bank' },
        ]),
        'GET /api/banks': (call: Sent) => {
          const filters = JSON.parse(call.url.searchParams.get('filters') ?? '{}');
          const found = filters.globalSearch?.value === 'Nort';
          return {
            respCode: 200,
            data: found
              ? [
                  {
                    _id: northern,
                    name: 'Northern Bank',
                    contactEmail: null,
                    contactPhone: null,
                    usersCount: 1,
                    created: atr.created,
                  },
                ]
              : [],
            pagination: { page: 1, limit: 20, total: found ? 1 : 0, totalPages: 1 },
          };
        },
        [`PUT /api/publishers/${publisherId}`]: { respCode: 200, respMessage: m.updated, publisher: atr },
      },
      systemAdmin,
    );
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: m.editOf('ATR feed') }));
    const dialog = await screen.findByRole('dialog', { name: m.edit });
    const bank = within(dialog).getByLabelText(m.fields.bank, { selector: 'input' });
    expect(bank).toHaveProperty('value', 'Demo Bank');
    await userEvent.clear(bank);
    await userEvent.type(bank, 'Nort');
    await userEvent.click(await screen.findByRole('option', { name: 'Northern Bank', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));

    expect(await screen.findByText(m.updated)).toBeTruthy();
    expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({
      displayName: 'ATR feed',
      bankId: northern,
    });
  });

  it('links brands to its feed, all saved in one call', async () => {
    const sent = stubApi(
      {
        'GET /api/publishers': listOf([atr]),
        [`GET /api/publishers/${publisherId}/brands`]: {
          respCode: 200,
          brands: [
            { _id: greenFork, name: 'Green Fork', groupName: null, linked: '2026-11-30T10:00:00.000Z' },
          ],
        },
        'GET /api/brands/getBrandList': {
          respCode: 200,
          brands: [
            { _id: greenFork, name: 'Green Fork', value: greenFork, label: 'Green Fork' },
            { _id: harbour, name: 'Harbour Kitchen', value: harbour, label: 'Harbour Kitchen' },
          ],
        },
        [`PUT /api/publishers/${publisherId}/brands`]: {
          respCode: 200,
          respMessage: m.brandsSaved,
          brands: [],
        },
      },
      systemAdmin,
    );
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: m.brandsOf('ATR feed') }));
    const dialog = await screen.findByRole('dialog', { name: m.brandsOf('ATR feed') });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: new RegExp(m.fields.brands) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbour Kitchen', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));

    expect(await screen.findByText(m.brandsSaved)).toBeTruthy();
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({ brandIds: [greenFork, harbour] }),
    );
  });
});
