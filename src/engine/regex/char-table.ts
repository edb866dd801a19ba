import { type CodePointRanges, rangesSize } from "./code-point-set.ts";

/** The k-th character of a set, for 0 <= k < n, as a string (a surrogate pair above the BMP). */
export interface CharTable {
  readonly n: number;
  readonly pick: (k: number) => string;
  /** The k-th character's code point (what pick(k) is the string of). */
  readonly code: (k: number) => number;
}

/** Sets up to this size are stored as an array of strings: one load per character. */
const TABLE_LIMIT = 4096;

export function charTable(ranges: CodePointRanges): CharTable {
  const n = rangesSize(ranges);
  const lo = ranges[0] ?? 0;
  if (ranges.length === 2 && ranges[1]! <= 0xffff) {
    return { n, pick: (k) => String.fromCharCode(lo + k), code: (k) => lo + k };
  }
  if (n <= TABLE_LIMIT) {
    const table: string[] = [];
    const codes = new Int32Array(n);
    for (let i = 0; i < ranges.length; i += 2) {
      for (let cp = ranges[i]!; cp <= ranges[i + 1]!; cp++) {
        codes[table.length] = cp;
        table.push(String.fromCodePoint(cp));
      }
    }
    return { n, pick: (k) => table[k]!, code: (k) => codes[k]! };
  }
  // Large sets (Unicode properties): binary search over the cumulative range starts.
  const count = ranges.length / 2;
  const before = new Float64Array(count);
  const starts = new Float64Array(count);
  let acc = 0;
  for (let r = 0; r < count; r++) {
    before[r] = acc;
    starts[r] = ranges[2 * r]!;
    acc += ranges[2 * r + 1]! - ranges[2 * r]! + 1;
  }
  const code = (k: number): number => {
    let a = 0;
    let b = count - 1;
    while (a < b) {
      const mid = (a + b + 1) >>> 1;
      if (before[mid]! <= k) a = mid;
      else b = mid - 1;
    }
    return starts[a]! + k - before[a]!;
  };
  return { n, pick: (k) => String.fromCodePoint(code(k)), code };
}
