/**
 * = <> < <= > >= <=> with Spark's coercion of the two sides to a common type, NaN equal to
 * itself and above all numbers, strings in code point order, NULL for a NULL side (except <=>).
 */
import { type DataType, DataTypes } from "../../../model/data-type.ts";
import type { SqlEvaluator, SqlValue } from "../sql-contract.ts";
import type { ComparisonOp } from "../syntax/ast.ts";
import { comparisonType } from "../types/common-types.ts";
import { constantTyped, folded, type Typed } from "../types/typed.ts";
import { compareDoubles, compileEquality, compileOrdering } from "../values/compare-values.ts";
import { coerce, typeName } from "./compile-coerce.ts";
import type { CompileEnv } from "./compile-env.ts";
import { type Kernel, nullSafe } from "./kernels.ts";

type PlainOp = Exclude<ComparisonOp, "<=>">;
type Maker = (l: SqlEvaluator, r: SqlEvaluator) => SqlEvaluator;
type ConstMaker = (l: SqlEvaluator, c: SqlValue) => SqlEvaluator;

// JS operators give Spark's answer for ints, dates, timestamps, longs, decimals of one scale and booleans.
// biome-ignore format: one row per operator reads best.
const PLAIN: Readonly<Record<PlainOp, [Maker, ConstMaker]>> = {
  "=": [
    (l, r) => (ctx) => { const a = l(ctx); if (a === null) return null; const b = r(ctx); return b === null ? null : a === b; },
    (l, c) => (ctx) => { const a = l(ctx); return a === null ? null : a === c; },
  ],
  "<>": [
    (l, r) => (ctx) => { const a = l(ctx); if (a === null) return null; const b = r(ctx); return b === null ? null : a !== b; },
    (l, c) => (ctx) => { const a = l(ctx); return a === null ? null : a !== c; },
  ],
  "<": [
    (l, r) => (ctx) => { const a = l(ctx); if (a === null) return null; const b = r(ctx); return b === null ? null : (a as number) < (b as number); },
    (l, c) => (ctx) => { const a = l(ctx); return a === null ? null : (a as number) < (c as number); },
  ],
  "<=": [
    (l, r) => (ctx) => { const a = l(ctx); if (a === null) return null; const b = r(ctx); return b === null ? null : (a as number) <= (b as number); },
    (l, c) => (ctx) => { const a = l(ctx); return a === null ? null : (a as number) <= (c as number); },
  ],
  ">": [
    (l, r) => (ctx) => { const a = l(ctx); if (a === null) return null; const b = r(ctx); return b === null ? null : (a as number) > (b as number); },
    (l, c) => (ctx) => { const a = l(ctx); return a === null ? null : (a as number) > (c as number); },
  ],
  ">=": [
    (l, r) => (ctx) => { const a = l(ctx); if (a === null) return null; const b = r(ctx); return b === null ? null : (a as number) >= (b as number); },
    (l, c) => (ctx) => { const a = l(ctx); return a === null ? null : (a as number) >= (c as number); },
  ],
};

// biome-ignore format: one row per operator reads best.
const DOUBLE_ABOVE_CONST: Readonly<Record<">" | ">=", ConstMaker>> = {
  ">": (l, c) => (ctx) => { const a = l(ctx); return a === null ? null : (a as number) > (c as number) || Number.isNaN(a); },
  ">=": (l, c) => (ctx) => { const a = l(ctx); return a === null ? null : (a as number) >= (c as number) || Number.isNaN(a); },
};

const byOrder: Readonly<Record<PlainOp, (c: number) => boolean>> = {
  "=": (c) => c === 0,
  "<>": (c) => c !== 0,
  "<": (c) => c < 0,
  "<=": (c) => c <= 0,
  ">": (c) => c > 0,
  ">=": (c) => c >= 0,
};

function plain(op: PlainOp, left: Typed, right: Typed): SqlEvaluator {
  const [make, makeConst] = PLAIN[op];
  if (right.constant !== undefined) {
    const c = right.constant.value;
    return c === null ? () => null : makeConst(left.evaluate, c);
  }
  return make(left.evaluate, right.evaluate);
}

function evaluator(op: PlainOp, t: DataType, left: Typed, right: Typed, fail: () => never): SqlEvaluator {
  switch (t.kind) {
    case "int":
    case "short":
    case "byte":
    case "date":
    case "timestamp":
    case "long":
    case "boolean":
      return plain(op, left, right);
    case "decimal":
      // Both sides were cast to one decimal type, so their unscaled values compare directly.
      return plain(op, left, right);
    case "float":
    case "double": {
      const c = right.constant?.value;
      if (typeof c === "number" && !Number.isNaN(c)) {
        if (op === ">" || op === ">=") return DOUBLE_ABOVE_CONST[op](left.evaluate, c);
        return plain(op, left, right);
      }
      const test = byOrder[op];
      return nullSafe(left, right, (a: number, b: number) => test(compareDoubles(a, b)));
    }
    case "string":
      if (op === "=" || op === "<>") return plain(op, left, right);
      break;
    default:
      break;
  }
  if (op === "=" || op === "<>") {
    if (t.kind === "map") fail();
    const eq = compileEquality(t);
    const kernel: Kernel =
      op === "=" ? (a: SqlValue, b: SqlValue) => eq(a, b) : (a: SqlValue, b: SqlValue) => !eq(a, b);
    return nullSafe(left, right, kernel);
  }
  const order = compileOrdering(t);
  if (order === undefined) fail();
  const test = byOrder[op];
  return nullSafe(left, right, (a: SqlValue, b: SqlValue) => test(order(a, b)));
}

export function compileComparison(
  op: ComparisonOp,
  leftIn: Typed,
  rightIn: Typed,
  env: CompileEnv,
  pos: number,
): Typed {
  const shown = op === "=" ? "=" : op;
  const common = comparisonType(leftIn.type, rightIn.type);
  const fail = (): never => {
    throw env.error(
      pos,
      `cannot compare ${typeName(leftIn.type)} with ${typeName(rightIn.type)} using ${shown}`,
      "cast one side so both have comparable types",
    );
  };
  if (common === undefined || common.kind === "interval") return fail();
  if (common.kind === "null") return constantTyped(DataTypes.boolean, op === "<=>" ? true : null);
  const left = coerce(leftIn, common, env, pos, "the left side");
  const right = coerce(rightIn, common, env, pos, "the right side");
  if (op === "<=>") {
    if (common.kind === "map") fail();
    const eq = compileEquality(common);
    const l = left.evaluate;
    const r = right.evaluate;
    const evaluate: SqlEvaluator = (ctx) => {
      const a = l(ctx);
      const b = r(ctx);
      return a === null || b === null ? a === b : eq(a, b);
    };
    return folded(DataTypes.boolean, evaluate, [left, right]);
  }
  return folded(DataTypes.boolean, evaluator(op, common, left, right, fail), [left, right]);
}
