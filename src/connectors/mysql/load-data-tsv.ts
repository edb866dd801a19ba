import { type Data, DataType, type RecordBatch } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { binaryReader, boolReader, numberReader } from "../../formats/arrow-values/arrow-cells.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import { jsonWriter } from "../../formats/arrow-values/json-renderer.ts";
import { plainValueWriter } from "../../formats/arrow-values/plain-value-writer.ts";
import { type CellWriter, type RowLayout, writeBatchRows } from "../table/write-batch-rows.ts";

/**
 * Rows as MySQL/MariaDB's `LOAD DATA LOCAL INFILE` reads them with its default format (fields
 * ended by tab, lines by `\n`, escapes by backslash, nothing enclosed): a null is `\N`; text
 * has `\`, tab, newline, carriage return and NUL escaped (`\\`, `\t`, `\n`, `\r`, `\0`), so an
 * empty string stays empty; booleans are 1/0; integers, exact decimals and dates plain;
 * timestamps `yyyy-MM-dd HH:mm:ss.ffffff` in UTC (the session's time zone); floats in shortest
 * round-trip form (NaN and ±Infinity refused: MySQL columns cannot hold them); binary as hex
 * (the statement loads it into a variable and stores `UNHEX` of it); arrays, maps and structs
 * as JSON text.
 */
const TAB = 9;
const NEWLINE = 10;
const BACKSLASH = 92;
const HEX = "0123456789abcdef";
const NULL_CELL = "\\N";

/**
 * Writes a batch's rows (columns in schema order) as LOAD DATA lines into `out`. `firstRow`
 * (the step's row of the batch's first) names a refused value's row.
 */
export function writeLoadDataTsv(out: ByteSink, batch: RecordBatch, firstRow: number): void {
  const names = batch.schema.fields.map((f) => f.name);
  writeBatchRows(out, batch, (d, c) => cellWriter(d, names[c]!, firstRow), LOAD_DATA_ROWS);
}

export const LOAD_DATA_ROWS: RowLayout = {
  separator: TAB,
  rowEnd: NEWLINE,
  nullCell: (out) => out.ascii(NULL_CELL),
};

function cellWriter(data: Data, column: string, firstRow: number): CellWriter {
  const t = data.type;
  if (DataType.isUtf8(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    return (out, i) => escapedBytes(out, bytes, offsets[i]!, offsets[i + 1]!);
  }
  if (DataType.isBool(t)) {
    const read = boolReader(data);
    return (out, i) => out.byte(read(i) ? 49 : 48);
  }
  if (DataType.isFloat(t)) {
    const read = numberReader(data);
    return (out, i) => {
      const v = Number(read(i));
      if (!Number.isFinite(v)) {
        throw new RowforgeError(
          "RF_DB_WRITE_FAILED",
          `column "${column}" at row ${firstRow + i} holds ${v}, which a MySQL/MariaDB float or double column cannot hold`,
          { hint: "keep the field's values finite (min/max), or write it to a file format" },
        );
      }
      out.ascii(Object.is(v, -0) ? "-0" : String(v));
    };
  }
  if (DataType.isBinary(t)) {
    const read = binaryReader(data);
    return (out, i) => hex(out, read(i));
  }
  if (DataType.isTimestamp(t)) {
    const plain = plainValueWriter(data)!;
    return (out, i) => {
      const start = out.pos;
      plain(out, i);
      toSessionTimestamp(out, start);
    };
  }
  const plain = plainValueWriter(data);
  if (plain) return plain;
  // Arrays, maps and structs: JSON text, escaped for the line format.
  const json = jsonWriter(data);
  const scratch = new ByteSink(1 << 10);
  return (out, i) => {
    scratch.pos = 0;
    json(scratch, i);
    escapedBytes(out, scratch.buf, 0, scratch.pos);
  };
}

/** The timestamp written from `start` on, yyyy-MM-ddTHH:mm:ss.fffZ, made yyyy-MM-dd HH:mm:ss.fff (UTC, as the session reads it). */
export function toSessionTimestamp(out: ByteSink, start: number): void {
  if (out.buf[out.pos - 1] === 90) out.pos--;
  const tee = out.buf.indexOf(84, start);
  if (tee !== -1 && tee < out.pos) out.buf[tee] = 32;
}

function hex(out: ByteSink, b: Uint8Array): void {
  out.ensure(b.length * 2);
  for (const x of b) {
    out.buf[out.pos++] = HEX.charCodeAt(x >> 4);
    out.buf[out.pos++] = HEX.charCodeAt(x & 15);
  }
}

/** UTF-8 bytes as one field: backslash, tab, newline, carriage return and NUL escaped. */
export function escapedBytes(out: ByteSink, bytes: Uint8Array, start: number, end: number): void {
  out.ensure(end - start);
  for (let k = start; k < end; k++) {
    const b = bytes[k]!;
    let escaped = 0;
    if (b === BACKSLASH) escaped = BACKSLASH;
    else if (b === TAB)
      escaped = 116; // t
    else if (b === NEWLINE)
      escaped = 110; // n
    else if (b === 13)
      escaped = 114; // r
    else if (b === 0) escaped = 48; // 0
    if (escaped !== 0) {
      out.ensure(end - k + 1);
      out.buf[out.pos++] = BACKSLASH;
      out.buf[out.pos++] = escaped;
    } else out.buf[out.pos++] = b;
  }
}
