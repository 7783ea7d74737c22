import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageAt, PendingUserArea } from './user-pages.tsx';

function renderPending(path: string) {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <PendingUserArea />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('pageAt', () => {
  it('finds the page of the permission table an address shows, with its tabs below it', () => {
    expect(pageAt('/user/dashboard')).toBe('dashboard');
    expect(pageAt('/user/socialanalytics/trends')).toBe('socialAnalytics');
    expect(pageAt('/user/nowhere')).toBeUndefined();
  });
});

describe('PendingUserArea', () => {
  it('draws the frame and the page heading from the address alone, nothing of the user', () => {
    renderPending('/user/dashboard');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Beta')).toBeTruthy();
    expect(screen.queryByTestId('header-entity')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('draws no heading for a page that writes its own, nor for an address of no page', () => {
    renderPending('/user/campaigns/reports/c1');
    renderPending('/user/nowhere');
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
