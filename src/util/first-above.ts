/**
 * Binary search in ascending numbers (running totals, group ends): the first of the first `count`
 * whose value is above `x`, or the last of them when none is.
 */
export function firstAbove(sorted: ArrayLike<number>, x: number, count: number = sorted.length): number {
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
