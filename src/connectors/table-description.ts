/**
 * What a database says about a table, in rowforge's terms: what `Connector.describe` answers
 * and what the schema stage (src/app/schemas) turns into fields and foreign keys.
 */

/** How the database fills a column by itself. */
export type ColumnFill =
  /** serial, identity, AUTO_INCREMENT: a number the database assigns when none is given. */
  | "identity"
  /** GENERATED ALWAYS AS (...): computed by the database, never written. */
  | "computed";

export interface ColumnDescription {
  readonly name: string;
  /** The column type as the database names it (`character varying(40)`, `int(11) unsigned`). */
  readonly dbType: string;
  /** The rowforge (Spark DDL) type it is generated as; undefined for a type rowforge cannot generate. */
  readonly type: string | undefined;
  readonly nullable: boolean;
  /** Characters of a char/varchar column. */
  readonly maxLength?: number;
  /** Digits and fraction digits of a decimal column. */
  readonly precision?: number;
  readonly scale?: number;
  /** 1-based position in the primary key. */
  readonly primaryKeyPosition?: number;
  /** Which part of the primary key it is, where the database has parts (Cassandra's partition key and clustering columns). */
  readonly keyPart?: "partition key" | "clustering";
  /** A unique constraint (or unique index) on this column alone. */
  readonly unique: boolean;
  readonly fill?: ColumnFill;
  /** A default other than NULL (identity columns aside). */
  readonly hasDefault: boolean;
  /** Values must be UUIDs. */
  readonly uuid?: true;
  /** The allowed values of an enum (or set) column. */
  readonly values?: readonly string[];
}

export interface ForeignKeyDescription {
  readonly name: string;
  readonly columns: readonly string[];
  /** The referenced table's `TableDescription.id`. */
  readonly references: string;
  /** The referenced table as messages show it (`schema.table`). */
  readonly referencesName: string;
  readonly referencedColumns: readonly string[];
}

/** A CHECK constraint: its name and its condition as the database writes it. */
export interface CheckDescription {
  readonly name: string;
  /** `CHECK ((price > (0)::numeric))` (PostgreSQL), `` `price` > 0 `` (MySQL/MariaDB). */
  readonly clause: string;
}

export interface TableDescription {
  /** Identifies the table across steps: kind, server, database and qualified name (no user, no password). */
  readonly id: string;
  /** `schema.table` as messages show it. */
  readonly name: string;
  /** `host:port/database`, for messages. */
  readonly server: string;
  readonly columns: readonly ColumnDescription[];
  /** Column names of the primary key, in key order. */
  readonly primaryKey: readonly string[];
  /** Unique constraints of more than one column. */
  readonly uniqueKeys: readonly (readonly string[])[];
  readonly foreignKeys: readonly ForeignKeyDescription[];
  /** Its CHECK constraints (none where the database has none, as Cassandra). */
  readonly checks: readonly CheckDescription[];
}

/** A table of a connection, as a step: its name and the step options that name the table. */
export interface TableStep {
  readonly name: string;
  readonly options: Readonly<Record<string, string>>;
}
