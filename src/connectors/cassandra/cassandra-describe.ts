import type cassandra from "cassandra-driver";
import { readType } from "../table/column-types.ts";
import type { ColumnDescription, TableDescription, TableStep } from "../table-description.ts";
import { type CassandraOptions, describeServer, outputName, tableName } from "./cassandra-options.ts";
import { tableSchema } from "./cassandra-table.ts";
import { CASSANDRA_TYPES } from "./cassandra-type-table.ts";

/** A table's id: the same for every step writing it (where its rows go). */
export const cassandraTableId = outputName;

/**
 * Reads a table's columns and primary key from system_schema.columns; undefined when it does
 * not exist. The primary key is the partition key columns then the clustering columns (key
 * columns are never null; the others may be). Cassandra has no foreign keys, unique
 * constraints or defaults.
 */
export async function describeCassandraTable(
  client: cassandra.Client,
  o: CassandraOptions,
): Promise<TableDescription | undefined> {
  const t = await tableSchema(client, o);
  if (t === undefined) return undefined;
  const primaryKey = [...t.partition, ...t.clustering];
  // Key columns first, in key order, then the others by name (as cqlsh's DESCRIBE shows them).
  const others = [...t.types.keys()].filter((c) => !primaryKey.includes(c)).sort();
  const columns = [...primaryKey, ...others].map((name): ColumnDescription => {
    const dbType = t.types.get(name)!;
    const read = readCqlType(dbType);
    const pk = primaryKey.indexOf(name);
    return {
      name,
      dbType,
      type: read?.type,
      nullable: pk < 0,
      ...(pk >= 0
        ? { primaryKeyPosition: pk + 1, keyPart: pk < t.partition.length ? "partition key" : "clustering" }
        : {}),
      unique: false,
      hasDefault: false,
      ...(read?.uuid ? { uuid: true as const } : {}),
    };
  });
  return {
    id: cassandraTableId(o),
    name: tableName(o),
    server: describeServer(o),
    columns,
    primaryKey,
    uniqueKeys: [],
    foreignKeys: [],
    checks: [],
  };
}

/**
 * The rowforge (Spark DDL) type of a CQL type: scalars by its type table's reads, `list<T>` and
 * `set<T>` as `array<T>`, `map<K, V>` as `map<K,V>`, `frozen<...>` as its inside. Undefined for a
 * type rowforge does not generate (or a collection of one). `uuid` only at the top level: a
 * collection of UUIDs is text rowforge would not make UUIDs.
 */
export function readCqlType(cql: string): { readonly type: string; readonly uuid?: true } | undefined {
  const t = cql.trim().toLowerCase();
  const inner = /^(\w+)<(.*)>$/.exec(t);
  if (inner === null) {
    const read = CASSANDRA_TYPES.reads[t];
    return read === undefined ? undefined : { type: readType(read), ...(read.uuid ? { uuid: true } : {}) };
  }
  const [, outer, args] = inner;
  if (outer === "frozen") return readCqlType(args!);
  const parts = splitTopLevel(args!);
  const types = parts.map((p) => readCqlType(p));
  if (types.some((x) => x === undefined || x.uuid)) return undefined;
  if ((outer === "list" || outer === "set") && types.length === 1)
    return { type: `array<${types[0]!.type}>` };
  if (outer === "map" && types.length === 2) return { type: `map<${types[0]!.type},${types[1]!.type}>` };
  return undefined;
}

/** `a, map<b, c>` → [`a`, `map<b, c>`]: the arguments of a type, split at top-level commas. */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "<") depth++;
    else if (ch === ">") depth--;
    else if (ch === "," && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out;
}

/** The tables of a keyspace, as steps naming them (`keyspace`, `table`). */
export async function listCassandraTables(client: cassandra.Client, keyspace: string): Promise<TableStep[]> {
  const rows = await client.execute(
    "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?",
    [keyspace],
    {
      prepare: true,
    },
  );
  return rows.rows
    .map((r) => String(r.get("table_name")))
    .sort()
    .map((name) => ({ name, options: { keyspace, table: name } }));
}
