import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { SettlementFile } from '@krowd/domain/settlement/settlement-response.schema';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { SettlementFilesPage } from './settlement-files-page.tsx';

const m = messages.settlement;
const sha = 'c0535e4be2b79ffd93291305436bf889314e4a3faec05ecffcbb7df31ad9e51a';

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

const daily: SettlementFile = {
  id: 'd0d0d0d0-0000-4000-8000-000000000001',
  publisherId: 'b0b0b0b0-0000-4000-8000-000000000001',
  publisherName: 'Demo Bank',
  kind: 'daily',
  period: '2026-12-01',
  fileName: 'settlement-daily-2026-12-01.csv',
  rows: 1234,
  cashbackPence: 123_456,
  successFeePence: -250,
  sha256: sha,
  generatedAt: '2026-12-02T00:05:00.000Z',
};
const monthly: SettlementFile = {
  ...daily,
  id: 'd0d0d0d0-0000-4000-8000-000000000002',
  kind: 'monthly',
  period: '2026-11',
  fileName: 'settlement-monthly-2026-11.csv',
  rows: 3,
  cashbackPence: 9_900,
  successFeePence: 1_500,
};
const pageOf = (data: SettlementFile[]) => ({
  respCode: 200,
  data,
  pagination: { page: 1, limit: 10, total: data.length, totalPages: data.length > 0 ? 1 : 0 },
});

function renderPage(path = '/user/settings/settlement-files') {
  renderWithProviders(<SettlementFilesPage />, { path: path });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the settlement files page', () => {
  it("lists a bank admin's files with period, rows, money from pence, a shortened checksum and a named download", async () => {
    stubApi({ 'GET /api/settlement-files': pageOf([daily, monthly]) }, bankAdmin);
    renderPage();

    const download = await screen.findByRole('link', { name: m.download(daily.fileName) });
    expect(download.getAttribute('href')).toBe(`/api/settlement-files/${daily.id}/download`);
    expect(download.getAttribute('download')).toBe(daily.fileName);
    expect(screen.getByText('01/12/2026')).toBeTruthy();
    expect(screen.getByText('11/2026')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('£1,234.56')).toBeTruthy();
    expect(screen.getByText('-£2.50')).toBeTruthy();
    const checksums = screen.getAllByText(`${sha.slice(0, 12)}…`);
    expect(checksums[0]!.getAttribute('title')).toBe(sha);
    expect(screen.getByRole('button', { name: m.copyChecksum(monthly.fileName) })).toBeTruthy();
    // A bank admin's list is its bank's publisher's: no publisher to choose, none named.
    expect(screen.queryByLabelText(m.publisherLabel, { selector: 'input' })).toBeNull();
  });

  it('asks for one kind when the filter is chosen', async () => {
    const sent = stubApi(
      {
        'GET /api/settlement-files': ({ url }: { url: URL }) =>
          pageOf(url.searchParams.get('kind') === 'monthly' ? [monthly] : [daily, monthly]),
      },
      bankAdmin,
    );
    renderPage();
    await screen.findByRole('link', { name: m.download(daily.fileName) });

    await userEvent.click(screen.getByRole('radio', { name: m.kinds.monthly }));

    await waitFor(() => expect(screen.queryByRole('link', { name: m.download(daily.fileName) })).toBeNull());
    expect(screen.getByRole('link', { name: m.download(monthly.fileName) })).toBeTruthy();
    const asked = sent.filter((call) => call.url.pathname === '/api/settlement-files').at(-1);
    expect(asked?.url.searchParams.get('kind')).toBe('monthly');
  });

  it('lets the system admin choose the publisher, and shows whose each file is', async () => {
    const sent = stubApi(
      {
        'GET /api/settlement-files': pageOf([daily]),
        'GET /api/publishers': {
          respCode: 200,
          data: [
            {
              _id: daily.publisherId,
              code: 'DEMOBANK',
              displayName: 'Demo Bank',
              bankId: null,
              bankName: null,
              brandsCount: 1,
              workingKeysCount: 1,
              created: '2026-11-30T10:00:00.000Z',
            },
          ],
          pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
        },
      },
      systemAdmin,
    );
    renderPage();
    // The publisher's column is the operator's: every publisher's files may be listed together.
    expect(await screen.findByRole('columnheader', { name: m.publisherLabel })).toBeTruthy();
    expect(await within(screen.getByRole('table')).findByText('Demo Bank')).toBeTruthy();

    await userEvent.click(screen.getByLabelText(m.publisherLabel, { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Demo Bank (DEMOBANK)', hidden: true }));

    await waitFor(() =>
      expect(sent.some((call) => call.url.searchParams.get('publisherId') === daily.publisherId)).toBe(true),
    );
  });

  it('says when there are no files yet', async () => {
    stubApi({ 'GET /api/settlement-files': pageOf([]) }, bankAdmin);
    renderPage();
    expect(await screen.findByText(m.noFiles)).toBeTruthy();
  });

  it("shows the server's reason when the list cannot be read (a bank with no publisher)", async () => {
    stubApi(
      {
        'GET /api/settlement-files': () =>
          Response.json({ code: 'not_found', errorMessage: m.noPublisher }, { status: 404 }),
      },
      bankAdmin,
    );
    renderPage();
    expect((await screen.findAllByText(m.noPublisher)).length).toBeGreaterThan(0);
  });
});
