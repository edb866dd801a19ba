import type { RowRandom } from "../rng/index.ts";

/** How often text with an average length above its usual lengths draws its longest: long values stay covered. */
export const LONGEST_PROB = 1 / 64;

/**
 * A length draw between `min` and `max` (inclusive) from the row's next draw: uniform, or, with
 * an average `avg` inside the range, uniform over the lengths as far from it on either side as
 * the range allows (1..21 for an average of 11 in 1..255), and `max` one time in 64 besides when
 * those stop short of it. Decided once per field; one draw per value.
 */
export function lengthDraw(min: number, max: number, avg: number | undefined): (rnd: RowRandom) => number {
  if (avg === undefined) return (rnd) => min + rnd.int(max - min + 1);
  if (avg <= min) return () => min;
  if (avg >= max) return () => max;
  const half = Math.min(avg - min, max - avg);
  const lo = Math.ceil(avg - half);
  const width = Math.floor(avg + half) - lo + 1;
  const longest = lo + width <= max ? LONGEST_PROB : 0;
  return (rnd) => {
    const u = rnd.float();
    return u < longest ? max : lo + Math.floor(((u - longest) / (1 - longest)) * width);
  };
}
