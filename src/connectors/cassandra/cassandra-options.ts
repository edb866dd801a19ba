import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { booleanOf, connectTimeoutOf, type SaveMode, saveModeOf } from "../database-options.ts";

/** Where a Cassandra connection points and how it logs in: what connecting needs. */
export interface CassandraServer {
  /** The connection's name, for messages. */
  readonly connection: string;
  /** `step "s" (connection "c")` or `connection "c"`, for messages. */
  readonly where: string;
  /** Contact points (one or more hosts), all on `port`. */
  readonly hosts: readonly string[];
  readonly port: number;
  /** The data center the driver routes to; undefined: every node, round robin. */
  readonly localDataCenter: string | undefined;
  readonly user: string | undefined;
  /** Never shown in messages, logs or reports. */
  readonly password: string | undefined;
  /** Seconds to wait for a connection before failing. */
  readonly connectTimeoutSeconds: number;
}

/** What the Cassandra connector reads from a step's options (its connection's merged in). */
export interface CassandraOptions extends CassandraServer {
  readonly keyspace: string;
  readonly table: string;
  readonly saveMode: SaveMode;
  /** `createTable: true`: a missing table (and keyspace) is created from the step's fields. */
  readonly createTable: boolean;
  /** Rows per statement: 1 is one INSERT a row; more is an UNLOGGED BATCH of that many INSERTs. */
  readonly batchSize: number;
  /** Statements in flight at once (the driver's executeConcurrent concurrencyLevel). */
  readonly concurrency: number;
}

export const DEFAULT_PORT = 9042;
export const DEFAULT_CONCURRENCY = 64;

/** `host:port` (the first contact point when there are several): where a connection points, for messages. */
export const describeServer = (o: CassandraServer): string => `${o.hosts.join(",")}:${o.port}`;

/** `keyspace.table` as messages show it. */
export const tableName = (o: CassandraOptions): string => `${o.keyspace}.${o.table}`;

/** `Cassandra table keyspace.table on host:port`, as messages name the step's table. */
export const tableOnServer = (o: CassandraOptions): string =>
  `Cassandra table ${tableName(o)} on ${describeServer(o)}`;

/** Where a step's rows went (`cassandra://host:port/keyspace.table`), as reports and delete mode name it; also the table's id. */
export const outputName = (o: CassandraOptions): string => `cassandra://${describeServer(o)}/${tableName(o)}`;

/** The first option given among names (Data Caterer's short names, then the Spark connector's). */
function first(options: Readonly<Record<string, string>>, names: readonly string[]): string | undefined {
  for (const n of names) {
    const v = options[n];
    if (v !== undefined && v.trim() !== "") return v;
  }
  return undefined;
}

function positiveInt(
  value: string | undefined,
  name: string,
  where: string,
  dflt: number,
  max: number,
): number {
  if (value === undefined) return dflt;
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${where}: ${name} must be a whole number from 1 to ${max}, not "${value}"`,
    );
  }
  return n;
}

/**
 * Reads the options users write for Cassandra: connection `host` (several as `h1,h2`), `port`
 * (default 9042), `user`, `password`, `keyspace` (Data Caterer's unified names) or the Spark
 * connector's `spark.cassandra.connection.host`, `.port`, `.localDC`,
 * `spark.cassandra.auth.username`, `.password`; step `keyspace` + `table` (or `table` as
 * `keyspace.table`), `saveMode` (default append), `createTable`, `batchsize` (rows per
 * statement, default 1), `concurrency` (or `spark.cassandra.output.concurrent.writes`; statements
 * in flight, default 64), `connectTimeout` (seconds, default 10).
 */
export function readCassandraOptions(step: ResolvedStep): CassandraOptions {
  const o = step.step.options;
  const stepName = step.step.name;
  const connection = step.connection?.name ?? step.dataSourceName;
  const where = connection ? `step "${stepName}" (connection "${connection}")` : `step "${stepName}"`;
  const server = readCassandraServer(connection, o, where);
  let keyspace = first(o, ["keyspace"])?.trim() ?? "";
  let table = first(o, ["table"])?.trim() ?? "";
  if (!keyspace && table.includes("."))
    [keyspace, table] = [table.slice(0, table.indexOf(".")), table.slice(table.indexOf(".") + 1)];
  if (!keyspace || !table) {
    throw new RowforgeError("RF_KEY_MISSING", `${where} names no ${keyspace ? "table" : "keyspace"}`, {
      hint: "add the step options keyspace and table (keyspace: shop, table: customers)",
    });
  }
  return {
    ...server,
    keyspace,
    table,
    saveMode: saveModeOf(o.saveMode, where),
    createTable: booleanOf(o.createTable, "createTable", where),
    batchSize: positiveInt(
      first(o, ["batchsize", "batchSize", "spark.cassandra.output.batch.size.rows"]),
      "batchsize",
      where,
      1,
      1000,
    ),
    concurrency: positiveInt(
      first(o, ["concurrency", "spark.cassandra.output.concurrent.writes"]),
      "concurrency",
      where,
      DEFAULT_CONCURRENCY,
      2048,
    ),
  };
}

/** The connection part of the options (hosts, port, login, timeout): for a step or a connection alone. */
export function readCassandraServer(
  connection: string,
  o: Readonly<Record<string, string>>,
  where = `connection "${connection}"`,
): CassandraServer {
  const hostText = first(o, ["host", "spark.cassandra.connection.host"]);
  if (!hostText) {
    throw new RowforgeError("RF_KEY_MISSING", `${where} names no Cassandra host`, {
      hint: "give the connection host (or spark.cassandra.connection.host) and port",
    });
  }
  const hosts = hostText
    .split(",")
    .map((h) => h.trim())
    .filter((h) => h !== "");
  const portText = first(o, ["port", "spark.cassandra.connection.port"]);
  const port = portText === undefined ? DEFAULT_PORT : Number(portText.trim());
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new RowforgeError("RF_VALUE_INVALID", `${where}: port "${portText}" is not a port number`);
  }
  return {
    connection,
    where,
    hosts,
    port,
    localDataCenter: first(o, ["localDC", "localDataCenter", "spark.cassandra.connection.localDC"])?.trim(),
    user: first(o, ["user", "username", "spark.cassandra.auth.username"])?.trim(),
    password: o.password ?? o["spark.cassandra.auth.password"],
    connectTimeoutSeconds: connectTimeoutOf(o.connectTimeout, where),
  };
}

/** A CQL identifier, always double-quoted (so names keep their case, as the Spark connector writes them). */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** `"keyspace"."table"`. */
export const qualifiedTable = (o: CassandraOptions): string =>
  `${quoteIdent(o.keyspace)}.${quoteIdent(o.table)}`;
