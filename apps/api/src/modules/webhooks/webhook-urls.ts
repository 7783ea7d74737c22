import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { messages } from '@krowd/domain/messages/messages';

const m = messages.webhook;

/**
 * Which receivers an endpoint may name (docs/decisions/0097): in production only https:// and only
 * public addresses (no loopback, private, link-local or unique-local ones, so an endpoint cannot
 * reach into our own network) unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES is set; in development and
 * test, http:// and 127.0.0.1 too, so a receiver on the developer's machine works.
 */
export interface WebhookUrlPolicy {
  httpsOnly: boolean;
  allowPrivateAddresses: boolean;
}

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6, a v4-mapped v6 read as its v4) is not a public one. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? mappedHex(address);
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (family === 0) return true;
  return privateRanges.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** An IPv4-mapped address as the URL parser writes it ([::ffff:127.0.0.1] is [::ffff:7f00:1]). */
function mappedHex(address: string): string | undefined {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!match) return undefined;
  const [high, low] = [parseInt(match[1]!, 16), parseInt(match[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** The field's message when the policy refuses the address as written, else null. */
export function endpointUrlIssue(value: string, policy: WebhookUrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return m.urlInvalid;
  }
  if (url.protocol !== 'https:' && (policy.httpsOnly || url.protocol !== 'http:')) return m.urlNotHttps;
  if (url.username || url.password) return m.urlCredentials;
  if (policy.allowPrivateAddresses) return null;
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return m.urlPrivate;
  if (isIP(host) && isPrivateAddress(host)) return m.urlPrivate;
  return null;
}

/** A name's addresses now, as dns.lookup answers them (tests inject one of their own). */
export type HostResolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: HostResolver = (host) => lookup(host, { all: true });

/** A refused delivery: the reason is what the delivery log shows. */
export class AddressRefused extends Error {
  override name = 'AddressRefused';
}

/**
 * At delivery (decision 0104): the one address this attempt connects to. The name is resolved here,
 * once, because it may have been pointed inward since it was registered; when the policy refuses
 * private addresses, any private address among its answers refuses the attempt (a name with one
 * inward answer is not to be trusted with the others). The caller connects to the address answered,
 * never resolving the name again, so a second answer cannot differ from the checked one.
 */
export async function resolveDeliveryAddress(
  value: string,
  policy: WebhookUrlPolicy,
  resolve: HostResolver = systemResolver,
): Promise<{ address: string; family: 4 | 6 }> {
  const issue = endpointUrlIssue(value, policy);
  if (issue) throw new AddressRefused(issue);
  const host = hostOf(new URL(value));
  const literal = isIP(host);
  if (literal) return { address: host, family: literal === 4 ? 4 : 6 };
  const addresses = await resolve(host);
  const refused = addresses.find((entry) => isPrivateAddress(entry.address));
  if (refused && !policy.allowPrivateAddresses) {
    throw new AddressRefused(m.addressRefused(host, refused.address));
  }
  const chosen = addresses[0];
  if (!chosen) throw new AddressRefused(m.unreachable(`${host} has no address`));
  return { address: chosen.address, family: isIP(chosen.address) === 6 ? 6 : 4 };
}
