import { type DatabaseTypes, JSON_OBJECT_READ, typeRead, UUID_READ } from "../table/column-types.ts";

/**
 * PostgreSQL's own type tables: the column a table rowforge creates gets for each rowforge type
 * (written via COPY), and how the columns of an existing table are generated. A table
 * rowforge creates reads back as the types it was created from.
 */
export const POSTGRES_TYPES: DatabaseTypes = {
  title: "PostgreSQL column",
  columns: {
    string: "text",
    int: "integer",
    long: "bigint",
    short: "smallint",
    byte: "smallint",
    double: "double precision",
    float: "real",
    decimal: "numeric(p,s)",
    boolean: "boolean",
    date: "date",
    timestamp: "timestamp with time zone",
    binary: "bytea",
    array: "T[] (scalar elements), jsonb (nested)",
    map: "jsonb",
    struct: "jsonb",
  },
  /** PostgreSQL, by `udt_name` (arrays are `_<element>`; enums are read as their labels). */
  reads: {
    int2: typeRead("short"),
    int4: typeRead("int"),
    int8: typeRead("long"),
    float4: typeRead("float"),
    float8: typeRead("double"),
    numeric: typeRead("decimal"),
    bool: typeRead("boolean"),
    date: typeRead("date"),
    timestamp: typeRead("timestamp"),
    timestamptz: typeRead("timestamp"),
    varchar: typeRead("string"),
    bpchar: typeRead("string"),
    text: typeRead("string"),
    citext: typeRead("string"),
    name: typeRead("string"),
    bytea: typeRead("binary"),
    uuid: UUID_READ,
    json: JSON_OBJECT_READ,
    jsonb: JSON_OBJECT_READ,
  },
};
