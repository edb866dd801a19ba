/**
 * The reference Protobuf encoder the tests and the Protobuf bench compare rowforge's column
 * writer (src/formats/protobuf/proto-column-writer.ts) with: each row read as the JS object
 * protobufjs encodes, then encoded by protobufjs. Not used by rowforge itself.
 */
import { type Data, DataType } from "apache-arrow";
import protobuf from "protobufjs";
import { RowforgeError } from "../../src/errors/index.ts";
import {
  binaryReader,
  boolReader,
  isValid,
  numberReader,
  utf8Reader,
} from "../../src/formats/arrow-values/arrow-cells.ts";
import type { ByteSink } from "../../src/formats/arrow-values/byte-sink.ts";
import { micros, mismatch, NUMERIC, numbers } from "../../src/formats/protobuf/proto-column-values.ts";
import type { ProtoType } from "../../src/formats/protobuf/proto-root.ts";

/** Row i of a column as the JS value protobufjs encodes (undefined: not set). */
type Reader = (i: number) => unknown;

const withNulls = (data: Data, read: Reader): Reader =>
  data.nullCount === 0 ? read : (i) => (isValid(data, i) ? read(i) : undefined);

/** A reader of one field's values from its column. */
function valueReader(f: protobuf.Field, data: Data, where: string, at: string): Reader {
  const r = f.resolvedType;
  const t = data.type;
  if (r instanceof protobuf.Enum) {
    if (DataType.isInt(t)) return withNulls(data, numberReader(data) as Reader);
    if (!DataType.isUtf8(t)) throw mismatch(where, at, `enum ${r.name}`, data);
    const read = utf8Reader(data);
    return withNulls(data, (i) => {
      const v = read(i);
      const n = r.values[v];
      if (n === undefined)
        throw new RowforgeError(
          "RF_SCHEMA_VALUE_INVALID",
          `${where}: field ${at} has the value "${v.slice(0, 80)}", which is not a value of the Protobuf enum ${r.name} (${Object.keys(r.values).join(", ")})`,
          { hint: "keep the field to the enum's values (oneOf), or leave it to the schema" },
        );
      return n;
    });
  }
  if (r instanceof protobuf.Type) {
    const full = r.fullName.replace(/^\./, "");
    if (full === "google.protobuf.Timestamp") {
      const us = micros(data);
      if (!us) throw mismatch(where, at, full, data);
      return withNulls(data, (i) => {
        const v = us(i);
        const seconds = Math.floor(v / 1_000_000);
        return { seconds, nanos: (v - seconds * 1_000_000) * 1000 };
      });
    }
    if (
      full.startsWith("google.protobuf.") &&
      full.endsWith("Value") &&
      r.fields.value &&
      !DataType.isStruct(t)
    ) {
      const inner = valueReader(r.fields.value, data, where, at);
      return (i) => {
        const v = inner(i);
        return v === undefined ? undefined : { value: v };
      };
    }
    if (!DataType.isStruct(t)) throw mismatch(where, at, `message ${r.name}`, data);
    return withNulls(data, messageReader(r, data, where, at));
  }
  if (NUMERIC.has(f.type)) {
    const read = numbers(data);
    if (!read) throw mismatch(where, at, f.type, data);
    return withNulls(data, read);
  }
  switch (f.type) {
    case "bool":
      if (!DataType.isBool(t)) throw mismatch(where, at, "bool", data);
      return withNulls(data, boolReader(data));
    case "string":
      if (!DataType.isUtf8(t)) throw mismatch(where, at, "string", data);
      return withNulls(data, utf8Reader(data));
    case "bytes":
      if (!DataType.isBinary(t) && !DataType.isUtf8(t)) throw mismatch(where, at, "bytes", data);
      return withNulls(data, binaryReader(data));
    default:
      throw mismatch(where, at, f.type, data);
  }
}

function fieldReader(f: protobuf.Field, data: Data, where: string, at: string): Reader {
  const t = data.type;
  if (f instanceof protobuf.MapField) {
    if (!DataType.isMap(t)) throw mismatch(where, at, `map<${f.keyType},${f.type}>`, data);
    const entries = data.children[0]!;
    const keyData = entries.children[0]!;
    const keys: Reader = DataType.isUtf8(keyData.type)
      ? utf8Reader(keyData)
      : (numbers(keyData) ?? utf8Reader(keyData));
    const valueField = new protobuf.Field("value", 2, f.type);
    valueField.resolvedType = f.resolvedType;
    const values = valueReader(valueField, entries.children[1]!, where, `${at}{}`);
    const offsets = data.valueOffsets as Int32Array;
    return withNulls(data, (i) => {
      const o: Record<string, unknown> = {};
      for (let k = offsets[i]!; k < offsets[i + 1]!; k++) {
        const v = values(k);
        if (v !== undefined) o[String(keys(k))] = v;
      }
      return o;
    });
  }
  if (f.repeated) {
    if (!DataType.isList(t)) throw mismatch(where, at, `repeated ${f.type}`, data);
    const item = valueReader(f, data.children[0]!, where, `${at}[]`);
    const offsets = data.valueOffsets as Int32Array;
    return withNulls(data, (i) => {
      const list: unknown[] = [];
      for (let k = offsets[i]!; k < offsets[i + 1]!; k++) {
        const v = item(k);
        if (v !== undefined) list.push(v);
      }
      return list;
    });
  }
  return valueReader(f, data, where, at);
}

/**
 * Reads a message from a struct column: each field from the child of its name (a field the
 * step does not have is left unset, its default); a `oneof` sets only the member its column
 * (named after the oneof) names, else the first member that is not null.
 */
export function messageReader(
  type: ProtoType,
  data: Data,
  where: string,
  at = "",
): (i: number) => Record<string, unknown> {
  if (!DataType.isStruct(data.type)) throw mismatch(where, at || "(the row)", `message ${type.name}`, data);
  const children = new Map(data.type.children.map((f, k) => [f.name, data.children[k]!]));
  const oneofMember = new Map<string, string>();
  const selector = new Map<string, (i: number) => string | undefined>();
  for (const o of type.oneofsArray) {
    for (const f of o.fieldsArray) oneofMember.set(f.name, o.name);
    const sel = children.get(o.name);
    if (sel !== undefined && DataType.isUtf8(sel.type)) {
      const read = utf8Reader(sel);
      selector.set(o.name, (i) => (isValid(sel, i) ? read(i) : undefined));
    }
  }
  const fields = type.fieldsArray
    .filter((f) => children.has(f.name))
    .map((f) => {
      const oneof = oneofMember.get(f.name);
      return {
        name: f.name,
        oneof,
        chosen: oneof === undefined ? undefined : selector.get(oneof),
        read: fieldReader(f, children.get(f.name)!, where, at === "" ? f.name : `${at}.${f.name}`),
      };
    });
  const hasOneofs = oneofMember.size > 0;
  return (i) => {
    const o: Record<string, unknown> = {};
    const taken = hasOneofs ? new Set<string>() : undefined;
    for (const f of fields) {
      if (f.oneof !== undefined) {
        if (taken!.has(f.oneof) || (f.chosen !== undefined && f.chosen(i) !== f.name)) continue;
        const v = f.read(i);
        if (v === undefined) continue;
        o[f.name] = v;
        taken!.add(f.oneof);
        continue;
      }
      const v = f.read(i);
      if (v !== undefined) o[f.name] = v;
    }
    return o;
  };
}

/**
 * A writer of a message per row: protobufjs's encoder from a JS object per row, the bytes copied
 * into the sink. Kafka values use proto-column-writer.ts; this is the reference it is tested and
 * benched against (proto-column-writer.test.ts, bench/protobuf-encode.ts).
 */
export function protobufWriter(
  type: ProtoType,
  data: Data,
  where: string,
): (out: ByteSink, i: number) => void {
  const read = messageReader(type, data, where);
  return (out, i) => {
    // A writer per message: protobufjs's finish() does not empty the writer it is called on.
    const bytes = type.encode(read(i)).finish();
    out.ensure(bytes.length);
    out.buf.set(bytes, out.pos);
    out.pos += bytes.length;
  };
}

/**
 * The bytes protobufjs's own wire writer gives for what `fill` writes: the reference the wire
 * primitives (src/formats/protobuf/proto-wire.ts) and the ORC metadata writer are tested against.
 * 64-bit values given as decimal strings are read exactly (protobufjs's Long).
 */
export function protobufjsBytes(fill: (w: protobuf.Writer) => unknown): Uint8Array {
  const w = protobuf.Writer.create();
  fill(w);
  return w.finish();
}
