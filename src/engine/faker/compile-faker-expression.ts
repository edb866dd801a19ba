import { FakerError } from "@faker-js/faker";
import { isRowforgeError, RowforgeError } from "../../errors/index.ts";
import { budgetExceeded, DEFAULT_BUDGET } from "../budget/generation-budget.ts";
import { combine, RowRandom, withStreamSalt } from "../rng/index.ts";
import type { FakerEntry } from "./faker-entry.ts";
import { type FakerHandle, fakerHandle, resolveFakerLocale } from "./faker-locale.ts";
import { resolveFakerCall } from "./faker-lookup.ts";
import { localeKernels } from "./locale-kernels.ts";
import { type CallPart, parseFakerTemplate, type TemplatePart } from "./parse-faker-template.ts";
import { callMaxLength, MAX_NESTING } from "./template-size.ts";

export interface FakerExpressionOptions {
  /** Locale as users write it: `en`, `en_US`, `en-GB`, `de`, `fr_FR`, `ja`. Default `en`. */
  readonly locale?: string;
  /** The run's "now" (epoch ms) that date methods count from. Default {@link DEFAULT_REF_DATE}. */
  readonly refDate?: number;
  /** The generation budget's maxStringLength: a call that can make longer values is refused before it runs. */
  readonly maxStringLength?: number;
}

/** The reference date used when the caller gives none: 2025-01-01T00:00:00Z, never the clock. */
export const DEFAULT_REF_DATE = Date.UTC(2025, 0, 1);

/**
 * The values one template part picks from: a literal part's pool is its text alone, a call's
 * holds `size` values, each made the first time it is picked (value i depends only on the
 * pool's key and i, so a pool filled lazily holds what one filled at once would).
 */
export interface FakerPool {
  readonly size: number;
  /** The most characters one value can have. */
  readonly maxLength: number;
  /** Whether values are kept once made (parts whose values can be long are made again instead). */
  readonly keeps: boolean;
  /** The values made so far, by index. */
  readonly values: (string | undefined)[];
  readonly make: (i: number) => string;
}

/** One pool per template part. */
export type FakerPools = readonly FakerPool[];

/** Value i of a pool, made now if it has not been. */
export const poolValue = (pool: FakerPool, i: number): string => {
  const made = pool.values[i];
  if (made !== undefined) return made;
  const value = pool.make(i);
  if (pool.keeps) pool.values[i] = value;
  return value;
};

/**
 * Every value of a pool, made now where missing (to send a pool to another thread whole, or to
 * look at it); none for a pool that does not keep its values.
 */
export function fillPool(pool: FakerPool): readonly string[] {
  if (!pool.keeps) return [];
  for (let i = 0; i < pool.size; i++) poolValue(pool, i);
  return pool.values as string[];
}

/**
 * A compiled expression. Two speeds:
 * - `generate(rnd)`: full variety, one fresh value per row (the caller has done `rnd.at(row)`).
 * - pooled: `partPools(size, key)` once, then `generatePooled(rnd, pools)` per row picks one
 *   value of each call's pool and joins them with the literal text, so a template of k calls
 *   still yields up to size^k distinct values. `pool(size, key)` gives `size` whole values
 *   for callers that pick `pool[rnd.int(size)]` themselves.
 * Both depend only on (key, row, locale, refDate): the same in every process.
 */
export interface FakerExpression {
  readonly source: string;
  /** The resolved locale id (`en`, `en_US`, `de`, ...). */
  readonly locale: string;
  readonly refDate: number;
  readonly parts: readonly TemplatePart[];
  /** How many calls the template has; 0 means the expression is constant text. */
  readonly callCount: number;
  /** The most characters a value can have (see callMaxLength). */
  readonly maxLength: number;
  generate(rnd: RowRandom): string;
  pool(size: number, key: number): string[];
  /** Pools made lazily, without a stream salt whatever the caller's; `made` are values another thread already made. */
  partPools(size: number, key: number, made?: readonly (readonly (string | undefined)[])[]): FakerPools;
  generatePooled(rnd: RowRandom, pools: FakerPools): string;
}

type Runner = (rnd: RowRandom) => string;

/** True for the library's error about locale data that is missing or marked not applicable. */
const isLocaleDataGap = (e: unknown): boolean => e instanceof FakerError && /locale data/i.test(e.message);

/** Draws for the compile-time trial call; any fixed key works. */
const TRIAL_KEY = 0x5eed;
/**
 * A call whose values can be longer than this is long: it is not tried when compiled (making
 * a value takes as long as the value is long), and fast-mode pools do not keep its values
 * (4,096 values of at most 4,096 characters hold 32 MiB) but make them again when picked.
 */
const LONG_VALUE = 4096;

/** What compiling a call needs besides the call: the faker, the reference date, the length limit. */
interface CallEnv {
  readonly h: FakerHandle;
  readonly refDate: number;
  readonly maxStringLength: number;
}

function describeArity(arity: readonly number[], variadic: boolean): string {
  if (variadic) return `${arity[0] ?? 0} or more arguments`;
  const counts = arity.map(String);
  const last = counts.pop() ?? "0";
  return `${counts.length ? `${counts.join(", ")} or ` : ""}${last} argument${last === "1" && !counts.length ? "" : "s"}`;
}

function withContext(e: unknown, where: string): RowforgeError {
  if (isRowforgeError(e)) {
    return new RowforgeError(e.code, `${e.message} (in ${where})`, { hint: e.hint, cause: e });
  }
  const msg = e instanceof Error ? e.message : String(e);
  return new RowforgeError("RF_VALUE_INVALID", `${where} cannot be evaluated: ${msg}`, {
    hint: "check the arguments of the call",
    cause: e,
  });
}

/**
 * The compiled path of a table method in the expression's locale, else undefined: the method
 * then runs through faker. Where the locale has no data for it and faker falls back to English
 * (a trial call fails for the gap), the English compiled path.
 */
function compiledDraw(
  entry: FakerEntry,
  args: readonly string[],
  env: CallEnv,
  where: string,
): Runner | undefined {
  if (!entry.compiled) return undefined;
  const { h } = env;
  let own: Runner | undefined;
  try {
    own = entry.compiled(localeKernels(h.faker), args, env.refDate);
  } catch (e) {
    throw withContext(e, where);
  }
  if (own !== undefined || h.locale === "en") return own;
  try {
    h.randomizer.source = new RowRandom(TRIAL_KEY).at(0);
    h.refDate = env.refDate;
    entry.faker(h.faker, args);
    // The locale has the data in a shape not compiled here: faker makes its values.
    return undefined;
  } catch (e) {
    return isLocaleDataGap(e)
      ? entry.compiled(localeKernels(fakerHandle("en").faker), args, env.refDate)
      : undefined;
  }
}

/** The faker path of a table method: the locale's Faker, reading the row's draws, per value. */
function fakerRunner(entry: FakerEntry, args: readonly string[], env: CallEnv): Runner {
  const { h, refDate } = env;
  const fn = entry.faker;
  const f = h.faker;
  // Like users' files expect, a method without data in the chosen locale uses English data.
  const fallback = h.locale === "en" ? undefined : fakerHandle("en");
  return (rnd) => {
    h.randomizer.source = rnd;
    h.refDate = refDate;
    try {
      return fn(f, args);
    } catch (e) {
      if (fallback === undefined || !isLocaleDataGap(e)) throw e;
      fallback.randomizer.source = rnd;
      fallback.refDate = refDate;
      return fn(fallback.faker, args);
    }
  };
}

function compileCall(call: CallPart, expr: string, env: CallEnv, depth: number, longest: number): Runner {
  const where =
    expr === call.source ? `"${expr}"` : `${call.source} at character ${call.position} of "${expr}"`;
  const resolved = resolveFakerCall(call.name, where);
  const spec = resolved.kind === "table" ? resolved.entry : resolved.builtin;
  const arity = spec.arity ?? [0];
  const variadic = spec.variadic === true;
  const n = call.args.length;
  if (variadic ? n < (arity[0] ?? 0) : !arity.includes(n)) {
    const usage = spec.usage ? ` (${spec.usage})` : "";
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${resolved.name} takes ${describeArity(arity, variadic)}${usage}, got ${n} in ${where}`,
      { hint: "write arguments in single quotes separated by commas" },
    );
  }
  // Before anything is made (the trial call below would make a value): a call that can make values
  // longer than the budget allows is refused.
  if (longest > env.maxStringLength) {
    throw budgetExceeded(
      where,
      "the longest value of the call",
      longest,
      "maxStringLength",
      env.maxStringLength,
    );
  }

  let base: Runner;
  if (resolved.kind === "builtin") {
    try {
      base = resolved.builtin.prepare(call.args);
    } catch (e) {
      throw withContext(e, where);
    }
  } else {
    base = compiledDraw(resolved.entry, call.args, env, where) ?? fakerRunner(resolved.entry, call.args, env);
  }

  // A value that is itself an expression (an option such as '#{Name.firstName}') is evaluated in turn.
  let run = base;
  if (call.args.some((a) => a.includes("#{"))) {
    if (depth >= MAX_NESTING) {
      throw new RowforgeError(
        "RF_VALUE_INVALID",
        `faker expressions nest deeper than ${MAX_NESTING} levels in ${where}`,
      );
    }
    const nested = new Map<string, Runner>();
    const nestedRunner = (text: string): Runner => {
      let r = nested.get(text);
      if (!r) {
        r = compileRunner(text, env, depth + 1);
        nested.set(text, r);
      }
      return r;
    };
    for (const a of call.args) if (a.includes("#{")) nestedRunner(a);
    run = (rnd) => {
      const v = base(rnd);
      return v.includes("#{") ? nestedRunner(v)(rnd) : v;
    };
  }

  // A call is tried once so that bad arguments fail here rather than in the middle of a run; a
  // long one is not (compiling stays quick), its arguments are read when its first value is made.
  if (longest > LONG_VALUE) {
    const made = run;
    return (rnd) => {
      try {
        return made(rnd);
      } catch (e) {
        throw withContext(e, where);
      }
    };
  }
  try {
    run(new RowRandom(TRIAL_KEY).at(0));
  } catch (e) {
    throw withContext(e, where);
  }
  return run;
}

function compileParts(
  expr: string,
  env: CallEnv,
  depth: number,
): { parts: TemplatePart[]; runners: Runner[]; lengths: number[] } {
  const parts = parseFakerTemplate(expr);
  const lengths = parts.map((p) => (p.kind === "text" ? p.text.length : callMaxLength(p, depth)));
  const runners = parts.map((p, j): Runner => {
    if (p.kind === "text") {
      const text = p.text;
      return () => text;
    }
    return compileCall(p, expr, env, depth, lengths[j]!);
  });
  return { parts, runners, lengths };
}

function join(runners: readonly Runner[]): Runner {
  if (runners.length === 0) return () => "";
  if (runners.length === 1) return runners[0] ?? (() => "");
  return (rnd) => {
    let out = "";
    for (const r of runners) out += r(rnd);
    return out;
  };
}

function compileRunner(expr: string, env: CallEnv, depth: number): Runner {
  return join(compileParts(expr, env, depth).runners);
}

function checkSize(size: number): void {
  if (!Number.isSafeInteger(size) || size < 1) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `faker pool size must be a whole number of at least 1, got ${size}`,
    );
  }
}

class CompiledFakerExpression implements FakerExpression {
  readonly source: string;
  readonly locale: string;
  readonly refDate: number;
  readonly parts: readonly TemplatePart[];
  readonly callCount: number;
  readonly maxLength: number;
  readonly generate: (rnd: RowRandom) => string;
  private readonly runners: readonly Runner[];
  /** The longest value of each part. */
  private readonly partLengths: readonly number[];

  constructor(
    source: string,
    locale: string,
    refDate: number,
    compiled: { parts: TemplatePart[]; runners: Runner[]; lengths: number[] },
  ) {
    this.source = source;
    this.locale = locale;
    this.refDate = refDate;
    this.parts = compiled.parts;
    this.runners = compiled.runners;
    this.callCount = compiled.parts.filter((p) => p.kind === "call").length;
    this.partLengths = compiled.lengths;
    this.maxLength = this.partLengths.reduce((n, l) => n + l, 0);
    this.generate = join(compiled.runners);
  }

  pool(size: number, key: number): string[] {
    checkSize(size);
    const rnd = new RowRandom(key);
    const out = new Array<string>(size);
    for (let i = 0; i < size; i++) out[i] = this.generate(rnd.at(i));
    return out;
  }

  partPools(size: number, key: number, made?: readonly (readonly (string | undefined)[])[]): FakerPools {
    checkSize(size);
    return this.parts.map((p, j): FakerPool => {
      const maxLength = this.partLengths[j] ?? 0;
      if (p.kind === "text") return { size: 1, maxLength, keeps: true, values: [p.text], make: () => p.text };
      const run = this.runners[j] ?? (() => "");
      const rnd = new RowRandom(combine(key, j));
      const keeps = maxLength <= LONG_VALUE;
      const given = made?.[j];
      const values =
        keeps && given && given.length === size ? [...given] : new Array<string | undefined>(size);
      // Shared by every plan and sample: made with no stream salt, whatever the caller's.
      return { size, maxLength, keeps, values, make: (i) => withStreamSalt(0, () => run(rnd.at(i))) };
    });
  }

  generatePooled(rnd: RowRandom, pools: FakerPools): string {
    if (pools.length !== this.parts.length) {
      throw new RowforgeError(
        "RF_INTERNAL",
        `pools for ${pools.length} parts were given to "${this.source}", which has ${this.parts.length}`,
      );
    }
    // One call and no text around it (`#{Name.name}`): the pool's value itself, no concatenation.
    if (pools.length === 1) {
      const pool = pools[0]!;
      return pool.size === 1 ? poolValue(pool, 0) : poolValue(pool, rnd.int(pool.size));
    }
    let out = "";
    for (let k = 0; k < pools.length; k++) {
      const pool = pools[k]!;
      out += pool.size === 1 ? poolValue(pool, 0) : poolValue(pool, rnd.int(pool.size));
    }
    return out;
  }
}

/**
 * Compiles a faker expression once: parses it, resolves every call against the table (an
 * unknown name is an error naming the nearest known ones), checks argument counts and runs
 * each call once so that bad arguments fail here rather than in the middle of a run.
 */
export function compileFakerExpression(expr: string, options: FakerExpressionOptions = {}): FakerExpression {
  const locale = resolveFakerLocale(options.locale);
  const refDate = options.refDate ?? DEFAULT_REF_DATE;
  if (!Number.isFinite(refDate)) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `the reference date for faker expressions is not a number: ${refDate}`,
    );
  }
  const env = {
    h: fakerHandle(locale),
    refDate,
    maxStringLength: options.maxStringLength ?? DEFAULT_BUDGET.maxStringLength,
  };
  return new CompiledFakerExpression(expr, locale, refDate, compileParts(expr, env, 0));
}
