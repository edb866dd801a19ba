import { type Data, DataType, makeData, type RecordBatch, Struct } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { isValid } from "../../formats/arrow-values/arrow-cells.ts";
import { type ByteSink, putUint32le } from "../../formats/arrow-values/byte-sink.ts";
import { jsonWriter } from "../../formats/arrow-values/json-renderer.ts";
import { plainValueWriter } from "../../formats/arrow-values/plain-value-writer.ts";
import type { MessageSlot } from "./message-slot.ts";
import { schemaValueWriter } from "./schema-values.ts";

/** The option of the workers' encoder for message parts (MESSAGE_FRAMES_FORMAT). */
export const slotsOption = (slots: readonly MessageSlot[]): Readonly<Record<string, string>> => ({
  slots: JSON.stringify(slots),
});

const NULL_LENGTH = 0xffffffff;

type PartWriter = (out: ByteSink, i: number) => void;

/** Writes a part as u32 length + bytes: reserves the length, writes, then fills it in. */
function lengthPrefixed(write: (out: ByteSink, i: number) => void): PartWriter {
  return (out, i) => {
    out.uint32le(0);
    const at = out.pos;
    write(out, i);
    putUint32le(out.buf, at - 4, out.pos - at);
  };
}

function rawBytes(data: Data): (out: ByteSink, i: number) => void {
  const offsets = data.valueOffsets as Int32Array;
  const values = data.values as Uint8Array;
  return (out, i) => {
    const from = offsets[i]!;
    const to = offsets[i + 1]!;
    out.ensure(to - from);
    out.buf.set(values.subarray(from, to), out.pos);
    out.pos += to - from;
  };
}

function textOf(data: Data): (out: ByteSink, i: number) => void {
  const t = data.type;
  if (DataType.isUtf8(t) || DataType.isBinary(t)) return rawBytes(data);
  return plainValueWriter(data) ?? jsonWriter(data);
}

/** Null when the value is null, else the length-prefixed part. */
function nullable(data: Data, write: PartWriter): PartWriter {
  if (data.nullCount === 0) return write;
  return (out, i) => (isValid(data, i) ? write(out, i) : out.uint32le(NULL_LENGTH));
}

function headersOf(data: Data, where: string): PartWriter {
  const entry = data.children[0];
  const keys = entry?.children[0];
  const values = entry?.children[1];
  if (!DataType.isList(data.type) || !keys || !values)
    throw new RowforgeError(
      "RF_FORMAT_TYPE_UNSUPPORTED",
      `${where}: headers must be an array of {key, value} structs, not ${String(data.type)}`,
      { hint: "use the messageHeaders helper, or type headers array<struct<key:string,value:binary>>" },
    );
  const offsets = data.valueOffsets as Int32Array;
  const key = lengthPrefixed(textOf(keys));
  const value = nullable(values, lengthPrefixed(textOf(values)));
  return nullable(data, (out, i) => {
    out.uint32le(offsets[i + 1]! - offsets[i]!);
    for (let k = offsets[i]!; k < offsets[i + 1]!; k++) {
      key(out, k);
      value(out, k);
    }
  });
}

/** The row as one struct, without the excluded columns. */
function rowStruct(batch: RecordBatch, exclude: readonly string[] = []): Data {
  const skip = new Set(exclude);
  const kept = batch.schema.fields.map((f, k) => ({ f, k })).filter(({ f }) => !skip.has(f.name));
  return makeData({
    type: new Struct(kept.map(({ f }) => f)),
    length: batch.numRows,
    nullCount: 0,
    children: kept.map(({ k }) => batch.data.children[k]!),
  });
}

function partWriter(batch: RecordBatch, slot: MessageSlot, where: string): PartWriter {
  if (slot.as === "row-json") return lengthPrefixed(jsonWriter(rowStruct(batch, slot.exclude)));
  if (slot.as === "avro" || slot.as === "protobuf") {
    let data: Data;
    if (slot.column === undefined) data = rowStruct(batch, slot.exclude);
    else {
      const index = batch.schema.fields.findIndex((f) => f.name === slot.column);
      if (index < 0) return (out) => out.uint32le(NULL_LENGTH);
      data = batch.data.children[index]!;
    }
    return nullable(data, lengthPrefixed(schemaValueWriter(slot, data, where)));
  }
  const index = slot.column === undefined ? -1 : batch.schema.fields.findIndex((f) => f.name === slot.column);
  if (index < 0) return (out) => out.uint32le(NULL_LENGTH);
  const data = batch.data.children[index]!;
  if (slot.as === "headers") return headersOf(data, where);
  return nullable(data, lengthPrefixed(slot.as === "json" ? jsonWriter(data) : textOf(data)));
}

/** Encodes a batch's rows as message parts, row after row, slot after slot (a worker encoder). */
export function writeMessageFrames(
  out: ByteSink,
  batch: RecordBatch,
  options: Readonly<Record<string, string>>,
): void {
  const slots = JSON.parse(options.slots ?? "[]") as MessageSlot[];
  const where = options.where ?? "message";
  const writers = slots.map((s) => partWriter(batch, s, where));
  for (let i = 0; i < batch.numRows; i++) for (const w of writers) w(out, i);
}

/** A header's key and value (null value: a header without one). */
export type HeaderPart = readonly [key: Uint8Array, value: Uint8Array | null];

const utf8 = new TextDecoder();

/** A row's headers as text, in order: each key and its value (null for a header without one). */
export const headerTexts = (parts: readonly HeaderPart[]): [key: string, value: string | null][] =>
  parts.map(([k, v]) => [utf8.decode(k), v === null ? null : utf8.decode(v)]);

/**
 * The parts of a batch's messages, read back where they are sent. Parts are views into the
 * frames' bytes (no copies): a transport that keeps them past its send must copy them.
 */
export class MessageFrames {
  readonly rows: number;
  readonly bytes: Uint8Array;
  private readonly slots: readonly MessageSlot[];
  /** Byte position of each row's each part (row * slots + slot). */
  private readonly at: Int32Array;
  private readonly view: DataView;

  /** The step's row of the frames' first row (messages name their row by it). */
  readonly firstRow: number;

  constructor(bytes: Uint8Array, rows: number, slots: readonly MessageSlot[], firstRow = 0) {
    this.firstRow = firstRow;
    this.bytes = bytes;
    this.rows = rows;
    this.slots = slots;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.at = new Int32Array(rows * slots.length);
    let p = 0;
    for (let r = 0, k = 0; r < rows; r++) {
      for (let s = 0; s < slots.length; s++, k++) {
        this.at[k] = p;
        p = slots[s]!.as === "headers" ? this.skipHeaders(p) : this.skipPart(p);
      }
    }
    if (p !== bytes.byteLength)
      throw new RowforgeError(
        "RF_INTERNAL",
        `message frames: ${bytes.byteLength - p} bytes left over after ${rows} rows`,
      );
  }

  private skipPart(p: number): number {
    const n = this.view.getUint32(p, true);
    return n === NULL_LENGTH ? p + 4 : p + 4 + n;
  }

  private skipHeaders(p: number): number {
    const n = this.view.getUint32(p, true);
    if (n === NULL_LENGTH) return p + 4;
    let q = p + 4;
    for (let k = 0; k < n; k++) q = this.skipPart(this.skipPart(q));
    return q;
  }

  private partAt(p: number): Uint8Array | null {
    const n = this.view.getUint32(p, true);
    return n === NULL_LENGTH ? null : this.bytes.subarray(p + 4, p + 4 + n);
  }

  /**
   * Where a row's part starts in `bytes`: a u32 (little-endian) length, 0xffffffff for null,
   * then that many bytes (a headers part: its count, then each key and value so). Encoders
   * that copy parts straight into their own buffers read them from here, without a view per part.
   */
  partPosition(row: number, slot: number): number {
    return this.at[row * this.slots.length + slot]!;
  }

  /** A text/json/row-json part of a row: its bytes, or null. */
  part(row: number, slot: number): Uint8Array | null {
    return this.partAt(this.at[row * this.slots.length + slot]!);
  }

  /** A part as text (UTF-8), or null. */
  text(row: number, slot: number): string | null {
    const p = this.part(row, slot);
    return p === null ? null : Buffer.from(p.buffer, p.byteOffset, p.byteLength).toString("utf8");
  }

  /** A headers part of a row: its key/value pairs, or null. */
  headers(row: number, slot: number): HeaderPart[] | null {
    let p = this.at[row * this.slots.length + slot]!;
    const n = this.view.getUint32(p, true);
    if (n === NULL_LENGTH) return null;
    p += 4;
    const out: HeaderPart[] = [];
    for (let k = 0; k < n; k++) {
      const key = this.partAt(p) ?? new Uint8Array(0);
      p = this.skipPart(p);
      out.push([key, this.partAt(p)]);
      p = this.skipPart(p);
    }
    return out;
  }
}
