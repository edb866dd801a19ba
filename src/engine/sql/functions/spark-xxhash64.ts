/**
 * XXH64 as Spark's `xxhash64()` applies it: ints hashed as 4 bytes, longs as 8, everything
 * else over its bytes, little-endian. BigInt arithmetic wrapped to 64 bits; results signed.
 */
const P1 = 0x9e3779b185ebca87n;
const P2 = 0xc2b2ae3d27d4eb4fn;
const P3 = 0x165667b19e3779f9n;
const P4 = 0x85ebca77c2b2ae63n;
const P5 = 0x27d4eb2f165667c5n;
const M = 0xffffffffffffffffn;

const rotl = (x: bigint, r: bigint): bigint => ((x << r) | (x >> (64n - r))) & M;
const mul = (a: bigint, b: bigint): bigint => (a * b) & M;
const add = (a: bigint, b: bigint): bigint => (a + b) & M;

function fmix(h: bigint): bigint {
  h ^= h >> 33n;
  h = mul(h, P2);
  h ^= h >> 29n;
  h = mul(h, P3);
  h ^= h >> 32n;
  return BigInt.asIntN(64, h);
}

const u64 = (seed: bigint): bigint => BigInt.asUintN(64, seed);

export function xxhash64Int(value: number, seed: bigint): bigint {
  let h = add(u64(seed), P5 + 4n);
  h ^= mul(BigInt(value >>> 0), P1);
  h = add(mul(rotl(h, 23n), P2), P3);
  return fmix(h);
}

function round(acc: bigint, input: bigint): bigint {
  return mul(rotl(add(acc, mul(input, P2)), 31n), P1);
}

export function xxhash64Long(value: bigint, seed: bigint): bigint {
  let h = add(u64(seed), P5 + 8n);
  h ^= round(0n, u64(value));
  h = add(mul(rotl(h, 27n), P1), P4);
  return fmix(h);
}

function readU64(b: Uint8Array, i: number): bigint {
  const lo = (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
  const hi = (b[i + 4]! | (b[i + 5]! << 8) | (b[i + 6]! << 16) | (b[i + 7]! << 24)) >>> 0;
  return (BigInt(hi) << 32n) | BigInt(lo);
}

export function xxhash64Bytes(b: Uint8Array, seed: bigint): bigint {
  const s = u64(seed);
  const len = b.length;
  let i = 0;
  let h: bigint;
  if (len >= 32) {
    let v1 = add(add(s, P1), P2);
    let v2 = add(s, P2);
    let v3 = s;
    let v4 = (s - P1) & M;
    for (; i <= len - 32; i += 32) {
      v1 = round(v1, readU64(b, i));
      v2 = round(v2, readU64(b, i + 8));
      v3 = round(v3, readU64(b, i + 16));
      v4 = round(v4, readU64(b, i + 24));
    }
    h = add(add(add(rotl(v1, 1n), rotl(v2, 7n)), rotl(v3, 12n)), rotl(v4, 18n));
    for (const v of [v1, v2, v3, v4]) {
      h ^= round(0n, v);
      h = add(mul(h, P1), P4);
    }
  } else {
    h = add(s, P5);
  }
  h = add(h, BigInt(len));
  for (; i <= len - 8; i += 8) {
    h ^= round(0n, readU64(b, i));
    h = add(mul(rotl(h, 27n), P1), P4);
  }
  if (i + 4 <= len) {
    const w = (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
    h ^= mul(BigInt(w), P1);
    h = add(mul(rotl(h, 23n), P2), P3);
    i += 4;
  }
  for (; i < len; i++) {
    h ^= mul(BigInt(b[i]!), P5);
    h = mul(rotl(h, 11n), P1);
  }
  return fmix(h);
}
