import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { verifySignatureSnippet } from '@krowd/domain/publisher/integration-examples';
import { dailyColumns, monthlyColumns } from '@krowd/domain/settlement/settlement.rules';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { PublisherIntegrationPage } from './publisher-integration-page.tsx';

const m = messages.publisherIntegration;
const bankAdmin = sessionUserFixture({
  entityType: 'bank',
  role: null,
  brandId: null,
  brandObjId: null,
  brandName: null,
  isBankAdmin: true,
});
const brandAdmin = sessionUserFixture({ role: 'brandAdmin' });

async function renderPage(user: SessionUser) {
  stubApi({}, user);
  renderWithProviders(<PublisherIntegrationPage />);
  // The links that depend on who is signed in appear once the session has answered.
  await screen.findByRole('link', { name: m.webhooksPageLink });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Publisher integration page', () => {
  it('has a section for keys, the offers feed, webhooks, transactions one at a time, test mode, claims and settlement files, each in the contents', async () => {
    await renderPage(bankAdmin);

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      m.keys.title,
      m.feed.title,
      m.events.title,
      m.oneAtATime.title,
      m.testMode.title,
      m.claims.title,
      m.settlement.title,
    ]);
    const contents = within(screen.getByRole('navigation', { name: m.contents }));
    for (const title of headings) {
      const link = contents.getByRole('link', { name: title! });
      expect(document.getElementById(link.getAttribute('href')!.slice(1))?.textContent).toBe(title);
    }
  });

  it("documents both settlement files' headers column by column, as the domain writes them", async () => {
    await renderPage(bankAdmin);

    for (const [caption, columns] of [
      [m.settlement.dailyHeader, dailyColumns],
      [m.settlement.monthlyHeader, monthlyColumns],
    ] as const) {
      const table = within(screen.getByRole('table', { name: caption }));
      const names = table
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
      expect(names).toEqual(columns.map((column) => column.name));
      expect(table.getByText(columns[0]!.meaning)).toBeTruthy();
    }
    expect(screen.getByText(m.settlement.checksum)).toBeTruthy();
    expect(screen.getByText(/\/api\/publisher\/settlement-files\?kind=monthly/)).toBeTruthy();
  });

  it('shows the very signature check the snippet test runs, in a region the keyboard can focus', async () => {
    await renderPage(bankAdmin);

    const region = screen.getByRole('region', { name: m.codeLabel(m.events.snippet) });
    expect(region.textContent).toBe(verifySignatureSnippet);
    expect(region.tabIndex).toBe(0);
    expect(
      screen.getByRole('button', { name: messages.common.copyOf(m.codeLabel(m.events.snippet)) }),
    ).toBeTruthy();
  });

  it("writes the feed's example requests against this deployment's address with the key header", async () => {
    await renderPage(bankAdmin);

    const first = screen.getByRole('region', { name: m.codeLabel(m.feed.firstPage) });
    expect(first.textContent).toContain(`${window.location.origin}/api/publisher/offers?limit=50`);
    expect(first.textContent).toContain('X-Api-Key');
    const next = screen.getByRole('region', { name: m.codeLabel(m.feed.nextPage) });
    expect(next.textContent).toMatch(/cursor=.*updated_since=.*\n.*\n.*If-None-Match/s);
  });

  it('links a bank admin to the API reference, their API keys and their webhooks', async () => {
    await renderPage(bankAdmin);

    expect(screen.getByRole('link', { name: m.apiReference }).getAttribute('href')).toBe('/api/docs');
    expect(screen.getByRole('link', { name: m.keysPageLink }).getAttribute('href')).toBe(
      '/user/settings/apikeys',
    );
    expect(screen.getByRole('link', { name: m.webhooksPageLink }).getAttribute('href')).toBe(
      '/user/settings/webhooks',
    );
  });

  it('offers a brand admin no link to API keys, which only publishers have', async () => {
    await renderPage(brandAdmin);

    expect(screen.queryByRole('link', { name: m.keysPageLink })).toBeNull();
  });
});
