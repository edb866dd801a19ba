import type { DataTypeKind } from "../model/data-type.ts";

export interface TypeMapping {
  /** The Arrow type rowforge's batches carry (src/engine/columns/to-arrow.ts builds them). */
  readonly arrow: string;
  /** How the Parquet writer stores it: physical type and logical annotation. */
  readonly parquet: string;
  /** The ORC type (src/formats/orc). */
  readonly orc: string;
  /** How the text formats write a value. */
  readonly json: string;
  readonly csv: string;
}

/**
 * The one table of how each Spark type travels: Spark → Arrow → Parquet → ORC, and its text
 * form in NDJSON and CSV. The read-back tests check the binary columns against it. The columns
 * a database gives each type are its connector's (DatabaseTypes, in the dialect's folder).
 */
export const TYPE_MAPPING: Readonly<Record<DataTypeKind, TypeMapping>> = {
  string: {
    arrow: "Utf8",
    parquet: "BYTE_ARRAY (STRING)",
    orc: "string",
    json: "string",
    csv: "text, quoted when needed",
  },
  int: {
    arrow: "Int32",
    parquet: "INT32",
    orc: "int",
    json: "number",
    csv: "digits",
  },
  long: {
    arrow: "Int64",
    parquet: "INT64",
    orc: "bigint",
    json: "number",
    csv: "digits",
  },
  short: {
    arrow: "Int16",
    parquet: "INT32 (INT(16))",
    orc: "smallint",
    json: "number",
    csv: "digits",
  },
  byte: {
    arrow: "Int8",
    parquet: "INT32 (INT(8))",
    orc: "tinyint",
    json: "number",
    csv: "digits",
  },
  double: {
    arrow: "Float64",
    parquet: "DOUBLE",
    orc: "double",
    json: "number (NaN, Infinity as strings)",
    csv: "shortest round-trip text",
  },
  float: {
    arrow: "Float32",
    parquet: "FLOAT",
    orc: "float",
    json: "number",
    csv: "shortest round-trip text",
  },
  decimal: {
    arrow: "Decimal128(p, s)",
    parquet: "INT32 (p ≤ 9), INT64 (p ≤ 18) or FIXED_LEN_BYTE_ARRAY (DECIMAL(p, s))",
    orc: "decimal(p,s)",
    json: "number, exact digits",
    csv: "exact digits",
  },
  boolean: {
    arrow: "Bool",
    parquet: "BOOLEAN",
    orc: "boolean",
    json: "true/false",
    csv: "true/false",
  },
  date: {
    arrow: "DateDay",
    parquet: "INT32 (DATE)",
    orc: "date",
    json: '"yyyy-MM-dd"',
    csv: "yyyy-MM-dd",
  },
  timestamp: {
    arrow: "TimestampMicrosecond(UTC)",
    parquet: "INT64 (TIMESTAMP(MICROS, UTC))",
    orc: "timestamp with local time zone (TIMESTAMP_INSTANT)",
    json: '"yyyy-MM-ddTHH:mm:ss.SSSZ"',
    csv: "yyyy-MM-ddTHH:mm:ss.SSSZ",
  },
  binary: {
    arrow: "Binary",
    parquet: "BYTE_ARRAY",
    orc: "binary",
    json: "base64 string",
    csv: "base64 text",
  },
  array: {
    arrow: "List<element>",
    parquet: "LIST",
    orc: "array<T>",
    json: "array",
    csv: "JSON text",
  },
  map: {
    arrow: "Map<entries: key, value>",
    parquet: "MAP",
    orc: "map<K,V>",
    json: "object (keys as strings)",
    csv: "JSON text",
  },
  struct: {
    arrow: "Struct<...>",
    parquet: "group",
    orc: "struct<...>",
    json: "object",
    csv: "JSON text",
  },
};
