/**
 * How the function tables declare their entries: a signature states the names, the arity and,
 * for the common "NULL in, NULL out" functions of typed arguments, the casts and the result.
 * A family is a `functionTable` of rows: signature, growth class, doc, then a compile step
 * (`CompileFn`) or a strict kernel (`strict(f)`).
 */
import { RowforgeError } from "../../../errors/index.ts";
import type { DataType } from "../../../model/data-type.ts";
import type {
  SqlArg,
  SqlEvaluator,
  SqlFunction,
  SqlGrowth,
  SqlRunInputs,
  SqlValue,
} from "../sql-contract.ts";
import { coerceArg } from "./function-args.ts";
import { parseSignature } from "./function-signature.ts";
import { strict1, strict2, strict3, strictN } from "./strict-evaluators.ts";

export interface CompiledCall {
  readonly type: DataType;
  readonly evaluate: SqlEvaluator;
  readonly bound?: number;
}

export type CompileFn = (args: readonly SqlArg[], inputs: SqlRunInputs, name: string) => CompiledCall;

/** Defines one entry per name (the first name is the main one, the rest are aliases). */
export function defineFunction(
  names: string | readonly string[],
  growth: SqlGrowth,
  minArgs: number,
  maxArgs: number,
  doc: string,
  compile: CompileFn,
): SqlFunction[] {
  const all = typeof names === "string" ? [names] : names;
  return all.map((name) => ({
    name,
    growth,
    minArgs,
    maxArgs,
    doc,
    compile: (args, inputs) => compile(args, inputs, name),
  }));
}

/**
 * The entries of `signature` (see function-signature.ts), one per name. A `doc` beginning with
 * ":" or ";" is shown after the signature's call, e.g. "substring(str, pos[, len]): 1-based ...".
 */
export function sqlFunction(
  signature: string,
  growth: SqlGrowth,
  doc: string,
  compile: CompileFn,
): SqlFunction[] {
  const s = parseSignature(signature);
  return defineFunction(
    s.names,
    growth,
    s.minArgs,
    s.maxArgs,
    /^[:;]/.test(doc) ? s.call + doc : doc,
    compile,
  );
}

/** The evaluator calling `f` with every argument's value, NULL when any is NULL. */
function strictCall(evals: readonly SqlEvaluator[], f: (...xs: SqlValue[]) => SqlValue): SqlEvaluator {
  const g = f;
  if (evals.length === 1) return strict1(evals[0]!, g);
  if (evals.length === 2) return strict2(evals[0]!, evals[1]!, g);
  if (evals.length === 3) return strict3(evals[0]!, evals[1]!, evals[2]!, g);
  return strictN(evals, (xs) => g(...xs));
}

/**
 * A function that is NULL when any argument is NULL and otherwise `f` of the arguments' values:
 * the signature types every parameter (each argument is implicitly cast to it) and the result, e.g. "left(str: string, len: int): string". `bound` gives the result's bound where
 * the growth class alone does not.
 */
export function strictFunction<P extends unknown[]>(
  signature: string,
  growth: SqlGrowth,
  doc: string,
  f: (...xs: P) => SqlValue,
  bound?: (args: readonly SqlArg[]) => number,
): SqlFunction[] {
  const s = parseSignature(signature);
  const type = s.result;
  const types = s.params.map((p) => p.type);
  if (type === undefined || s.minArgs !== s.maxArgs || !types.every((t) => t !== undefined)) {
    throw new RowforgeError(
      "RF_INTERNAL",
      `strict SQL function "${signature}" needs fixed, typed parameters and a result type`,
    );
  }
  return sqlFunction(signature, growth, doc, (args, _i, fn) => ({
    type,
    ...(bound === undefined ? {} : { bound: bound(args) }),
    evaluate: strictCall(
      types.map((t, i) => coerceArg(fn, args, i, t)),
      f as unknown as (...xs: SqlValue[]) => SqlValue,
    ),
  }));
}

/** A strict function's kernel in a table row: see `strictFunction`. */
export interface StrictKernel {
  readonly strict: (...xs: never[]) => SqlValue;
  readonly bound?: ((args: readonly SqlArg[]) => number) | undefined;
}

/** The kernel of a "NULL in, NULL out" row; the row's signature types its parameters and result. */
export const strict = <P extends unknown[]>(
  f: (...xs: P) => SqlValue,
  bound?: (args: readonly SqlArg[]) => number,
): StrictKernel => ({ strict: f as unknown as (...xs: never[]) => SqlValue, bound });

/**
 * One function of a family: its signature, growth class and doc (as `sqlFunction` reads them),
 * then how a call compiles, or the kernel of a strict function (`strict(f)`).
 */
export type FunctionRow = readonly [
  signature: string,
  growth: SqlGrowth,
  doc: string,
  compile: CompileFn | StrictKernel,
];

/**
 * A family's entries from its rows, in order; an entry built otherwise (`defineFunction`) may
 * stand among them as it is.
 */
export function functionTable(rows: readonly (FunctionRow | SqlFunction)[]): SqlFunction[] {
  return rows.flatMap((row) => {
    if (!Array.isArray(row)) return [row as SqlFunction];
    const [signature, growth, doc, compile] = row as FunctionRow;
    return typeof compile === "function"
      ? sqlFunction(signature, growth, doc, compile)
      : strictFunction(signature, growth, doc, compile.strict, compile.bound);
  });
}
