import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { messages } from '@krowd/domain/messages/messages';
import type { Config } from '../config.ts';
import { forbidden } from '../http/errors.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The Content-Security-Policy: one fixed text for every answer, and for index.html the same with
 * that request's style nonce, so the UI library may add its style tags.
 */
export type ContentSecurityPolicy = (styleNonce?: string) => string;

function contentSecurityPolicyOf(behindTls: boolean): ContentSecurityPolicy {
  const directives = (styleNonce?: string): Record<string, string[]> => ({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': styleNonce ? ["'self'", `'nonce-${styleNonce}'`] : ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(behindTls ? { 'upgrade-insecure-requests': [] } : {}),
  });
  const text = (styleNonce?: string) =>
    Object.entries(directives(styleNonce))
      .map(([name, sources]) => [name, ...sources].join(' '))
      .join(';');
  const fixed = text();
  return (styleNonce) => (styleNonce ? text(styleNonce) : fixed);
}

/**
 * Security headers (a strict CSP, frame-ancestors 'none', X-Frame-Options DENY, HSTS behind TLS)
 * and a same-origin check on every state-changing call. The headers are the same on every answer
 * and built once: a nonce per request (helmet's) cost a random draw and the policy's rebuilding on
 * every API call, for a page only index.html is.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<ContentSecurityPolicy> {
  const behindTls = config.publicUrl.startsWith('https://');
  const contentSecurityPolicy = contentSecurityPolicyOf(behindTls);
  const fixedPolicy = contentSecurityPolicy();
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    hsts: behindTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('content-security-policy', fixedPolicy);
    done();
  });

  const ownOrigin = new URL(config.publicUrl).origin;
  // A browser names the page that sent a request; one from another site is refused, which stops
  // cross-site request forgery against the session cookie. Clients that send no Origin (API
  // clients with a bearer token) are not browsers and pass.
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(messages.common.crossSiteRefused);
    const origin = request.headers.origin;
    if (!origin) return;
    const requestOrigin = `${request.protocol}://${request.host}`;
    if (origin !== ownOrigin && origin !== requestOrigin) throw forbidden(messages.common.crossSiteRefused);
  });
  return contentSecurityPolicy;
}
