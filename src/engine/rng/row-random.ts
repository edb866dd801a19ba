import { draw32, drawFloat, rowBase } from "./hash.ts";

let salt = 0;

/** The stream salt in force (0 outside withStreamSalt). */
export const streamSalt = (): number => salt;

/**
 * Runs `f` with every stream key mixed with `s` (a bijection, so distinct streams stay
 * distinct): a compiled plan then draws a fresh, equally random set of values without being
 * compiled again. Salt 0 is the identity; runs never set one. Only plans whose compilation made
 * no random draws may be salted (CompiledPlan.reseedable); values cached across plans (fast-mode
 * pools) are made with salt 0.
 */
export function withStreamSalt<T>(s: number, f: () => T): T {
  const previous = salt;
  salt = s | 0;
  try {
    return f();
  } finally {
    salt = previous;
  }
}

/**
 * A cursor over the random draws of one row of one stream. `at(row)` positions it; each call
 * then takes the next draw. Values depend only on (stream key, row, draw number), never on
 * batch size, worker or call history across rows. One instance is reused across rows so the
 * hot path allocates nothing.
 */
export class RowRandom {
  readonly key: number;
  private base = 0;
  private k = 0;

  constructor(key: number) {
    this.key = key >>> 0;
  }

  at(row: number): this {
    this.base = rowBase(this.key ^ salt, row);
    this.k = 0;
    return this;
  }

  /** Next uniform uint32. */
  u32(): number {
    return draw32(this.base, this.k++);
  }

  /** Next uniform double in [0, 1). */
  float(): number {
    const v = drawFloat(this.base, this.k);
    this.k += 2;
    return v;
  }

  /** Next integer in [0, n) for 0 < n <= 2^53. */
  int(n: number): number {
    if (n <= 4294967296) {
      // Multiply-shift on 32 bits is exact in doubles and has bias below 2^-32 * n.
      return n <= 1 ? 0 : Math.floor((this.u32() * n) / 4294967296);
    }
    return Math.floor(this.float() * n);
  }

  /** Next integer in [min, max], inclusive. */
  intBetween(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return p > 0 && (p >= 1 || this.float() < p);
  }

  /** Standard normal variate (Box-Muller, one value per call). */
  normal(): number {
    let u = this.float();
    if (u === 0) u = Number.MIN_VALUE;
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
