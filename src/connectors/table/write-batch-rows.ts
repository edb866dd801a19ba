import type { Data, RecordBatch } from "apache-arrow";
import { isValid } from "../../formats/arrow-values/arrow-cells.ts";
import type { ByteSink } from "../../formats/arrow-values/byte-sink.ts";

/** Writes the value at index `i` of the chunk it was made for. */
export type CellWriter = (out: ByteSink, i: number) => void;

/** How a bulk-load format lays out a row around its cells (COPY CSV, COPY binary, LOAD DATA). */
export interface RowLayout {
  /** Written before a row's first cell (binary COPY: the column count). */
  readonly rowStart?: (out: ByteSink) => void;
  /** The byte between two cells, where the format has one. */
  readonly separator?: number;
  /** The byte after a row's last cell, where the format has one. */
  readonly rowEnd?: number;
  /** Writes a null cell; absent: a null is written as nothing. */
  readonly nullCell?: (out: ByteSink) => void;
}

/**
 * Writes a batch's rows (columns in schema order) into `out` in a bulk-load format's layout,
 * each valid cell by the writer `writerOf` makes for its chunk. A batch's columns may come in
 * several chunks: they are walked by row.
 */
export function writeBatchRows(
  out: ByteSink,
  batch: RecordBatch,
  writerOf: (chunk: Data, column: number) => CellWriter,
  layout: RowLayout,
): void {
  const { rowStart, separator, rowEnd, nullCell } = layout;
  const cursors = batch.schema.fields.map((_, c) => ({
    chunks: batch.getChildAt(c)!.data.map((d) => ({ d, write: writerOf(d, c) })),
    at: 0,
    base: 0,
  }));
  for (let row = 0; row < batch.numRows; row++) {
    rowStart?.(out);
    for (let c = 0; c < cursors.length; c++) {
      if (c > 0 && separator !== undefined) out.byte(separator);
      const cur = cursors[c]!;
      let chunk = cur.chunks[cur.at]!;
      while (row - cur.base >= chunk.d.length) {
        cur.base += chunk.d.length;
        chunk = cur.chunks[++cur.at]!;
      }
      const i = row - cur.base;
      if (isValid(chunk.d, i)) chunk.write(out, i);
      else nullCell?.(out);
    }
    if (rowEnd !== undefined) out.byte(rowEnd);
  }
}
