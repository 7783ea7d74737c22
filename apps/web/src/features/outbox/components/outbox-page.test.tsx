import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxMail } from '@krowd/domain/mail/mail-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi } from '@/test/stub-api';
import { OutboxPage } from './outbox-page.tsx';

const m = messages.outbox;
const systemAdmin = sessionUserFixture({ role: null, entityType: 'systemadmin' });

const mail = (overrides: Partial<OutboxMail> = {}): OutboxMail => ({
  _id: 'm0m0m0m0-0000-4000-8000-000000000001',
  to: 'bo@demo.test',
  subject: 'Set your password',
  text: 'Open https://krowd.test/set-password?token=abc to choose a password.',
  status: 'stored',
  error: null,
  created: '2026-07-01T09:30:00.000Z',
  sent: null,
  ...overrides,
});

const page = (rows: OutboxMail[]) => ({
  respCode: 200,
  data: rows,
  pagination: { page: 1, limit: 10, total: rows.length, totalPages: rows.length ? 1 : 0 },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the outbox', () => {
  it('lists the mail written, its time in the zone and its status', async () => {
    stubApi(
      {
        'GET /api/mail/outbox': page([
          mail(),
          mail({
            _id: 'm2',
            to: 'al@demo.test',
            subject: 'Invoice',
            status: 'failed',
            error: 'SMTP refused',
          }),
        ]),
      },
      systemAdmin,
    );
    renderWithProviders(<OutboxPage />);

    expect(await screen.findByText('Set your password')).toBeTruthy();
    expect(screen.getByText('al@demo.test')).toBeTruthy();
    expect(screen.getByText('failed')).toBeTruthy();
    // 09:30 UTC is 10:30 in London's summer.
    expect(screen.getAllByText(/10:30/).length).toBeGreaterThan(0);
  });

  it('opens a mail to read, its links clickable and its failure shown', async () => {
    stubApi(
      { 'GET /api/mail/outbox': page([mail({ status: 'failed', error: 'SMTP refused' })]) },
      systemAdmin,
    );
    renderWithProviders(<OutboxPage />);

    await userEvent.click(await screen.findByText('Set your password'));
    const dialog = await screen.findByRole('dialog', { name: 'Set your password' });
    expect(within(dialog).getByText('SMTP refused')).toBeTruthy();
    expect(within(dialog).getByRole('link').getAttribute('href')).toBe(
      'https://krowd.test/set-password?token=abc',
    );
    expect(within(dialog).getByText(new RegExp(`^To bo@demo.test`))).toBeTruthy();
  });

  it('says there is nothing when the outbox is empty', async () => {
    stubApi({ 'GET /api/mail/outbox': page([]) }, systemAdmin);
    renderWithProviders(<OutboxPage />);

    expect(await screen.findByText(messages.common.noDataFound)).toBeTruthy();
    expect(screen.getByText(m.intro)).toBeTruthy();
  });

  it('says the list could not be loaded when the server fails', async () => {
    const sent = stubApi({ 'GET /api/mail/outbox': refusal(503, 'Down') }, systemAdmin);
    renderWithProviders(<OutboxPage />);

    await waitFor(() => expect(sent.some((call) => call.url.pathname === '/api/mail/outbox')).toBe(true));
    expect(await screen.findByText(messages.list.loadFailed)).toBeTruthy();
  });
});
