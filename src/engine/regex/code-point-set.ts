/**
 * Sets of Unicode code points as sorted, disjoint, non-adjacent inclusive ranges
 * `[lo0, hi0, lo1, hi1, ...]`. Character classes are evaluated once at compile time with these,
 * so the operations favour clarity over speed.
 */
export type CodePointRanges = readonly number[];

export const MAX_CODE_POINT = 0x10ffff;

/** Printable ASCII, space to tilde: what `.` and negated classes draw from. */
export const PRINTABLE_ASCII: CodePointRanges = [0x20, 0x7e];

/** Sorts and merges arbitrary `[lo, hi]` pairs (overlapping or adjacent pairs become one). */
export function normalizeRanges(pairs: readonly number[]): CodePointRanges {
  const list: [number, number][] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const lo = pairs[i]!;
    const hi = pairs[i + 1]!;
    if (lo <= hi) list.push([lo, hi]);
  }
  list.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of list) {
    const last = out.length - 1;
    if (last > 0 && lo <= out[last]! + 1) {
      if (hi > out[last]!) out[last] = hi;
    } else {
      out.push(lo, hi);
    }
  }
  return out;
}

export function unionRanges(a: CodePointRanges, b: CodePointRanges): CodePointRanges {
  return normalizeRanges([...a, ...b]);
}

export function intersectRanges(a: CodePointRanges, b: CodePointRanges): CodePointRanges {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i]!, b[j]!);
    const hi = Math.min(a[i + 1]!, b[j + 1]!);
    if (lo <= hi) out.push(lo, hi);
    if (a[i + 1]! < b[j + 1]!) i += 2;
    else j += 2;
  }
  return out;
}

/** The code points of [0, 0x10FFFF] not in `a`. */
export function complementRanges(a: CodePointRanges): CodePointRanges {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < a.length; i += 2) {
    if (a[i]! > next) out.push(next, a[i]! - 1);
    next = a[i + 1]! + 1;
  }
  if (next <= MAX_CODE_POINT) out.push(next, MAX_CODE_POINT);
  return out;
}

export function subtractRanges(a: CodePointRanges, b: CodePointRanges): CodePointRanges {
  return intersectRanges(a, complementRanges(b));
}

export function rangesSize(a: CodePointRanges): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 2) n += a[i + 1]! - a[i]! + 1;
  return n;
}

export function rangesContain(a: CodePointRanges, cp: number): boolean {
  for (let i = 0; i < a.length; i += 2) {
    if (cp < a[i]!) return false;
    if (cp <= a[i + 1]!) return true;
  }
  return false;
}

export function isSubsetOf(a: CodePointRanges, b: CodePointRanges): boolean {
  return subtractRanges(a, b).length === 0;
}
