/**
 * The generation budget of the values an expression builds: one value's size (maxStringLength,
 * maxArrayLength), and what one row builds in all (maxBytesPerRow, counted in
 * SqlRowContext.built), so that neither one huge value nor many values made in a loop
 * (transform, aggregate) can exhaust memory. Sizes are counted the way the row budget counts
 * them: 2 bytes per character, 1 per binary byte, 8 per array element or struct field, 16 per
 * map entry and per other value.
 */
import { isRowforgeError, RowforgeError } from "../../../errors/index.ts";
import { type BudgetName, DEFAULT_BUDGET, raiseHint } from "../../budget/generation-budget.ts";
import { RowRandom } from "../../rng/index.ts";
import type { SqlEvaluator, SqlGrowth, SqlRowContext, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { SCALAR_BYTES } from "./value-bounds.ts";

/** The limits on values (the budget's defaults where the inputs carry none). */
export interface ValueLimits {
  readonly maxStringLength: number;
  readonly maxArrayLength: number;
  readonly maxBytesPerRow: number;
}

export function valueLimits(inputs: SqlRunInputs): ValueLimits {
  return {
    maxStringLength: inputs.limits?.maxStringLength ?? DEFAULT_BUDGET.maxStringLength,
    maxArrayLength: inputs.limits?.maxArrayLength ?? DEFAULT_BUDGET.maxArrayLength,
    maxBytesPerRow: inputs.limits?.maxBytesPerRow ?? DEFAULT_BUDGET.maxBytesPerRow,
  };
}

/** A function as messages name it: `repeat()`, `operator ||`, or a phrase as given. */
const what = (fn: string): string =>
  /^\w+$/.test(fn) ? `${fn}()` : fn.includes(" ") ? fn : `operator ${fn}`;

function exceeded(fn: string, message: string, name: BudgetName, limit: number): RowforgeError {
  return new RowforgeError(
    "RF_BUDGET_EXCEEDED",
    `${what(fn)}: ${message} the generation budget ${name} = ${limit}`,
    { hint: raiseHint(name) },
  );
}

/**
 * Refuses, before it is built, a value longer than the budget allows: functions that grow a
 * value (repeat, lpad, sequence, concat, replace, ...) check the size they would make.
 */
export function checkValueSize(
  fn: string,
  size: number,
  limits: ValueLimits,
  kind: "string" | "array",
): void {
  const name = kind === "string" ? "maxStringLength" : "maxArrayLength";
  if (size > limits[name]) {
    throw exceeded(
      fn,
      `the result would have ${size} ${kind === "string" ? "characters" : "elements"}, more than`,
      name,
      limits[name],
    );
  }
}

/** Characters of a string or bytes of a binary ("string"), elements of an array or entries of a map ("array"). */
function sizeOf(v: SqlValue): readonly [number, "string" | "array"] | undefined {
  if (typeof v === "string") return [v.length, "string"];
  if (v instanceof Uint8Array) return [v.length, "string"];
  if (Array.isArray(v)) return [v.length, "array"];
  if (v instanceof Map) return [v.size, "array"];
  return undefined;
}

/** Bytes of a value built anew, without the values it holds (those were counted when they were built). */
export function builtBytes(v: SqlValue): number {
  if (typeof v === "string") return 2 * v.length;
  if (v === null || typeof v !== "object") return 0;
  if (v instanceof Uint8Array) return v.length;
  if (Array.isArray(v)) return 8 * v.length;
  if (v instanceof Map) return 16 * v.size;
  let fields = 0;
  for (const _ in v) fields++;
  return 8 * fields;
}

/** Counts `bytes` built for the current row; refuses the row once it has built more than maxBytesPerRow. */
export function chargeRow(ctx: SqlRowContext, fn: string, bytes: number, limits: ValueLimits): void {
  ctx.built += bytes;
  if (ctx.built > limits.maxBytesPerRow) {
    throw exceeded(
      fn,
      `the values the expression built for one row take ${ctx.built} bytes, more than`,
      "maxBytesPerRow",
      limits.maxBytesPerRow,
    );
  }
}

/**
 * A function's evaluator under the budget, by its growth class: a `grows` result is checked
 * against maxStringLength / maxArrayLength (functions whose result size follows from their
 * arguments check it before building, too), and every result but a `fixed` one counts against
 * the row.
 */
export function budgeted(
  fn: string,
  growth: SqlGrowth,
  evaluate: SqlEvaluator,
  limits: ValueLimits,
): SqlEvaluator {
  if (growth === "fixed") return evaluate;
  return (ctx) => {
    const v = evaluate(ctx);
    if (v === null || (typeof v !== "string" && typeof v !== "object")) return v;
    if (growth === "grows") {
      const size = sizeOf(v);
      if (size !== undefined) checkValueSize(fn, size[0], limits, size[1]);
    }
    chargeRow(ctx, fn, builtBytes(v), limits);
    return v;
  };
}

/**
 * Evaluates an expression (or a call) that reads no row once, at compile time, and gives its
 * value: one that builds more than the budget allows is refused before anything is generated.
 * Its other errors give undefined: they are left to the rows, where they happen (a raise_error
 * under a condition, say).
 */
export function evaluateAtCompile(evaluate: SqlEvaluator): { readonly value: SqlValue } | undefined {
  try {
    return { value: evaluate({ values: [], row: 0, rnd: new RowRandom(0), built: 0 }) };
  } catch (e) {
    if (isRowforgeError(e) && e.code === "RF_BUDGET_EXCEEDED") throw e;
    return undefined;
  }
}

/**
 * Bytes of a value with everything it holds (counted as above), counting stops once past
 * `stop`: walking a huge value (an array of 100,000 references to one long string) costs no
 * more than the budget allows.
 */
export function deepBytes(v: SqlValue, stop: number): number {
  let total = 0;
  const pending: SqlValue[] = [v];
  while (pending.length > 0 && total <= stop) {
    const x = pending.pop()!;
    if (x === null || typeof x !== "object") {
      total += typeof x === "string" ? 2 * x.length : SCALAR_BYTES;
      continue;
    }
    total += builtBytes(x);
    if (x instanceof Uint8Array) continue;
    if (Array.isArray(x)) for (const e of x) pending.push(e);
    else if (x instanceof Map) for (const [k, e] of x) pending.push(k, e);
    else for (const e of Object.values(x)) pending.push(e);
  }
  return total;
}

/**
 * Refuses a value (a field's result, what a function renders as text) that takes more than
 * maxBytesPerRow with everything it holds; `subject` names it in the message ("its value").
 * Gives the bytes it takes.
 */
export function checkDeepSize(subject: string, v: SqlValue, limits: ValueLimits): number {
  const bytes = deepBytes(v, limits.maxBytesPerRow);
  if (bytes > limits.maxBytesPerRow) {
    throw new RowforgeError(
      "RF_BUDGET_EXCEEDED",
      `${subject} takes more bytes with all it holds than the generation budget maxBytesPerRow = ${limits.maxBytesPerRow}`,
      { hint: raiseHint("maxBytesPerRow") },
    );
  }
  return bytes;
}
