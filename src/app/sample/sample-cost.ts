import { expressionMaxLength } from "../../engine/index.ts";
import { type Field, walkFields } from "../../model/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";

/**
 * Whether a sample is cheap enough to compute on the main thread: a conservative estimate from
 * the fields alone. Anything it cannot bound (SQL expressions, long or heavily repeated regexes,
 * templates of many faker calls, large arrays or strings, many fields) is not cheap and runs in
 * a worker under the time limit; the usual preview of a few simple fields stays inline and fast.
 */
export function isCheapSample(steps: readonly ResolvedStep[], rows: number, fastMode: boolean): boolean {
  let units = 0;
  let fields = 0;
  let fakerCalls = 0;
  for (const s of steps) {
    const c = stepCost(s, fastMode);
    if (!Number.isFinite(c.units)) return false;
    units += c.units * rows;
    fields += c.fields;
    fakerCalls += c.fakerCalls;
  }
  return units <= INLINE_UNITS && fields <= MAX_FIELDS && fakerCalls <= MAX_FAKER_CALLS;
}

interface StepCost {
  /** Work per row (infinite when it cannot be bounded). */
  readonly units: number;
  readonly fields: number;
  readonly fakerCalls: number;
}

/** Costs per step object and mode: a previewing client sends the same schema again and again. */
const costs = [new WeakMap<ResolvedStep, StepCost>(), new WeakMap<ResolvedStep, StepCost>()];

function stepCost(step: ResolvedStep, fastMode: boolean): StepCost {
  const cache = costs[fastMode ? 1 : 0]!;
  let c = cache.get(step);
  if (c === undefined) {
    const budget = { fields: 0, fakerCalls: 0 };
    c = { units: fieldsCost(step.step.fields, fastMode, budget), ...budget };
    cache.set(step, c);
  }
  return c;
}

/** Field-rows of simple work done inline (100 rows of 200 simple fields). */
const INLINE_UNITS = 20_000;
const MAX_FIELDS = 200;
/**
 * Faker calls across the sample's expressions when pooled (fastMode): a pool of 4,096 values per
 * call is built once per thread, 5-35 ms each on this 2-core machine, so more calls than this go
 * to a worker.
 */
const MAX_FAKER_CALLS = 4;
const MAX_COLLECTION = 100;
const MAX_STRING = 1_000;
/** An upper bound of how many characters a regex can repeat: the product of its repetition bounds. */
const MAX_REGEX_REPEAT = 100_000;

/**
 * Work per row of a step's fields: each field's own work, times the sizes of the arrays and
 * maps it sits in (its own included); infinite when a field cannot be bounded.
 */
function fieldsCost(
  fields: readonly Field[],
  fastMode: boolean,
  budget: { fields: number; fakerCalls: number },
): number {
  let total = 0;
  const bounded = walkFields(fields, { repeat: 1 }, (f, outer) => {
    budget.fields++;
    const o = f.options;
    if (o.sql !== undefined) return undefined;
    let cost = 1;
    if (o.expression !== undefined) {
      const calls = o.expression.split("#{").length - 1;
      // Only pools cost a fill per call up front; per-row calls cost by the row, counted below.
      if (fastMode) budget.fakerCalls += calls;
      // Long values (Lorem.characters '1000000') take as long to make as they are long.
      const longest = expressionMaxLength(o.expression);
      if (longest > MAX_STRING * 10) return undefined;
      cost += (fastMode ? calls : calls * 20) + longest / 100;
    }
    if (o.regex !== undefined) {
      if (o.regex.length > 200 || regexRepeat(o.regex) > MAX_REGEX_REPEAT) return undefined;
      cost += 4;
    }
    const length = Math.max(o.maxLen ?? 0, o.minLen ?? 0);
    if (length > MAX_STRING) return undefined;
    cost += length / 100;
    let repeat = outer.repeat;
    if (/^(array|map)\b/i.test(f.type)) {
      const size = Math.max(o.arrayFixedSize ?? 0, o.arrayMaxLen ?? 0, o.mapMaxSize ?? 0, 5);
      if (size > MAX_COLLECTION) return undefined;
      repeat *= size;
    }
    total += cost * repeat;
    return { repeat };
  });
  return bounded ? total : Number.POSITIVE_INFINITY;
}

function regexRepeat(pattern: string): number {
  let product = 1;
  for (const m of pattern.matchAll(/\{(\d+)(?:,(\d*))?\}/g)) {
    const max = m[2] === undefined ? Number(m[1]) : m[2] === "" ? Number(m[1]) + 8 : Number(m[2]);
    product *= max + 1;
  }
  for (const _ of pattern.matchAll(/[*+]/g)) product *= 9;
  return product;
}
