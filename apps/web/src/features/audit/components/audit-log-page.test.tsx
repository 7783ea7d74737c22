import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '@krowd/domain/audit/audit.schema';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { AuditLogPage } from './audit-log-page.tsx';

const m = messages.audit;

const edited: AuditEvent = {
  id: 12,
  occurredAt: '2026-12-02T15:04:00.000Z',
  actor: { id: '9b2f3c8e-1d4a-4e6b-8f0a-2c3d4e5f6a7b', email: 'brandadmin@demo.test', provider: null },
  brandId: 'c0c0c0c0-0000-4000-8000-000000000001',
  entityType: 'campaign',
  entityId: 'a0a0a0a0-0000-4000-8000-000000000001',
  action: 'updated',
  changes: { budget_pence: { before: 50_000, after: 75_050 }, discount_percent: { before: 15, after: 25 } },
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
};

const page = (rows: AuditEvent[]) => ({
  respCode: 200,
  data: rows,
  pagination: { page: 1, limit: 10, total: rows.length, totalPages: rows.length ? 1 : 0 },
});

function renderPage(address = '/user/audit-log') {
  renderWithProviders(<AuditLogPage />, { path: address });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the audit log page', () => {
  it('shows each change: when in the timezone with its zone, who, the record, and each field before → after', async () => {
    stubApi({ 'GET /api/audit-events': page([edited]) });
    renderPage();

    expect(await screen.findByText('Budget: £500.00 → £750.50')).toBeTruthy();
    expect(screen.getByText('Discount percent: 15 → 25')).toBeTruthy();
    expect(screen.getByText('02/12/2026 15:04 GMT')).toBeTruthy();
    expect(screen.getByText('brandadmin@demo.test')).toBeTruthy();
    // The record's kind in its row (the filter's options name it too).
    expect(screen.getAllByText(m.entityTypes.campaign).some((cell) => cell.closest('td'))).toBe(true);
    expect(screen.getByText(edited.entityId)).toBeTruthy();
    expect(screen.getByText(m.actions.updated)).toBeTruthy();
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    stubApi({ 'GET /api/audit-events': page([]) });
    renderPage();
    expect(await screen.findByText(m.noEvents)).toBeTruthy();
  });

  it('asks the server with the filters in the address, and exports the same filters as CSV', async () => {
    const sent = stubApi({ 'GET /api/audit-events': page([edited]) });
    renderPage('/user/audit-log?entityType=campaign&from=2026-12-01&page=2');

    await screen.findByText('Budget: £500.00 → £750.50');
    const asked = sent.find((call) => call.url.pathname === '/api/audit-events')!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      entityType: 'campaign',
      from: '2026-12-01',
      page: '2',
      limit: '10',
    });
    const link = screen.getByRole('link', { name: m.exportCsv });
    expect(link.getAttribute('href')).toBe('/api/audit-events.csv?entityType=campaign&from=2026-12-01');
  });

  it('goes back to page 1 with a new filter', async () => {
    const sent = stubApi({ 'GET /api/audit-events': page([edited]) });
    renderPage('/user/audit-log?page=3');
    await screen.findByText('Budget: £500.00 → £750.50');

    await userEvent.type(screen.getByLabelText(m.actorLabel), 'brandadmin@demo.test');
    await userEvent.tab();

    await waitFor(() => {
      const last = sent.filter((call) => call.url.pathname === '/api/audit-events').at(-1)!.url.searchParams;
      expect(last.get('actorEmail')).toBe('brandadmin@demo.test');
      expect(last.get('page')).toBe('1');
    });
  });
});
