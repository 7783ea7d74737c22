import { randomBytes } from 'node:crypto';

/**
 * UUIDs of version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Rows stored in
 * bulk (transactions) get them so their primary key grows at its end instead of at random places:
 * the index stays in cache at millions of rows. Random bytes are drawn 4 kB at a time, and the text
 * is written as bytes into one reusable buffer (an upload makes one an instant).
 */
let pool = Buffer.alloc(0);
let used = 0;

const hexCodes = Buffer.from('0123456789abcdef', 'latin1');
const text = Buffer.from('00000000-0000-7000-8000-000000000000', 'latin1');
/** Where each of the 16 bytes goes in the text (after the hyphens). */
const byteAt = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

function put(index: number, byte: number) {
  const at = byteAt[index]!;
  text[at] = hexCodes[byte >> 4]!;
  text[at + 1] = hexCodes[byte & 15]!;
}

export function timeOrderedId(now = Date.now()): string {
  if (used + 10 > pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  const high = Math.floor(now / 2 ** 32);
  const low = now - high * 2 ** 32;
  put(0, (high >> 8) & 0xff);
  put(1, high & 0xff);
  put(2, low >>> 24);
  put(3, (low >>> 16) & 0xff);
  put(4, (low >>> 8) & 0xff);
  put(5, low & 0xff);
  // Version 7 in the 13th digit; the variant (binary 10) in the top bits of the 17th.
  put(6, 0x70 | (pool[used]! & 0x0f));
  put(7, pool[used + 1]!);
  put(8, 0x80 | (pool[used + 2]! & 0x3f));
  for (let index = 9; index < 16; index += 1) put(index, pool[used + index - 6]!);
  used += 10;
  return text.toString('latin1');
}
