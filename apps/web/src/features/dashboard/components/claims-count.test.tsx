import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { paths } from '@/config/paths';
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
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <ClaimsCount />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );

    const link = await screen.findByRole('link', { name: messages.claim.dashboardOpen(3) });
    expect(link.getAttribute('href')).toBe(paths.page('claims'));
    const asked = sent.find((call) => call.url.pathname === '/api/claims')!.url.searchParams;
    expect([asked.get('queue'), asked.get('limit')]).toEqual(['true', '1']);
  });
});
