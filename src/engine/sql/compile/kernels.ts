/**
 * Null-propagating evaluators for binary operators. The hot numeric cases are written out one
 * closure per operator (so each call site stays monomorphic); rarer ones go through a kernel.
 */
import type { SqlEvaluator, SqlValue } from "../sql-contract.ts";
import type { Typed } from "../types/typed.ts";

/** A binary operation on non-null operands, typed by the caller (`(a: number, b: number) => ...`). */
export type Kernel = (a: never, b: never) => SqlValue;
type AnyKernel = (a: SqlValue, b: SqlValue) => SqlValue;

/** `kernel(l, r)`, NULL when either side is NULL (the right side is not evaluated after a NULL left). */
export function nullSafe(left: Typed, right: Typed, typedKernel: Kernel): SqlEvaluator {
  const kernel = typedKernel as unknown as AnyKernel;
  const l = left.evaluate;
  const r = right.evaluate;
  if (right.constant !== undefined) {
    const c = right.constant.value;
    if (c === null) return () => null;
    return (ctx) => {
      const a = l(ctx);
      return a === null ? null : kernel(a, c);
    };
  }
  return (ctx) => {
    const a = l(ctx);
    if (a === null) return null;
    const b = r(ctx);
    return b === null ? null : kernel(a, b);
  };
}

type Maker = (l: SqlEvaluator, r: SqlEvaluator) => SqlEvaluator;
type ConstMaker = (l: SqlEvaluator, c: number) => SqlEvaluator;

/** Double arithmetic, written out per operator. */
const DOUBLE: Readonly<Record<string, [Maker, ConstMaker]>> = {
  "+": [
    (l, r) => (ctx) => {
      const a = l(ctx);
      if (a === null) return null;
      const b = r(ctx);
      return b === null ? null : (a as number) + (b as number);
    },
    (l, c) => (ctx) => {
      const a = l(ctx);
      return a === null ? null : (a as number) + c;
    },
  ],
  "-": [
    (l, r) => (ctx) => {
      const a = l(ctx);
      if (a === null) return null;
      const b = r(ctx);
      return b === null ? null : (a as number) - (b as number);
    },
    (l, c) => (ctx) => {
      const a = l(ctx);
      return a === null ? null : (a as number) - c;
    },
  ],
  "*": [
    (l, r) => (ctx) => {
      const a = l(ctx);
      if (a === null) return null;
      const b = r(ctx);
      return b === null ? null : (a as number) * (b as number);
    },
    (l, c) => (ctx) => {
      const a = l(ctx);
      return a === null ? null : (a as number) * c;
    },
  ],
  "/": [
    (l, r) => (ctx) => {
      const a = l(ctx);
      if (a === null) return null;
      const b = r(ctx);
      return b === null || b === 0 ? null : (a as number) / (b as number);
    },
    (l, c) => (ctx) => {
      const a = l(ctx);
      return a === null ? null : (a as number) / c;
    },
  ],
};

/** Int (32-bit, wrapping) arithmetic, written out per operator. */
const INT: Readonly<Record<string, [Maker, ConstMaker]>> = {
  "+": [
    (l, r) => (ctx) => {
      const a = l(ctx);
      if (a === null) return null;
      const b = r(ctx);
      return b === null ? null : ((a as number) + (b as number)) | 0;
    },
    (l, c) => (ctx) => {
      const a = l(ctx);
      return a === null ? null : ((a as number) + c) | 0;
    },
  ],
  "-": [
    (l, r) => (ctx) => {
      const a = l(ctx);
      if (a === null) return null;
      const b = r(ctx);
      return b === null ? null : ((a as number) - (b as number)) | 0;
    },
    (l, c) => (ctx) => {
      const a = l(ctx);
      return a === null ? null : ((a as number) - c) | 0;
    },
  ],
  "*": [
    (l, r) => (ctx) => {
      const a = l(ctx);
      if (a === null) return null;
      const b = r(ctx);
      return b === null ? null : Math.imul(a as number, b as number);
    },
    (l, c) => (ctx) => {
      const a = l(ctx);
      return a === null ? null : Math.imul(a as number, c);
    },
  ],
};

/** Specialised evaluator for `op` on doubles or ints, or undefined when there is none. */
export function fastNumeric(
  family: "double" | "int",
  op: string,
  left: Typed,
  right: Typed,
): SqlEvaluator | undefined {
  const pair = (family === "double" ? DOUBLE : INT)[op];
  if (pair === undefined) return undefined;
  const c = right.constant?.value;
  if (typeof c === "number" && !(op === "/" && c === 0)) return pair[1](left.evaluate, c);
  if (right.constant !== undefined && c === null) return () => null;
  return pair[0](left.evaluate, right.evaluate);
}
