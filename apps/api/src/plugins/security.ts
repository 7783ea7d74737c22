import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { messages } from '@krowd/domain/messages/messages';
import type { Config } from '../config.ts';
import { forbidden } from '../http/errors.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers (a strict CSP with per-request style nonces, frame-ancestors 'none',
 * X-Frame-Options DENY, HSTS behind TLS) and a same-origin check on every state-changing call.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const behindTls = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    global: true,
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(behindTls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    hsts: behindTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
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
}
