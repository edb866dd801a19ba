/** AND, OR, NOT with SQL's three-valued logic; IS [NOT] NULL, IS [NOT] TRUE|FALSE. */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlEvaluator } from "../sql-contract.ts";
import { constantTyped, folded, type Typed } from "../types/typed.ts";
import { typeName } from "./compile-coerce.ts";
import type { CompileEnv } from "./compile-env.ts";

/** Checks that a node is boolean (or an untyped NULL). */
export function requireBoolean(node: Typed, env: CompileEnv, pos: number, what: string): Typed {
  if (node.type.kind === "boolean") return node;
  if (node.type.kind === "null") return constantTyped(DataTypes.boolean, null);
  throw env.error(pos, `${what} must be a boolean condition, but has type ${typeName(node.type)}`);
}

/**
 * AND and OR: the decisive value (FALSE for AND, TRUE for OR) on either side is the result;
 * otherwise NULL when either side is NULL, else the other value.
 */
function compileJunction(
  op: "AND" | "OR",
  leftIn: Typed,
  rightIn: Typed,
  env: CompileEnv,
  pos: number,
): Typed {
  const decisive = op === "OR";
  const left = requireBoolean(leftIn, env, pos, `the left side of ${op}`);
  const right = requireBoolean(rightIn, env, pos, `the right side of ${op}`);
  // FALSE AND anything is FALSE (TRUE OR anything is TRUE) without evaluating the right side (as at run time).
  if (left.constant?.value === decisive) return constantTyped(DataTypes.boolean, decisive);
  const l = left.evaluate;
  const r = right.evaluate;
  const evaluate: SqlEvaluator = (ctx) => {
    const a = l(ctx);
    if (a === decisive) return decisive;
    const b = r(ctx);
    if (b === decisive) return decisive;
    return a === null || b === null ? null : !decisive;
  };
  return folded(DataTypes.boolean, evaluate, [left, right]);
}

export const compileAnd = (left: Typed, right: Typed, env: CompileEnv, pos: number): Typed =>
  compileJunction("AND", left, right, env, pos);

export const compileOr = (left: Typed, right: Typed, env: CompileEnv, pos: number): Typed =>
  compileJunction("OR", left, right, env, pos);

export function compileNot(operandIn: Typed, env: CompileEnv, pos: number): Typed {
  const operand = requireBoolean(operandIn, env, pos, "the operand of NOT");
  const e = operand.evaluate;
  return folded(
    DataTypes.boolean,
    (ctx) => {
      const v = e(ctx);
      return v === null ? null : !v;
    },
    [operand],
  );
}

export function compileIsNull(operand: Typed, negated: boolean): Typed {
  const e = operand.evaluate;
  const evaluate: SqlEvaluator = negated ? (ctx) => e(ctx) !== null : (ctx) => e(ctx) === null;
  return folded(DataTypes.boolean, evaluate, [operand]);
}

export function compileIsBoolean(
  operandIn: Typed,
  value: boolean,
  negated: boolean,
  env: CompileEnv,
  pos: number,
): Typed {
  const operand = requireBoolean(operandIn, env, pos, `the operand of IS ${value ? "TRUE" : "FALSE"}`);
  const e = operand.evaluate;
  const evaluate: SqlEvaluator = negated ? (ctx) => e(ctx) !== value : (ctx) => e(ctx) === value;
  return folded(DataTypes.boolean, evaluate, [operand]);
}
