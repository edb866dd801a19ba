import { type Data, DataType } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { isValid, utf8Reader } from "../arrow-values/arrow-cells.ts";
import type { ByteSink } from "../arrow-values/byte-sink.ts";
import { writeLong } from "./avro-binary.ts";
import { decimalWriter } from "./avro-decimal-writer.ts";
import { defaultBytes, emptyBytes } from "./avro-default-bytes.ts";
import { bytesWriter, primitiveWriter } from "./avro-primitive-writer.ts";
import { AVRO_PRIMITIVES, type AvroComplex, AvroNames, type AvroSchema } from "./avro-schema.ts";
import {
  type AvroValueWriter,
  type AvroWriterScope,
  isNullBranch,
  mismatch,
  nullRefused,
} from "./avro-writer-scope.ts";

/**
 * Compiles an Avro writer for an Arrow column: the schema decides the bytes, the column gives
 * the values. Types convert as a reader of the schema expects: timestamps in the unit of the
 * logical type, dates as days, decimals as big-endian two's complement at the schema's scale,
 * enum symbols as their index (a value that is not a symbol is refused, naming it), unions as
 * the null branch for nulls and else the first branch the column's type fits.
 */
export function avroWriter(
  schema: AvroSchema,
  data: Data,
  scope: AvroWriterScope,
  namespace: string,
  at: string,
): AvroValueWriter {
  if (Array.isArray(schema)) return unionWriter(schema, data, scope, namespace, at);
  if (typeof schema === "string") {
    if (AVRO_PRIMITIVES.includes(schema)) return primitiveWriter(schema, undefined, data, scope, at);
    const { schema: named, fullName } = scope.names.resolve(schema, namespace, at);
    return namedWriter(named, fullName, data, scope, at);
  }
  const s = schema as AvroComplex;
  const t = s.type;
  if (typeof t !== "string") return avroWriter(t, data, scope, namespace, at);
  if (AVRO_PRIMITIVES.includes(t)) return primitiveWriter(t, s, data, scope, at);
  if (t === "record" || t === "error" || t === "enum" || t === "fixed")
    return namedWriter(s, scope.names.fullName(s, namespace), data, scope, at);
  if (t === "array") return arrayWriter(s, data, scope, namespace, at);
  if (t === "map") return mapWriter(s, data, scope, namespace, at);
  const { schema: named, fullName } = scope.names.resolve(t, namespace, at);
  return namedWriter(named, fullName, data, scope, at);
}

function namedWriter(
  s: AvroComplex,
  fullName: string,
  data: Data,
  scope: AvroWriterScope,
  at: string,
): AvroValueWriter {
  const t = data.type;
  switch (s.type) {
    case "enum": {
      const symbols = (s.symbols ?? []) as readonly string[];
      const index = new Map(symbols.map((x, k) => [x, k]));
      if (!DataType.isUtf8(t)) throw mismatch(scope, at, `enum ${fullName}`, data);
      const read = utf8Reader(data);
      return (out, i) => {
        const v = read(i);
        const k = index.get(v);
        if (k === undefined)
          throw new RowforgeError(
            "RF_SCHEMA_VALUE_INVALID",
            `${scope.where}: field ${at} has the value "${v.slice(0, 80)}", which is not a symbol of the Avro enum ${fullName} (${symbols.join(", ")})`,
            { hint: "keep the field to the enum's symbols (oneOf), or leave it to the schema" },
          );
        writeLong(out, k);
      };
    }
    case "fixed": {
      const size = Number(s.size);
      if (s.logicalType === "decimal") return decimalWriter(s, size, data, scope, at);
      if (!DataType.isBinary(t) && !DataType.isUtf8(t)) throw mismatch(scope, at, `fixed ${fullName}`, data);
      const offsets = data.valueOffsets as Int32Array;
      const values = data.values as Uint8Array;
      return (out, i) => {
        const n = offsets[i + 1]! - offsets[i]!;
        if (n !== size)
          throw new RowforgeError(
            "RF_SCHEMA_VALUE_INVALID",
            `${scope.where}: field ${at} has ${n} bytes, but the Avro fixed ${fullName} is ${size} bytes`,
            { hint: `give the field minLen and maxLen ${size}` },
          );
        out.bytes(values.subarray(offsets[i]!, offsets[i + 1]!));
      };
    }
    default:
      return recordWriter(s, fullName, data, scope, at);
  }
}

/** A record from a struct column: each field from the child of its name; a missing one written from its default. */
export function recordWriter(
  s: AvroComplex,
  fullName: string,
  data: Data,
  scope: AvroWriterScope,
  at: string,
): AvroValueWriter {
  if (!DataType.isStruct(data.type)) throw mismatch(scope, at || "(the row)", `record ${fullName}`, data);
  const namespace = AvroNames.namespaceOf(fullName);
  const children = new Map(data.type.children.map((f, k) => [f.name, data.children[k]!]));
  const writers = (s.fields ?? []).map((f) => {
    const child = children.get(f.name);
    const path = at === "" ? f.name : `${at}.${f.name}`;
    if (child === undefined) {
      // A field left out for its emptiness (a record inside itself past its depth): that empty value.
      const empty = "default" in f ? undefined : emptyBytes(f.type, scope, namespace, path);
      if (empty !== undefined) return (out: ByteSink) => out.bytes(empty);
      if (!("default" in f))
        throw new RowforgeError(
          "RF_FORMAT_TYPE_UNSUPPORTED",
          `${scope.where}: the Avro record ${fullName} has a field ${path}, which the step does not generate and which has no default`,
          { hint: `add a field ${f.name} to the step, or give it a default in the schema` },
        );
      const bytes = defaultBytes(f.type, f.default, scope, namespace, path);
      return (out: ByteSink) => out.bytes(bytes);
    }
    return avroWriter(f.type, child, scope, namespace, path);
  });
  return (out, i) => {
    for (const w of writers) w(out, i);
  };
}

/** Nulls are the null branch; other values the first branch their column's type can be written as. */
function unionWriter(
  branches: readonly AvroSchema[],
  data: Data,
  scope: AvroWriterScope,
  namespace: string,
  at: string,
): AvroValueWriter {
  const nullIndex = branches.findIndex(isNullBranch);
  let chosen: { k: number; write: AvroValueWriter } | undefined;
  let first: unknown;
  for (let k = 0; k < branches.length && !chosen; k++) {
    if (k === nullIndex) continue;
    try {
      chosen = { k, write: avroWriter(branches[k]!, data, scope, namespace, at) };
    } catch (e) {
      first ??= e;
    }
  }
  if (!chosen) {
    if (nullIndex >= 0 && first === undefined) return (out) => writeLong(out, nullIndex);
    throw first;
  }
  const { k, write } = chosen;
  if (data.nullCount === 0)
    return (out, i) => {
      writeLong(out, k);
      write(out, i);
    };
  return (out, i) => {
    if (isValid(data, i)) {
      writeLong(out, k);
      write(out, i);
    } else if (nullIndex >= 0) writeLong(out, nullIndex);
    else throw nullRefused(scope, at);
  };
}

/**
 * A column that may hold nulls, written as `schema`: refused at the first null unless the schema
 * is a union with null (its writer writes nulls as that branch).
 */
function nonNull(
  schema: AvroSchema,
  write: AvroValueWriter,
  data: Data,
  scope: AvroWriterScope,
  at: string,
): AvroValueWriter {
  if (data.nullCount === 0 || (Array.isArray(schema) && schema.some(isNullBranch))) return write;
  return (out, i) => {
    if (!isValid(data, i)) throw nullRefused(scope, at);
    write(out, i);
  };
}

function arrayWriter(
  s: AvroComplex,
  data: Data,
  scope: AvroWriterScope,
  namespace: string,
  at: string,
): AvroValueWriter {
  if (!DataType.isList(data.type) && !DataType.isFixedSizeList(data.type))
    throw mismatch(scope, at, "array", data);
  const child = data.children[0]!;
  const item = nonNull(
    s.items as AvroSchema,
    avroWriter(s.items as AvroSchema, child, scope, namespace, `${at}[]`),
    child,
    scope,
    `${at}[]`,
  );
  const offsets = data.valueOffsets as Int32Array | undefined;
  const fixed = DataType.isFixedSizeList(data.type) ? data.type.listSize : 0;
  return (out, i) => {
    const from = offsets ? offsets[i]! : i * fixed;
    const to = offsets ? offsets[i + 1]! : from + fixed;
    if (to > from) {
      writeLong(out, to - from);
      for (let k = from; k < to; k++) item(out, k);
    }
    out.byte(0);
  };
}

function mapWriter(
  s: AvroComplex,
  data: Data,
  scope: AvroWriterScope,
  namespace: string,
  at: string,
): AvroValueWriter {
  if (!DataType.isMap(data.type)) throw mismatch(scope, at, "map", data);
  const entries = data.children[0]!;
  const keys = entries.children[0]!;
  const values = entries.children[1]!;
  const key = bytesWriter(keys, scope, `${at}{key}`, "string");
  const value = nonNull(
    s.values as AvroSchema,
    avroWriter(s.values as AvroSchema, values, scope, namespace, `${at}{}`),
    values,
    scope,
    `${at}{}`,
  );
  const offsets = data.valueOffsets as Int32Array;
  return (out, i) => {
    const from = offsets[i]!;
    const to = offsets[i + 1]!;
    if (to > from) {
      writeLong(out, to - from);
      for (let k = from; k < to; k++) {
        key(out, k);
        value(out, k);
      }
    }
    out.byte(0);
  };
}
