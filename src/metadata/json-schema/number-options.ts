import { invalid, type SchemaObject, type SchemaScope } from "./schema-types.ts";

/** Integer ranges up to this many values are listed when multipleOf or uniqueItems needs them. */
export const MAX_LISTED = 1000;

/** The lowest and highest allowed numbers, draft 4 (boolean exclusive*) and draft 6+ (numeric) alike. */
function bounds(s: SchemaObject, integer: boolean): { min: number | undefined; max: number | undefined } {
  const step = (v: number) => (integer ? 1 : Math.max(Math.abs(v) * 1e-9, 1e-6));
  let min = typeof s.minimum === "number" ? s.minimum : undefined;
  let max = typeof s.maximum === "number" ? s.maximum : undefined;
  if (s.exclusiveMinimum === true && min !== undefined) min += step(min);
  if (s.exclusiveMaximum === true && max !== undefined) max -= step(max);
  if (typeof s.exclusiveMinimum === "number") {
    const m = s.exclusiveMinimum + step(s.exclusiveMinimum);
    min = min === undefined ? m : Math.max(min, m);
  }
  if (typeof s.exclusiveMaximum === "number") {
    const m = s.exclusiveMaximum - step(s.exclusiveMaximum);
    max = max === undefined ? m : Math.min(max, m);
  }
  if (integer) {
    if (min !== undefined) min = Math.ceil(min);
    if (max !== undefined) max = Math.floor(max);
  }
  return { min, max };
}

/** The generators' default range is 0..100000: a bound given on one side moves the other with it. */
export function numberOptions(
  s: SchemaObject,
  integer: boolean,
  scope: SchemaScope,
  at: string,
): Record<string, unknown> {
  let { min, max } = bounds(s, integer);
  if (min === undefined && max !== undefined) min = Math.min(0, max - 100_000);
  if (max === undefined && min !== undefined) max = Math.max(100_000, min + 100_000);
  const options: Record<string, unknown> = {};
  const multipleOf = typeof s.multipleOf === "number" && s.multipleOf > 0 ? s.multipleOf : undefined;
  if (multipleOf !== undefined) {
    const lo = Math.ceil((min ?? 0) / multipleOf);
    const hi = Math.floor((max ?? 100_000) / multipleOf);
    if (hi < lo) throw invalid(scope, at, `has no multiple of ${multipleOf} between ${min} and ${max}`);
    const decimals = Math.round(-Math.log10(multipleOf));
    if (!integer && decimals > 0 && Math.abs(10 ** -decimals - multipleOf) < 1e-12) {
      // A multiple of 0.01 is a number rounded to 2 places inside the multiples' range.
      return {
        min: Number((lo * multipleOf).toFixed(decimals)),
        max: Number((hi * multipleOf).toFixed(decimals)),
        round: decimals,
      };
    }
    // The multiples in the range, or MAX_LISTED of them spread evenly over a wider one.
    const count = Math.min(hi - lo + 1, MAX_LISTED);
    const step = count === 1 ? 0 : (hi - lo) / (count - 1);
    return {
      oneOf: Array.from({ length: count }, (_, i) =>
        Number(((lo + Math.round(i * step)) * multipleOf).toFixed(10)),
      ),
    };
  }
  if (min !== undefined) options.min = min;
  if (max !== undefined) options.max = max;
  if (min !== undefined && max !== undefined && min > max)
    throw invalid(scope, at, `allows no number (minimum ${min} above maximum ${max})`);
  return options;
}

/**
 * Number options that never give an excluded value (`not: {const: 5}`): a listed value is
 * dropped; an integer range keeps the larger side of an excluded value inside it.
 */
export function avoid(
  options: Record<string, unknown>,
  excluded: readonly unknown[],
  integer: boolean,
  scope: SchemaScope,
  at: string,
): Record<string, unknown> {
  const numbers = excluded.filter((x): x is number => typeof x === "number");
  if (numbers.length === 0) return options;
  if (Array.isArray(options.oneOf)) {
    const left = (options.oneOf as unknown[]).filter((v) => !numbers.includes(v as number));
    if (left.length === 0) throw invalid(scope, at, "allows no number once its not is applied");
    return { ...options, oneOf: left };
  }
  if (!integer) return options;
  let min = Number(options.min ?? 0);
  let max = Number(options.max ?? 100_000);
  for (const x of [...numbers].sort((a, b) => a - b)) {
    if (x < min || x > max) continue;
    if (x - min >= max - x) max = x - 1;
    else min = x + 1;
  }
  if (min > max) throw invalid(scope, at, "allows no number once its not is applied");
  return { ...options, min, max };
}
