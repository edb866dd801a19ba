import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { SaveMode } from "../database-options.ts";
import {
  type DatabaseDialect,
  type DatabaseServer,
  quoteIdentifier,
  readDatabaseServer,
  readDatabaseTarget,
  urlDatabase,
} from "../database-target.ts";

export type PgSaveMode = SaveMode;

/** Where a PostgreSQL connection points: what connecting needs. */
export interface PostgresServer {
  /** The connection's name, for messages. */
  readonly connection: string;
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly user: string | undefined;
  /** Never shown in messages, logs or reports. */
  readonly password: string | undefined;
  /** The schema unqualified tables are in: the URL's currentSchema, else public (a connection's own `schema` option first). */
  readonly schema: string;
  /** Seconds to wait for a connection before failing. */
  readonly connectTimeoutSeconds: number;
}

/** What the PostgreSQL connector reads from a step's options (its connection's merged in). */
export interface PostgresOptions extends PostgresServer {
  readonly table: string;
  readonly saveMode: PgSaveMode;
  /** `createTable: true`: a missing table (and schema) is created from the step's fields. */
  readonly createTable: boolean;
}

/** `host:port/database`: where a connection points, for messages (no user, no password). */
export const describeServer = (o: PostgresServer): string => `${o.host}:${o.port}/${o.database}`;

/** `schema.table` as messages show it. */
export const tableName = (o: PostgresOptions): string => `${o.schema}.${o.table}`;

/** Where a step's rows went, as reports show it (no user, no password). */
export const outputName = (o: PostgresOptions): string => `postgres://${describeServer(o)}/${tableName(o)}`;

/** How PostgreSQL writes URLs and names: "a"."b", unquoted names folded to lower case. */
const POSTGRES: DatabaseDialect = {
  product: "PostgreSQL",
  schemes: ["postgresql", "postgres"],
  defaultPort: 5432,
  qualifier: "schema",
  quote: '"',
  foldUnquoted: true,
  severalHosts: true,
};

/**
 * Reads the options users write for PostgreSQL (readDatabaseTarget): `url`
 * `jdbc:postgresql://host:port/db?currentSchema=...` or `postgresql://...`; `dbtable` is
 * `schema.table` or `table` (in the URL's currentSchema, else public).
 */
export function readPostgresOptions(step: ResolvedStep): PostgresOptions {
  const t = readDatabaseTarget(step, POSTGRES);
  return {
    ...postgresServer(t.connection, t, t.parts.length === 2 ? t.parts[0]! : undefined),
    table: t.parts.at(-1)!,
    saveMode: t.saveMode,
    createTable: t.createTable,
  };
}

/** The server of a connection (its options alone, no step): what a connection test reaches. */
export function readPostgresServer(
  connection: string,
  options: Readonly<Record<string, string>>,
): PostgresServer {
  const t = readDatabaseServer(options, connection, `connection "${connection}"`, POSTGRES);
  return postgresServer(connection, t, options.schema?.trim() || undefined);
}

/** A server as read, in `schema` when one is named, else the URL's currentSchema, else public. */
function postgresServer(connection: string, t: DatabaseServer, schema: string | undefined): PostgresServer {
  return {
    connection,
    host: t.host,
    port: t.port,
    database: urlDatabase(t.url) || "postgres",
    user: t.user,
    password: t.password,
    schema: schema ?? (t.url.searchParams.get("currentSchema")?.split(",")[0]?.trim() || "public"),
    connectTimeoutSeconds: t.connectTimeoutSeconds,
  };
}

/** A PostgreSQL identifier, quoted. */
export const quoteIdent = (name: string): string => quoteIdentifier(name, '"');

/** `"schema"."table"`. */
export const qualifiedTable = (o: PostgresOptions): string =>
  `${quoteIdent(o.schema)}.${quoteIdent(o.table)}`;
