import { type DatabaseTypes, JSON_OBJECT_READ, typeRead, UUID_READ } from "../table/column-types.ts";

/**
 * MySQL/MariaDB's own type tables: the column a table rowforge creates gets for each rowforge type
 * (written via LOAD DATA LOCAL INFILE), and how the columns of an existing table are generated. A table
 * rowforge creates reads back as the types it was created from.
 */
export const MYSQL_TYPES: DatabaseTypes = {
  title: "MySQL/MariaDB column",
  columns: {
    string: "longtext",
    int: "int",
    long: "bigint",
    short: "smallint",
    byte: "tinyint",
    double: "double (no NaN/Infinity)",
    float: "float (no NaN/Infinity)",
    decimal: "decimal(p,s)",
    boolean: "boolean (tinyint(1))",
    date: "date",
    timestamp: "datetime(6) (UTC)",
    binary: "longblob",
    array: "json",
    map: "json",
    struct: "json",
  },
  /** MySQL and MariaDB, by `DATA_TYPE` (`tinyint(1)` is boolean; enums and sets are read as their values). */
  reads: {
    tinyint: typeRead("byte"),
    "tinyint(1)": typeRead("boolean"),
    bool: typeRead("boolean"),
    boolean: typeRead("boolean"),
    smallint: typeRead("short"),
    mediumint: typeRead("int"),
    int: typeRead("int"),
    integer: typeRead("int"),
    bigint: typeRead("long"),
    float: typeRead("float"),
    double: typeRead("double"),
    real: typeRead("double"),
    decimal: typeRead("decimal"),
    numeric: typeRead("decimal"),
    date: typeRead("date"),
    datetime: typeRead("timestamp"),
    timestamp: typeRead("timestamp"),
    char: typeRead("string"),
    varchar: typeRead("string"),
    tinytext: typeRead("string"),
    text: typeRead("string"),
    mediumtext: typeRead("string"),
    longtext: typeRead("string"),
    enum: typeRead("string"),
    set: typeRead("string"),
    binary: typeRead("binary"),
    varbinary: typeRead("binary"),
    tinyblob: typeRead("binary"),
    blob: typeRead("binary"),
    mediumblob: typeRead("binary"),
    longblob: typeRead("binary"),
    json: JSON_OBJECT_READ,
    uuid: UUID_READ,
  },
};
