import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { branchRowFixture } from '@krowd/domain/branch/branch-row.fixtures';
import { midHealthStatuses } from '@krowd/domain/branch/mid-health.rules';
import { messages } from '@krowd/domain/messages/messages';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi, type Sent } from '@/test/stub-api';
import { BranchesPage } from './branches-page.tsx';

/**
 * The Branches list filtered and sorted by MID health (docs/decisions/0115): the Tracking dropdown
 * and the Tracking column's sort ask the server (it pages after filtering), and the filter stays in
 * the address like the list's status.
 */

const m = messages.branch.midHealth;
const user = sessionUserFixture({ role: 'companyAdmin' });

const silentBranch: BranchRow = branchRowFixture({
  brandId: user.brandId!,
  status: 'Active',
  activatedDate: '2026-09-01T10:00:00.000Z',
  midHealth: {
    status: 'silent',
    merchantIds: [
      {
        mid: '4419001',
        scheme: 'mastercard',
        status: 'silent',
        firstSeenDay: '2026-09-01',
        lastSeenDay: '2026-11-20',
        daysSinceSeen: 12,
        last7Days: 0,
        last30Days: 3,
        batchedHour: null,
      },
    ],
  },
});

const page = {
  respCode: 200,
  data: [silentBranch],
  pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
};

const listCalls = (sent: Sent[]) => sent.filter((call) => call.url.pathname === '/api/merchants');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Branches list by tracking status', () => {
  it('asks the server for the status chosen from the keyboard and keeps it in the address', async () => {
    const sent = stubApi({ 'GET /api/merchants': page }, user);
    renderWithProviders(<BranchesPage />, {
      path: '/user/branches',
      routes: { '/user/branches': <BranchesPage /> },
    });

    await screen.findByText('Angel');
    const filter = screen.getByRole('combobox', { name: m.filterLabel });
    filter.focus();
    // Opened with the arrow key, the options in the statuses' order (worst first) after 'all'.
    await userEvent.keyboard('{ArrowDown}');
    const listbox = () => document.getElementById(filter.getAttribute('aria-controls') ?? '')!;
    await waitFor(() => expect(listbox()).toBeTruthy());
    expect(
      within(listbox())
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual([m.filterAll, ...midHealthStatuses.map((status) => m.statuses[status])]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    await waitFor(() => expect(listCalls(sent).at(-1)!.url.searchParams.get('tracking')).toBe('silent'));
    expect(listCalls(sent).at(-1)!.url.searchParams.get('page')).toBe('1');
  });

  it('opens with the filter of the address, and without one asks for every status', async () => {
    const sent = stubApi({ 'GET /api/merchants': page }, user);
    renderWithProviders(<BranchesPage />, {
      path: '/user/branches?tracking=neverSeen',
      routes: { '/user/branches': <BranchesPage /> },
    });

    await screen.findByText('Angel');
    expect(listCalls(sent)[0]!.url.searchParams.get('tracking')).toBe('neverSeen');
    expect((screen.getByRole('combobox', { name: m.filterLabel }) as HTMLInputElement).value).toBe(
      m.statuses.neverSeen,
    );
  });

  it('ignores a status it does not know in the address', async () => {
    const sent = stubApi({ 'GET /api/merchants': page }, user);
    renderWithProviders(<BranchesPage />, {
      path: '/user/branches?tracking=dormant',
      routes: { '/user/branches': <BranchesPage /> },
    });

    await screen.findByText('Angel');
    expect(listCalls(sent)[0]!.url.searchParams.has('tracking')).toBe(false);
  });

  it('sorts by the Tracking column from its header button, worst first', async () => {
    const sent = stubApi({ 'GET /api/merchants': page }, user);
    renderWithProviders(<BranchesPage />, {
      path: '/user/branches',
      routes: { '/user/branches': <BranchesPage /> },
    });

    await screen.findByText('Angel');
    const header = screen.getByRole('button', { name: new RegExp(`^${m.column}`) });
    header.focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => {
      const filters = JSON.parse(listCalls(sent).at(-1)!.url.searchParams.get('filters')!);
      expect(filters.sortField.sortfield).toBe('tracking');
    });
  });
});
