import { type Data, DataType, type Decimal, type TimeUnit } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { decimalReader, int64AsNumberReader, numberReader } from "../arrow-values/arrow-cells.ts";

/** Protobuf scalar types written from numbers. */
export const NUMERIC = new Set([
  "double",
  "float",
  "int32",
  "sint32",
  "sfixed32",
  "uint32",
  "fixed32",
  "int64",
  "sint64",
  "sfixed64",
  "uint64",
  "fixed64",
]);

export function mismatch(where: string, at: string, proto: string, data: Data): RowforgeError {
  return new RowforgeError(
    "RF_FORMAT_TYPE_UNSUPPORTED",
    `${where}: field ${at} is ${String(data.type)} in the step, which cannot be written as Protobuf ${proto}`,
    {
      hint: "give the field a type that matches the .proto, or leave it to the schema (metadataSourceType protobuf)",
    },
  );
}

/** Timestamps as microseconds (of any Arrow unit), dates as days × a day's microseconds. */
export function micros(data: Data): ((i: number) => number) | undefined {
  const t = data.type;
  if (DataType.isTimestamp(t)) {
    const read = int64AsNumberReader(data);
    const f = [1_000_000, 1000, 1, 0.001][(t as { unit: TimeUnit }).unit as number] ?? 1;
    return f === 1 ? read : (i) => Math.floor(read(i) * f);
  }
  if (DataType.isDate(t) && (t.unit as number) === 0) {
    const read = numberReader(data) as (i: number) => number;
    return (i) => read(i) * 86_400_000_000;
  }
  return undefined;
}

export function numbers(data: Data): ((i: number) => number) | undefined {
  const t = data.type;
  if (DataType.isInt(t))
    return t.bitWidth === 64 ? int64AsNumberReader(data) : (numberReader(data) as (i: number) => number);
  if (DataType.isFloat(t)) return numberReader(data) as (i: number) => number;
  if (DataType.isDecimal(t)) {
    const read = decimalReader(data);
    const scale = 10 ** (t as Decimal).scale;
    return (i) => Number(read(i)) / scale;
  }
  return micros(data);
}
