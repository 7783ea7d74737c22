import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IngestionLogRow } from '@krowd/domain/ingestion/ingestion-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi, type Sent } from '@/test/stub-api';
import { IngestionLogsPage } from './ingestion-logs-page.tsx';

const m = messages.ingestion;
const brandId = 'c0c0c0c0-0000-4000-8000-000000000001';
const brandAdmin = sessionUserFixture({ role: 'brandAdmin', brandId, brandObjId: brandId });
const systemAdmin = sessionUserFixture({ role: null, entityType: 'systemadmin' });

const row = (overrides: Partial<IngestionLogRow> = {}): IngestionLogRow => ({
  _id: 'l1',
  data_source: 'NextJump',
  uploadedDate: '2026-07-01T09:30:00.000Z',
  gmvPence: 1_234_567,
  txnCount: 4_321,
  ...overrides,
});

const page = (rows: IngestionLogRow[]) => ({
  respCode: 200,
  data: rows,
  pagination: { page: 1, limit: 10, total: rows.length, totalPages: rows.length ? 1 : 0 },
});

const listCalls = (sent: Sent[]) => sent.filter((call) => call.url.pathname === '/api/ingestionLogs');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the ingestion logs', () => {
  it('lists each file with its source, upload time in the zone, GMV in pounds and its count', async () => {
    stubApi(
      { 'GET /api/ingestionLogs': page([row(), row({ _id: 'l2', data_source: 'Mastercard' })]) },
      brandAdmin,
    );
    renderWithProviders(<IngestionLogsPage />);

    expect(await screen.findByText('Mastercard')).toBeTruthy();
    expect(screen.getByText('NextJump')).toBeTruthy();
    expect(screen.getAllByText('£12,345.67')).toHaveLength(2);
    expect(screen.getAllByText('4,321')).toHaveLength(2);
    expect(screen.getAllByText(/10:30/).length).toBeGreaterThan(0);
    // Uploading is the system admin's.
    expect(screen.queryByRole('button', { name: m.uploadTitle })).toBeNull();
  });

  it('gives the system admin the upload', async () => {
    stubApi({ 'GET /api/ingestionLogs': page([row()]) }, systemAdmin);
    renderWithProviders(<IngestionLogsPage />);

    expect(await screen.findByRole('button', { name: m.uploadTitle })).toBeTruthy();
  });

  it('says there is nothing when no file was uploaded', async () => {
    stubApi({ 'GET /api/ingestionLogs': page([]) }, brandAdmin);
    renderWithProviders(<IngestionLogsPage />);

    expect(await screen.findByText(messages.common.noDataFound)).toBeTruthy();
  });

  it('says the list could not be loaded when the server refuses', async () => {
    stubApi({ 'GET /api/ingestionLogs': refusal(400, 'Bad page') }, brandAdmin);
    renderWithProviders(<IngestionLogsPage />);

    expect(await screen.findByText(messages.list.loadFailed)).toBeTruthy();
  });

  it('asks for the data source typed in the search once typing pauses', async () => {
    const sent = stubApi({ 'GET /api/ingestionLogs': page([row()]) }, brandAdmin);
    renderWithProviders(<IngestionLogsPage />);
    expect(await screen.findByText('NextJump')).toBeTruthy();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .type(screen.getByPlaceholderText(m.searchPlaceholder), 'Master');
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    await waitFor(() =>
      expect(listCalls(sent).at(-1)!.url.searchParams.get('filters')).toBe(
        JSON.stringify({ globalSearch: { value: 'Master', type: 'user' } }),
      ),
    );
  });
});
