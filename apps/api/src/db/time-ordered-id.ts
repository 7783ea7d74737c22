import { randomBytes } from 'node:crypto';

/**
 * UUIDs of version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Rows stored in
 * bulk (transactions) get them so their primary key grows at its end instead of at random places:
 * the index stays in cache at millions of rows. Random bytes are drawn 4 kB at a time.
 */
let pool = Buffer.alloc(0);
let used = 0;

export function timeOrderedId(now = Date.now()): string {
  if (used + 10 > pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  const random = pool.subarray(used, used + 10);
  used += 10;
  const time = now.toString(16).padStart(12, '0');
  const hex = random.toString('hex');
  // Version 7 in the 13th digit; the variant (binary 10) in the top bits of the 17th.
  const variant = ((random[2]! & 0x3f) | 0x80).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hex.slice(1, 4)}-${variant}${hex.slice(6, 8)}-${hex.slice(8, 20)}`;
}
