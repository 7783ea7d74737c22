/**
 * Hostile inputs for the fuzz test and the upload corpus: what a careless client or an attacker
 * sends. Kept as data, so a new kind of input is one line.
 */

export type Random = () => number;

/** A generator seeded from a text (mulberry32 over a string hash): the same name, the same inputs. */
export function seededRandom(seed: string): Random {
  let state = 0;
  for (let index = 0; index < seed.length; index += 1)
    state = Math.imul(state ^ seed.charCodeAt(index), 2654435761);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const randomFrom = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

export const hostileStrings: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(100),
  '\uD800',
  'x\uDFFFy',
  '\uFFFF\uFFFE',
  '\u202Egnp.exe',
  '\u0085\u2028\u2029',
  'a\r\nSet-Cookie: injected=1',
  '%00',
  '%',
  '%%32%65',
  "'",
  '"',
  '\\',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  "'); SELECT pg_sleep(10); --",
  '$1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  '=HYPERLINK("http://evil.test")',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'A'.repeat(10_000),
  '💥'.repeat(3_000),
  ' '.repeat(2_000),
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '9'.repeat(400),
  '0x1F',
  '1.5',
  '2025-02-30',
  '2025-13-01',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  '2025-06-01T25:61:61+99:99',
  '01/06/2025',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '7f1c2a9e-3b4d-4c5e-8f60-718293a4b5c6\u0000',
  'all',
  'ALL',
  '*',
  'user@',
  'a@b',
  '@'.repeat(300),
  `${'a'.repeat(250)}@example.test`,
];

export const hostileValues: readonly unknown[] = [
  ...hostileStrings,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0001,
  1e308,
  -1e308,
  2 ** 53 + 1,
  -(2 ** 31) - 1,
  2 ** 63,
  [],
  [null],
  ['\u0000'],
  Array.from({ length: 1_000 }, () => 'x'),
  {},
  { $gt: '' },
  { $where: 'sleep(1000)' },
  [[[[[]]]]],
  { a: { b: { c: { d: {} } } } },
];

/** Texts that are not the JSON they claim to be, or JSON of surprising values. */
export const malformedJsonTexts: readonly string[] = [
  '',
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":1e400}',
  '{"a":-1e400}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  'null',
  'NaN',
  '[]',
  '"\\u0000"',
  '{"a":' + '['.repeat(5_000) + ']'.repeat(5_000) + '}',
  '\u0000',
  'true',
  '0',
  '{"limit":-1,"page":0}',
  '{"limit":1e9,"page":1e9}',
  '{"criteria":[{"key":"__proto__","value":"x"}]}',
  '{"sortfield":"password_hash; --","direction":"sideways"}',
  '{"globalSearch":"%_\\\\"}',
  '{"$gt":"2025-01-01","$lt":"x"}',
];
