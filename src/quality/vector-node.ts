import type { BatchRows } from "./batch-rows.ts";

/*
 * The nodes a vectorised predicate (vector-predicate.ts) is built of, and the states of its rows.
 */

export const FALSE = 0;
export const TRUE = 1;
export const NULL = 2;
export const UNSURE = 3;

/** Per row: a number (state 0), NULL (2) or UNSURE (3). */
export interface Numbers {
  readonly v: Float64Array;
  readonly s: Uint8Array;
}
export interface Strings {
  readonly offsets: Int32Array;
  readonly bytes: Uint8Array;
  /** 0 a value, NULL. */
  readonly s: Uint8Array;
  /** Every value's bytes are ASCII (one byte a character), known once per batch. */
  readonly ascii: boolean;
}

/** `float`: the numbers are floats or doubles (a decimal literal compares with them as a double). */
export type NumNode = { readonly kind: "num"; readonly float: boolean; eval(rows: BatchRows): Numbers };
/** `key` names the column the strings are of (a batch reads them once for every check). */
export type StrNode = { readonly kind: "str"; readonly key: string; eval(rows: BatchRows): Strings };
export type BoolNode = { readonly kind: "bool"; eval(rows: BatchRows): Uint8Array };
/** A field path whose NULLs only are known (IS NULL of any type). */
export type RefNode = { readonly kind: "ref"; nulls(rows: BatchRows): Uint8Array };
/** `decimal`: a literal with decimal places (1.5), which rowforge compares with integers as a decimal: not vectorised. */
export type Lit = { readonly kind: "lit"; readonly value: number | string; readonly decimal: boolean };
export type Node = NumNode | StrNode | BoolNode | Lit;

/** Thrown where an expression or a batch has a shape the loops do not cover (the row predicate then decides). */
export class Unsupported extends Error {}
export const no = (): never => {
  throw new Unsupported();
};

/** A reusable buffer per node (batches are evaluated one at a time). */
export function scratch<T extends Uint8Array | Float64Array>(make: (n: number) => T): (n: number) => T {
  let buf: T | undefined;
  return (n) => {
    if (!buf || buf.length < n) buf = make(Math.max(n, 1024));
    return buf;
  };
}

/**
 * A predicate over a string node's values (`asciiTest` instead when the batch's are all ASCII): `test` reads the UTF-8 bytes of one value (from
 * `start` to `end` in `bytes`) and answers its state; a NULL row stays NULL.
 */
export function stringTest(
  operand: StrNode,
  test: (bytes: Uint8Array, start: number, end: number) => number,
  asciiTest: (bytes: Uint8Array, start: number, end: number) => number = test,
): BoolNode {
  const out = scratch((n) => new Uint8Array(n));
  return {
    kind: "bool",
    eval(rows) {
      const { offsets, bytes, s, ascii } = operand.eval(rows);
      const o = out(rows.length);
      const t = ascii ? asciiTest : test;
      for (let i = 0; i < rows.length; i++)
        o[i] = s[i] !== 0 ? s[i]! : t(bytes, offsets[i]!, offsets[i + 1]!);
      return o;
    },
  };
}

/** Whether bytes `from..to` are all ASCII (below 0x80). */
export function allAscii(bytes: Uint8Array, from: number, to: number): boolean {
  let any = 0;
  for (let k = from; k < to; k++) any |= bytes[k]!;
  return any < 0x80;
}
