import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Capability } from '@krowd/domain/access/access.rules';
import { signedInHintCookieName } from '@krowd/domain/auth/signed-in-hint';
import { messages } from '@krowd/domain/messages/messages';
import type { Config } from '../config.ts';
import type { AuthContext, RequestOrigin } from '../http/caller.ts';
import { forbidden, HttpError, tooManyRequests, unauthorized } from '../http/errors.ts';
import type { RateLimiter } from '../http/rate-limiter.ts';
import type { PublisherKeyMode } from '@krowd/domain/publisher/publisher-key.rules';
import type { PublisherCaller, PublisherKeyAuthenticator } from '../http/publisher-caller.ts';

/**
 * What a route lets through: 'public' (anyone), 'optional' (anyone; the caller is known when
 * signed in), or a capability of the permission table (signed in, and the caller's audience
 * holds it). Every /api route must say which, or the server refuses to start.
 */
export type RouteAccess = 'public' | 'optional' | Capability;

/**
 * A credential a route checks in its own hook, where `access` alone does not say what the caller
 * sends: the session (cookie or bearer token), a publisher's key in X-Api-Key, an insights pass in
 * X-Insights-Pass. The OpenAPI document's security of each operation follows from these and
 * `access` (plugins/openapi-security.ts), so the two cannot drift apart.
 */
export type RouteCredential = 'session' | 'publisherKey' | 'insightsPass';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The credentials the route's own hook takes, any one of them (see RouteCredential). */
    credentials?: RouteCredential[];
    /** Counts the call against the per-IP limit on sign-in and account routes. */
    authRateLimit?: boolean;
    /**
     * The body is a file of rows the route checks one by one, reporting each bad row by its line
     * (a NUL character included), instead of refusing the whole request.
     */
    rowsCheckedByRoute?: boolean;
    /**
     * A system admin who has not set up two-step sign-in yet may call the route (their session,
     * logout); 'mfa.manage' routes always may. Every other route refuses them until they have.
     */
    duringMfaSetup?: boolean;
    /**
     * A publisher-facing operation: the caller is a publisher's system with an API key of one of
     * these modes in X-Api-Key (decision 0089), checked before the body is read. Such a route is
     * 'public' to the session check: a key authenticates these operations only, a session none.
     */
    publisherKey?: readonly PublisherKeyMode[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /**
     * Who holds the API key the route's own hook accepted (e.g. `publisher:<id>`), for what is
     * kept per caller (plugins/idempotency.ts); null for a session or no credential.
     */
    keyHolder: string | null;
    /** The publisher and key of a publisher-facing call (routes with `publisherKey`). */
    publisher: PublisherCaller | null;
  }
}

/** Where requests and answers carry credentials: the log writes [Redacted] there. */
export const credentialLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

export const sessionCookieName = 'krowd_session';
/**
 * Over HTTPS the cookie carries the __Host- prefix: the browser then takes it only when Secure,
 * for path / and with no Domain, so a sibling subdomain cannot plant or shadow it (ASVS 3.4.4).
 */
export const secureSessionCookieName = '__Host-krowd_session';

export function sessionCookieNameOf(config: Pick<Config, 'session'>): string {
  return config.session.cookieSecure ? secureSessionCookieName : sessionCookieName;
}

/** Routes added by the OpenAPI plugins: documentation, public by nature. */
const documentationRoutes = /^\/api\/docs(\/|$)/;

export async function registerAccess(
  app: FastifyInstance,
  deps: {
    config: Config;
    auth: { resolveSession(token: string): Promise<AuthContext> };
    limiter: Pick<RateLimiter, 'hit'>;
    multiFactor: { setupPending(auth: AuthContext): Promise<boolean> };
    publisherKeys: PublisherKeyAuthenticator;
  },
) {
  const { config, auth, limiter, multiFactor, publisherKeys } = deps;
  await app.register(cookie);
  app.decorateRequest('auth', null);
  app.decorateRequest('keyHolder', null);
  app.decorateRequest('publisher', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || documentationRoutes.test(route.url)) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    if (route.config.publisherKey && route.config.access !== 'public') {
      throw new Error(
        `Route ${route.method} ${route.url} takes a publisher key: its session access is 'public'`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    const modes = request.routeOptions.config.publisherKey;
    if (!modes) return;
    request.publisher = await publisherKeys.authenticate(request, modes);
    // Kept answers (Idempotency-Key) are the publisher's own, apart in test and live mode.
    if (request.publisher) {
      request.keyHolder = `publisher:${request.publisher.publisherId}:${request.publisher.mode}`;
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.authRateLimit) return;
    const { perIp, windowMs } = config.rateLimit;
    const result = await limiter.hit(`ip:${request.ip}`, perIp, windowMs);
    if (!result.allowed) throw tooManyRequests(undefined, result.retryAfterSeconds);
  });

  // An API answer is the caller's own data unless its route says otherwise (a content-addressed
  // image may be cached): no browser or proxy keeps it (ASVS 8.2.1).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Before validation: a caller who may not use a route learns nothing from its input rules.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = sessionTokenOf(request, config);
    const { duringMfaSetup } = request.routeOptions.config;
    if (access === 'optional') {
      // An ended session is a stranger here; a database that cannot say is a 503, never "signed out".
      if (token) request.auth = await auth.resolveSession(token).catch(strangerOnRefusal);
      // Until the set-up, such a session counts for nothing beyond it: the route sees a stranger.
      if (request.auth && !duringMfaSetup && (await multiFactor.setupPending(request.auth))) {
        request.auth = null;
      }
      return;
    }
    if (!token) throw unauthorized(messages.common.loginRequired);
    request.auth = await auth.resolveSession(token);
    if (!can(request.auth.audience, access)) throw forbidden();
    if (access !== 'mfa.manage' && !duringMfaSetup && (await multiFactor.setupPending(request.auth))) {
      throw forbidden(messages.multiFactor.setupRequired, 'mfa_setup_required');
    }
  });
}

/** A session refused (ended, unknown) counts as no session; any other failure is the request's. */
function strangerOnRefusal(error: unknown): null {
  if (error instanceof HttpError) return null;
  throw error;
}

/** A bearer token (API clients) or the session cookie (the browser). */
export function sessionTokenOf(request: FastifyRequest, config: Pick<Config, 'session'>): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return request.cookies[sessionCookieNameOf(config)] || undefined;
}

/** Where the session cookie and the signed-in hint apply: the whole site, first-party only. */
const cookieScope = (config: Config) =>
  ({ sameSite: 'lax', secure: config.session.cookieSecure, path: '/' }) as const;

/** Sets the session cookie, and beside it the signed-in hint the page's script reads. */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  const options = { ...cookieScope(config), maxAge: Math.floor(config.session.absoluteMs / 1000) };
  reply.setCookie(sessionCookieNameOf(config), token, { ...options, httpOnly: true });
  reply.setCookie(signedInHintCookieName, '1', { ...options, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(sessionCookieNameOf(config), { ...cookieScope(config), httpOnly: true });
  clearSignedInHint(reply, config);
}

/** Clears the signed-in hint alone: the browser asked who is signed in and nobody is. */
export function clearSignedInHint(reply: FastifyReply, config: Config) {
  reply.clearCookie(signedInHintCookieName, cookieScope(config));
}

export function hasSignedInHint(request: FastifyRequest): boolean {
  return request.cookies[signedInHintCookieName] !== undefined;
}

/** The publisher of a route that takes a publisher key (the key hook has already checked it). */
export function publisherOf(request: FastifyRequest): PublisherCaller {
  if (!request.publisher) throw unauthorized(messages.publisherKey.invalid, 'api_key_invalid');
  return request.publisher;
}

/**
 * The caller of a route that declared a capability (the access hook has already checked it), with
 * where this request came from, which the services hand the audit log (decision 0113). A copy: the
 * session itself is shared between requests by the session cache.
 */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return { ...request.auth, origin: originOf(request) };
}

/** The longest user agent the audit log keeps: enough for any real browser's. */
const userAgentLimit = 512;

export function originOf(request: FastifyRequest): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: userAgent ? userAgent.slice(0, userAgentLimit) : null };
}
