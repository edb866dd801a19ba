import { RowforgeError } from "../../errors/index.ts";
import { combine, mix32 } from "./hash.ts";
import { streamSalt } from "./row-random.ts";

const MAX_SIZE = 2 ** 53;

/**
 * A keyed bijection on [0, size) for 1 <= size <= 2^53: row i maps to a distinct slot, so
 * "unique" columns can walk a value space in an order that looks random yet never repeats.
 *
 * The domain is the next power of two 2^b >= size, split into a high half of ceil(b/2) bits and
 * a low half of floor(b/2) bits. Four Feistel rounds with alternating half widths (each round
 * adds a keyed hash of one half to the other, modulo its width) form a permutation of 2^b;
 * values that land at or above `size` are encrypted again (cycle walking) until they fall inside,
 * which keeps it a permutation of [0, size). As 2^b < 2 * size, fewer than two rounds of walking
 * are needed on average. All arithmetic is on halves of at most 27 bits, exact in doubles.
 */
export function createPermutation(size: number, key: number): (i: number) => number {
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `permutation size ${size} must be a whole number from 1 to 2^53`,
    );
  }
  let bits = 1;
  while (2 ** bits < size) bits++;
  const loBits = bits >>> 1;
  const loSize = 2 ** loBits;
  const loMask = loSize - 1;
  const hiMask = 2 ** (bits - loBits) - 1;
  // Round keys follow the stream salt (see withStreamSalt), derived again when it changes.
  let saltedFor = Number.NaN;
  let k0 = 0;
  let k1 = 0;
  let k2 = 0;
  let k3 = 0;
  const rekey = (salt: number) => {
    const k = (key ^ salt) >>> 0;
    k0 = combine(k, 0x243f6a88);
    k1 = combine(k, 0x85a308d3);
    k2 = combine(k, 0x13198a2e);
    k3 = combine(k, 0x03707344);
    saltedFor = salt;
  };

  // `a` is the high half, `b` the low half; after two rounds the widths are back in place.
  const encrypt = (x: number): number => {
    let a = Math.floor(x / loSize);
    let b = x - a * loSize;
    let t = (a + mix32(b ^ k0)) & hiMask;
    a = b;
    b = t;
    t = (a + mix32(b ^ k1)) & loMask;
    a = b;
    b = t;
    t = (a + mix32(b ^ k2)) & hiMask;
    a = b;
    b = t;
    t = (a + mix32(b ^ k3)) & loMask;
    return b * loSize + t;
  };

  return (i: number): number => {
    if (!(i >= 0 && i < size) || i !== Math.floor(i)) {
      throw new RowforgeError("RF_VALUE_INVALID", `permutation index ${i} is outside [0, ${size})`);
    }
    const salt = streamSalt();
    if (salt !== saltedFor) rekey(salt);
    let x = encrypt(i);
    while (x >= size) x = encrypt(x);
    return x;
  };
}
