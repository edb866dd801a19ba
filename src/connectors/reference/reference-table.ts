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
} from "apache-arrow";
import type { DataTypeKind } from "../../model/data-type.ts";

/**
 * The kinds reference data is read as, whatever the source's own types: every integer type a
 * long, floating types a double, dates days since 1970-01-01, timestamps microseconds since the
 * epoch (UTC), everything else (decimals, text, uuids, ...) its text. A child's foreign-key
 * field casts these to its own type.
 */
export type ReferenceKind = "long" | "double" | "boolean" | "string" | "date" | "timestamp";

/** The kind a column of each rowforge type is read as for reference data (see ReferenceKind). */
export const REFERENCE_KINDS: Readonly<Record<DataTypeKind, ReferenceKind>> = {
  byte: "long",
  short: "long",
  int: "long",
  long: "long",
  float: "double",
  double: "double",
  boolean: "boolean",
  date: "date",
  timestamp: "timestamp",
  string: "string",
  decimal: "string",
  binary: "string",
  array: "string",
  map: "string",
  struct: "string",
};

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
    case "boolean": {
      const bits = new Uint8Array(Math.ceil(n / 8));
      c.values.forEach((v, i) => {
        if (v === true) bits[i >> 3]! |= 1 << (i & 7);
      });
      return makeVector(makeData({ type: new Bool(), length: n, data: bits }));
    }
    case "string":
      return utf8Vector(c.values as string[]);
  }
}

/** A Utf8 vector built in one pass (apache-arrow's vectorFromArray takes seconds for a million strings). */
function utf8Vector(values: readonly string[]): Vector {
  const offsets = new Int32Array(values.length + 1);
  let bytes = new Uint8Array(Math.max(64, values.length * 16));
  let at = 0;
  const encoder = new TextEncoder();
  values.forEach((v, i) => {
    // A UTF-16 unit takes at most 3 bytes in UTF-8.
    if (at + v.length * 3 > bytes.length) {
      const grown = new Uint8Array(Math.max(bytes.length * 2, at + v.length * 3));
      grown.set(bytes.subarray(0, at));
      bytes = grown;
    }
    at += encoder.encodeInto(v, bytes.subarray(at)).written;
    offsets[i + 1] = at;
  });
  return makeVector(
    makeData({ type: new Utf8(), length: values.length, valueOffsets: offsets, data: bytes.subarray(0, at) }),
  );
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
