import { formatDataType } from "../../../model/data-type.ts";
import type { SqlEvaluator } from "../sql-contract.ts";
import { canCast, compileCast } from "../types/cast-conversions.ts";
import { sameSqlType } from "../types/common-types.ts";
import { formatSqlType, type SqlType } from "../types/sql-type.ts";
import { boundOf, constantTyped, folded, type Typed } from "../types/typed.ts";
import { castBound } from "../values/value-bounds.ts";
import { budgeted, checkDeepSize, valueLimits } from "../values/value-budget.ts";
import type { CompileEnv } from "./compile-env.ts";

/**
 * `node` converted to `to` (an implicit or explicit cast). An untyped NULL becomes a NULL of
 * the type; `what` names the operand in the error when the conversion is impossible.
 */
export function coerce(node: Typed, to: SqlType, env: CompileEnv, pos: number, what = "the value"): Typed {
  if (sameSqlType(node.type, to) || to.kind === "null") return node;
  if (node.type.kind === "null") return constantTyped(to, null);
  const from = node.type;
  if (from.kind === "interval" || to.kind === "interval" || !canCast(from, to)) {
    throw env.error(pos, `cannot convert ${what} of type ${formatSqlType(from)} to ${formatSqlType(to)}`);
  }
  const cast = compileCast(from, to);
  const inner = node.evaluate;
  const bound = castBound(from, to, boundOf(node));
  if (!isCollection(from) && !isCollection(to)) return folded(to, (ctx) => cast(inner(ctx)), [node], bound);
  // Casts that build collections, or render one as text, are values built under the budget.
  const limits = valueLimits(env.inputs);
  const renders = to.kind === "string" || to.kind === "binary";
  const evaluate: SqlEvaluator = renders
    ? (ctx) => {
        const v = inner(ctx);
        // Checked before it is rendered: text of many references to one long string is huge.
        if (v !== null) checkDeepSize("the value cast to text", v, limits);
        return cast(v);
      }
    : (ctx) => cast(inner(ctx));
  return folded(to, budgeted("the cast", renders ? "grows" : "input", evaluate, limits), [node], bound);
}

const isCollection = (t: SqlType): boolean => t.kind === "array" || t.kind === "map" || t.kind === "struct";

/** Describes a type for messages: `int`, `array<string>`. */
export const typeName = (t: SqlType): string =>
  t.kind === "null" || t.kind === "interval" ? t.kind : formatDataType(t);
