import { type DatabaseTypes, typeRead, UUID_READ } from "../table/column-types.ts";

/**
 * Cassandra (CQL)'s own type tables: the column a table rowforge creates gets for each rowforge type
 * (written via prepared INSERTs), and how the columns of an existing table are generated. A table
 * rowforge creates reads back as the types it was created from.
 */
export const CASSANDRA_TYPES: DatabaseTypes = {
  title: "Cassandra column",
  columns: {
    string: "text",
    int: "int",
    long: "bigint",
    short: "smallint",
    byte: "tinyint",
    double: "double",
    float: "float",
    decimal: "decimal",
    boolean: "boolean",
    date: "date",
    timestamp: "timestamp (milliseconds: microseconds are cut)",
    binary: "blob",
    array: "list<T> (frozen<...> for nested lists and maps; structs inside as JSON text)",
    map: "map<K, V>",
    struct: "text (JSON)",
  },
  /** Cassandra, by CQL type name (collections `list<T>`, `set<T>`, `map<K, V>` and `frozen<...>` are read element by element: cassandra-describe.ts). `timeuuid` (version-1 UUIDs), `counter`, `duration`, `time`, `inet`, tuples and user types are not generated. */
  reads: {
    text: typeRead("string"),
    varchar: typeRead("string"),
    ascii: typeRead("string"),
    int: typeRead("int"),
    bigint: typeRead("long"),
    varint: typeRead("long"),
    smallint: typeRead("short"),
    tinyint: typeRead("byte"),
    double: typeRead("double"),
    float: typeRead("float"),
    decimal: typeRead("decimal"),
    boolean: typeRead("boolean"),
    date: typeRead("date"),
    timestamp: typeRead("timestamp"),
    blob: typeRead("binary"),
    uuid: UUID_READ,
  },
};
