/**
 * Function calls: looked up in the function library by lower-case name, with Spark's cast
 * aliases (`int(x)`, `date(x)`, ...) as a fallback. Arguments reach the library as SqlArgs:
 * an untyped NULL as a string-typed constant NULL, a lambda with its `lambda` binder.
 */
import { errorCodeInfo, isRowforgeError, nearestNames } from "../../../errors/index.ts";
import { type DataType, DataTypes } from "../../../model/data-type.ts";
import { argsBound } from "../functions/function-bounds.ts";
import type { SqlArg, SqlFunction, SqlGrowth } from "../sql-contract.ts";
import { isPositionedSqlError } from "../sql-error.ts";
import type { CallNode } from "../syntax/ast.ts";
import { toDataType } from "../types/sql-type.ts";
import { boundOf, constantTyped, type Typed } from "../types/typed.ts";
import { stringBound, widthBound } from "../values/value-bounds.ts";
import { budgeted, evaluateAtCompile, valueLimits } from "../values/value-budget.ts";
import { coerce } from "./compile-coerce.ts";
import type { CompileEnv } from "./compile-env.ts";
import { compileLambdaArg } from "./compile-lambda.ts";

/** Spark's functions named after types: `int(x)` is CAST(x AS INT). */
const CAST_ALIASES: Readonly<Record<string, DataType>> = {
  boolean: DataTypes.boolean,
  tinyint: DataTypes.byte,
  smallint: DataTypes.short,
  int: DataTypes.int,
  bigint: DataTypes.long,
  float: DataTypes.float,
  double: DataTypes.double,
  decimal: DataTypes.decimal(10, 0),
  date: DataTypes.date,
  timestamp: DataTypes.timestamp,
  binary: DataTypes.binary,
  string: DataTypes.string,
};

/** Every callable name, for "did you mean". */
export function knownFunctionNames(functions: ReadonlyMap<string, unknown>): string[] {
  return [...new Set([...functions.keys(), ...Object.keys(CAST_ALIASES)])];
}

function toArg(node: Typed, env: CompileEnv, pos: number): SqlArg {
  if (node.type.kind === "interval") {
    throw env.error(pos, "an interval can only be added to or subtracted from a date or timestamp");
  }
  const type = toDataType(node.type);
  const bound = boundOf(node);
  return node.constant === undefined
    ? { type, evaluate: node.evaluate, bound }
    : { type, evaluate: node.evaluate, constant: node.constant, bound };
}

function compileArgs(node: CallNode, env: CompileEnv): SqlArg[] {
  return node.args.map((a) =>
    a.kind === "lambda" ? compileLambdaArg(a, env) : toArg(env.compile(a), env, a.pos),
  );
}

export function compileCall(node: CallNode, env: CompileEnv): Typed {
  const lower = node.name.toLowerCase();
  const fn = env.functions.get(lower);
  if (fn === undefined) {
    const alias = CAST_ALIASES[lower];
    if (alias !== undefined) {
      if (node.args.length !== 1 || node.args[0]!.kind === "lambda") {
        throw env.error(node.pos, `${node.name}(x) takes exactly one argument (it is CAST(x AS ${lower}))`);
      }
      return coerce(env.compile(node.args[0]!), alias, env, node.pos);
    }
    // Very short names (e, pi) are "contained" in most words: offer them only for short queries.
    const candidates = knownFunctionNames(env.functions).filter((k) => k.length >= 3 || node.name.length < 4);
    const near = nearestNames(node.name, candidates);
    throw env.error(
      node.pos,
      `unknown function ${node.name}(...)${near.length > 0 ? `; did you mean ${near.map((n) => `${n}(...)`).join(" or ")}?` : ""}`,
      "see the list of supported SQL functions in the documentation",
    );
  }
  const n = node.args.length;
  if (n < fn.minArgs || n > fn.maxArgs) {
    const range =
      fn.minArgs === fn.maxArgs
        ? `${fn.minArgs}`
        : fn.maxArgs === Number.POSITIVE_INFINITY
          ? `at least ${fn.minArgs}`
          : `${fn.minArgs} to ${fn.maxArgs}`;
    throw env.error(node.pos, `${lower}(...) takes ${range} argument(s), but ${n} were given`, fn.doc);
  }
  const args = compileArgs(node, env);
  let compiled: ReturnType<SqlFunction["compile"]>;
  try {
    compiled = fn.compile(args, env.inputs);
  } catch (e) {
    if (isRowforgeError(e) && !isPositionedSqlError(e) && e.code !== "RF_BUDGET_EXCEEDED") {
      const hint = e.hint === errorCodeInfo(e.code).hint ? fn.doc : e.hint;
      throw env.error(node.pos, e.message, hint);
    }
    throw e;
  }
  const evaluate = budgeted(lower, fn.growth, compiled.evaluate, valueLimits(env.inputs));
  // A growing call of constants (`repeat('x', 100000000)`) is made now, once, before anything is
  // generated (over the budget, it is refused), and is a constant to the calls around it.
  if (fn.growth === "grows" && args.every((a) => a.constant !== undefined)) {
    const made = evaluateAtCompile(evaluate);
    if (made !== undefined) return constantTyped(compiled.type, made.value);
  }
  const fixedWidth = widthBound(compiled.type) !== Number.POSITIVE_INFINITY;
  const bound = fixedWidth ? undefined : (compiled.bound ?? classBound(fn.growth, compiled.type, args));
  return bound === undefined ? { type: compiled.type, evaluate } : { type: compiled.type, evaluate, bound };
}

/** A fixed function's text (a digest, a day's name) takes at most this many characters. */
const FIXED_TEXT = 128;

/**
 * The most bytes a call's value takes, from its growth class where the function does not say:
 * a `fixed` value is small, an `input` value is no larger than its arguments together, and a
 * `grows` value is unknown (the engine then counts the budget's most).
 */
function classBound(growth: SqlGrowth, type: DataType, args: readonly SqlArg[]): number | undefined {
  if (growth === "fixed")
    return type.kind === "string" || type.kind === "binary" ? stringBound(FIXED_TEXT) : undefined;
  return growth === "grows" ? Number.POSITIVE_INFINITY : argsBound(args);
}
