/**
 * The limits every generation is checked against before it runs (and, for the few SQL
 * functions that can grow a value from row data, while it runs). They only refuse: a plan
 * within its budget generates exactly the values it would without one.
 */
export interface GenerationBudget {
  /** Levels of array, map and struct nesting in one field's type (`array<array<int>>` is 2). */
  readonly maxNestingDepth: number;
  /** Top-level fields of one step. */
  readonly maxFieldsPerStep: number;
  /** Fields nested inside structs (every level) of one step, all fields together. */
  readonly maxNestedFields: number;
  /** Characters of one string value: minLen/maxLen, static and oneOf values, SQL results. */
  readonly maxStringLength: number;
  /** Characters of the longest string a regex can produce once its quantifiers are expanded. */
  readonly maxRegexLength: number;
  /** Elements of one array or entries of one map: arrayMinLen/arrayMaxLen/arrayFixedSize, map sizes, SQL results. */
  readonly maxArrayLength: number;
  /** Datafaker calls (`#{...}`) in one expression template. */
  readonly maxFakerCalls: number;
  /** Characters of one SQL expression. */
  readonly maxSqlLength: number;
  /** Nesting depth of one SQL expression (parentheses, calls, operators). */
  readonly maxSqlDepth: number;
  /** Worst-case estimate of the memory one generated row takes, in bytes. */
  readonly maxBytesPerRow: number;
  /** Worst-case estimate of one sample (rows x bytes per row, every step), in bytes; samples only. */
  readonly maxBytesPerSample: number;
}

export type BudgetName = keyof GenerationBudget;

const MiB = 1024 * 1024;

/**
 * Defaults sized for a 24 GB, 2-core machine running `rowforge serve` with a 4 GiB heap: a
 * run keeps about 2 workers x 2 batches in flight, so a row's worst case times the rows of a
 * batch stays far below the heap, and a sample (at most 100 rows) stays below 64 MiB.
 */
export const DEFAULT_BUDGET: GenerationBudget = Object.freeze({
  maxNestingDepth: 16,
  maxFieldsPerStep: 1000,
  maxNestedFields: 1000,
  maxStringLength: MiB,
  maxRegexLength: 65_536,
  maxArrayLength: 100_000,
  maxFakerCalls: 16,
  maxSqlLength: 65_536,
  maxSqlDepth: 256,
  maxBytesPerRow: 16 * MiB,
  maxBytesPerSample: 64 * MiB,
});

export const BUDGET_NAMES: readonly BudgetName[] = Object.keys(DEFAULT_BUDGET) as BudgetName[];

/** A size: a number, or text such as `64MiB`, `512k`, `2G` (binary units); undefined when unreadable. */
export function parseSize(raw: unknown): number | undefined {
  let n: number | undefined;
  if (typeof raw === "number") n = raw;
  else if (typeof raw === "string") {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([kmg]?)(?:i?b)?\s*$/i.exec(raw.replace(/_/g, ""));
    if (m) n = Number(m[1]) * UNITS[m[2]!.toLowerCase()]!;
  }
  return n === undefined || !Number.isFinite(n) || n < 1 ? undefined : Math.floor(n);
}

const UNITS: Readonly<Record<string, number>> = { "": 1, k: 1024, m: MiB, g: 1024 * MiB };
