/** Null-propagating evaluator builders: the function runs only when every input is non-null. */
import type { SqlEvaluator, SqlRowContext, SqlValue } from "../sql-contract.ts";

export function strict1<A>(a: SqlEvaluator, f: (x: A) => SqlValue): SqlEvaluator {
  return (ctx) => {
    const x = a(ctx);
    return x === null ? null : f(x as A);
  };
}

export function strict2<A, B>(a: SqlEvaluator, b: SqlEvaluator, f: (x: A, y: B) => SqlValue): SqlEvaluator {
  return (ctx) => {
    const x = a(ctx);
    if (x === null) return null;
    const y = b(ctx);
    return y === null ? null : f(x as A, y as B);
  };
}

export function strict3<A, B, C>(
  a: SqlEvaluator,
  b: SqlEvaluator,
  c: SqlEvaluator,
  f: (x: A, y: B, z: C) => SqlValue,
): SqlEvaluator {
  return (ctx) => {
    const x = a(ctx);
    if (x === null) return null;
    const y = b(ctx);
    if (y === null) return null;
    const z = c(ctx);
    return z === null ? null : f(x as A, y as B, z as C);
  };
}

/** Evaluates all inputs into a reused buffer; null if any is null. */
export function strictN(evals: readonly SqlEvaluator[], f: (xs: SqlValue[]) => SqlValue): SqlEvaluator {
  return (ctx: SqlRowContext) => {
    const xs: SqlValue[] = new Array<SqlValue>(evals.length);
    for (let i = 0; i < evals.length; i++) {
      const v = evals[i]!(ctx);
      if (v === null) return null;
      xs[i] = v;
    }
    return f(xs);
  };
}

/** A constant evaluator. */
export const constant =
  (v: SqlValue): SqlEvaluator =>
  () =>
    v;
