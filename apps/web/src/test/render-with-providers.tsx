import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import {
  createMemoryRouter,
  MemoryRouter,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
} from 'react-router';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { cssVariablesResolver, theme } from '@/app/theme';
import { sessionQueryKey } from '@/lib/session';

/**
 * The query client of a test: no second try, so an error state shows at once (the app's retries
 * are query-retry.ts's, tested there).
 */
export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

/** Shows the current address, so a test can see where a click went: its path, and its query apart. */
function Address() {
  const location = useLocation();
  return (
    <>
      <output data-testid="address">{location.pathname}</output>
      <output data-testid="address-search">{location.search}</output>
    </>
  );
}

export interface RenderOptions {
  /** The address the page opens at (with its query, if any). */
  path?: string;
  /** Route patterns and what each shows; without them `ui` is shown at any address. */
  routes?: Record<string, ReactNode>;
  /** Shows the address (data-testid "address", its query "address-search"), for tests that follow a navigation. */
  showAddress?: boolean;
  queryClient?: QueryClient;
  /**
   * Signed in already, as the app's guard makes sure before a signed-in page shows: the session is
   * in the query cache from the first render (stubApi's `user` answers its later refetches).
   */
  signedInAs?: SessionUser;
  /**
   * The app's kind of router (a data router, as createBrowserRouter is), for screens that need
   * one: a leave guard's useBlocker works only there.
   */
  dataRouter?: boolean;
  /** Renders in React's StrictMode, as main.tsx does, so effects run twice as in development. */
  strict?: boolean;
}

/**
 * The one way a web test renders a screen (docs/style.md "Web tests"): the app's theme, notices,
 * a query client and a router at `path`. The API is stubApi's (stub-api.ts).
 */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const {
    path = '/',
    routes,
    showAddress = false,
    queryClient = createTestQueryClient(),
    signedInAs,
    dataRouter = false,
    strict = false,
  } = options;
  if (signedInAs) queryClient.setQueryData(sessionQueryKey, signedInAs);
  const screens = routes ?? { '*': ui };
  const router = dataRouter ? (
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            element: (
              <>
                <Outlet />
                {showAddress ? <Address /> : null}
              </>
            ),
            children: Object.entries(screens).map(([route, element]) => ({ path: route, element })),
          },
        ],
        { initialEntries: [path] },
      )}
    />
  ) : (
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
  );
  const tree = (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Notifications />
      <QueryClientProvider client={queryClient}>{router}</QueryClientProvider>
    </MantineProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, queryClient };
}
