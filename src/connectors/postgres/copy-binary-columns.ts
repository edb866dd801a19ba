import type { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { ColumnEncoder, ColumnField } from "../../formats/format.ts";
import { type ScalarWriters, scalarRowsEncoder } from "../table/scalar-rows-encoder.ts";
import { copyBinaryRows } from "./copy-binary.ts";
import {
  boolValue,
  dateValue,
  float8Value,
  int16Value,
  int32Value,
  int64OfNumber,
  numericValue,
  smallNumericValue,
  stringValue,
  timestampValue,
} from "./copy-binary-values.ts";

/**
 * Binary COPY tuples written straight from the engine's columns (see engine/columns/column.ts
 * for their storage), in the worker that generated them: no Arrow batch is built and read back
 * (1M rows of the db bench's table: about 12% less CPU for the run, peak RSS 205 MB against
 * 330 MB). The same bytes as copy-binary.ts's writeCopyBinary of the same rows; a field whose
 * type this does not cover (bytes, shorts, floats, nested values) leaves the step to that one.
 */

function decimalOfNumber(out: ByteSink, unscaled: number, scale: number): void {
  if (!smallNumericValue(out, Math.abs(unscaled), unscaled < 0, scale))
    numericValue(out, BigInt(unscaled), scale);
}

function decimalOfBigint(out: ByteSink, unscaled: bigint, scale: number): void {
  const magnitude = unscaled < 0n ? -unscaled : unscaled;
  if (
    magnitude > BigInt(Number.MAX_SAFE_INTEGER) ||
    !smallNumericValue(out, Number(magnitude), unscaled < 0n, scale)
  )
    numericValue(out, unscaled, scale);
}

/** The writers of binary COPY values into a column of pg type `type` (ints by its width). */
function copyBinaryWriters(type: string): ScalarWriters {
  return {
    int: type === "int8" ? int64OfNumber : type === "int2" ? int16Value : int32Value,
    long: int64OfNumber,
    double: float8Value,
    decimal: { number: decimalOfNumber, bigint: decimalOfBigint },
    string: stringValue,
    boolean: boolValue,
    date: dateValue,
    timestamp: timestampValue,
  };
}

/**
 * The column encoder of the `postgres-copy-binary` rows (options.types: the columns' pg_type
 * names, in the fields' order); undefined when a field's type is not covered.
 */
export function copyBinaryColumnEncoder(
  fields: readonly ColumnField[],
  options: Readonly<Record<string, string>>,
): ColumnEncoder | undefined {
  const types = (options.types ?? "").split(",");
  if (types.length !== fields.length) return undefined;
  return scalarRowsEncoder(fields, (c) => copyBinaryWriters(types[c]!), copyBinaryRows(fields.length));
}
