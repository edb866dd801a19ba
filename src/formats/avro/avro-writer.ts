import { type Data, DataType, type Decimal, type TimeUnit } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import {
  boolReader,
  decimalReader,
  int64AsNumberReader,
  isValid,
  numberReader,
  utf8Reader,
} from "../arrow-values/arrow-cells.ts";
import { ByteSink } from "../arrow-values/byte-sink.ts";
import { writeFloat32LE, writeFloat64LE } from "../arrow-values/float-bytes.ts";
import { plainValueWriter } from "../arrow-values/plain-value-writer.ts";
import { AVRO_PRIMITIVES, type AvroComplex, AvroNames, type AvroSchema, avroInvalid } from "./avro-schema.ts";

/** Writes row i of a column (never null: nulls are the unions' business) as Avro binary. */
export type AvroValueWriter = (out: ByteSink, i: number) => void;

/** An unsigned varint of a whole number below 2^53. */
function varint(out: ByteSink, n: number): void {
  out.ensure(10);
  const b = out.buf;
  let p = out.pos;
  while (n >= 128) {
    b[p++] = (n % 128) | 128;
    n = Math.floor(n / 128);
  }
  b[p++] = n;
  out.pos = p;
}

/** Avro `int`/`long` (zigzag varint) of a safe integer. */
export function writeLong(out: ByteSink, n: number): void {
  if (n >= 0 && n < 64) {
    out.byte(n * 2);
    return;
  }
  if (!Number.isSafeInteger(n)) {
    writeBigLong(out, BigInt(Math.trunc(n)));
    return;
  }
  varint(out, n >= 0 ? n * 2 : -n * 2 - 1);
}

function writeBigLong(out: ByteSink, n: bigint): void {
  let z = n >= 0n ? n << 1n : (-n << 1n) - 1n;
  out.ensure(10);
  while (z >= 128n) {
    out.buf[out.pos++] = Number(z & 127n) | 128;
    z >>= 7n;
  }
  out.buf[out.pos++] = Number(z);
}

function writeBytes(out: ByteSink, bytes: Uint8Array): void {
  writeLong(out, bytes.length);
  out.ensure(bytes.length);
  out.buf.set(bytes, out.pos);
  out.pos += bytes.length;
}

const encoder = new TextEncoder();

/** The Avro schema a step's values are written with, resolved once; `where` names the step for errors. */
export interface AvroWriterScope {
  readonly names: AvroNames;
  readonly where: string;
}

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

function mismatch(scope: AvroWriterScope, at: string, avro: string, data: Data): RowforgeError {
  return new RowforgeError(
    "RF_FORMAT_TYPE_UNSUPPORTED",
    `${scope.where}: field ${at} is ${String(data.type)} in the step, which cannot be written as Avro ${avro}`,
    {
      hint: "give the field a type that matches the Avro schema, or leave it to the schema (metadataSourceType avro)",
    },
  );
}

/** Values of an integer, float, decimal, date or timestamp column as numbers (timestamps in micros). */
function numbersOf(data: Data): ((i: number) => number) | undefined {
  const t = data.type;
  if (DataType.isInt(t) || DataType.isTimestamp(t) || DataType.isDate(t))
    return (DataType.isInt(t) && t.bitWidth === 64) ||
      DataType.isTimestamp(t) ||
      (DataType.isDate(t) && (t.unit as number) === 1)
      ? int64AsNumberReader(data)
      : (numberReader(data) as (i: number) => number);
  if (DataType.isFloat(t)) return numberReader(data) as (i: number) => number;
  if (DataType.isDecimal(t)) {
    const read = decimalReader(data);
    const scale = 10 ** (t as Decimal).scale;
    return (i) => Number(read(i)) / scale;
  }
  return undefined;
}

const MICROS_PER_DAY = 86_400_000_000;

/** Timestamps in micros of the column's unit. */
function timestampMicros(data: Data): ((i: number) => number) | undefined {
  const t = data.type;
  if (!DataType.isTimestamp(t)) return undefined;
  const read = int64AsNumberReader(data);
  const unit = (t as { unit: TimeUnit }).unit as number;
  const factor = [1_000_000, 1000, 1, 0.001][unit] ?? 1;
  return factor === 1 ? read : (i) => Math.floor(read(i) * factor);
}

function primitiveWriter(
  type: string,
  s: AvroComplex | undefined,
  data: Data,
  scope: AvroWriterScope,
  at: string,
): AvroValueWriter {
  const logical = s?.logicalType;
  const t = data.type;
  switch (type) {
    case "null":
      return () => {};
    case "boolean": {
      if (!DataType.isBool(t)) throw mismatch(scope, at, "boolean", data);
      const read = boolReader(data);
      return (out, i) => out.byte(read(i) ? 1 : 0);
    }
    case "int":
    case "long": {
      if (logical === "date" && DataType.isTimestamp(t)) {
        const micros = timestampMicros(data)!;
        return (out, i) => writeLong(out, Math.floor(micros(i) / MICROS_PER_DAY));
      }
      if (logical === "date" && DataType.isDate(t) && (t as { unit: number }).unit === 1) {
        const ms = int64AsNumberReader(data);
        return (out, i) => writeLong(out, Math.floor(ms(i) / 86_400_000));
      }
      if (logical?.includes("timestamp-") && DataType.isDate(t)) {
        const days = numbersOf(data)!;
        const per = logical.endsWith("millis") ? 86_400_000 : MICROS_PER_DAY;
        return (out, i) => writeLong(out, days(i) * per);
      }
      if (logical?.includes("timestamp-")) {
        const micros = timestampMicros(data);
        if (!micros) throw mismatch(scope, at, `${type} (${logical})`, data);
        if (logical.endsWith("millis")) return (out, i) => writeLong(out, Math.floor(micros(i) / 1000));
        return (out, i) => writeLong(out, micros(i));
      }
      const read =
        DataType.isInt(t) || DataType.isDate(t) || DataType.isTimestamp(t) ? numbersOf(data) : undefined;
      if (!read) throw mismatch(scope, at, type, data);
      if (type === "int")
        return (out, i) => {
          const v = read(i);
          if (v < -2147483648 || v > 2147483647)
            throw new RowforgeError(
              "RF_SCHEMA_VALUE_INVALID",
              `${scope.where}: field ${at} has the value ${v}, outside Avro int's range`,
              {
                hint: "keep the field's min/max within -2147483648..2147483647, or make the schema's type long",
              },
            );
          writeLong(out, v);
        };
      if (DataType.isInt(t) && t.bitWidth === 64 && (data.values as unknown) instanceof BigInt64Array) {
        const big = data.values as BigInt64Array;
        return (out, i) => {
          const v = read(i);
          if (Number.isSafeInteger(v)) writeLong(out, v);
          else writeBigLong(out, big[i]!);
        };
      }
      return (out, i) => writeLong(out, read(i));
    }
    case "float":
    case "double": {
      const read = numbersOf(data);
      if (!read) throw mismatch(scope, at, type, data);
      return type === "float" ? floatWriter(read) : doubleWriter(read);
    }
    case "bytes": {
      if (logical === "decimal" && s) return decimalWriter(s, undefined, data, scope, at);
      return bytesWriter(data, scope, at, "bytes");
    }
    case "string":
      return bytesWriter(data, scope, at, "string");
    default:
      throw avroInvalid(scope.where, at, `has the unknown type ${type}`);
  }
}

/** Floats and doubles as Avro writes them: IEEE 754 bytes, little-endian. */
const floatWriter =
  (read: (i: number) => number): AvroValueWriter =>
  (out, i) =>
    writeFloat32LE(out, read(i));

const doubleWriter =
  (read: (i: number) => number): AvroValueWriter =>
  (out, i) =>
    writeFloat64LE(out, read(i));

/** Decimal128 values of a column as numbers when they are small (|v| < 2^47), else undefined (the BigInt path). */
function smallDecimals(data: Data): (i: number) => number | undefined {
  const words = data.values as Uint32Array;
  return (i) => {
    const k = i * 4;
    const hi = words[k + 1]! | 0;
    const ext = hi < 0 ? 0xffffffff : 0;
    if (words[k + 2] !== ext || words[k + 3] !== ext) return undefined;
    const v = hi * 4294967296 + words[k]!;
    return v < 140737488355328 && v >= -140737488355328 ? v : undefined;
  };
}

/** A small whole number as big-endian two's complement in the fewest bytes (at most 6), or sign-extended to `size`. */
function writeSmallTwosComplement(
  out: ByteSink,
  v: number,
  size: number | undefined,
  length: boolean,
): boolean {
  let n = 1;
  while (v >= 2 ** (8 * n - 1) || v < -(2 ** (8 * n - 1))) n++;
  const len = size ?? n;
  if (len < n) return false;
  if (length) writeLong(out, len);
  out.ensure(len);
  const b = out.buf;
  const p = out.pos;
  const pad = v < 0 ? 255 : 0;
  for (let k = 0; k < len - n; k++) b[p + k] = pad;
  let x = v < 0 ? 2 ** (8 * n) + v : v;
  for (let k = len - 1; k >= len - n; k--) {
    b[p + k] = x % 256;
    x = Math.floor(x / 256);
  }
  out.pos = p + len;
  return true;
}

/** Text and binary as their bytes; other scalars as their plain text (a string field the step typed otherwise). */
function bytesWriter(data: Data, scope: AvroWriterScope, at: string, avro: string): AvroValueWriter {
  const t = data.type;
  if (DataType.isUtf8(t) || DataType.isBinary(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const values = data.values as Uint8Array;
    return (out, i) => {
      const from = offsets[i]!;
      const n = offsets[i + 1]! - from;
      writeLong(out, n);
      out.ensure(n);
      out.buf.set(values.subarray(from, from + n), out.pos);
      out.pos += n;
    };
  }
  const plain = plainValueWriter(data);
  if (!plain) throw mismatch(scope, at, avro, data);
  return (out, i) => {
    // Writes the text after a 10-byte gap, then moves it behind its length.
    out.ensure(10);
    const gap = out.pos + 10;
    out.pos = gap;
    plain(out, i);
    const text = out.buf.slice(gap, out.pos);
    out.pos = gap - 10;
    writeBytes(out, text);
  };
}

function decimalWriter(
  s: AvroComplex,
  size: number | undefined,
  data: Data,
  scope: AvroWriterScope,
  at: string,
): AvroValueWriter {
  const scale = s.scale === undefined ? 0 : Number(s.scale);
  let unscaled: (i: number) => bigint;
  const t = data.type;
  if (DataType.isDecimal(t)) {
    const read = decimalReader(data);
    const diff = scale - (t as Decimal).scale;
    const f = 10n ** BigInt(Math.abs(diff));
    unscaled = diff === 0 ? read : diff > 0 ? (i) => read(i) * f : (i) => read(i) / f;
  } else {
    const read = numbersOf(data);
    if (!read) throw mismatch(scope, at, `decimal(${s.precision},${scale})`, data);
    unscaled = (i) => BigInt(Math.round(read(i) * 10 ** scale));
  }
  const small = DataType.isDecimal(t) && scale === (t as Decimal).scale ? smallDecimals(data) : undefined;
  return (out, i) => {
    if (small) {
      const v = small(i);
      if (v !== undefined && writeSmallTwosComplement(out, v, size, size === undefined)) return;
    }
    const bytes = twosComplement(unscaled(i), size);
    if (size === undefined) writeBytes(out, bytes);
    else {
      if (bytes.length > size)
        throw new RowforgeError(
          "RF_SCHEMA_VALUE_INVALID",
          `${scope.where}: field ${at} has a decimal too large for its ${size} fixed bytes`,
        );
      out.bytes(bytes);
    }
  };
}

/** Big-endian two's complement, in the fewest bytes (or sign-extended to `size`). */
function twosComplement(v: bigint, size: number | undefined): Uint8Array {
  let n = 1;
  while (v >= 1n << BigInt(8 * n - 1) || v < -(1n << BigInt(8 * n - 1))) n++;
  const len = size === undefined ? n : Math.max(size, n);
  const out = new Uint8Array(len);
  let x = v < 0n ? (1n << BigInt(8 * len)) + v : v;
  for (let k = len - 1; k >= 0; k--) {
    out[k] = Number(x & 255n);
    x >>= 8n;
  }
  return out;
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

const nullRefused = (scope: AvroWriterScope, at: string) =>
  new RowforgeError(
    "RF_SCHEMA_VALUE_INVALID",
    `${scope.where}: field ${at} is null, which its Avro type does not allow`,
    {
      hint: "make the schema's type a union with null, or the field not nullable (no enableNull)",
    },
  );

/** The null branch of a union: `"null"` or `{type: "null"}`. */
const isNullBranch = (b: AvroSchema) =>
  b === "null" || (typeof b === "object" && !Array.isArray(b) && (b as AvroComplex).type === "null");

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

/** The Avro binary of a field's JSON default (a union's default is of its first branch). */
/** The bytes of an empty array or map, or of null for a union with null; undefined for other types. */
function emptyBytes(
  schema: AvroSchema,
  scope: AvroWriterScope,
  namespace: string,
  at: string,
): Uint8Array | undefined {
  if (Array.isArray(schema)) {
    const k = schema.findIndex(isNullBranch);
    if (k < 0) return undefined;
    const out = new ByteSink(8);
    writeLong(out, k);
    return out.buf.slice(0, out.pos);
  }
  if (typeof schema === "string" && !AVRO_PRIMITIVES.includes(schema)) {
    const r = scope.names.resolve(schema, namespace, at);
    return emptyBytes(r.schema, scope, AvroNames.namespaceOf(r.fullName), at);
  }
  const t = typeof schema === "object" && schema !== null ? (schema as AvroComplex).type : undefined;
  // An array or a map of no entries: one block count of 0.
  return t === "array" || t === "map" ? new Uint8Array([0]) : undefined;
}

function defaultBytes(
  schema: AvroSchema,
  value: unknown,
  scope: AvroWriterScope,
  namespace: string,
  at: string,
): Uint8Array {
  const out = new ByteSink(64);
  const write = (s: AvroSchema, v: unknown, ns: string): unknown => {
    if (Array.isArray(s)) {
      writeLong(out, 0);
      write(s[0]!, v, ns);
      return undefined;
    }
    if (typeof s === "string" && !AVRO_PRIMITIVES.includes(s)) {
      const r = scope.names.resolve(s, ns, at);
      write(r.schema, v, AvroNames.namespaceOf(r.fullName));
      return undefined;
    }
    const c: AvroComplex = typeof s === "string" ? { type: s } : (s as AvroComplex);
    const t = typeof c.type === "string" ? c.type : undefined;
    if (t === undefined) return write(c.type, v, ns);
    switch (t) {
      case "null":
        return undefined;
      case "boolean":
        return out.byte(v ? 1 : 0);
      case "int":
      case "long":
        return writeLong(out, Number(v));
      case "float":
      case "double": {
        const b = new Uint8Array(t === "float" ? 4 : 8);
        const view = new DataView(b.buffer);
        if (t === "float") view.setFloat32(0, Number(v), true);
        else view.setFloat64(0, Number(v), true);
        return out.bytes(b);
      }
      case "string":
        return writeBytes(out, encoder.encode(String(v)));
      case "bytes":
        return writeBytes(
          out,
          Uint8Array.from(String(v), (ch) => ch.charCodeAt(0) & 255),
        );
      case "fixed":
        return out.bytes(Uint8Array.from(String(v), (ch) => ch.charCodeAt(0) & 255));
      case "enum":
        return writeLong(out, Math.max(0, ((c.symbols ?? []) as string[]).indexOf(String(v))));
      case "array": {
        const list = Array.isArray(v) ? v : [];
        if (list.length > 0) {
          writeLong(out, list.length);
          for (const x of list) write(c.items as AvroSchema, x, ns);
        }
        return out.byte(0);
      }
      case "map": {
        const entries = Object.entries((v ?? {}) as Record<string, unknown>);
        if (entries.length > 0) {
          writeLong(out, entries.length);
          for (const [k, x] of entries) {
            writeBytes(out, encoder.encode(k));
            write(c.values as AvroSchema, x, ns);
          }
        }
        return out.byte(0);
      }
      case "record":
      case "error": {
        const full = scope.names.fullName(c, ns);
        const obj = (v ?? {}) as Record<string, unknown>;
        for (const f of c.fields ?? [])
          write(f.type, f.name in obj ? obj[f.name] : f.default, AvroNames.namespaceOf(full));
        return undefined;
      }
      default: {
        const r = scope.names.resolve(t, ns, at);
        return write(r.schema, v, AvroNames.namespaceOf(r.fullName));
      }
    }
  };
  write(schema, value, namespace);
  return out.buf.slice(0, out.pos);
}
