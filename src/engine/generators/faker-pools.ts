import { type FakerExpression, type FakerPools, fillPool } from "../faker/index.ts";
import { hashString } from "../rng/index.ts";
import { FAST_POOL_SIZE } from "./field-generator.ts";

/** A fast-mode pool set as it travels between threads: its key and each part's values, made in full. */
export type FakerPoolEntry = readonly [key: string, values: readonly (readonly string[])[]];

/**
 * Pool sets kept per thread: the oldest are dropped past this many, or when the values they can
 * hold at their longest pass MAX_POOL_BYTES (a server sees many expressions).
 */
const MAX_POOL_SETS = 256;
const MAX_POOL_BYTES = 512 * 1024 * 1024;
const cache = new Map<string, FakerPools>();
let cachedBytes = 0;

/** The bytes a set's kept values take at most: UTF-16 characters of every value it keeps. */
const poolBytes = (pools: FakerPools): number =>
  pools.reduce((n, p) => n + (p.keeps ? p.size * p.maxLength * 2 : 0), 0);
/** Values another thread made, waiting for this thread's first use of their expression. */
const adopted = new Map<string, readonly (readonly string[])[]>();
let collecting: Map<string, FakerPools> | undefined;

/** What the pools depend on: locale, text and the reference date of date calls. */
const keyOf = (expr: FakerExpression): string => `${expr.refDate}\u0000${expr.locale}\u0000${expr.source}`;

/**
 * The fast-mode pools of an expression: one set per thread for the expression (seeded by the
 * hash of its text and locale), shared by every plan; rows pick from them with their own
 * draws, so values still depend on the plan's seed. Each value is made when first picked: a
 * short run or a sample makes a few hundred faker calls instead of 4,096 per call in the
 * template.
 */
export function expressionPools(expr: FakerExpression): FakerPools {
  const key = keyOf(expr);
  let pools = cache.get(key);
  if (!pools) {
    const seed = hashString(`${expr.locale}\u0000${expr.source}`, 0x706f6f6c);
    pools = expr.partPools(FAST_POOL_SIZE, seed, adopted.get(key));
    adopted.delete(key);
    const bytes = poolBytes(pools);
    for (const [oldest, set] of cache) {
      if (cache.size < MAX_POOL_SETS && cachedBytes + bytes <= MAX_POOL_BYTES) break;
      cache.delete(oldest);
      cachedBytes -= poolBytes(set);
    }
    cache.set(key, pools);
    cachedBytes += bytes;
  }
  collecting?.set(key, pools);
  return pools;
}

/**
 * Runs `fn` and returns the pool sets it used, made in full: the main thread makes them once
 * while the worker threads start, and sends them along with the plan, instead of every
 * thread making the same faker calls (about 100 ms for a template with two calls).
 */
export function collectFakerPools(fn: () => void): FakerPoolEntry[] {
  const outer = collecting;
  collecting = new Map();
  try {
    fn();
    return [...collecting].map(([key, pools]) => [key, pools.map(fillPool)] as const);
  } finally {
    collecting = outer;
  }
}

/** Takes pool values made by another thread (the same values this thread would make). */
export function adoptFakerPools(entries: readonly FakerPoolEntry[]): void {
  for (const [key, values] of entries) if (!cache.has(key)) adopted.set(key, values);
}
