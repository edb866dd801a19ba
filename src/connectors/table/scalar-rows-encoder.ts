import type { Column } from "../../engine/index.ts";
import type { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { ColumnEncoder, ColumnField } from "../../formats/format.ts";
import type { DataType } from "../../model/data-type.ts";
import type { RowLayout } from "./write-batch-rows.ts";

/** Writes value `i` of the values it was bound to. */
type ValueWriter = (out: ByteSink, i: number) => void;

/** A scalar column's values (engine/columns/column.ts tells their storage by type). */
type ScalarValues = Extract<Column, { shape: "scalar" }>["values"];

/** Makes a field's writer for one batch's values. */
type ValueBinder = (values: ScalarValues) => ValueWriter;

/**
 * How a bulk-load format writes one value of each scalar kind it covers, given as the engine's
 * columns store it (engine/columns/column.ts); a field of a kind left out is not covered.
 */
export interface ScalarWriters {
  readonly int?: (out: ByteSink, value: number) => void;
  readonly long?: (out: ByteSink, value: number) => void;
  readonly double?: (out: ByteSink, value: number) => void;
  /** Unscaled decimals: numbers when the precision fits a double, else bigints. */
  readonly decimal?: {
    readonly number: (out: ByteSink, unscaled: number, scale: number) => void;
    readonly bigint: (out: ByteSink, unscaled: bigint, scale: number) => void;
  };
  readonly string?: (out: ByteSink, value: string) => void;
  readonly boolean?: (out: ByteSink, value: boolean) => void;
  /** Days since 1970-01-01. */
  readonly date?: (out: ByteSink, days: number) => void;
  /** Microseconds since 1970-01-01T00:00Z. */
  readonly timestamp?: (out: ByteSink, micros: number) => void;
}

/** The binder of a field of `type` from the format's writers; undefined when they do not cover its kind. */
function scalarBinder(type: DataType, w: ScalarWriters): ValueBinder | undefined {
  switch (type.kind) {
    case "int": {
      const write = w.int;
      return write && ((v) => (out, i) => write(out, (v as Int32Array)[i]!));
    }
    case "long": {
      const write = w.long;
      return write && ((v) => (out, i) => write(out, (v as Float64Array)[i]!));
    }
    case "double": {
      const write = w.double;
      return write && ((v) => (out, i) => write(out, (v as Float64Array)[i]!));
    }
    case "decimal": {
      const write = w.decimal;
      const { scale } = type;
      return (
        write &&
        ((v) =>
          v instanceof Float64Array
            ? (out, i) => write.number(out, v[i]!, scale)
            : (out, i) => write.bigint(out, (v as bigint[])[i]!, scale))
      );
    }
    case "string": {
      const write = w.string;
      return write && ((v) => (out, i) => write(out, (v as string[])[i]!));
    }
    case "boolean": {
      const write = w.boolean;
      return write && ((v) => (out, i) => write(out, (v as Uint8Array)[i] === 1));
    }
    case "date": {
      const write = w.date;
      return write && ((v) => (out, i) => write(out, (v as Int32Array)[i]!));
    }
    case "timestamp": {
      const write = w.timestamp;
      return write && ((v) => (out, i) => write(out, (v as Float64Array)[i]!));
    }
    default:
      return undefined;
  }
}

/**
 * A column encoder writing rows in a bulk-load format's layout (as writeBatchRows lays out
 * the Arrow path's) straight from the engine's scalar columns: each field's values by the
 * writer `writersOf` gives for its kind. Undefined when a field's kind is not covered; a
 * batch whose columns are not the fields' scalar columns is left to the Arrow path (false).
 */
export function scalarRowsEncoder(
  fields: readonly ColumnField[],
  writersOf: (column: number) => ScalarWriters,
  layout: RowLayout,
): ColumnEncoder | undefined {
  const binders: ValueBinder[] = [];
  for (let c = 0; c < fields.length; c++) {
    const binder = scalarBinder(fields[c]!.type, writersOf(c));
    if (!binder) return undefined;
    binders.push(binder);
  }
  const n = fields.length;
  const { rowStart, separator, rowEnd, nullCell } = layout;
  return {
    encodeColumns(columns: readonly Column[], rows: number, out: ByteSink): boolean {
      const writers: ValueWriter[] = [];
      const nulls: (Uint8Array | undefined)[] = [];
      for (let c = 0; c < n; c++) {
        const col = columns[c];
        if (col?.shape !== "scalar" || col.type.kind !== fields[c]!.type.kind) return false;
        writers.push(binders[c]!(col.values));
        nulls.push(col.nulls);
      }
      for (let row = 0; row < rows; row++) {
        rowStart?.(out);
        for (let c = 0; c < n; c++) {
          if (c > 0 && separator !== undefined) out.byte(separator);
          if (nulls[c]?.[row] === 1) nullCell?.(out);
          else writers[c]!(out, row);
        }
        if (rowEnd !== undefined) out.byte(rowEnd);
      }
      return true;
    },
  };
}
