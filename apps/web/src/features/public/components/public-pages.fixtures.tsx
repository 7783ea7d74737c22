import type { ReactNode } from 'react';
import { renderWithProviders } from '@/test/render-with-providers';
import type { Sent } from '@/test/stub-api';

/** A call the page sent (a read aside): method, path, the query's parameters, and its JSON body or form. */
export interface SentCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  form?: FormData;
}

/** What the page sent the server through stubApi (@/test/stub-api): every call but a read. */
export function writes(sent: Sent[]): SentCall[] {
  return sent
    .filter((call) => call.method !== 'GET')
    .map((call) => ({
      method: call.method,
      path: call.url.pathname,
      query: Object.fromEntries(call.url.searchParams),
      ...(call.body === undefined ? {} : { body: call.body }),
      ...(call.form ? { form: call.form } : {}),
    }));
}

/** Renders a page at a path, with the routes given (so a navigation can be seen). */
export function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  return renderWithProviders(null, {
    path,
    routes: Object.fromEntries(routes.map((route) => [route.path, route.element])),
  });
}
