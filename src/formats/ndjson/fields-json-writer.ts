import type { Column } from "../../engine/index.ts";
import type { DataType } from "../../model/data-type.ts";
import type { ByteSink } from "../arrow-values/byte-sink.ts";
import {
  hasNulls,
  writeDouble,
  writeInteger,
  writeJsonString,
  writeQuotedDate,
  writeQuotedTimestamp,
} from "./json-scalar-bytes.ts";

/**
 * A writer of one column's values as JSON, compiled once for a type (column-json-writer.ts) and
 * bound to each batch's columns; bind() answers false when a column is not stored as the type
 * says (the caller then takes the general path).
 */
export interface ColumnJsonWriter {
  bind(col: Column): boolean;
  /** Writes value i of the bound column (`null` for a null). */
  write(out: ByteSink, i: number): void;
  /** How a row writer may write this writer's values itself when the column has no nulls. */
  readonly direct?: DirectKind;
}

/**
 * How a row writer writes a field whose column has no nulls: the common scalar types inline in
 * its loop over the fields (a switch on a small number, where the call through the field's
 * writer dispatches on the writer's class per field and row), the rest through the writer.
 */
export const Direct = { Writer: 0, Text: 1, Int: 2, Double: 3, Date: 4, Timestamp: 5 } as const;
export type DirectKind = (typeof Direct)[keyof typeof Direct];

/** Writes objects whose fields are the given columns, one object per row. */
export interface FieldsJsonWriter {
  bind(columns: readonly Column[]): boolean;
  write(out: ByteSink, i: number): void;
}

const encoder = new TextEncoder();

/**
 * The writer of objects made of these fields (a batch's rows, or a struct's values), each
 * field's values written by its writer in `children` (or inline, see Direct); omitNullFields
 * leaves null fields out.
 */
export function fieldsJsonWriter(
  fields: readonly { readonly name: string; readonly type: DataType }[],
  children: readonly ColumnJsonWriter[],
  omitNullFields: boolean,
): FieldsJsonWriter {
  const names = fields.map((f) => encoder.encode(`${JSON.stringify(f.name)}:`));
  const openers = names.map((n, k) => {
    const b = new Uint8Array(n.length + 1);
    b[0] = k === 0 ? 123 : 44;
    b.set(n, 1);
    return b;
  });
  const count = fields.length;
  let childNulls: (Uint8Array | undefined)[] = [];
  // Per field, how a row's value is written (a Direct code) and the values it reads.
  const direct = new Uint8Array(count);
  const texts: (unknown[] | undefined)[] = new Array(count).fill(undefined);
  const ints: (Int32Array | undefined)[] = new Array(count).fill(undefined);
  const doubles: (Float64Array | undefined)[] = new Array(count).fill(undefined);
  const head = openerWords(openers);
  return {
    bind(columns) {
      if (columns.length !== count) return false;
      childNulls = [];
      for (let k = 0; k < count; k++) {
        const col = columns[k]!;
        const child = children[k]!;
        if (!child.bind(col)) return false;
        childNulls.push(omitNullFields && hasNulls(col) ? col.nulls : undefined);
        const values = col.shape === "scalar" && !hasNulls(col) ? col.values : undefined;
        const kind = values === undefined ? Direct.Writer : (child.direct ?? Direct.Writer);
        direct[k] = kind;
        // bind() has checked each writer's values: strings in an array, the rest typed.
        texts[k] = kind === Direct.Text ? (values as unknown[]) : undefined;
        ints[k] = kind === Direct.Int || kind === Direct.Date ? (values as Int32Array) : undefined;
        doubles[k] =
          kind === Direct.Double || kind === Direct.Timestamp ? (values as Float64Array) : undefined;
      }
      return true;
    },
    write(out, i) {
      if (count === 0) {
        out.byte(123);
        out.byte(125);
        return;
      }
      if (omitNullFields) {
        out.byte(123);
        let first = true;
        for (let k = 0; k < count; k++) {
          const nulls = childNulls[k];
          if (nulls !== undefined && nulls[i] === 1) continue;
          if (!first) out.byte(44);
          out.bytes(names[k]!);
          children[k]!.write(out, i);
          first = false;
        }
        out.byte(125);
        return;
      }
      for (let k = 0; k < count; k++) {
        head(out, k);
        switch (direct[k]) {
          case Direct.Text: {
            const s = texts[k]![i];
            writeJsonString(out, typeof s === "string" ? s : String(s));
            break;
          }
          case Direct.Int:
            writeInteger(out, ints[k]![i]!);
            break;
          case Direct.Double:
            writeDouble(out, doubles[k]![i]!);
            break;
          case Direct.Date:
            writeQuotedDate(out, ints[k]![i]!);
            break;
          case Direct.Timestamp:
            writeQuotedTimestamp(out, doubles[k]![i]!);
            break;
          default:
            children[k]!.write(out, i);
        }
      }
      out.byte(125);
    },
  };
}

/**
 * Writes `{"first":` or `,"next":` (opener k) into the sink, four bytes a store: the openers are
 * most of a row's bytes, and a store per byte was the row loop's largest cost. The last word
 * may write up to three bytes past the opener, inside the room ensured and overwritten next.
 */
function openerWords(openers: readonly Uint8Array[]): (out: ByteSink, k: number) => void {
  const starts = new Int32Array(openers.length + 1);
  for (let k = 0; k < openers.length; k++) starts[k + 1] = starts[k]! + Math.ceil(openers[k]!.length / 4);
  const words = new Uint32Array(starts[openers.length]!);
  const bytes = new Uint8Array(words.buffer);
  for (let k = 0; k < openers.length; k++) bytes.set(openers[k]!, starts[k]! * 4);
  // As little-endian numbers, as the stores below write them (whatever the machine's order).
  const order = new DataView(words.buffer);
  for (let w = 0; w < words.length; w++) words[w] = order.getUint32(4 * w, true);
  const lengths = Int32Array.from(openers, (o) => o.length);
  let viewOf: Uint8Array | undefined;
  let view: DataView = new DataView(new ArrayBuffer(0));
  return (out, k) => {
    const from = starts[k]!;
    const to = starts[k + 1]!;
    out.ensure(4 * (to - from));
    const buf = out.buf;
    if (buf !== viewOf) {
      view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
      viewOf = buf;
    }
    let p = out.pos;
    out.pos = p + lengths[k]!;
    for (let w = from; w < to; w++, p += 4) view.setUint32(p, words[w]!, true);
  };
}
