import type pg from "pg";
import { readType } from "../table/column-types.ts";
import type {
  ColumnDescription,
  ForeignKeyDescription,
  TableDescription,
  TableStep,
} from "../table-description.ts";
import {
  describeServer,
  type PostgresOptions,
  type PostgresServer,
  quoteIdent,
  tableName,
} from "./postgres-options.ts";
import { POSTGRES_TYPES } from "./postgres-type-table.ts";

interface ColumnRow {
  column_name: string;
  data_type: string;
  udt_name: string;
  type_text: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: "YES" | "NO";
  column_default: string | null;
  is_identity: "YES" | "NO";
  is_generated: "ALWAYS" | "NEVER";
  enum_values: string[] | null;
}

interface ConstraintRow {
  name: string;
  kind: "p" | "u" | "f" | "c";
  columns: string[];
  ref_schema: string | null;
  ref_table: string | null;
  ref_columns: string[] | null;
  clause: string | null;
}

/** A table's id: the same for the step writing it and for a foreign key pointing at it. */
export const postgresTableId = (o: PostgresOptions, schema: string, table: string): string =>
  `postgres://${describeServer(o)}/${schema}.${table}`;

/** Reads a table's columns, keys and foreign keys from the catalog; undefined when it does not exist. */
export async function describePostgresTable(
  client: pg.Client,
  o: PostgresOptions,
): Promise<TableDescription | undefined> {
  const cols = await client.query<ColumnRow>(
    `SELECT c.column_name, c.data_type, c.udt_name, format_type(a.atttypid, a.atttypmod) AS type_text,
            c.character_maximum_length, c.numeric_precision, c.numeric_scale, c.is_nullable,
            c.column_default, c.is_identity, c.is_generated,
            (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e
               WHERE e.enumtypid = a.atttypid) AS enum_values
       FROM information_schema.columns c
       JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
                          AND a.attname = c.column_name
      WHERE c.table_schema = $1 AND c.table_name = $2
      ORDER BY c.ordinal_position`,
    [o.schema, o.table],
  );
  if (cols.rows.length === 0) return undefined;
  const keys = await client.query<ConstraintRow>(
    `SELECT c.conname AS name, c.contype AS kind,
            (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
               JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num) AS columns,
            fn.nspname::text AS ref_schema, fc.relname::text AS ref_table,
            (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY k(num, ord)
               JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num) AS ref_columns,
            CASE WHEN c.contype = 'c' THEN pg_get_constraintdef(c.oid) END AS clause
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       LEFT JOIN pg_class fc ON fc.oid = c.confrelid
       LEFT JOIN pg_namespace fn ON fn.oid = fc.relnamespace
      WHERE n.nspname = $1 AND t.relname = $2 AND c.contype IN ('p', 'u', 'f', 'c')
      ORDER BY c.conname`,
    [o.schema, o.table],
  );
  const primaryKey = keys.rows.find((k) => k.kind === "p")?.columns ?? [];
  const uniques = keys.rows.filter((k) => k.kind === "u").map((k) => k.columns);
  const foreignKeys: ForeignKeyDescription[] = keys.rows
    .filter((k) => k.kind === "f" && k.ref_schema !== null && k.ref_table !== null)
    .map((k) => ({
      name: k.name,
      columns: k.columns,
      references: postgresTableId(o, k.ref_schema!, k.ref_table!),
      referencesName: `${k.ref_schema}.${k.ref_table}`,
      referencedColumns: k.ref_columns ?? [],
    }));
  return {
    id: postgresTableId(o, o.schema, o.table),
    name: tableName(o),
    server: describeServer(o),
    columns: cols.rows.map((r) => describeColumn(r, primaryKey, uniques)),
    primaryKey,
    uniqueKeys: uniques.filter((u) => u.length > 1),
    foreignKeys,
    checks: keys.rows
      .filter((k) => k.kind === "c" && k.clause !== null)
      .map((k) => ({ name: k.name, clause: k.clause! })),
  };
}

function describeColumn(
  r: ColumnRow,
  primaryKey: readonly string[],
  uniques: readonly (readonly string[])[],
): ColumnDescription {
  const array = r.data_type === "ARRAY";
  const udt = array ? r.udt_name.replace(/^_/, "") : r.udt_name;
  const enumValues = r.enum_values ?? undefined;
  const read = enumValues ? { kind: "string" as const } : POSTGRES_TYPES.reads[udt];
  // information_schema gives no precision for array elements: format_type's text has it.
  const typmod = /\((\d+)(?:,(\d+))?\)/.exec(r.type_text);
  const precision = r.numeric_precision ?? (udt === "numeric" && typmod ? Number(typmod[1]) : undefined);
  const scale = r.numeric_scale ?? (udt === "numeric" && typmod?.[2] ? Number(typmod[2]) : undefined);
  const element = read ? readType(read, precision ?? undefined, scale ?? undefined) : undefined;
  const maxLength =
    r.character_maximum_length ??
    ((udt === "varchar" || udt === "bpchar") && typmod ? Number(typmod[1]) : undefined);
  const pk = primaryKey.indexOf(r.column_name);
  const serial = r.column_default?.startsWith("nextval(") ?? false;
  const fill =
    r.is_generated === "ALWAYS" ? "computed" : r.is_identity === "YES" || serial ? "identity" : undefined;
  return {
    name: r.column_name,
    dbType: r.type_text,
    type: element === undefined ? undefined : array ? `array<${element}>` : element,
    nullable: r.is_nullable === "YES",
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(read?.kind === "decimal" && precision !== undefined ? { precision, scale: scale ?? 0 } : {}),
    ...(pk >= 0 ? { primaryKeyPosition: pk + 1 } : {}),
    unique: uniques.some((u) => u.length === 1 && u[0] === r.column_name),
    ...(fill ? { fill } : {}),
    hasDefault: fill === undefined && r.column_default !== null,
    ...(read?.uuid ? { uuid: true as const } : {}),
    ...(enumValues ? { values: enumValues } : {}),
  };
}

/** The base tables of the connection's schema, as steps naming them (`dbtable: schema.table`). */
export async function listPostgresTables(client: pg.Client, o: PostgresServer): Promise<TableStep[]> {
  const rows = await client.query<{ name: string }>(
    `SELECT table_name::text AS name FROM information_schema.tables
      WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
    [o.schema],
  );
  const part = (n: string) => (/^[a-z_][a-z0-9_$]*$/.test(n) ? n : quoteIdent(n));
  return rows.rows.map((r) => ({ name: r.name, options: { dbtable: `${part(o.schema)}.${part(r.name)}` } }));
}
