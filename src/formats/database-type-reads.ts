import type { DataTypeKind } from "../model/data-type.ts";

/**
 * How a database column type is generated: the other direction of TYPE_MAPPING's `postgres`,
 * `mysql` and `cassandra` rows (src/formats/type-mapping.ts), one table per database. A table rowforge
 * creates reads back as the types it was created from (test/connectors/describe-*.test.ts).
 */
export interface TypeRead {
  readonly kind: DataTypeKind;
  /** Values must be UUIDs (generated with `sql: uuid()`). */
  readonly uuid?: true;
}

const read = (kind: DataTypeKind): TypeRead => ({ kind });
const UUID: TypeRead = { kind: "string", uuid: true };
/** JSON columns get a map, which the connectors write as a JSON object. */
const JSON_OBJECT = read("map");

/** PostgreSQL, by `udt_name` (arrays are `_<element>`; enums are read as their labels). */
export const POSTGRES_TYPE_READS: Readonly<Record<string, TypeRead>> = {
  int2: read("short"),
  int4: read("int"),
  int8: read("long"),
  float4: read("float"),
  float8: read("double"),
  numeric: read("decimal"),
  bool: read("boolean"),
  date: read("date"),
  timestamp: read("timestamp"),
  timestamptz: read("timestamp"),
  varchar: read("string"),
  bpchar: read("string"),
  text: read("string"),
  citext: read("string"),
  name: read("string"),
  bytea: read("binary"),
  uuid: UUID,
  json: JSON_OBJECT,
  jsonb: JSON_OBJECT,
};

/** MySQL and MariaDB, by `DATA_TYPE` (`tinyint(1)` is boolean; enums and sets are read as their values). */
export const MYSQL_TYPE_READS: Readonly<Record<string, TypeRead>> = {
  tinyint: read("byte"),
  "tinyint(1)": read("boolean"),
  bool: read("boolean"),
  boolean: read("boolean"),
  smallint: read("short"),
  mediumint: read("int"),
  int: read("int"),
  integer: read("int"),
  bigint: read("long"),
  float: read("float"),
  double: read("double"),
  real: read("double"),
  decimal: read("decimal"),
  numeric: read("decimal"),
  date: read("date"),
  datetime: read("timestamp"),
  timestamp: read("timestamp"),
  char: read("string"),
  varchar: read("string"),
  tinytext: read("string"),
  text: read("string"),
  mediumtext: read("string"),
  longtext: read("string"),
  enum: read("string"),
  set: read("string"),
  binary: read("binary"),
  varbinary: read("binary"),
  tinyblob: read("binary"),
  blob: read("binary"),
  mediumblob: read("binary"),
  longblob: read("binary"),
  json: JSON_OBJECT,
  uuid: UUID,
};

/**
 * Cassandra, by CQL type name (collections `list<T>`, `set<T>`, `map<K, V>` and `frozen<...>` are
 * read element by element: cassandra-describe.ts). `timeuuid` (version-1 UUIDs), `counter`,
 * `duration`, `time`, `inet`, tuples and user types are not generated.
 */
export const CASSANDRA_TYPE_READS: Readonly<Record<string, TypeRead>> = {
  text: read("string"),
  varchar: read("string"),
  ascii: read("string"),
  int: read("int"),
  bigint: read("long"),
  varint: read("long"),
  smallint: read("short"),
  tinyint: read("byte"),
  double: read("double"),
  float: read("float"),
  decimal: read("decimal"),
  boolean: read("boolean"),
  date: read("date"),
  timestamp: read("timestamp"),
  blob: read("binary"),
  uuid: UUID,
};

/** The Spark DDL type a read gives (decimals keep the column's precision and scale, at most 38 digits). */
export function readType(r: TypeRead, precision?: number, scale?: number): string {
  if (r.kind === "decimal") {
    const p = Math.min(precision ?? 38, 38);
    const s = Math.min(scale ?? (precision === undefined ? 10 : 0), p);
    return `decimal(${p},${s})`;
  }
  if (r.kind === "map") return "map<string,string>";
  return r.kind;
}
