import { type Data, DataType, type Decimal, type TimeUnit } from "apache-arrow";
import { decimalReader, int64AsNumberReader, numberReader } from "../arrow-values/arrow-cells.ts";

/** Values of an integer, float, decimal, date or timestamp column as numbers (timestamps in micros). */
export function numbersOf(data: Data): ((i: number) => number) | undefined {
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

export const MICROS_PER_DAY = 86_400_000_000;

/** Timestamps in micros of the column's unit. */
export function timestampMicros(data: Data): ((i: number) => number) | undefined {
  const t = data.type;
  if (!DataType.isTimestamp(t)) return undefined;
  const read = int64AsNumberReader(data);
  const unit = (t as { unit: TimeUnit }).unit as number;
  const factor = [1_000_000, 1000, 1, 0.001][unit] ?? 1;
  return factor === 1 ? read : (i) => Math.floor(read(i) * factor);
}
