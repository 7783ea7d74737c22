import './app/initial-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { preloadSignedInArea, router } from './app/router.tsx';
import { installCatalogueErrors } from '@krowd/domain/validation/catalogue-errors';
import { afterFirstContentfulPaint } from './lib/after-next-paint.ts';
import { ClickjackingWarning } from './features/shell/components/clickjacking-warning.tsx';

installCatalogueErrors();
const root = createRoot(document.getElementById('root')!);
// Framed by another page: show the clickjacking warning instead of the app (spec 3 §2.8). The
// server's frame-ancestors 'none' already stops browsers from framing us; this is the fallback.
const framed = window.self !== window.top;
const queryClient = createQueryClient();

root.render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      {framed ? <ClickjackingWarning /> : <RouterProvider router={router} />}
    </AppProviders>
  </StrictMode>,
);
// The signed-in area's chunks and answers are asked for once the frame drawn from the address alone
// has painted: on a slow phone they would otherwise share the line with what that paint needs.
afterFirstContentfulPaint(() => preloadSignedInArea(window.location, queryClient));
