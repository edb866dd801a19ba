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
  /** The PostgreSQL column type a created table gets (src/connectors/postgres writes it via COPY). */
  readonly postgres: string;
  /** The MySQL/MariaDB column type a created table gets (src/connectors/mysql writes it via LOAD DATA LOCAL INFILE). */
  readonly mysql: string;
  /** The Cassandra (CQL) column type a created table gets (src/connectors/cassandra writes it via prepared INSERTs). */
  readonly cassandra: string;
}

/**
 * The one table of how each Spark type travels: Spark → Arrow → Parquet → ORC, and its text
 * form in NDJSON and CSV, and the PostgreSQL, MySQL/MariaDB and Cassandra columns it goes to. The read-back tests check the binary columns against it.
 */
export const TYPE_MAPPING: Readonly<Record<DataTypeKind, TypeMapping>> = {
  string: {
    arrow: "Utf8",
    parquet: "BYTE_ARRAY (STRING)",
    orc: "string",
    json: "string",
    csv: "text, quoted when needed",
    postgres: "text",
    mysql: "longtext",
    cassandra: "text",
  },
  int: {
    arrow: "Int32",
    parquet: "INT32",
    orc: "int",
    json: "number",
    csv: "digits",
    postgres: "integer",
    mysql: "int",
    cassandra: "int",
  },
  long: {
    arrow: "Int64",
    parquet: "INT64",
    orc: "bigint",
    json: "number",
    csv: "digits",
    postgres: "bigint",
    mysql: "bigint",
    cassandra: "bigint",
  },
  short: {
    arrow: "Int16",
    parquet: "INT32 (INT(16))",
    orc: "smallint",
    json: "number",
    csv: "digits",
    postgres: "smallint",
    mysql: "smallint",
    cassandra: "smallint",
  },
  byte: {
    arrow: "Int8",
    parquet: "INT32 (INT(8))",
    orc: "tinyint",
    json: "number",
    csv: "digits",
    postgres: "smallint",
    mysql: "tinyint",
    cassandra: "tinyint",
  },
  double: {
    arrow: "Float64",
    parquet: "DOUBLE",
    orc: "double",
    json: "number (NaN, Infinity as strings)",
    csv: "shortest round-trip text",
    postgres: "double precision",
    mysql: "double (no NaN/Infinity)",
    cassandra: "double",
  },
  float: {
    arrow: "Float32",
    parquet: "FLOAT",
    orc: "float",
    json: "number",
    csv: "shortest round-trip text",
    postgres: "real",
    mysql: "float (no NaN/Infinity)",
    cassandra: "float",
  },
  decimal: {
    arrow: "Decimal128(p, s)",
    parquet: "INT32 (p ≤ 9), INT64 (p ≤ 18) or FIXED_LEN_BYTE_ARRAY (DECIMAL(p, s))",
    orc: "decimal(p,s)",
    json: "number, exact digits",
    csv: "exact digits",
    postgres: "numeric(p,s)",
    mysql: "decimal(p,s)",
    cassandra: "decimal",
  },
  boolean: {
    arrow: "Bool",
    parquet: "BOOLEAN",
    orc: "boolean",
    json: "true/false",
    csv: "true/false",
    postgres: "boolean",
    mysql: "boolean (tinyint(1))",
    cassandra: "boolean",
  },
  date: {
    arrow: "DateDay",
    parquet: "INT32 (DATE)",
    orc: "date",
    json: '"yyyy-MM-dd"',
    csv: "yyyy-MM-dd",
    postgres: "date",
    mysql: "date",
    cassandra: "date",
  },
  timestamp: {
    arrow: "TimestampMicrosecond(UTC)",
    parquet: "INT64 (TIMESTAMP(MICROS, UTC))",
    orc: "timestamp with local time zone (TIMESTAMP_INSTANT)",
    json: '"yyyy-MM-ddTHH:mm:ss.SSSZ"',
    csv: "yyyy-MM-ddTHH:mm:ss.SSSZ",
    postgres: "timestamp with time zone",
    mysql: "datetime(6) (UTC)",
    cassandra: "timestamp (milliseconds: microseconds are cut)",
  },
  binary: {
    arrow: "Binary",
    parquet: "BYTE_ARRAY",
    orc: "binary",
    json: "base64 string",
    csv: "base64 text",
    postgres: "bytea",
    mysql: "longblob",
    cassandra: "blob",
  },
  array: {
    arrow: "List<element>",
    parquet: "LIST",
    orc: "array<T>",
    json: "array",
    csv: "JSON text",
    postgres: "T[] (scalar elements), jsonb (nested)",
    mysql: "json",
    cassandra: "list<T> (frozen<...> for nested lists and maps; structs inside as JSON text)",
  },
  map: {
    arrow: "Map<entries: key, value>",
    parquet: "MAP",
    orc: "map<K,V>",
    json: "object (keys as strings)",
    csv: "JSON text",
    postgres: "jsonb",
    mysql: "json",
    cassandra: "map<K, V>",
  },
  struct: {
    arrow: "Struct<...>",
    parquet: "group",
    orc: "struct<...>",
    json: "object",
    csv: "JSON text",
    postgres: "jsonb",
    mysql: "json",
    cassandra: "text (JSON)",
  },
};
