import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Capability } from '@krowd/domain/access/access.rules';
import { signedInHintCookieName } from '@krowd/domain/auth/signed-in-hint';
import { messages } from '@krowd/domain/messages/messages';
import type { Config } from '../config.ts';
import type { AuthContext } from '../http/caller.ts';
import { forbidden, tooManyRequests, unauthorized } from '../http/errors.ts';
import type { RateLimiter } from '../http/rate-limiter.ts';

/**
 * What a route lets through: 'public' (anyone), 'optional' (anyone; the caller is known when
 * signed in), or a capability of the permission table (signed in, and the caller's audience
 * holds it). Every /api route must say which, or the server refuses to start.
 */
export type RouteAccess = 'public' | 'optional' | Capability;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
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
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

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
  },
) {
  const { config, auth, limiter, multiFactor } = deps;
  await app.register(cookie);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || documentationRoutes.test(route.url)) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
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
      if (token) request.auth = await auth.resolveSession(token).catch(() => null);
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
      throw forbidden(messages.multiFactor.setupRequired);
    }
  });
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

/** The caller of a route that declared a capability (the access hook has already checked it). */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
