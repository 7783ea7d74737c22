import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/**
 * POSTs `body` to `url`, connected to `address` — the one the delivery checked — whatever the name
 * resolves to now (decision 0104): the name still goes in the Host header and, over https, in the
 * TLS server name, so the receiver's certificate is checked against it. Redirects are not followed.
 * Answers the status once the answer's head came (its body is not read); rejects with an
 * AbortError when nothing came within `timeoutMs`.
 */
export function postTo(
  url: string,
  address: { address: string; family: 4 | 6 },
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<number> {
  const target = new URL(url);
  // Node asks this for the name instead of DNS: always the checked address.
  const lookup: LookupFunction = (_host, options, answer) => {
    if (options.all) answer(null, [address]);
    else answer(null, address.address, address.family);
  };
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        // A connection of its own: a pooled one may lead to the address an earlier attempt checked.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
