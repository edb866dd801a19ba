import type { Column } from "../../engine/index.ts";
import type { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { ColumnEncoder, ColumnField } from "../../formats/format.ts";
import type { RowLayout } from "./write-batch-rows.ts";

/** Writes value `i` of the values it was bound to. */
export type ValueWriter = (out: ByteSink, i: number) => void;

/** A scalar column's values (engine/columns/column.ts tells their storage by type). */
export type ScalarValues = Extract<Column, { shape: "scalar" }>["values"];

/** Makes a field's writer for one batch's values. */
export type ValueBinder = (values: ScalarValues) => ValueWriter;

/**
 * A column encoder writing rows in a bulk-load format's layout (as writeBatchRows lays out
 * the Arrow path's) straight from the engine's scalar columns: each field's values by the
 * writer its binder makes for the batch. Undefined when `binderOf` has none for a field; a
 * batch whose columns are not the fields' scalar columns is left to the Arrow path (false).
 */
export function scalarRowsEncoder(
  fields: readonly ColumnField[],
  binderOf: (field: ColumnField, column: number) => ValueBinder | undefined,
  layout: RowLayout,
): ColumnEncoder | undefined {
  const binders: ValueBinder[] = [];
  for (let c = 0; c < fields.length; c++) {
    const binder = binderOf(fields[c]!, c);
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
