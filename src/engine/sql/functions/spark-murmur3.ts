/**
 * The 32-bit Murmur3 variant behind Spark's `hash()`: standard block mixing, but trailing
 * bytes are mixed one (sign-extended) byte at a time as whole blocks, and ints and longs are
 * hashed as 4 and 8 little-endian bytes. All results are signed 32-bit integers.
 */
const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

const rotl32 = (x: number, r: number): number => (x << r) | (x >>> (32 - r));

function mixK1(k: number): number {
  return Math.imul(rotl32(Math.imul(k, C1), 15), C2);
}

function mixH1(h: number, k: number): number {
  return (Math.imul(rotl32(h ^ k, 13), 5) + 0xe6546b64) | 0;
}

function fmix(h: number, length: number): number {
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export function murmur3Int(value: number, seed: number): number {
  return fmix(mixH1(seed, mixK1(value | 0)), 4);
}

export function murmur3Long(value: bigint, seed: number): number {
  const v = BigInt.asUintN(64, value);
  const low = Number(v & 0xffffffffn) | 0;
  const high = Number(v >> 32n) | 0;
  return fmix(mixH1(mixH1(seed, mixK1(low)), mixK1(high)), 8);
}

export function murmur3Bytes(bytes: Uint8Array, seed: number): number {
  const aligned = bytes.length - (bytes.length % 4);
  let h = seed | 0;
  for (let i = 0; i < aligned; i += 4) {
    const k = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    h = mixH1(h, mixK1(k));
  }
  for (let i = aligned; i < bytes.length; i++) {
    h = mixH1(h, mixK1((bytes[i]! << 24) >> 24));
  }
  return fmix(h, bytes.length);
}
