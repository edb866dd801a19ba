import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RowforgeError } from "../errors/index.ts";

/** Bits of the key each histogram pass resolves (4 passes resolve a whole float64). */
const DIGIT_BITS = 16;
const DIGITS = 1 << DIGIT_BITS;
/** Values read from the spill file at a time (8 MiB), fewer when the budget is smaller. */
const READ_VALUES = 1 << 20;
/** Held values sorted whole up to this number; more are selected as spilled ones are (faster than a sort). */
const SORT_BELOW = 100_000;

/** A bucket of keys sharing their top `16 * level` bits, with the wanted ranks inside it. */
interface Bucket {
  /** The shared top bits as a number (< 2^48). */
  prefix: number;
  count: number;
  /** [index into the wanted ranks, rank inside the bucket] */
  ranks: [number, number][];
}

/**
 * The numbers a median or quantiles are taken from, exact whatever their number: held in memory
 * up to `maxValues`, past it written (the held ones first, then in chunks of the budget) as raw
 * float64 to a temporary file of a folder of its own. `quantiles` then finds the order
 * statistics it needs by radix selection over the file: values are compared by the
 * order-preserving uint64 transform of their bits (-0 before +0, as a typed array sorts them);
 * a streaming pass counts the top 16 bits of the keys of the buckets still holding a wanted
 * rank, and the values of buckets small enough for the budget are kept and sorted in memory on
 * the next pass, which counts the next 16 bits of the others. Every wanted rank (two per
 * quantile) is served by the same passes. The file is removed at the end, or by `dispose`.
 */
export class ExactQuantiles {
  private readonly maxValues: number;
  private readonly spillDir: string;
  private values: Float64Array;
  private kept = 0;
  private dir: string | undefined;
  private fd = -1;
  /** Values in all (held and written). */
  count = 0;
  /** Whether the values went to a file (past the budget). */
  spilled = false;
  /** Passes over the file (or the held values) the last `quantiles` made by selection. */
  passes = 0;

  constructor(maxValues: number, spillDir?: string) {
    this.maxValues = Math.max(1, Math.floor(maxValues));
    this.spillDir = spillDir ?? tmpdir();
    this.values = new Float64Array(Math.min(1024, this.maxValues));
  }

  /** One more value (callers skip null and NaN). */
  add(x: number): void {
    if (this.kept === this.values.length) {
      if (this.kept >= this.maxValues) this.writeHeld();
      else {
        const grown = new Float64Array(Math.min(this.maxValues, this.values.length * 2));
        grown.set(this.values);
        this.values = grown;
      }
    }
    this.values[this.kept++] = x;
    this.count++;
  }

  private get path(): string {
    return join(this.dir!, "values.f64");
  }

  /** Writes the held values to the spill file (opened on the first call) and empties the buffer. */
  private writeHeld(): void {
    try {
      if (this.fd < 0) {
        this.dir = mkdtempSync(join(this.spillDir, "rowforge-quantiles-"));
        this.fd = openSync(this.path, "w");
        this.spilled = true;
      }
      const bytes = new Uint8Array(this.values.buffer, 0, this.kept * 8);
      let off = 0;
      while (off < bytes.length) off += writeSync(this.fd, bytes, off, bytes.length - off);
      this.kept = 0;
    } catch (e) {
      this.dispose();
      throw new RowforgeError(
        "RF_OUTPUT_UNWRITABLE",
        `cannot write the validation spill file of a median or quantiles under ${this.spillDir}: ${(e as Error).message}`,
        {
          hint: "set ROWFORGE_SPILL_DIR to a folder with free space, or raise ROWFORGE_VALIDATION_MAX_VALUES",
        },
      );
    }
  }

  /**
   * Spark's percentile of each q (linear interpolation between the ranks floor(q*(n-1)) and
   * ceil(q*(n-1))); NaN when there are no values. Removes the spill file.
   */
  quantiles(qs: readonly number[]): number[] {
    const n = this.count;
    if (n === 0) return qs.map(() => Number.NaN);
    const ranks: number[] = [];
    for (const q of qs) {
      const pos = q * (n - 1);
      ranks.push(Math.floor(pos), Math.ceil(pos));
    }
    let at: number[];
    if (!this.spilled && n <= SORT_BELOW) {
      const sorted = this.values.slice(0, this.kept).sort();
      at = ranks.map((r) => sorted[r]!);
    } else if (!this.spilled) {
      at = this.select(ranks);
      this.values = new Float64Array(0);
    } else {
      try {
        this.writeHeld();
        closeSync(this.fd);
        this.fd = -1;
        this.values = new Float64Array(0);
        at = this.select(ranks);
      } finally {
        this.dispose();
      }
    }
    return qs.map((q, i) => {
      const pos = q * (n - 1);
      const lo = at[2 * i]!;
      const hi = at[2 * i + 1]!;
      return lo + (hi - lo) * (pos - Math.floor(pos));
    });
  }

  /** The values at the given ranks (0-based, ascending order) by radix selection over the file. */
  private select(ranks: readonly number[]): number[] {
    const out = new Array<number>(ranks.length).fill(Number.NaN);
    let level = 0;
    let buckets: Bucket[] = [{ prefix: 0, count: this.count, ranks: ranks.map((r, i) => [i, r]) }];
    this.passes = 0;
    while (buckets.length > 0) {
      // Buckets that fit the budget together are collected, the others counted by their next digit.
      buckets.sort((a, b) => a.count - b.count);
      const collect: Bucket[] = [];
      const refine: Bucket[] = [];
      let room = this.maxValues;
      for (const b of buckets) {
        if (level > 0 && b.count <= room) {
          collect.push(b);
          room -= b.count;
        } else refine.push(b);
      }
      const kept = collect.map((b) => new Float64Array(b.count));
      const fill = new Int32Array(collect.length);
      const hists = refine.map(() => new Float64Array(DIGITS));
      const slotOf = new Map<number, number>(); // prefix → collect slot (>= 0) or ~refine slot
      for (const [s, b] of collect.entries()) slotOf.set(b.prefix, s);
      for (const [s, b] of refine.entries()) slotOf.set(b.prefix, ~s);
      // Top 16 bits of the buckets' prefixes: rejects most values without a map lookup.
      const top = new Uint8Array(DIGITS);
      for (const b of buckets)
        top[level === 0 ? 0 : Math.floor(b.prefix / 2 ** (DIGIT_BITS * (level - 1)))] = 1;
      this.scan((x, hi, lo) => {
        const h16 = hi >>> 16;
        let prefix: number;
        if (level === 0) prefix = 0;
        else {
          if (top[h16] === 0) return;
          prefix = level === 1 ? h16 : level === 2 ? hi : hi * 65536 + (lo >>> 16);
        }
        const s = slotOf.get(prefix);
        if (s === undefined) return;
        if (s >= 0) kept[s]![fill[s]!++] = x;
        else {
          const digit = level === 0 ? h16 : level === 1 ? hi & 0xffff : level === 2 ? lo >>> 16 : lo & 0xffff;
          hists[~s]![digit]!++;
        }
      });
      this.passes++;
      collect.forEach((b, s) => {
        const sorted = kept[s]!.sort();
        for (const [i, r] of b.ranks) out[i] = sorted[r]!;
      });
      const next = new Map<number, Bucket>();
      refine.forEach((b, s) => {
        const hist = hists[s]!;
        for (const [i, r] of b.ranks) {
          let d = 0;
          let below = 0;
          while (below + hist[d]! <= r) below += hist[d++]!;
          const prefix = b.prefix * DIGITS + d;
          if (level === 3) {
            out[i] = valueOfKey(b.prefix, d);
            continue;
          }
          const nb = next.get(prefix) ?? { prefix, count: hist[d]!, ranks: [] };
          next.set(prefix, nb);
          nb.ranks.push([i, r - below]);
        }
      });
      buckets = [...next.values()];
      level++;
    }
    return out;
  }

  /**
   * Streams the spill file in large chunks (or the held values when nothing spilled): each
   * value with the high and low 32 bits of its order key.
   */
  private scan(each: (x: number, hi: number, lo: number) => void): void {
    if (!this.spilled) {
      const held = this.values.subarray(0, this.kept);
      keysOf(held, new Uint32Array(held.buffer, 0, held.length * 2), held.length, each);
      return;
    }
    const buf = new Float64Array(Math.min(READ_VALUES, this.maxValues));
    const bytes = new Uint8Array(buf.buffer);
    const words = new Uint32Array(buf.buffer);
    const fd = openSync(this.path, "r");
    try {
      let carry = 0;
      for (;;) {
        const got = readSync(fd, bytes, carry, bytes.length - carry, null);
        const have = carry + got;
        const whole = have >>> 3;
        keysOf(buf, words, whole, each);
        carry = have - whole * 8;
        if (carry > 0) bytes.copyWithin(0, whole * 8, have);
        if (got === 0) {
          if (carry > 0) {
            throw new RowforgeError(
              "RF_FILE_READ",
              `the validation spill file ${this.path} ends inside a value`,
              {
                hint: "another process may have changed the temp folder; run the validations again",
              },
            );
          }
          return;
        }
      }
    } finally {
      closeSync(fd);
    }
  }

  /** Closes and removes the spill file and frees the values (safe to call twice, and after a failure). */
  dispose(): void {
    if (this.fd >= 0) {
      try {
        closeSync(this.fd);
      } catch {}
      this.fd = -1;
    }
    if (this.dir !== undefined) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }
}

/** Calls `each` with the first `count` values of `buf` (`words` its 32-bit view) and their order keys' high and low halves. */
function keysOf(
  buf: Float64Array,
  words: Uint32Array,
  count: number,
  each: (x: number, hi: number, lo: number) => void,
): void {
  for (let k = 0; k < count; k++) {
    let lo = words[2 * k]!;
    let hi = words[2 * k + 1]!;
    if (hi & 0x80000000) {
      hi = ~hi >>> 0;
      lo = ~lo >>> 0;
    } else hi = (hi | 0x80000000) >>> 0;
    each(buf[k]!, hi, lo);
  }
}

/** The float64 whose order key is `high48 * 2^16 + low16` (the top 48 bits given as a number). */
function valueOfKey(high48: number, low16: number): number {
  const f = new Float64Array(1);
  const w = new Uint32Array(f.buffer);
  let hi = Math.floor(high48 / 65536) >>> 0;
  let lo = (((high48 % 65536) << 16) | low16) >>> 0;
  if (hi & 0x80000000) hi = (hi & 0x7fffffff) >>> 0;
  else {
    hi = ~hi >>> 0;
    lo = ~lo >>> 0;
  }
  w[0] = lo;
  w[1] = hi;
  return f[0]!;
}
