/** Unary `-`, `+` and `~` (bitwise not). Negation wraps for integral types like Java. */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlEvaluator, SqlValue } from "../sql-contract.ts";
import { isIntegralKind, isNumericType } from "../types/common-types.ts";
import type { IntervalValue } from "../types/sql-type.ts";
import { constantTyped, folded, type Typed } from "../types/typed.ts";
import { coerce, typeName } from "./compile-coerce.ts";
import type { CompileEnv } from "./compile-env.ts";

function unaryEvaluator(e: SqlEvaluator, f: (v: never) => SqlValue): SqlEvaluator {
  const g = f as unknown as (v: SqlValue) => SqlValue;
  return (ctx) => {
    const v = e(ctx);
    return v === null ? null : g(v);
  };
}

export function compileUnary(op: "-" | "+" | "~", operandIn: Typed, env: CompileEnv, pos: number): Typed {
  let operand = operandIn;
  const t0 = operand.type;
  if (op === "-" && t0.kind === "interval" && operand.constant !== undefined) {
    const iv = operand.constant.value as unknown as IntervalValue;
    const negated = Object.freeze({ months: -iv.months, days: -iv.days, micros: -iv.micros });
    return constantTyped(t0, negated as unknown as SqlValue);
  }
  if (t0.kind === "null") return constantTyped(op === "~" ? DataTypes.int : DataTypes.double, null);
  if (op === "~") {
    if (!isIntegralKind(t0))
      throw env.error(pos, `operator ~ needs an integral number, but has type ${typeName(t0)}`);
  } else if (t0.kind === "string") {
    operand = coerce(operand, DataTypes.double, env, pos);
  } else if (!isNumericType(t0)) {
    throw env.error(pos, `unary ${op} needs a number, but has type ${typeName(t0)}`);
  }
  const t = operand.type;
  if (op === "+") return operand;
  const e = operand.evaluate;
  let evaluate: SqlEvaluator;
  switch (t.kind) {
    case "int":
      evaluate = unaryEvaluator(e, op === "-" ? (v: number) => -v | 0 : (v: number) => ~v);
      break;
    case "short":
      evaluate = unaryEvaluator(e, op === "-" ? (v: number) => ((-v << 16) >> 16) | 0 : (v: number) => ~v);
      break;
    case "byte":
      evaluate = unaryEvaluator(e, op === "-" ? (v: number) => ((-v << 24) >> 24) | 0 : (v: number) => ~v);
      break;
    case "long":
      evaluate = unaryEvaluator(e, op === "-" ? (v: bigint) => BigInt.asIntN(64, -v) : (v: bigint) => ~v);
      break;
    case "decimal":
      evaluate = unaryEvaluator(e, (v: bigint) => -v);
      break;
    default:
      evaluate = unaryEvaluator(e, (v: number) => -v);
  }
  return folded(t, evaluate, [operand]);
}
