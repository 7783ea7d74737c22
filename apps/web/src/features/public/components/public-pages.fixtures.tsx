import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';

/** A call the page made: method, path, and its JSON body or its multipart form. */
export interface SentCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  body?: unknown;
  form?: FormData;
}

/** Stubs fetch: each call is recorded and answered by `answer` (JSON, with the status given). */
export function stubApi(answer: (call: SentCall) => { status?: number; body: unknown }) {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit = {}) => {
      const call: SentCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        ...(typeof init.body === 'string' ? { body: JSON.parse(init.body) } : {}),
        ...(init.body instanceof FormData ? { form: init.body } : {}),
      };
      sent.push(call);
      const { status = 200, body } = answer(call);
      return Response.json(body, { status });
    }),
  );
  return sent;
}

/** Renders a page at a path, with the routes given (so a navigation can be seen). */
export function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  return renderWithProviders(null, {
    path,
    routes: Object.fromEntries(routes.map((route) => [route.path, route.element])),
  });
}
