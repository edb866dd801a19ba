import { readType } from "../table/column-types.ts";
import type {
  CheckDescription,
  ColumnDescription,
  ForeignKeyDescription,
  TableDescription,
  TableStep,
} from "../table-description.ts";
import type { MysqlClient } from "./mysql-client.ts";
import {
  describeServer,
  type MysqlOptions,
  type MysqlServer,
  quoteIdent,
  tableName,
} from "./mysql-options.ts";
import { MYSQL_TYPES } from "./mysql-type-table.ts";

interface ColumnRow {
  name: string;
  data_type: string;
  column_type: string;
  max_length: string | number | null;
  num_precision: string | number | null;
  num_scale: string | number | null;
  is_nullable: "YES" | "NO";
  column_default: string | null;
  extra: string | null;
}

interface KeyRow {
  name: string;
  kind: "PRIMARY KEY" | "UNIQUE" | "FOREIGN KEY";
  col: string;
  ref_schema: string | null;
  ref_table: string | null;
  ref_col: string | null;
}

/** A table's id: the same for the step writing it and for a foreign key pointing at it. */
export const mysqlTableId = (o: MysqlOptions, database: string, table: string): string =>
  `mysql://${describeServer(o)}/${database}.${table}`;

const num = (v: string | number | null): number | undefined => (v === null ? undefined : Number(v));

/** Reads a table's columns, keys and foreign keys from information_schema; undefined when it does not exist. */
export async function describeMysqlTable(
  client: MysqlClient,
  o: MysqlOptions,
): Promise<TableDescription | undefined> {
  const cols = await client.query<ColumnRow[]>(
    `SELECT column_name AS name, data_type AS data_type, column_type AS column_type,
            character_maximum_length AS max_length, numeric_precision AS num_precision,
            numeric_scale AS num_scale, is_nullable AS is_nullable, column_default AS column_default,
            extra AS extra
       FROM information_schema.columns WHERE table_schema = ? AND table_name = ?
      ORDER BY ordinal_position`,
    [o.database, o.table],
  );
  if (cols.length === 0) return undefined;
  const keyRows = await client.query<KeyRow[]>(
    `SELECT tc.constraint_name AS name, tc.constraint_type AS kind, k.column_name AS col,
            k.referenced_table_schema AS ref_schema, k.referenced_table_name AS ref_table,
            k.referenced_column_name AS ref_col
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage k
         ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name
        AND k.table_schema = tc.table_schema AND k.table_name = tc.table_name
      WHERE tc.table_schema = ? AND tc.table_name = ?
        AND tc.constraint_type IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY')
      ORDER BY tc.constraint_name, k.ordinal_position`,
    [o.database, o.table],
  );
  const byName = new Map<string, KeyRow[]>();
  for (const k of keyRows) byName.set(k.name, [...(byName.get(k.name) ?? []), k]);
  const groups = [...byName.values()];
  const primaryKey = groups.find((g) => g[0]!.kind === "PRIMARY KEY")?.map((k) => k.col) ?? [];
  const uniques = groups.filter((g) => g[0]!.kind === "UNIQUE").map((g) => g.map((k) => k.col));
  const foreignKeys: ForeignKeyDescription[] = groups
    .filter((g) => g[0]!.kind === "FOREIGN KEY" && g[0]!.ref_table !== null)
    .map((g) => {
      const first = g[0]!;
      const schema = first.ref_schema ?? o.database;
      return {
        name: first.name,
        columns: g.map((k) => k.col),
        references: mysqlTableId(o, schema, first.ref_table!),
        referencesName: `${schema}.${first.ref_table}`,
        referencedColumns: g.map((k) => k.ref_col ?? ""),
      };
    });
  const checks = await checkConstraints(client, o);
  const jsonColumns = new Set(
    checks.flatMap((c) => /^json_valid\(`?([^`)]+)`?\)$/i.exec(c.clause.trim())?.[1] ?? []),
  );
  return {
    id: mysqlTableId(o, o.database, o.table),
    name: tableName(o),
    server: describeServer(o),
    columns: cols.map((r) => describeColumn(r, primaryKey, uniques, jsonColumns)),
    primaryKey,
    uniqueKeys: uniques.filter((u) => u.length > 1),
    foreignKeys,
    checks,
  };
}

/**
 * The table's CHECK constraints. MariaDB's check_constraints names the table (and holds the
 * json_valid checks of its JSON columns, which are longtext); MySQL's does not, and is joined
 * to table_constraints.
 */
async function checkConstraints(client: MysqlClient, o: MysqlOptions): Promise<CheckDescription[]> {
  try {
    return await client.query<CheckDescription[]>(
      "SELECT constraint_name AS name, check_clause AS clause FROM information_schema.check_constraints WHERE constraint_schema = ? AND table_name = ? ORDER BY constraint_name",
      [o.database, o.table],
    );
  } catch {
    return await client.query<CheckDescription[]>(
      `SELECT cc.constraint_name AS name, cc.check_clause AS clause
         FROM information_schema.check_constraints cc
         JOIN information_schema.table_constraints tc
           ON tc.constraint_schema = cc.constraint_schema AND tc.constraint_name = cc.constraint_name
        WHERE tc.table_schema = ? AND tc.table_name = ? AND tc.constraint_type = 'CHECK'
        ORDER BY cc.constraint_name`,
      [o.database, o.table],
    );
  }
}

/** `enum('a','b')` or `set(...)`: the quoted values. */
function enumValues(columnType: string): string[] | undefined {
  const m = /^(?:enum|set)\((.*)\)$/is.exec(columnType);
  if (!m) return undefined;
  return [...m[1]!.matchAll(/'((?:[^']|'')*)'/g)].map((v) => v[1]!.replace(/''/g, "'"));
}

function describeColumn(
  r: ColumnRow,
  primaryKey: readonly string[],
  uniques: readonly (readonly string[])[],
  jsonColumns: ReadonlySet<string>,
): ColumnDescription {
  const dataType = r.data_type.toLowerCase();
  const columnType = r.column_type.toLowerCase();
  const read = jsonColumns.has(r.name)
    ? MYSQL_TYPES.reads.json
    : (MYSQL_TYPES.reads[columnType.replace(/ unsigned| zerofill/g, "")] ?? MYSQL_TYPES.reads[dataType]);
  const precision = read?.kind === "decimal" ? num(r.num_precision) : undefined;
  const scale = read?.kind === "decimal" ? (num(r.num_scale) ?? 0) : undefined;
  const maxLength = read?.kind === "string" ? num(r.max_length) : undefined;
  const extra = (r.extra ?? "").toLowerCase();
  const fill =
    /generated/.test(extra) && !/default_generated/.test(extra)
      ? "computed"
      : /auto_increment/.test(extra)
        ? "identity"
        : undefined;
  const pk = primaryKey.indexOf(r.name);
  const values = dataType === "enum" || dataType === "set" ? enumValues(r.column_type) : undefined;
  return {
    name: r.name,
    dbType: r.column_type,
    type: read ? readType(read, precision, scale) : undefined,
    nullable: r.is_nullable === "YES",
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(precision !== undefined ? { precision, scale: scale ?? 0 } : {}),
    ...(pk >= 0 ? { primaryKeyPosition: pk + 1 } : {}),
    unique: uniques.some((u) => u.length === 1 && u[0] === r.name),
    ...(fill ? { fill } : {}),
    // MariaDB writes a nullable column's absent default as the text NULL.
    hasDefault: fill === undefined && r.column_default !== null && r.column_default.toUpperCase() !== "NULL",
    ...(read?.uuid ? { uuid: true as const } : {}),
    ...(values ? { values } : {}),
  };
}

/** The base tables of the connection's database, as steps naming them (`dbtable: database.table`). */
export async function listMysqlTables(client: MysqlClient, o: MysqlServer): Promise<TableStep[]> {
  const rows = await client.query<{ name: string }[]>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY table_name",
    [o.database],
  );
  const part = (n: string) => (/^[A-Za-z_][A-Za-z0-9_$]*$/.test(n) ? n : quoteIdent(n));
  return rows.map((r) => ({ name: r.name, options: { dbtable: `${part(o.database)}.${part(r.name)}` } }));
}
