import assert from "node:assert/strict";
import type { RecordBatch } from "apache-arrow";
import type { Column } from "../../src/engine/columns/column.ts";
import { batchShape, toRecordBatch } from "../../src/engine/columns/to-arrow.ts";
import { ByteSink } from "../../src/formats/arrow-values/byte-sink.ts";
import type { ColumnEncoder } from "../../src/formats/format.ts";
import type { DataType } from "../../src/model/data-type.ts";

/**
 * What the tests of a column encoder (an encoder writing straight from the engine's columns)
 * hold it against: the same columns as an Arrow batch, written by the Arrow path's encoder.
 */

export type Fields = readonly { name: string; type: DataType }[];

type ScalarValues = Extract<Column, { shape: "scalar" }>["values"];

/** A scalar column of these values, null at the rows `nulls` lists. */
export function scalarColumn(type: DataType, values: ScalarValues, nulls: readonly number[] = []): Column {
  const col = { shape: "scalar", type, length: values.length, nulls: undefined, values } as Column;
  if (nulls.length > 0) {
    col.nulls = new Uint8Array(values.length);
    for (const i of nulls) col.nulls[i] = 1;
  }
  return col;
}

/** Asserts that `encoder` writes `columns` as the same bytes as `viaArrow` writes their Arrow batch. */
export function assertSameBytesAsArrow(
  fields: Fields,
  columns: Column[],
  encoder: ColumnEncoder | undefined,
  viaArrow: (out: ByteSink, batch: RecordBatch) => void,
): void {
  const batch = toRecordBatch(batchShape(fields.map((f) => ({ ...f, nullable: true }))), columns);
  const arrow = new ByteSink(64);
  viaArrow(arrow, batch);
  assert.ok(arrow.pos > 0, "the Arrow path wrote the rows");
  assert.ok(encoder, "a column encoder for these fields");
  const direct = new ByteSink(64);
  assert.ok(encoder.encodeColumns(columns, columns[0]?.length ?? 0, direct), "the encoder took the columns");
  const a = Buffer.from(arrow.buf.subarray(0, arrow.pos));
  const b = Buffer.from(direct.buf.subarray(0, direct.pos));
  assert.equal(b.toString("latin1"), a.toString("latin1"));
  assert.ok(b.equals(a), "the same bytes as the Arrow path");
}
