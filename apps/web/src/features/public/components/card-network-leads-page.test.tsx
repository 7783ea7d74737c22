import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pages } from '@krowd/domain/access/access.rules';
import type { LeadRow } from '@krowd/domain/public/public-response.schema';
import { CardNetworkLeadsPage } from './card-network-leads-page.tsx';
import { stubApi } from '@/test/stub-api';
import { renderAt } from './public-pages.fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signup: LeadRow = {
  _id: 'lead-1',
  created: '2026-11-20T10:00:00.000Z',
  kind: 'diningSignup',
  from: 'amexdiningsignup',
  name: 'Ana Lopez',
  email: 'ana@example.test',
  phone: null,
  company: 'Casa Ana',
  legalName: 'Casa Ana Ltd',
  website: 'https://casa-ana.example',
  amexMerchantID: null,
  brandId: 'brand-1',
  branchSubmissions: [
    {
      _id: 'sub-1',
      created: '2026-11-21T10:00:00.000Z',
      comments: 'More soon.',
      branches: [
        {
          name: 'Casa Ana Soho',
          postcode: 'W1D 4HS',
          postalTown: 'London',
          address: null,
          merchantId: null,
          amexMerchantID: 'AX1001',
          zettleMerchantID: null,
        },
      ],
      fileName: 'branches.xlsx',
      fileUrl: '/api/cardnetwork/submissions/sub-1/file',
    },
  ],
};
const lookup: LeadRow = {
  ...signup,
  _id: 'lead-2',
  kind: 'lookupFailed',
  from: 'amexsignup',
  name: null,
  company: null,
  legalName: null,
  amexMerchantID: 'AX404',
  brandId: null,
  branchSubmissions: [],
};

describe('Card-network Leads', () => {
  it('lists the leads with their kind and branches sent, and asks the server with the kind chosen', async () => {
    const sent = stubApi({
      'GET /api/cardnetwork/leads': {
        respCode: 200,
        data: [signup, lookup],
        pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
      },
    });
    renderAt(pages.cardNetworkLeads.path, [
      { path: pages.cardNetworkLeads.path, element: <CardNetworkLeadsPage /> },
    ]);

    const row = (await screen.findByText('Casa Ana')).closest('tr')!;
    expect(within(row).getByText('Dining sign-up')).toBeTruthy();
    expect(within(row).getByText('1')).toBeTruthy();
    expect(within(screen.getByText('AX404').closest('tr')!).getByText('Look-up failed')).toBeTruthy();

    await userEvent.click(screen.getByLabelText('Kind', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dining sign-up', hidden: true }));

    await waitFor(() =>
      expect(
        JSON.parse(
          sent
            .filter((call) => call.url.pathname === '/api/cardnetwork/leads')
            .at(-1)!
            .url.searchParams.get('filters')!,
        ),
      ).toEqual({
        dropDown: { key: 'status', value: 'diningSignup', type: 'eq' },
      }),
    );
  });

  it('opens a lead with its branch submissions, comments and file', async () => {
    stubApi({
      'GET /api/cardnetwork/leads': {
        respCode: 200,
        data: [signup],
        pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
      },
    });
    renderAt(pages.cardNetworkLeads.path, [
      { path: pages.cardNetworkLeads.path, element: <CardNetworkLeadsPage /> },
    ]);

    await userEvent.click(await screen.findByText('Casa Ana'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Casa Ana Ltd')).toBeTruthy();
    expect(within(dialog).getByText('Casa Ana Soho')).toBeTruthy();
    expect(within(dialog).getByText('AX1001')).toBeTruthy();
    expect(within(dialog).getByText('More soon.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'branches.xlsx' }).getAttribute('href')).toBe(
      '/api/cardnetwork/submissions/sub-1/file',
    );
  });
});
