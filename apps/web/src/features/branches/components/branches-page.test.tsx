import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { sessionQueryKey } from '@/lib/session';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { BranchesPage } from './branches-page.tsx';

const user = sessionUserFixture({ role: 'companyAdmin' });

const branch = (name: string, createdByBrandUser: boolean): BranchRow => ({
  _id: `d0d0d0d0-0000-4000-8000-00000000000${name.length % 10}`,
  name,
  kmid: null,
  brandId: user.brandId!,
  brandName: 'Green Fork',
  status: 'Pending',
  address: null,
  postcode: 'N1 9AA',
  postalTown: null,
  city: null,
  contactName: null,
  contactEmail: null,
  contactPhone: null,
  tripadvisorUrl: null,
  merchantIds: { merchantId: '4419001', amexMerchantID: null, zettleMerchantID: null },
  proposedMerchantIds: null,
  block: null,
  comments: null,
  approvedBy: null,
  created: '2026-11-01T10:00:00.000Z',
  activatedDate: null,
  createdByBrandUser,
  defaultBranch: false,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Branches for a brand admin (spec 2 §4, §6)', () => {
  it("offers Approve and Reject on the operator side's Pending branch, not on the brand's own", async () => {
    const rows = [branch('Angel', false), branch('Hull', true)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          respCode: 200,
          data: rows,
          pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
        }),
      ),
    );
    // Signed in already, as the app's guard makes sure before the page shows.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionQueryKey, user);
    render(
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <MemoryRouter>
            <BranchesPage />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );

    const operatorRow = (await screen.findByText('Angel')).closest('tr')!;
    const ownRow = screen.getByText('Hull').closest('tr')!;
    expect(within(operatorRow).getByRole('button', { name: 'Approve Angel' })).toBeTruthy();
    expect(within(operatorRow).getByRole('button', { name: 'Reject Angel' })).toBeTruthy();
    expect(within(ownRow).queryByRole('button', { name: /^(Approve|Reject) / })).toBeNull();
    expect(within(ownRow).getByRole('button', { name: 'Edit Hull' })).toBeTruthy();
  });
});
