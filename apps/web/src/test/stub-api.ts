import { rewriteProfileUpdateUrl } from '@krowd/domain/user/profile-url.rules';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { vi } from 'vitest';
import { z } from 'zod';
import contract from './api-contract.generated.json';

/** A call the stubbed API received. */
export interface Sent {
  method: string;
  url: URL;
  body: unknown;
  /** A multipart form (file uploads), as the page sent it. */
  form?: FormData;
  /** A file sent as the whole body (its bytes untouched), as the page sent it. */
  file?: Blob;
  headers: Record<string, string>;
}

type Answer = unknown | ((sent: Sent) => unknown);

/** What the stubbed API answers, by 'METHOD /path': a JSON body, a Response, or a function of the call. */
export type Answers = Record<string, Answer>;

/**
 * Each route's answers by status, as JSON Schema from the served contract (`npm run
 * contract:client` writes the file from the domain's zod response schemas).
 */
const routes = contract as unknown as Record<string, Record<string, z.core.JSONSchema.JSONSchema>>;

/** 'GET /api/claims/{id}' as a pattern matching 'GET /api/claims/a0a0…'. */
const patterns = Object.keys(routes).map((route) => ({
  route,
  pattern: new RegExp(`^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}));

const compiled = new Map<string, z.ZodType>();

function schemaOf(route: string, status: string): z.ZodType | undefined {
  const key = `${route} ${status}`;
  if (!compiled.has(key)) {
    const json = routes[route]?.[status];
    if (json !== undefined) compiled.set(key, z.fromJSONSchema(json));
  }
  return compiled.get(key);
}

/** Fixtures that did not match the contract in the running test; setup.ts fails the test on them. */
const drifts: string[] = [];

export function takeContractDrifts(): string[] {
  return drifts.splice(0, drifts.length);
}

/**
 * Holds a fixture to the route's declared answer for its status: a fixture the server could not
 * send (a field renamed, a status the route never answers) is a drift, named with the route and
 * zod's issues, so a test cannot pass against an API that does not exist.
 */
async function checkAgainstContract(call: string, response: Response): Promise<void> {
  const match = patterns.find(({ pattern }) => pattern.test(call));
  if (!match) {
    drifts.push(`${call}: the API has no such route (api-contract.generated.json)`);
    return;
  }
  const status = String(response.status);
  if (!(status in (routes[match.route] ?? {}))) {
    drifts.push(`${match.route}: the route declares no ${status} answer`);
    return;
  }
  if (!response.headers.get('content-type')?.includes('application/json')) return;
  const schema = schemaOf(match.route, status);
  if (!schema) return;
  const result = schema.safeParse(await response.clone().json());
  if (!result.success) {
    drifts.push(
      `${match.route} ${status}: the fixture is not the route's answer\n${z.prettifyError(result.error)}`,
    );
  }
}

/**
 * Answers calls by 'METHOD /path' as the API would, keeping what was sent; anything else is a 404.
 * Unless `answers` say otherwise, the session is `user` (signed out when null) and the settings are
 * London's. Every answer is checked against the route's response schema for its status.
 */
export function stubApi(answers: Answers, user: SessionUser | null = null) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? safeJson(init.body) : undefined;
      const call: Sent = {
        method,
        url,
        body,
        ...(init.body instanceof FormData ? { form: init.body } : {}),
        ...(init.body instanceof Blob ? { file: init.body } : {}),
        headers: { ...(init.headers as Record<string, string> | undefined) },
      };
      sent.push(call);
      const response = await answerFor(answers, call, user);
      await checkAgainstContract(`${method} ${servedPath(method, url)}`, response);
      return response;
    }),
  );
  return sent;
}

/**
 * The path of the route that answers a call: the page's own, unless the API rewrites it first
 * (app.ts's rewriteUrl sends `PUT users/{id}?type=profile` to `PUT users/{id}/profile`), so a
 * fixture is held to the answer of the route the server really runs.
 */
function servedPath(method: string, url: URL): string {
  return new URL(rewriteProfileUpdateUrl(method, `${url.pathname}${url.search}`), url).pathname;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function answerFor(answers: Answers, call: Sent, user: SessionUser | null) {
  const answer = answers[`${call.method} ${call.url.pathname}`];
  if (answer === undefined) {
    if (call.url.pathname === '/api/auth/session') return Response.json({ respCode: 200, details: user });
    if (call.url.pathname === '/api/settings') {
      return Response.json({
        respCode: 200,
        settings: {
          languages: ['en'],
          campaignOverviewDelay: 1,
          autoDebit: 'false',
          midSilentDays: 14,
          timezone: 'Europe/London',
          sessionIdleMinutes: 30,
        },
      });
    }
    return Response.json({ code: 'not_found', errorMessage: 'Not found.' }, { status: 404 });
  }
  const value = await (typeof answer === 'function' ? (answer as (sent: Sent) => unknown)(call) : answer);
  if (value instanceof Response) return value;
  return Response.json(value);
}

/** A success answered with another status than 200 (201 Created, 205, 206), each call afresh. */
export function withStatus(status: number, body: unknown) {
  return () => Response.json(body, { status });
}

/**
 * An error answer as the API sends one (its body is ErrorBody): the code its status stands for
 * unless `code` says otherwise, and the fields it names, if any.
 */
export function refusal(
  status: number,
  errorMessage: string,
  { code = codeFor(status), fieldErrors }: { code?: string; fieldErrors?: Record<string, string> } = {},
) {
  return Response.json({ code, errorMessage, ...(fieldErrors ? { fieldErrors } : {}) }, { status });
}

function codeFor(status: number): string {
  const codes: Record<number, string> = {
    400: 'validation_failed',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    429: 'rate_limited',
    503: 'service_unavailable',
  };
  return codes[status] ?? 'internal_error';
}
