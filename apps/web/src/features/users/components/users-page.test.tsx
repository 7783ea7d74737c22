import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { UserRow } from '@krowd/domain/user/user-response.schema';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi } from '@/test/stub-api';
import { UsersPage } from './users-page.tsx';

const m = messages.user;
const brandId = 'c0c0c0c0-0000-4000-8000-000000000001';
const brandAdmin = sessionUserFixture({
  role: 'brandAdmin',
  brandId,
  brandObjId: brandId,
  brandName: 'Green Fork',
});

const row = (overrides: Partial<UserRow> = {}): UserRow => ({
  _id: 'a0a0a0a0-0000-4000-8000-000000000002',
  email: 'sam@greenfork.test',
  firstName: 'Sam',
  lastName: 'Cook',
  displayName: 'Sam Cook',
  phone: '07700 900123',
  role: 'brandUser',
  entityType: 'brand',
  brandId,
  brandName: 'Green Fork',
  groupId: null,
  groupName: null,
  bankId: null,
  status: 'active',
  created: '2026-07-01T09:30:00.000Z',
  ...overrides,
});

const page = (rows: UserRow[]) => ({
  respCode: 200,
  data: rows,
  pagination: { page: 1, limit: 10, total: rows.length, totalPages: rows.length ? 1 : 0 },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Users page', () => {
  it("lists a brand's users with their brand, phone and a badge on a deactivated one", async () => {
    stubApi(
      {
        'GET /api/users': page([
          row(),
          row({ _id: 'a3', email: 'jo@greenfork.test', displayName: 'Jo Left', status: 'deactivated' }),
        ]),
      },
      brandAdmin,
    );
    renderWithProviders(<UsersPage kind="brand" />);

    expect(await screen.findByText('sam@greenfork.test')).toBeTruthy();
    expect(screen.getByText('Sam Cook')).toBeTruthy();
    expect(screen.getAllByText('07700 900123')).toHaveLength(2);
    expect(screen.getByText(m.deactivatedBadge)).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.common.addNew })).toBeTruthy();
  });

  it('says there is nothing when the list is empty', async () => {
    stubApi({ 'GET /api/users': page([]) }, brandAdmin);
    renderWithProviders(<UsersPage kind="brand" />);

    expect(await screen.findByText(messages.common.noDataFound)).toBeTruthy();
  });

  it('says the list could not be loaded when the server refuses', async () => {
    stubApi({ 'GET /api/users': refusal(403, 'Not yours') }, brandAdmin);
    renderWithProviders(<UsersPage kind="brand" />);

    expect(await screen.findByText(messages.list.loadFailed)).toBeTruthy();
  });

  it('deletes a user once the admin confirms, and says so', async () => {
    const sent = stubApi(
      {
        'GET /api/users': page([row()]),
        [`DELETE /api/users/${row()._id}`]: { respCode: 206, respMessage: m.deleted },
      },
      brandAdmin,
    );
    renderWithProviders(<UsersPage kind="brand" />);

    await userEvent.click(
      await screen.findByRole('button', { name: messages.common.deleteNamed('sam@greenfork.test') }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(m.deleteConfirm)).toBeTruthy();
    expect(sent.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: messages.common.delete }));

    await waitFor(() =>
      expect(sent.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
        `/api/users/${row()._id}`,
      ]),
    );
    expect(await screen.findByText(m.deleted)).toBeTruthy();
  });
});
