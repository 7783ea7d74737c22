import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { cssVariablesResolver, theme } from '@/app/theme';

/**
 * The query client of a test: no second try, so an error state shows at once (the app's retries
 * are query-retry.ts's, tested there).
 */
export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

/** Shows the current address, so a test can see where a click went. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname}</output>;
}

export interface RenderOptions {
  /** The address the page opens at. */
  path?: string;
  /** Route patterns and what each shows; without them `ui` is shown at any address. */
  routes?: Record<string, ReactNode>;
  /** Shows the address (data-testid "address"), for tests that follow a navigation. */
  showAddress?: boolean;
  queryClient?: QueryClient;
}

/**
 * The one way a web test renders a screen (docs/style.md "Web tests"): the app's theme, notices,
 * a query client and a router at `path`. The API is stubApi's (stub-api.ts).
 */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const { path = '/', routes, showAddress = false, queryClient = createTestQueryClient() } = options;
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          {routes ? (
            <Routes>
              {Object.entries(routes).map(([route, element]) => (
                <Route key={route} path={route} element={element} />
              ))}
            </Routes>
          ) : (
            ui
          )}
          {showAddress ? <Address /> : null}
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}
