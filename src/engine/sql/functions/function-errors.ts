/** The function table's errors: a call refused at compile time, a value refused at run time. */
import { RowforgeError } from "../../../errors/index.ts";
import { type DataType, formatDataType } from "../../../model/data-type.ts";

/** A compile-time error naming the function and what is wrong. */
export function sqlError(fn: string, message: string): RowforgeError {
  return new RowforgeError("RF_SQL_INVALID", `${fn}(): ${message}`);
}

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh"];
export const ordinal = (i: number): string => ORDINALS[i] ?? `#${i + 1}`;

export function argTypeError(fn: string, index: number, expected: string, got: DataType): RowforgeError {
  // A bare type name (int, array<string>, decimal(10,2)) can be suggested as a cast target.
  const castHint = /^[a-z]+(?:[(<].*)?$/.test(expected)
    ? `; cast it explicitly, for example CAST(x AS ${expected})`
    : "";
  return sqlError(
    fn,
    `the ${ordinal(index)} argument must be ${expected}, but it is ${formatDataType(got)}${castHint}`,
  );
}

/** A runtime error raised inside an evaluator (Spark raises the same at run time). */
export function runtimeError(fn: string, message: string): RowforgeError {
  return new RowforgeError("RF_VALUE_INVALID", `${fn}(): ${message}`);
}
