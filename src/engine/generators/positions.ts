import { float64s } from "../../util/small-arrays.ts";
import { mix32 } from "../rng/index.ts";

const TWO_21 = 2097152;

/**
 * The position of element `j` of the value at `parent`: unique per (parent, j) for j < 2^21
 * up to hash collisions of parents, and below 2^53 so it stays an exact double.
 */
export function childPosition(parent: number, j: number): number {
  const lo = parent >>> 0;
  const hi = parent >= 4294967296 ? Math.floor(parent / 4294967296) : 0;
  const h = mix32((mix32(lo ^ 0x2545f491) ^ Math.imul(hi + 1, 0x9e3779b1)) >>> 0);
  return h * TWO_21 + (j & (TWO_21 - 1));
}

/** Positions 0..n-1 offset by `start`: the rows of a batch. */
export function rowPositions(start: number, n: number): Float64Array {
  const out = float64s(n);
  for (let i = 0; i < n; i++) out[i] = start + i;
  return out;
}
