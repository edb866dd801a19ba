import type { DataTypeKind } from "../../model/data-type.ts";

/** How a database column type is generated: the other direction of a database's `columns`. */
export interface TypeRead {
  readonly kind: DataTypeKind;
  /** Values must be UUIDs (generated with `sql: uuid()`). */
  readonly uuid?: true;
}

export const typeRead = (kind: DataTypeKind): TypeRead => ({ kind });
/** UUID columns: strings that must be UUIDs. */
export const UUID_READ: TypeRead = { kind: "string", uuid: true };
/** JSON columns get a map, which the connectors write as a JSON object. */
export const JSON_OBJECT_READ = typeRead("map");

/**
 * A database's own type tables, in its dialect's folder: what each rowforge type becomes as a
 * column of a table rowforge creates (docs/types.md shows them beside the file formats'), and
 * how the column types of an existing table are generated.
 */
export interface DatabaseTypes {
  /** The heading of its column in docs/types.md (`PostgreSQL column`). */
  readonly title: string;
  /** The column type of each rowforge type; notes in parentheses are for the docs, not the DDL. */
  readonly columns: Readonly<Record<DataTypeKind, string>>;
  /** How its column types are generated, by the name its catalogue gives them (enums read as their values). */
  readonly reads: Readonly<Record<string, TypeRead>>;
}

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
