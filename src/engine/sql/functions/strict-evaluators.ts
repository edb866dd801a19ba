/** Null-propagating evaluator builders: the function runs only when every input is non-null. */
import type { SqlEvaluator, SqlRowContext, SqlValue } from "../sql-contract.ts";

/** What a strict evaluator reads per row: an argument's value, or a value derived from it (a compiled regex). */
export type RowReader = (ctx: SqlRowContext) => unknown;

export function strict1<A>(a: RowReader, f: (x: A) => SqlValue): SqlEvaluator {
  return (ctx) => {
    const x = a(ctx);
    return x === null ? null : f(x as A);
  };
}

/** Like strict1, with the row passed on to `f` (which evaluates lambdas for the row). */
export function strictInRow<A>(a: RowReader, f: (x: A, ctx: SqlRowContext) => SqlValue): SqlEvaluator {
  return (ctx) => {
    const x = a(ctx);
    return x === null ? null : f(x as A, ctx);
  };
}

export function strict2<A, B>(a: RowReader, b: RowReader, f: (x: A, y: B) => SqlValue): SqlEvaluator {
  return (ctx) => {
    const x = a(ctx);
    if (x === null) return null;
    const y = b(ctx);
    return y === null ? null : f(x as A, y as B);
  };
}

export function strict3<A, B, C>(
  a: RowReader,
  b: RowReader,
  c: RowReader,
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
export function strictN<T = SqlValue>(evals: readonly RowReader[], f: (xs: T[]) => SqlValue): SqlEvaluator {
  return (ctx: SqlRowContext) => {
    const xs: T[] = new Array<T>(evals.length);
    for (let i = 0; i < evals.length; i++) {
      const v = evals[i]!(ctx);
      if (v === null) return null;
      xs[i] = v as T;
    }
    return f(xs);
  };
}

/** A constant evaluator. */
export const constant =
  (v: SqlValue): SqlEvaluator =>
  () =>
    v;
