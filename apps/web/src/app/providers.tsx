import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { retryDelay, retryQuery } from '@/lib/query-retry';
import { ServiceUnavailableNotice } from './service-unavailable-notice.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** The per-request CSP nonce the server writes into index.html, for the UI library's style tags. */
function styleNonce(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
}

// Modals lock page scrolling with a style tag of their own (react-remove-scroll); it takes the
// nonce from get-nonce.
setNonce(styleNonce());

const Notices = lazy(async () => ({ default: (await import('./notices.tsx')).Notices }));

/**
 * The notices' container, loaded with the first notice and kept from then on: most visits to
 * /login show none, and it is a fifth of what the login page would load otherwise.
 */
function NoticesOnceShown() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (notifications.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notices />
    </Suspense>
  );
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryQuery, retryDelay, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      forceColorScheme="light"
      getStyleNonce={styleNonce}
    >
      <NoticesOnceShown />
      <ServiceUnavailableNotice />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
