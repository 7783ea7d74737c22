import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { paths } from '@/config/paths';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { ClaimsCount } from './claims-count.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the dashboard's claims count", () => {
  it('counts the claims still waiting, asking the queue for one row, and links to the claims page', async () => {
    const sent = stubApi({
      'GET /api/claims': {
        respCode: 200,
        data: [],
        pagination: { page: 1, limit: 1, total: 3, totalPages: 3 },
      },
    });
    renderWithProviders(<ClaimsCount />);

    const link = await screen.findByRole('link', { name: messages.claim.dashboardOpen(3) });
    expect(link.getAttribute('href')).toBe(paths.page('claims'));
    const asked = sent.find((call) => call.url.pathname === '/api/claims')!.url.searchParams;
    expect([asked.get('queue'), asked.get('limit')]).toEqual(['true', '1']);
  });
});
