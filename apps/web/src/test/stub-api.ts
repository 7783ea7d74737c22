import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { vi } from 'vitest';

/** A call the stubbed API received. */
export interface Sent {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = unknown | ((sent: Sent) => unknown);

/**
 * Answers calls by 'METHOD /path' as the API would, keeping what was sent; anything else is a 404.
 * Unless `answers` say otherwise, the session is `user` (signed out when null) and the settings are
 * London's.
 */
export function stubApi(answers: Record<string, Answer>, user: SessionUser | null = null) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = {
        method,
        url,
        body,
        headers: { ...(init.headers as Record<string, string> | undefined) },
      };
      sent.push(call);
      const answer = answers[`${method} ${url.pathname}`];
      if (answer === undefined) {
        if (url.pathname === '/api/auth/session') return Response.json({ respCode: 200, details: user });
        if (url.pathname === '/api/settings') {
          return Response.json({
            respCode: 200,
            settings: { timezone: 'Europe/London', sessionIdleMinutes: 30 },
          });
        }
        return Response.json({ errorMessage: 'Not found.' }, { status: 404 });
      }
      const value = await (typeof answer === 'function' ? (answer as (sent: Sent) => unknown)(call) : answer);
      if (value instanceof Response) return value;
      return Response.json(value);
    }),
  );
  return sent;
}
