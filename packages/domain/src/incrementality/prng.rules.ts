/**
 * A seeded pseudo-random generator for the lift's bootstrap and the synthetic data sets
 * (docs/decisions/0125): the same seed gives the same draws on every machine and in every
 * browser, so a lift result can be recomputed to the penny. `Math.random` cannot be seeded.
 *
 * The generator is Blackman and Vigna's xoshiro128** (32-bit words, period 2^128 − 1), its four
 * words of state filled from the seed by a Weyl sequence (step 0x9E3779B9) passed through
 * MurmurHash3's 32-bit finaliser, so nearby seeds start far apart and the state is never all zero.
 */

export interface Random {
  /** The next 32-bit unsigned integer. */
  nextUint32(): number;
  /** A float in [0, 1), from the 32 bits (a step of 2^−32). */
  nextFloat(): number;
  /** An integer in [0, n), by multiply-and-shift (bias below n / 2^32, none that matters here). */
  nextIndex(n: number): number;
}

function rotateLeft(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** xoshiro128** from its four words of state, as the reference C implementation steps it. */
export function xoshiro128StarStar(state: readonly [number, number, number, number]): Random {
  // The state lives in a typed array: words above 2^31 kept in plain variables would be boxed
  // as heap numbers on every step, making the bootstrap's millions of draws slow.
  const s = Uint32Array.from(state);
  if ((s[0]! | s[1]! | s[2]! | s[3]!) === 0) {
    throw new RangeError('xoshiro128**: the state must not be all zero');
  }
  const nextUint32 = (): number => {
    const s1 = s[1]!;
    const result = Math.imul(rotateLeft(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s[2]! ^= s[0]!;
    s[3]! ^= s1;
    s[1]! ^= s[2]!;
    s[0]! ^= s[3]!;
    s[2]! ^= t;
    s[3] = rotateLeft(s[3]!, 11);
    return result;
  };
  return {
    nextUint32,
    nextFloat: () => nextUint32() / 4294967296,
    nextIndex: (n) => Math.floor((nextUint32() * n) / 4294967296),
  };
}

/** MurmurHash3's fmix32: every input bit reaches every output bit. */
function finalise32(word: number): number {
  let z = word >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A generator for a seed (any integer; only its low 32 bits count). */
export function seededRandom(seed: number): Random {
  if (!Number.isInteger(seed)) throw new RangeError(`seededRandom: the seed must be an integer, got ${seed}`);
  let weyl = seed >>> 0;
  const words: number[] = [];
  for (let at = 0; at < 4; at += 1) {
    weyl = (weyl + 0x9e3779b9) >>> 0;
    words.push(finalise32(weyl));
  }
  if (!words.some((word) => word !== 0)) words[0] = 1;
  return xoshiro128StarStar(words as [number, number, number, number]);
}

/** A standard normal draw by the Box–Muller transform (1 − u keeps the logarithm finite). */
export function nextNormal(random: Random): number {
  const u = 1 - random.nextFloat();
  const v = random.nextFloat();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
