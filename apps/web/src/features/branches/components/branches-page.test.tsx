import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { branchRowFixture } from '@krowd/domain/branch/branch-row.fixtures';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { BranchesPage } from './branches-page.tsx';

const user = sessionUserFixture({ role: 'companyAdmin' });

const branch = (name: string, createdByBrandUser: boolean): BranchRow =>
  branchRowFixture({
    _id: `d0d0d0d0-0000-4000-8000-00000000000${name.length % 10}`,
    name,
    brandId: user.brandId!,
    createdByBrandUser,
  });

/** The page as the app shows it, signed in already (the app's guard makes sure before it shows). */
function renderPage() {
  renderWithProviders(<BranchesPage />, { signedInAs: user });
}

const listed = (rows: BranchRow[]) =>
  stubApi(
    {
      'GET /api/merchants': {
        respCode: 200,
        data: rows,
        pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 },
      },
    },
    user,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Branches for a brand admin (spec 2 §4, §6)', () => {
  it("offers Approve and Reject on the operator side's Pending branch, not on the brand's own", async () => {
    listed([branch('Angel', false), branch('Hull', true)]);
    renderPage();

    const operatorRow = (await screen.findByText('Angel')).closest('tr')!;
    const ownRow = screen.getByText('Hull').closest('tr')!;
    expect(within(operatorRow).getByRole('button', { name: 'Approve Angel' })).toBeTruthy();
    expect(within(operatorRow).getByRole('button', { name: 'Reject Angel' })).toBeTruthy();
    expect(within(ownRow).queryByRole('button', { name: /^(Approve|Reject) / })).toBeNull();
    expect(within(ownRow).getByRole('button', { name: 'Edit Hull' })).toBeTruthy();
  });
});

describe('Branches and their MID health (docs/decisions/0115)', () => {
  const seen = (status: 'tracking' | 'silent', lastSeenDay: string, daysSinceSeen: number) => ({
    mid: '4419001',
    scheme: 'mastercard' as const,
    status,
    firstSeenDay: '2026-09-01',
    lastSeenDay,
    daysSinceSeen,
    last7Days: status === 'tracking' ? 4 : 0,
    last30Days: 9,
    batchedHour: null,
  });

  it('shows each branch tracking or silent with its last transaction, and alerts to the silent ones', async () => {
    listed([
      {
        ...branch('Angel', true),
        status: 'Active',
        midHealth: { status: 'tracking', merchantIds: [seen('tracking', '2026-12-01', 1)] },
      },
      {
        ...branch('Hull', true),
        status: 'Active',
        midHealth: { status: 'silent', merchantIds: [seen('silent', '2026-11-20', 12)] },
      },
    ]);
    renderPage();

    const tracking = (await screen.findByText('Angel')).closest('tr')!;
    const silent = screen.getByText('Hull').closest('tr')!;
    expect(within(tracking).getByText('Tracking')).toBeTruthy();
    expect(within(tracking).getByText('Last transaction 01/12/2026')).toBeTruthy();
    expect(within(silent).getByText('Silent 12 days')).toBeTruthy();
    expect(within(silent).getByText('Last transaction 20/11/2026')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      '1 branch on this page has stopped receiving transactions.',
    );
  });

  it('raises no alert while every branch is tracking or not live', async () => {
    listed([
      {
        ...branch('Angel', true),
        status: 'Active',
        midHealth: { status: 'tracking', merchantIds: [seen('tracking', '2026-12-01', 1)] },
      },
      branch('Hull', true),
    ]);
    renderPage();

    await screen.findByText('Angel');
    expect(screen.queryByText(/stopped receiving transactions/)).toBeNull();
  });
});
