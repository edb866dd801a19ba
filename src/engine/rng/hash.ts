/**
 * 32-bit hashing primitives for the counter-based generator. Everything is integer arithmetic
 * on 32-bit lanes (Math.imul), so results are identical on every machine and in every worker.
 */

/** murmur3's 32-bit finaliser: a bijection on uint32 with full avalanche. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hashes a string (UTF-16 code units) with a seed; stable across runs and platforms. */
export function hashString(s: string, seed = 0): number {
  let h = mix32(seed ^ 0x9e3779b9);
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    h = (h << 13) | (h >>> 19);
  }
  return mix32(h ^ s.length);
}

/** Combines two 32-bit keys into one (order matters). */
export function combine(a: number, b: number): number {
  return mix32((a ^ mix32(b + 0x6d2b79f5)) >>> 0);
}

const TWO_32 = 4294967296;

/** The per-row base of a stream: a pure function of (stream key, row index up to 2^53). */
export function rowBase(key: number, row: number): number {
  const lo = row >>> 0;
  const hi = row >= TWO_32 ? Math.floor(row / TWO_32) : 0;
  return mix32(mix32((key ^ lo) >>> 0) ^ Math.imul(hi + 1, 0x9e3779b1));
}

/** The k-th uint32 draw of a row whose base is `base`. */
export function draw32(base: number, k: number): number {
  return mix32((base + Math.imul(k + 1, 0x9e3779b9)) >>> 0);
}

/** A double in [0, 1) with 53 random bits from draws k and k+1. */
export function drawFloat(base: number, k: number): number {
  const a = draw32(base, k) >>> 5; // 27 bits
  const b = draw32(base, k + 1) >>> 6; // 26 bits
  return (a * 67108864 + b) / 9007199254740992;
}
