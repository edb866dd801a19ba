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

export function compileAnd(leftIn: Typed, rightIn: Typed, env: CompileEnv, pos: number): Typed {
  const left = requireBoolean(leftIn, env, pos, "the left side of AND");
  const right = requireBoolean(rightIn, env, pos, "the right side of AND");
  // FALSE AND anything is FALSE without evaluating the right side (as at run time).
  if (left.constant?.value === false) return constantTyped(DataTypes.boolean, false);
  const l = left.evaluate;
  const r = right.evaluate;
  const evaluate: SqlEvaluator = (ctx) => {
    const a = l(ctx);
    if (a === false) return false;
    const b = r(ctx);
    if (b === false) return false;
    return a === null || b === null ? null : true;
  };
  return folded(DataTypes.boolean, evaluate, [left, right]);
}

export function compileOr(leftIn: Typed, rightIn: Typed, env: CompileEnv, pos: number): Typed {
  const left = requireBoolean(leftIn, env, pos, "the left side of OR");
  const right = requireBoolean(rightIn, env, pos, "the right side of OR");
  if (left.constant?.value === true) return constantTyped(DataTypes.boolean, true);
  const l = left.evaluate;
  const r = right.evaluate;
  const evaluate: SqlEvaluator = (ctx) => {
    const a = l(ctx);
    if (a === true) return true;
    const b = r(ctx);
    if (b === true) return true;
    return a === null || b === null ? null : false;
  };
  return folded(DataTypes.boolean, evaluate, [left, right]);
}

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
