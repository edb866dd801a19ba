import type { FakerExpression, FakerPools } from "../faker/index.ts";
import { hashString, withStreamSalt } from "../rng/index.ts";
import { FAST_POOL_SIZE } from "./field-generator.ts";

/** A fast-mode pool set as it travels between threads: its key (locale and expression text) and pools. */
export type FakerPoolEntry = readonly [key: string, pools: FakerPools];

/** Pool sets kept per thread; the oldest are dropped past this many (a server sees many expressions). */
const MAX_POOL_SETS = 256;
const cache = new Map<string, FakerPools>();
let collecting: Map<string, FakerPools> | undefined;

/** What the pools depend on: locale, text and the reference date of date calls. */
const keyOf = (expr: FakerExpression): string => `${expr.refDate}\u0000${expr.locale}\u0000${expr.source}`;

function remember(key: string, pools: FakerPools): void {
  if (cache.size >= MAX_POOL_SETS) cache.delete(cache.keys().next().value!);
  cache.set(key, pools);
}

/**
 * The fast-mode pools of an expression: computed once per thread from the expression alone
 * (seeded by the hash of its text and locale), shared by every plan; rows pick from them with their
 * own draws, so values still depend on the plan's seed.
 */
export function expressionPools(expr: FakerExpression): FakerPools {
  const key = keyOf(expr);
  let pools = cache.get(key);
  if (!pools) {
    // Shared by every plan and sample: made with no stream salt, whatever the caller's.
    const seed = hashString(`${expr.locale}\u0000${expr.source}`, 0x706f6f6c);
    pools = withStreamSalt(0, () => expr.partPools(FAST_POOL_SIZE, seed));
    remember(key, pools);
  }
  collecting?.set(key, pools);
  return pools;
}

/**
 * Runs `fn` and returns the pool sets it used: the main thread makes them once while the
 * worker threads start, and sends them along with the plan, instead of every thread spending
 * about 100 ms on the same faker calls.
 */
export function collectFakerPools(fn: () => void): FakerPoolEntry[] {
  const outer = collecting;
  collecting = new Map();
  try {
    fn();
    return [...collecting];
  } finally {
    collecting = outer;
  }
}

/** Takes pool sets made by another thread (the same values this thread would make). */
export function adoptFakerPools(entries: readonly FakerPoolEntry[]): void {
  for (const [key, pools] of entries) if (!cache.has(key)) remember(key, pools);
}
