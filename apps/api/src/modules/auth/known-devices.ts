import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * Devices an account signed in on before (docs/decisions.md 'Sign-in lockout and password strength',
 * after OWASP's device cookies): a successful sign-in sets an HttpOnly cookie holding a random
 * token; the account's later password checks from that browser are counted on the device's own
 * delays, so guesses from anywhere else cannot pause its owner there. The token is random and kept
 * as its SHA-256 (migration 0032), so it needs no signing key, and it grants nothing by itself: the
 * password is still checked.
 */
export const knownDeviceLifetimeMs = 180 * 86_400_000;
/** Devices kept an account: the newest sign-ins'. */
export const knownDevicesPerAccount = 20;

const knownDeviceCookie = 'krowd_device';
/** Over HTTPS the __Host- prefix: a sibling subdomain cannot plant a token of its choosing. */
const secureKnownDeviceCookie = '__Host-krowd_device';

const cookieNameOf = (config: Pick<Config, 'session'>) =>
  config.session.cookieSecure ? secureKnownDeviceCookie : knownDeviceCookie;

/** Where a password check comes from: the address, and the browser's device token if it has one. */
export interface CheckPlace {
  ip: string | null;
  deviceToken?: string;
}

/** A random token as newToken() makes it (32 bytes, base64url); anything else is no token of ours. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export function checkPlaceOf(request: FastifyRequest, config: Pick<Config, 'session'>): CheckPlace {
  const token = request.cookies[cookieNameOf(config)];
  return { ip: request.ip ?? null, ...(token && tokenShape.test(token) ? { deviceToken: token } : {}) };
}

/** Sets (or renews) the device cookie after a sign-in; only the server reads it. */
export function setKnownDeviceCookie(reply: FastifyReply, config: Pick<Config, 'session'>, token: string) {
  reply.setCookie(cookieNameOf(config), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.session.cookieSecure,
    path: '/',
    maxAge: Math.floor(knownDeviceLifetimeMs / 1000),
  });
}
