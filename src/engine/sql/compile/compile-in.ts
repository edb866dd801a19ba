/**
 * `x [NOT] IN (a, b, ...)`: all sides take their wider common type (Spark's rule, so an int
 * column against strings compares as strings). A constant list becomes a Set lookup.
 * NULL semantics: NULL when x is NULL, or when nothing matched and the list holds a NULL.
 */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlEvaluator, SqlValue } from "../sql-contract.ts";
import type { InNode } from "../syntax/ast.ts";
import { widerCommonTypeOf } from "../types/common-types.ts";
import { constantTyped, folded, type Typed } from "../types/typed.ts";
import { compileEquality } from "../values/compare-values.ts";
import { coerce, typeName } from "./compile-coerce.ts";
import type { CompileEnv } from "./compile-env.ts";

/** Types whose values are JS primitives equal exactly when Spark says so (Set lookup works). */
const SET_KINDS = new Set([
  "string",
  "int",
  "short",
  "byte",
  "long",
  "decimal",
  "boolean",
  "date",
  "timestamp",
  "float",
  "double",
]);

export function compileIn(node: InNode, env: CompileEnv): Typed {
  const { negated, pos } = node;
  const operandIn = env.compile(node.operand);
  const listIn = node.list.map((n) => env.compile(n));
  const common = widerCommonTypeOf([operandIn.type, ...listIn.map((n) => n.type)]);
  if (common === undefined || common.kind === "interval") {
    throw env.error(
      pos,
      `IN compares ${typeName(operandIn.type)} with values of types ${listIn.map((n) => typeName(n.type)).join(", ")}, which have no common type`,
    );
  }
  if (common.kind === "null") return constantTyped(DataTypes.boolean, null);
  const operand = coerce(operandIn, common, env, pos);
  const list = listIn.map((n) => coerce(n, common, env, pos, "an IN value"));
  const e = operand.evaluate;
  const found = !negated;
  const missing = negated;
  let evaluate: SqlEvaluator;
  if (SET_KINDS.has(common.kind) && list.every((n) => n.constant !== undefined)) {
    const values = new Set<SqlValue>();
    let hasNull = false;
    for (const n of list) {
      const v = n.constant!.value;
      if (v === null) hasNull = true;
      else values.add(v);
    }
    const absent = hasNull ? null : missing;
    evaluate = (ctx) => {
      const v = e(ctx);
      if (v === null) return null;
      return values.has(v) ? found : absent;
    };
  } else {
    const eq = compileEquality(common);
    const items = list.map((n) => n.evaluate);
    evaluate = (ctx) => {
      const v = e(ctx);
      if (v === null) return null;
      let sawNull = false;
      for (const item of items) {
        const x = item(ctx);
        if (x === null) sawNull = true;
        else if (eq(v, x)) return found;
      }
      return sawNull ? null : missing;
    };
  }
  return folded(DataTypes.boolean, evaluate, [operand, ...list]);
}
