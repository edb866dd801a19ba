import type { Schema } from "apache-arrow";
import type cassandra from "cassandra-driver";
import { didYouMean, RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import {
  type CassandraOptions,
  describeServer,
  qualifiedTable,
  quoteIdent,
  tableName,
} from "./cassandra-options.ts";
import { cqlColumnType } from "./cassandra-types.ts";

/** A table's columns and their CQL types, or undefined when the table does not exist. */
export async function tableColumns(
  client: cassandra.Client,
  o: CassandraOptions,
): Promise<Map<string, string> | undefined> {
  const r = await client.execute(
    "SELECT column_name, type FROM system_schema.columns WHERE keyspace_name = ? AND table_name = ?",
    [o.keyspace, o.table],
    { prepare: true },
  );
  if (r.rows.length === 0) return undefined;
  return new Map(r.rows.map((row) => [String(row.column_name), String(row.type)]));
}

/** A table's columns as system_schema.columns gives them: types, and the primary key's columns in order. */
export interface TableSchema {
  /** Every column and its CQL type (`text`, `list<int>`, `frozen<map<text, int>>`, ...), in the order read. */
  readonly types: ReadonlyMap<string, string>;
  /** Partition key columns, by position. */
  readonly partition: readonly string[];
  /** Clustering columns, by position. */
  readonly clustering: readonly string[];
  /** Static columns (one value per partition). */
  readonly statics: readonly string[];
}

/** A table's columns, kinds and key positions; undefined when the table does not exist. */
export async function tableSchema(
  client: cassandra.Client,
  o: CassandraOptions,
): Promise<TableSchema | undefined> {
  const r = await client.execute(
    "SELECT column_name, kind, position, type FROM system_schema.columns WHERE keyspace_name = ? AND table_name = ?",
    [o.keyspace, o.table],
    { prepare: true },
  );
  if (r.rows.length === 0) return undefined;
  const ofKind = (kind: string) =>
    r.rows
      .filter((row) => String(row.kind) === kind)
      .sort((a, b) => Number(a.position) - Number(b.position))
      .map((row) => String(row.column_name));
  return {
    types: new Map(r.rows.map((row) => [String(row.column_name), String(row.type)])),
    partition: ofKind("partition_key"),
    clustering: ofKind("clustering"),
    statics: ofKind("static"),
  };
}

/** The refusal for a missing table (or keyspace), with the nearest names. */
export async function tableNotFound(
  client: cassandra.Client,
  o: CassandraOptions,
  stepName: string,
): Promise<RowforgeError> {
  const r = await client.execute("SELECT keyspace_name, table_name FROM system_schema.tables");
  const names = r.rows
    .map((row) => `${row.keyspace_name}.${row.table_name}`)
    .filter((n) => !/^system/.test(n));
  const near = didYouMean(tableName(o), names);
  const keyspaces = new Set(r.rows.map((row) => String(row.keyspace_name)));
  const what = keyspaces.has(o.keyspace)
    ? `table ${tableName(o)} does not exist`
    : `keyspace ${o.keyspace} (of table ${tableName(o)}) does not exist`;
  return new RowforgeError(
    "RF_DB_TABLE_NOT_FOUND",
    `step "${stepName}" (connection "${o.connection}"): ${what} on Cassandra at ${describeServer(o)}${near ? `; ${near}` : ""}`,
    {
      hint: "create the table, fix the step's keyspace and table, or set createTable: true (with isPrimaryKey on the key fields) to let rowforge create it",
    },
  );
}

/** The primary key a created table gets: partition key fields, then clustering columns. */
export interface TableKey {
  readonly partition: readonly string[];
  readonly clustering: readonly string[];
}

/**
 * The key of the table a step creates, from its fields' options: `isPrimaryKey` (or a
 * `primaryKeyPos`) makes a partition key column, ordered by `primaryKeyPos` (then field order);
 * `clusteringPos` makes a clustering column, ordered by it. A step with no key field is refused.
 */
export function tableKeyOf(step: ResolvedStep, o: CassandraOptions): TableKey {
  const fields = step.step.fields.filter((f) => f.options.omit !== true);
  const order = (pos: number | undefined, k: number) => (pos ?? Number.MAX_SAFE_INTEGER) * 1e6 + k;
  const partition = fields
    .map((f, k) => ({ f, k }))
    .filter(({ f }) => f.options.isPrimaryKey === true || f.options.primaryKeyPos !== undefined)
    .filter(({ f }) => f.options.clusteringPos === undefined)
    .sort((a, b) => order(a.f.options.primaryKeyPos, a.k) - order(b.f.options.primaryKeyPos, b.k))
    .map(({ f }) => f.name);
  const clustering = fields
    .map((f, k) => ({ f, k }))
    .filter(({ f }) => f.options.clusteringPos !== undefined)
    .sort((a, b) => order(a.f.options.clusteringPos, a.k) - order(b.f.options.clusteringPos, b.k))
    .map(({ f }) => f.name);
  if (partition.length === 0) {
    throw new RowforgeError(
      "RF_KEY_MISSING",
      `${o.where}: createTable needs a primary key for Cassandra table ${tableName(o)}, and no field declares one`,
      {
        hint: "set isPrimaryKey: true on the partition key field(s) (primaryKeyPos: 1, 2, ... to order several) and clusteringPos: 1, 2, ... on clustering columns; or create the table yourself",
      },
    );
  }
  return { partition, clustering };
}

/** Creates the keyspace (SimpleStrategy, one replica) when missing, then the table, typed by its type table's columns. */
export async function createTable(
  client: cassandra.Client,
  o: CassandraOptions,
  schema: Schema,
  key: TableKey,
): Promise<void> {
  await client.execute(
    `CREATE KEYSPACE IF NOT EXISTS ${quoteIdent(o.keyspace)} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}`,
  );
  const columns = schema.fields.map((f) => `${quoteIdent(f.name)} ${cqlColumnType(f.type)}`);
  const partition = `(${key.partition.map(quoteIdent).join(", ")})`;
  const primary = [partition, ...key.clustering.map(quoteIdent)].join(", ");
  await client.execute(
    `CREATE TABLE IF NOT EXISTS ${qualifiedTable(o)} (${columns.join(", ")}, PRIMARY KEY (${primary}))`,
  );
}

/** Whether the table holds any row. */
export async function tableHasRows(client: cassandra.Client, o: CassandraOptions): Promise<boolean> {
  const r = await client.execute(`SELECT * FROM ${qualifiedTable(o)} LIMIT 1`);
  return r.rows.length > 0;
}
