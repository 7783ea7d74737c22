import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** An answer's body decoded, once its content-encoding is checked to be `encoding`. */
export function decodedBody(response: LightMyRequestResponse, encoding: 'br' | 'gzip'): string {
  expect(response.headers['content-encoding']).toBe(encoding);
  return (encoding === 'br' ? brotliDecompressSync : gunzipSync)(response.rawPayload).toString();
}

/**
 * Asks twice in brotli and in gzip (the second time a kept answer's encoded bytes are sent again):
 * each answer must decode to `plain`.
 */
export async function expectEachEncodingToRead(
  plain: string,
  asked: (acceptEncoding: string) => Promise<LightMyRequestResponse>,
) {
  for (let request = 0; request < 2; request += 1) {
    expect(decodedBody(await asked('gzip, br'), 'br')).toBe(plain);
    expect(decodedBody(await asked('gzip'), 'gzip')).toBe(plain);
  }
}
