/**
 * CASE WHEN c THEN v ... [ELSE e] END and CASE x WHEN a THEN v ... END (`x = a` per branch,
 * x evaluated once). The result has the wider common type of all branches (Spark's rule);
 * constant conditions are resolved at compile time.
 */

import type { SqlEvaluator, SqlValue } from "../sql-contract.ts";
import type { CaseNode } from "../syntax/ast.ts";
import { widerCommonTypeOf } from "../types/common-types.ts";
import { NULL_TYPE } from "../types/sql-type.ts";
import { boundOf, constantTyped, type Typed } from "../types/typed.ts";
import { coerce, typeName } from "./compile-coerce.ts";
import { compileComparison } from "./compile-comparison.ts";
import type { CompileEnv } from "./compile-env.ts";
import { requireBoolean } from "./compile-logic.ts";
import { shareOperand } from "./shared-operand.ts";

export function compileCase(node: CaseNode, env: CompileEnv): Typed {
  const shared = node.operand === null ? undefined : shareOperand(env.compile(node.operand));
  const conditions = node.branches.map((b) => {
    const when = env.compile(b.when);
    if (shared === undefined) return requireBoolean(when, env, b.when.pos, "a CASE WHEN condition");
    return compileComparison("=", shared.read, when, env, b.when.pos);
  });
  const results = node.branches.map((b) => env.compile(b.then));
  const otherwise = node.otherwise === null ? constantTyped(NULL_TYPE, null) : env.compile(node.otherwise);
  const all = [...results, otherwise];
  const common = widerCommonTypeOf(all.map((r) => r.type));
  if (common === undefined || common.kind === "interval") {
    throw env.error(
      node.pos,
      `the branches of CASE have types ${all.map((r) => typeName(r.type)).join(", ")}, which have no common type`,
      "cast the branches to one type",
    );
  }
  const pos = (i: number): number => node.branches[i]?.then.pos ?? node.otherwise?.pos ?? node.pos;
  const coerced = all.map((r, i) => coerce(r, common, env, pos(i), "a CASE branch"));

  // Drop branches that can never be taken; stop at one that is always taken.
  const conds: SqlEvaluator[] = [];
  const values: SqlEvaluator[] = [];
  let fallback = coerced[coerced.length - 1]!;
  let constantResult = true;
  for (let i = 0; i < conditions.length; i++) {
    const c = conditions[i]!;
    if (c.constant !== undefined) {
      if (c.constant.value !== true) continue;
      fallback = coerced[i]!;
      break;
    }
    conds.push(c.evaluate);
    values.push(coerced[i]!.evaluate);
    constantResult = false;
  }
  if (constantResult && fallback.constant !== undefined)
    return constantTyped(common, fallback.constant.value);
  const e = fallback.evaluate;
  let evaluate: SqlEvaluator;
  if (conds.length === 0) evaluate = e;
  else if (conds.length === 1) {
    const [c0] = conds as [SqlEvaluator];
    const [v0] = values as [SqlEvaluator];
    evaluate = (ctx) => (c0(ctx) === true ? v0(ctx) : e(ctx));
  } else if (conds.length === 2) {
    const [c0, c1] = conds as [SqlEvaluator, SqlEvaluator];
    const [v0, v1] = values as [SqlEvaluator, SqlEvaluator];
    evaluate = (ctx) => (c0(ctx) === true ? v0(ctx) : c1(ctx) === true ? v1(ctx) : e(ctx));
  } else {
    const n = conds.length;
    evaluate = (ctx): SqlValue => {
      for (let i = 0; i < n; i++) if (conds[i]!(ctx) === true) return values[i]!(ctx);
      return e(ctx);
    };
  }
  // A value of some branch: at most the largest of them.
  const bound = Math.max(...coerced.map(boundOf));
  return { type: common, evaluate: shared === undefined ? evaluate : shared.wrap(evaluate), bound };
}
