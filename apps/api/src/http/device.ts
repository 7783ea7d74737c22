import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';

/** The device a request came from, stored with the session it starts. */
export interface DeviceDetails {
  ipAddress: string | null;
  userAgent: string | null;
  browserName: string | null;
  osName: string | null;
  osVersion: string | null;
  deviceType: string | null;
}

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
