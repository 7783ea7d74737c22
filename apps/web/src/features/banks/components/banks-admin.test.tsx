import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi, withStatus } from '@/test/stub-api';
import { BanksListPage } from './banks-list-page.tsx';
import { GroupsPage } from './groups-page.tsx';

const bankId = 'b0b0b0b0-0000-4000-8000-000000000001';
const brands = [
  {
    _id: 'c0c0c0c0-0000-4000-8000-000000000001',
    name: 'Green Fork',
    label: 'Green Fork',
    value: 'c0c0c0c0-0000-4000-8000-000000000001',
  },
  {
    _id: 'c0c0c0c0-0000-4000-8000-000000000002',
    name: 'Harbour Kitchen',
    label: 'Harbour Kitchen',
    value: 'c0c0c0c0-0000-4000-8000-000000000002',
  },
];

const listAnswers = {
  'GET /api/banks': {
    respCode: 200,
    data: [
      {
        _id: bankId,
        name: 'Demo Bank',
        contactEmail: null,
        contactPhone: null,
        usersCount: 4,
        created: '2026-01-05T10:00:00.000Z',
      },
    ],
    pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
  },
  'GET /api/brands/getBrandList': { respCode: 200, brands },
};

function renderScreen(screenElement: ReactNode) {
  renderWithProviders(screenElement);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const fillAdmin = async (dialog: HTMLElement) => {
  await userEvent.type(within(dialog).getByLabelText(/First Name/), 'Ada');
  await userEvent.type(within(dialog).getByLabelText(/Last Name/), 'Lovelace');
  await userEvent.type(within(dialog).getByLabelText(/Email/), 'ada@bank.test');
  await userEvent.type(within(dialog).getByLabelText(/Contact Number/), '07700900000');
};

describe('the Banks page (system admin)', () => {
  it('adds a bank with its first admin and says the admin was mailed a link', async () => {
    const sent = stubApi({
      ...listAnswers,
      'POST /api/banks': withStatus(201, {
        respCode: 200,
        respMessage: messages.bank.created,
        details: {
          _id: 'b0b0b0b0-0000-4000-8000-000000000002',
          name: 'Northern Cards',
          contactEmail: null,
          contactPhone: null,
          address: null,
          website: null,
          created: '2026-11-26T10:00:00.000Z',
          editable: false,
        },
      }),
    });
    renderScreen(<BanksListPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Add Bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bank' });
    await userEvent.type(within(dialog).getByLabelText(/Bank Name/), 'Northern Cards');
    await fillAdmin(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(messages.bank.created)).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Northern Cards',
      admin: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@bank.test', phone: '07700900000' },
    });
  });

  it("shows the form's field messages and sends nothing while the bank name is too short", async () => {
    const sent = stubApi(listAnswers);
    renderScreen(<BanksListPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Add Bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bank' });
    await userEvent.type(within(dialog).getByLabelText(/Bank Name/), 'AB');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByText(messages.bank.nameMin)).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it("opens a bank's brands with those linked chosen, and saves the choice in one call", async () => {
    const sent = stubApi({
      ...listAnswers,
      [`GET /api/banks/${bankId}/brands`]: {
        respCode: 200,
        brands: [
          { _id: brands[0]!._id, name: 'Green Fork', groupName: null, linked: '2026-11-01T00:00:00.000Z' },
        ],
      },
      [`PUT /api/banks/${bankId}/brands`]: {
        respCode: 205,
        respMessage: messages.bank.brandsSaved,
        brands: [],
      },
    });
    renderScreen(<BanksListPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Brands of Demo Bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brands of Demo Bank' });
    expect(await within(dialog).findByText('Green Fork')).toBeTruthy();
    expect(within(dialog).getByText(messages.bank.brandsHint)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(messages.bank.brandsSaved)).toBeTruthy();
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({ brandIds: [brands[0]!._id] }),
    );
  });
});

describe('the Groups page (system admin)', () => {
  it('lists the groups with their brands and adds one with its brands and Group Admin', async () => {
    const sent = stubApi({
      ...listAnswers,
      'GET /api/groupBrand': {
        respCode: 200,
        groups: [
          {
            _id: 'g1',
            groupId: 'a0a0a0a0-0000-4000-8000-000000000001',
            group_name: 'Harbour Group',
            label: 'Harbour Group',
            value: 'a0a0a0a0-0000-4000-8000-000000000001',
            group_brand_ids: [brands[1]!._id],
            brands: [brands[1]],
          },
        ],
      },
      'POST /api/groups': withStatus(201, {
        respCode: 200,
        respMessage: messages.group.created,
        details: { _id: 'x', name: 'Riverside', brands: [], created: '2026-11-26T10:00:00.000Z' },
      }),
    });
    renderScreen(<GroupsPage />);

    expect(await screen.findByText('Harbour Group')).toBeTruthy();
    expect(screen.getByText('Harbour Kitchen')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Group' });
    await userEvent.type(within(dialog).getByLabelText(/Group Name/), 'Riverside');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Brands/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Green Fork', hidden: true }));
    await fillAdmin(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(messages.group.created)).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Riverside',
      brandIds: [brands[0]!._id],
      admin: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@bank.test', phone: '07700900000' },
    });
  });

  it('refuses a group without a brand before sending it', async () => {
    const sent = stubApi({ ...listAnswers, 'GET /api/groupBrand': { respCode: 200, groups: [] } });
    renderScreen(<GroupsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Add Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Group' });
    await userEvent.type(within(dialog).getByLabelText(/Group Name/), 'Riverside');
    await fillAdmin(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByText(messages.group.brandsRequired)).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });
});
