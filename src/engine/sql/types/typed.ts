/**
 * A compiled sub-expression: its static type and its evaluator. Constants are folded at
 * compile time so that per-row work is only what depends on the row.
 */
import { RowRandom } from "../../rng/index.ts";
import type { SqlEvaluator, SqlRowContext, SqlValue } from "../sql-contract.ts";
import { widthBound } from "../values/value-bounds.ts";
import { deepBytes } from "../values/value-budget.ts";
import type { SqlType } from "./sql-type.ts";

export interface Typed {
  readonly type: SqlType;
  readonly evaluate: SqlEvaluator;
  /** Set when the value does not depend on the row. */
  readonly constant?: { readonly value: SqlValue };
  /** Set for a literal as written (Spark types integer literals in decimal arithmetic by their digits). */
  readonly literal?: true;
  /**
   * The most bytes a value takes with all it holds (see values/value-budget.ts), when known;
   * values of fixed-width types need none (boundOf).
   */
  readonly bound?: number;
}

/** A context for evaluating constant sub-expressions once at compile time (they read no row). */
const FOLD_CONTEXT: SqlRowContext = { values: [], row: 0, rnd: new RowRandom(0), built: 0 };

export function constantTyped(type: SqlType, value: SqlValue, literal = false): Typed {
  const evaluate: SqlEvaluator = () => value;
  const bound = deepBytes(value, Number.POSITIVE_INFINITY);
  return literal
    ? { type, evaluate, constant: { value }, literal: true, bound }
    : { type, evaluate, constant: { value }, bound };
}

/** The node, folded to a constant when all of `inputs` are constants; `bound` as in Typed. */
export function folded(
  type: SqlType,
  evaluate: SqlEvaluator,
  inputs: readonly Typed[],
  bound?: number,
): Typed {
  if (inputs.every((i) => i.constant !== undefined)) {
    FOLD_CONTEXT.built = 0;
    return constantTyped(type, evaluate(FOLD_CONTEXT));
  }
  return bound === undefined ? { type, evaluate } : { type, evaluate, bound };
}

/** The bound of a node's values: its own, else 16 bytes for fixed-width types, else unknown (Infinity). */
export const boundOf = (t: Pick<Typed, "type" | "bound">): number => t.bound ?? widthBound(t.type);
