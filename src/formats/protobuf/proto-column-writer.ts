import { type Data, DataType } from "apache-arrow";
import type protobuf from "protobufjs";
import { RowforgeError } from "../../errors/index.ts";
import { boolReader, int64Words, isValid, utf8Reader } from "../arrow-values/arrow-cells.ts";
import type { ByteSink } from "../arrow-values/byte-sink.ts";
import { mismatch, NUMERIC, numbers } from "./proto-column-values.ts";
import { type ProtoType, protobufjs } from "./proto-root.ts";
import { wellKnownContent } from "./proto-well-known.ts";
import {
  beginLen,
  double,
  endLen,
  FIXED32,
  FIXED64,
  fixed32,
  fixed64,
  fixed64LoHi,
  float,
  int32,
  LEN,
  lenBytes,
  sint32,
  sint64,
  sintLoHi,
  tag,
  tagBytes,
  VARINT,
  varint32,
  varint64,
  varintLoHi,
} from "./proto-wire.ts";

type Put = (out: ByteSink, i: number) => void;

/** How row i of a column is written as one Protobuf value (without its tag), and whether it is the type's default. */
interface Value {
  readonly wire: number;
  readonly put: Put;
  /** Whether row i holds the default (0, "", false, empty bytes, the enum's 0): a field without presence then is left out. */
  readonly zero: (i: number) => boolean;
}

const never = (): boolean => false;

/** Number writers by Protobuf scalar type: wire type and encoder. */
const NUMBER_PUT: Record<string, [number, (out: ByteSink, n: number) => void]> = {
  double: [FIXED64, double],
  float: [FIXED32, float],
  int32: [VARINT, int32],
  uint32: [VARINT, varint32],
  sint32: [VARINT, sint32],
  fixed32: [FIXED32, fixed32],
  sfixed32: [FIXED32, fixed32],
  int64: [VARINT, varint64],
  uint64: [VARINT, varint64],
  sint64: [VARINT, sint64],
  fixed64: [FIXED64, fixed64],
  sfixed64: [FIXED64, fixed64],
};

const isFloat = (type: string): boolean => type === "double" || type === "float";

/** 64-bit Protobuf integers written from an int64 column's words: exact past 2^53 (a number would round). */
const WORDS_PUT: Record<string, (out: ByteSink, lo: number, hi: number) => void> = {
  int64: varintLoHi,
  uint64: varintLoHi,
  sint64: sintLoHi,
  fixed64: fixed64LoHi,
  sfixed64: fixed64LoHi,
};

function int64Value(enc: (out: ByteSink, lo: number, hi: number) => void, w: Int32Array): Value {
  return {
    wire: enc === fixed64LoHi ? FIXED64 : VARINT,
    put: (out, i) => enc(out, w[2 * i]!, w[2 * i + 1]!),
    zero: (i) => w[2 * i] === 0 && w[2 * i + 1] === 0,
  };
}

function numberValue(type: string, read: (i: number) => number): Value {
  const [wire, enc] = NUMBER_PUT[type]!;
  return {
    wire,
    put: (out, i) => enc(out, read(i)),
    // -0.0 keeps its sign bit, so it is written (as protoc's encoders do); whole-number types truncate first.
    zero: isFloat(type)
      ? (i) => Object.is(read(i), 0)
      : (i) => {
          const n = read(i);
          return n > -1 && n < 1;
        },
  };
}

/** UTF-8 or binary bytes straight from the column's buffers. */
function bytesValue(data: Data): Value {
  const offsets = data.valueOffsets as Int32Array;
  const bytes = data.values as Uint8Array;
  return {
    wire: LEN,
    put: (out, i) => lenBytes(out, bytes, offsets[i]!, offsets[i + 1]!),
    zero: (i) => offsets[i] === offsets[i + 1],
  };
}

const encoder = new TextEncoder();

function scalarValue(type: string, data: Data, where: string, at: string): Value {
  const t = data.type;
  if (NUMERIC.has(type)) {
    const words = WORDS_PUT[type] && int64Words(data);
    if (words) return int64Value(WORDS_PUT[type]!, words);
    let read = numbers(data);
    if (!read && DataType.isUtf8(t)) {
      // Map keys kept as text ("7"): their number.
      const text = utf8Reader(data);
      read = (i) => Number(text(i));
    }
    if (!read) throw mismatch(where, at, type, data);
    return numberValue(type, read);
  }
  switch (type) {
    case "bool": {
      let read: (i: number) => boolean;
      if (DataType.isBool(t)) read = boolReader(data);
      else if (DataType.isUtf8(t)) {
        const text = utf8Reader(data);
        read = (i) => text(i) === "true";
      } else throw mismatch(where, at, "bool", data);
      return { wire: VARINT, put: (out, i) => out.byte(read(i) ? 1 : 0), zero: (i) => !read(i) };
    }
    case "string":
      if (DataType.isUtf8(t)) return bytesValue(data);
      {
        // Numbers as map keys of a string-keyed map.
        const read = numbers(data);
        if (!read) throw mismatch(where, at, "string", data);
        return {
          wire: LEN,
          put: (out, i) => {
            const b = encoder.encode(String(read(i)));
            lenBytes(out, b, 0, b.length);
          },
          zero: never,
        };
      }
    case "bytes":
      if (!DataType.isBinary(t) && !DataType.isUtf8(t)) throw mismatch(where, at, "bytes", data);
      return bytesValue(data);
    default:
      throw mismatch(where, at, type, data);
  }
}

function enumValue(r: protobuf.Enum, data: Data, where: string, at: string): Value {
  const t = data.type;
  if (DataType.isInt(t)) {
    const read = numbers(data)!;
    return numberValue("int32", read);
  }
  if (!DataType.isUtf8(t)) throw mismatch(where, at, `enum ${r.name}`, data);
  const text = utf8Reader(data);
  const values = new Map(Object.entries(r.values));
  const number = (i: number): number => {
    const v = text(i);
    const n = values.get(v);
    if (n === undefined)
      throw new RowforgeError(
        "RF_SCHEMA_VALUE_INVALID",
        `${where}: field ${at} has the value "${v.slice(0, 80)}", which is not a value of the Protobuf enum ${r.name} (${Object.keys(r.values).join(", ")})`,
        { hint: "keep the field to the enum's values (oneOf), or leave it to the schema" },
      );
    return n;
  };
  return { wire: VARINT, put: (out, i) => int32(out, number(i)), zero: (i) => number(i) === 0 };
}

/** A length-delimited value whose content `content` writes. */
const nested = (content: Put): Value => ({
  wire: LEN,
  put: (out, i) => {
    const start = beginLen(out);
    content(out, i);
    endLen(out, start);
  },
  zero: never,
});

/**
 * One field's value (not repeated) from its column: scalar, enum, message, well-known type in its
 * JSON form (proto-well-known.ts) or wrapper.
 */
function fieldValue(f: protobuf.Field, data: Data, where: string, at: string): Value {
  const r = f.resolvedType;
  const t = data.type;
  if (r instanceof protobufjs().Enum) return enumValue(r, data, where, at);
  if (r instanceof protobufjs().Type) {
    const full = r.fullName.replace(/^\./, "");
    const wellKnown = wellKnownContent(full, data, where, at);
    if (wellKnown) return nested(wellKnown);
    const inner = r.fields.value;
    if (full.startsWith("google.protobuf.") && full.endsWith("Value") && inner && !DataType.isStruct(t)) {
      const v = fieldValue(inner, data, where, at);
      const t1 = tagBytes(1, v.wire);
      return nested((out, i) => {
        if (v.zero(i)) return;
        tag(out, t1);
        v.put(out, i);
      });
    }
    if (!DataType.isStruct(t)) throw mismatch(where, at, `message ${r.name}`, data);
    return nested(messageWriter(r, data, where, at));
  }
  return scalarValue(f.type, data, where, at);
}

const validity = (data: Data): ((i: number) => boolean) | undefined =>
  data.nullCount === 0 ? undefined : (i) => isValid(data, i);

/** A field from its column: tag and value when set (and, without presence, not the default). */
function fieldWriter(f: protobuf.Field, data: Data, where: string, at: string): Put {
  const t = data.type;
  const valid = validity(data);
  if (f instanceof protobufjs().MapField) {
    if (!DataType.isMap(t)) throw mismatch(where, at, `map<${f.keyType},${f.type}>`, data);
    const entries = data.children[0]!;
    const key = scalarValue(f.keyType, entries.children[0]!, where, `${at}{key}`);
    const valueField = new (protobufjs().Field)("value", 2, f.type);
    valueField.resolvedType = f.resolvedType;
    const valueData = entries.children[1]!;
    const value = fieldValue(valueField, valueData, where, `${at}{}`);
    const valueValid = validity(valueData);
    const entryTag = tagBytes(f.id, LEN);
    const keyTag = tagBytes(1, key.wire)[0]!;
    const valueTag = tagBytes(2, value.wire)[0]!;
    const offsets = data.valueOffsets as Int32Array;
    return (out, i) => {
      if (valid && !valid(i)) return;
      for (let k = offsets[i]!, end = offsets[i + 1]!; k < end; k++) {
        if (valueValid && !valueValid(k)) continue;
        tag(out, entryTag);
        const start = beginLen(out);
        out.byte(keyTag);
        key.put(out, k);
        out.byte(valueTag);
        value.put(out, k);
        endLen(out, start);
      }
    };
  }
  if (f.repeated) {
    if (!DataType.isList(t)) throw mismatch(where, at, `repeated ${f.type}`, data);
    const items = data.children[0]!;
    const item = fieldValue(f, items, where, `${at}[]`);
    const itemValid = validity(items);
    const offsets = data.valueOffsets as Int32Array;
    if (f.packed && item.wire !== LEN) {
      const packedTag = tagBytes(f.id, LEN);
      return (out, i) => {
        if (valid && !valid(i)) return;
        const from = offsets[i]!;
        const to = offsets[i + 1]!;
        if (from === to) return;
        tag(out, packedTag);
        const start = beginLen(out);
        for (let k = from; k < to; k++) if (!itemValid || itemValid(k)) item.put(out, k);
        endLen(out, start);
      };
    }
    const itemTag = tagBytes(f.id, item.wire);
    return (out, i) => {
      if (valid && !valid(i)) return;
      for (let k = offsets[i]!, end = offsets[i + 1]!; k < end; k++) {
        if (itemValid && !itemValid(k)) continue;
        tag(out, itemTag);
        item.put(out, k);
      }
    };
  }
  const value = fieldValue(f, data, where, at);
  const fieldTag = tagBytes(f.id, value.wire);
  // proto3 fields without presence leave out their default; `optional`, oneof members and messages write what is set.
  const presence = Boolean((f as { hasPresence?: unknown }).hasPresence) || value.zero === never;
  if (presence)
    return (out, i) => {
      if (valid && !valid(i)) return;
      tag(out, fieldTag);
      value.put(out, i);
    };
  return (out, i) => {
    if ((valid && !valid(i)) || value.zero(i)) return;
    tag(out, fieldTag);
    value.put(out, i);
  };
}

/**
 * Writes a message's fields from a struct column straight to Protobuf wire bytes, in field
 * number order: each field from the child of its name (a field the step does not have is left
 * unset); a `oneof` writes only the member its column (named after the oneof) names, else the
 * first member that is not null. The protobufjs Type is read only for the schema.
 */
export function messageWriter(type: ProtoType, data: Data, where: string, at = ""): Put {
  if (!DataType.isStruct(data.type)) throw mismatch(where, at || "(the row)", `message ${type.name}`, data);
  const children = new Map(data.type.children.map((f, k) => [f.name, data.children[k]!]));
  const path = (f: protobuf.Field): string => (at === "" ? f.name : `${at}.${f.name}`);
  const parts: { id: number; put: Put }[] = [];
  const inOneof = new Set<protobuf.Field>();
  for (const o of type.oneofsArray) {
    const members = o.fieldsArray
      .filter((f) => children.has(f.name))
      .map((f) => {
        inOneof.add(f);
        const d = children.get(f.name)!;
        const value = fieldValue(f, d, where, path(f));
        return { name: f.name, valid: validity(d), tag: tagBytes(f.id, value.wire), put: value.put };
      });
    for (const f of o.fieldsArray) inOneof.add(f);
    if (members.length === 0) continue;
    const sel = children.get(o.name);
    const chosen =
      sel !== undefined && DataType.isUtf8(sel.type)
        ? (
            (read) => (i: number) =>
              isValid(sel, i) ? read(i) : undefined
          )(utf8Reader(sel))
        : undefined;
    parts.push({
      id: Math.min(...o.fieldsArray.map((f) => f.id)),
      put: (out, i) => {
        const name = chosen?.(i);
        for (const m of members) {
          if (chosen !== undefined && name !== m.name) continue;
          if (m.valid && !m.valid(i)) continue;
          tag(out, m.tag);
          m.put(out, i);
          return;
        }
      },
    });
  }
  for (const f of type.fieldsArray) {
    if (inOneof.has(f) || !children.has(f.name)) continue;
    parts.push({ id: f.id, put: fieldWriter(f, children.get(f.name)!, where, path(f)) });
  }
  parts.sort((a, b) => a.id - b.id);
  const puts = parts.map((p) => p.put);
  const n = puts.length;
  return (out, i) => {
    for (let k = 0; k < n; k++) puts[k]!(out, i);
  };
}

/** A writer of a message per row, encoded from the columns (see messageWriter). */
export function protobufColumnWriter(type: ProtoType, data: Data, where: string): Put {
  return messageWriter(type, data, where);
}
