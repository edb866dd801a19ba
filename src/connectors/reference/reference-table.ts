import {
  Bool,
  DateDay,
  Float64,
  Int64,
  makeData,
  makeVector,
  Table,
  TimestampMicrosecond,
  Utf8,
  type Vector,
  vectorFromArray,
} from "apache-arrow";

/**
 * The kinds reference data is read as, whatever the source's own types: every integer type a
 * long, floating types a double, dates days since 1970-01-01, timestamps microseconds since the
 * epoch (UTC), everything else (decimals, text, uuids, ...) its text. A child's foreign-key
 * field casts these to its own type.
 */
export type ReferenceKind = "long" | "double" | "boolean" | "string" | "date" | "timestamp";

/** One key column of reference data: no nulls (rows with a null key are left out when read). */
export interface ReferenceColumn {
  readonly name: string;
  readonly kind: ReferenceKind;
  /** long and timestamp: bigint; double and date: number; boolean; string. */
  readonly values: readonly (bigint | number | boolean | string)[];
}

/** Reference columns as an Arrow table (Int64, Float64, Bool, Utf8, Date32<DAY>, Timestamp<MICROSECOND>). */
export function referenceTable(columns: readonly ReferenceColumn[]): Table {
  const vectors: Record<string, Vector> = {};
  for (const c of columns) vectors[c.name] = vectorOf(c);
  return new Table(vectors);
}

function vectorOf(c: ReferenceColumn): Vector {
  const n = c.values.length;
  switch (c.kind) {
    case "long":
      return makeVector(
        makeData({ type: new Int64(), length: n, data: BigInt64Array.from(c.values as bigint[]) }),
      );
    case "timestamp":
      return makeVector(
        makeData({
          type: new TimestampMicrosecond(),
          length: n,
          data: BigInt64Array.from(c.values as bigint[]),
        }),
      );
    case "double":
      return makeVector(
        makeData({ type: new Float64(), length: n, data: Float64Array.from(c.values as number[]) }),
      );
    case "date":
      return makeVector(
        makeData({ type: new DateDay(), length: n, data: Int32Array.from(c.values as number[]) }),
      );
    case "boolean":
      return vectorFromArray(c.values as boolean[], new Bool());
    case "string":
      return vectorFromArray(c.values as string[], new Utf8());
  }
}

/** Parses a database's text of a value of `kind` (see ReferenceKind). */
export function referenceValue(kind: ReferenceKind, text: string): bigint | number | boolean | string {
  switch (kind) {
    case "long":
    case "timestamp":
      return BigInt(text.replace(/\.0*$/, ""));
    case "double":
    case "date":
      return Number(text);
    case "boolean":
      return /^(t|true|1|y|yes)$/i.test(text.trim());
    case "string":
      return text;
  }
}
