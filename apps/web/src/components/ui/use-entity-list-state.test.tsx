import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { sessionEvents } from '@/lib/session-events';
import { useEntityListState } from './use-entity-list-state.ts';

/** Shows what a list would ask the server for, and its address. */
function ListProbe() {
  const state = useEntityListState({ sortFields: ['created'] });
  const location = useLocation();
  return (
    <p data-testid="probe">
      page {state.query.page} limit {state.query.limit} at {location.search}
    </p>
  );
}

function renderAt(address: string) {
  const router = createMemoryRouter([{ path: '/list', element: <ListProbe /> }], {
    initialEntries: [address],
  });
  render(
    <MantineProvider>
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

afterEach(() => {
  act(() => sessionEvents.reset());
});

describe('a list asked for paging it cannot show (spec 3 §8)', () => {
  it('asks for page 1 of 10, corrects the address to it, and says why in a notification', async () => {
    renderAt('/list?limit=999&q=fork');

    expect(screen.getByTestId('probe').textContent).toMatch(/^page 1 limit 10 /);
    expect(await screen.findByText('Rows per page must be one of 10, 25, 50, 100.')).toBeTruthy();
    expect(screen.getByTestId('probe').textContent).toBe('page 1 limit 10 at ?limit=10&q=fork');
  });

  it('keeps paging it can show as it is, without a word', async () => {
    renderAt('/list?page=3&limit=25');

    expect(screen.getByTestId('probe').textContent).toBe('page 3 limit 25 at ?page=3&limit=25');
    expect(screen.queryByText(messages.list.pageInvalid)).toBeNull();
  });

  it('corrects a page that is not one', async () => {
    renderAt('/list?page=-4');

    expect(await screen.findByText(messages.list.pageInvalid)).toBeTruthy();
    expect(screen.getByTestId('probe').textContent).toBe('page 1 limit 10 at ?limit=10');
  });
});
