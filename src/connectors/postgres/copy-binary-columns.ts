import type { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { ColumnEncoder, ColumnField } from "../../formats/format.ts";
import type { DataTypeKind } from "../../model/data-type.ts";
import { scalarRowsEncoder, type ValueBinder } from "../table/scalar-rows-encoder.ts";
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

/** The writer of a field of `kind` (decimal: of `scale`) into a column of pg type `type`; undefined when not covered. */
function binderOf(kind: DataTypeKind, type: string, scale: number): ValueBinder | undefined {
  switch (kind) {
    case "int":
      if (type === "int8") return (v) => (out, i) => int64OfNumber(out, (v as Int32Array)[i]!);
      if (type === "int2") return (v) => (out, i) => int16Value(out, (v as Int32Array)[i]!);
      return (v) => (out, i) => int32Value(out, (v as Int32Array)[i]!);
    case "long":
      return (v) => (out, i) => int64OfNumber(out, (v as Float64Array)[i]!);
    case "double":
      return (v) => (out, i) => float8Value(out, (v as Float64Array)[i]!);
    case "decimal":
      return (v) =>
        v instanceof Float64Array
          ? (out, i) => decimalOfNumber(out, v[i]!, scale)
          : (out, i) => decimalOfBigint(out, (v as bigint[])[i]!, scale);
    case "string":
      return (v) => (out, i) => stringValue(out, (v as string[])[i]!);
    case "boolean":
      return (v) => (out, i) => boolValue(out, (v as Uint8Array)[i] === 1);
    case "date":
      return (v) => (out, i) => dateValue(out, (v as Int32Array)[i]!);
    case "timestamp":
      return (v) => (out, i) => timestampValue(out, (v as Float64Array)[i]!);
    default:
      return undefined;
  }
}

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
  return scalarRowsEncoder(
    fields,
    (f, c) => binderOf(f.type.kind, types[c]!, f.type.kind === "decimal" ? f.type.scale : 0),
    copyBinaryRows(fields.length),
  );
}
