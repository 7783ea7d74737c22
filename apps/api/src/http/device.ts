import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import type { DeviceDetails } from '../modules/auth/auth.repository.ts';

/** Device info (spec 1 §3) read by the server from the request: no public IP-lookup service. */
export function deviceOf(request: FastifyRequest): DeviceDetails {
  const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
  const parsed = userAgent ? Bowser.parse(userAgent) : undefined;
  return {
    ipAddress: request.ip ?? null,
    userAgent,
    browserName: parsed?.browser.name ?? null,
    osName: parsed?.os.name ?? null,
    osVersion: parsed?.os.version ?? null,
    deviceType: parsed?.platform.type ?? null,
  };
}
