import type { SqlEvaluator, SqlValue } from "../sql-contract.ts";
import type { Typed } from "../types/typed.ts";

/**
 * Lets one operand be read several times per row while being evaluated once (BETWEEN, simple
 * CASE): `read` stands for the operand inside the compiled sub-expressions, `wrap` evaluates
 * the operand before running them. A constant operand needs no sharing.
 */
export function shareOperand(operand: Typed): { read: Typed; wrap: (inner: SqlEvaluator) => SqlEvaluator } {
  if (operand.constant !== undefined) return { read: operand, wrap: (inner) => inner };
  const cell: { value: SqlValue } = { value: null };
  const e = operand.evaluate;
  return {
    read: { type: operand.type, evaluate: () => cell.value },
    wrap: (inner) => (ctx) => {
      cell.value = e(ctx);
      return inner(ctx);
    },
  };
}
