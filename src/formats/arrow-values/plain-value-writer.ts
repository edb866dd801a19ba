import { type Data, DataType, type Decimal, type TimeUnit } from "apache-arrow";
import { boolReader, decimalReader, decimalText, int64AsNumberReader, numberReader } from "./arrow-cells.ts";
import type { ByteSink } from "./byte-sink.ts";
import { writeDate, writeTimestamp } from "./temporal-bytes.ts";

export type ValueWriter = (out: ByteSink, i: number) => void;

/**
 * Writers shared by the text formats for values whose text is the same in JSON and CSV:
 * booleans, integers, exact decimals, dates (yyyy-MM-dd) and timestamps (ISO 8601 UTC),
 * unquoted. Undefined for other types. Nulls are the caller's business.
 */
export function plainValueWriter(data: Data): ValueWriter | undefined {
  const t = data.type;
  if (DataType.isBool(t)) {
    const read = boolReader(data);
    return (out, i) => out.ascii(read(i) ? "true" : "false");
  }
  if (DataType.isInt(t)) {
    const read = numberReader(data);
    return (out, i) => {
      const v = read(i);
      if (typeof v === "number" && v >= 0) out.digits(v);
      else out.ascii(String(v));
    };
  }
  if (DataType.isDecimal(t)) {
    const read = decimalReader(data);
    const scale = (t as Decimal).scale;
    return (out, i) => out.ascii(decimalText(read(i), scale));
  }
  if (DataType.isDate(t)) {
    const read = numberReader(data);
    return (out, i) => writeDate(out, Number(read(i)));
  }
  if (DataType.isTimestamp(t)) {
    const read = int64AsNumberReader(data);
    const toMicros = [1_000_000, 1000, 1, 0.001][(t as { unit: TimeUnit }).unit] ?? 1;
    return (out, i) => writeTimestamp(out, Math.floor(read(i) * toMicros));
  }
  return undefined;
}
