/** `x [NOT] BETWEEN low AND high`, Spark's `x >= low AND x <= high` with x evaluated once. */

import type { BetweenNode } from "../syntax/ast.ts";
import type { Typed } from "../types/typed.ts";
import { compileComparison } from "./compile-comparison.ts";
import type { CompileEnv } from "./compile-env.ts";
import { compileAnd, compileNot } from "./compile-logic.ts";
import { shareOperand } from "./shared-operand.ts";

export function compileBetween(node: BetweenNode, env: CompileEnv): Typed {
  const { negated, pos } = node;
  const shared = shareOperand(env.compile(node.operand));
  const low = env.compile(node.low);
  const high = env.compile(node.high);
  const ge = compileComparison(">=", shared.read, low, env, pos);
  const le = compileComparison("<=", shared.read, high, env, pos);
  const both = compileAnd(ge, le, env, pos);
  const result = negated ? compileNot(both, env, pos) : both;
  if (result.constant !== undefined) return result;
  return { type: result.type, evaluate: shared.wrap(result.evaluate) };
}
