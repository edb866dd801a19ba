import { type Data, DataType } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { boolReader, int64AsNumberReader } from "../arrow-values/arrow-cells.ts";
import { writeFloat32LE, writeFloat64LE } from "../arrow-values/float-bytes.ts";
import { plainValueWriter } from "../arrow-values/plain-value-writer.ts";
import { writeBigLong, writeBytes, writeLong } from "./avro-binary.ts";
import { MICROS_PER_DAY, numbersOf, timestampMicros } from "./avro-column-numbers.ts";
import { decimalWriter } from "./avro-decimal-writer.ts";
import { type AvroComplex, avroInvalid } from "./avro-schema.ts";
import { type AvroValueWriter, type AvroWriterScope, mismatch } from "./avro-writer-scope.ts";

/** A writer of an Avro primitive type (with its logical type, if any) for a column. */
export function primitiveWriter(
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

/** Text and binary as their bytes; other scalars as their plain text (a string field the step typed otherwise). */
export function bytesWriter(data: Data, scope: AvroWriterScope, at: string, avro: string): AvroValueWriter {
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
