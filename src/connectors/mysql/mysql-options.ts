import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { SaveMode } from "../database-options.ts";
import {
  type DatabaseDialect,
  quoteIdentifier,
  readDatabaseServer,
  readDatabaseTarget,
  urlDatabase,
} from "../database-target.ts";

/** Where a MySQL/MariaDB connection points: what connecting needs. */
export interface MysqlServer {
  /** The connection's name, for messages. */
  readonly connection: string;
  readonly host: string;
  readonly port: number;
  /** The database to use (for a step: `dbtable`'s `db.` part, else the URL's); "" for none. */
  readonly database: string;
  readonly user: string | undefined;
  /** Never shown in messages, logs or reports. */
  readonly password: string | undefined;
  /** Seconds to wait for a connection before failing. */
  readonly connectTimeoutSeconds: number;
}

/** What the MySQL/MariaDB connector reads from a step's options (its connection's merged in). */
export interface MysqlOptions extends MysqlServer {
  readonly table: string;
  readonly saveMode: SaveMode;
  /** `createTable: true`: a missing table is created from the step's fields. */
  readonly createTable: boolean;
}

/** `host:port`: where a connection points, for messages (no user, no password). */
export const describeServer = (o: MysqlServer): string => `${o.host}:${o.port}`;

/** `database.table` as messages show it. */
export const tableName = (o: MysqlOptions): string => `${o.database}.${o.table}`;

/** Where a step's rows went, as reports show it (no user, no password). */
export const outputName = (o: MysqlOptions): string => `mysql://${describeServer(o)}/${tableName(o)}`;

/** How MySQL and MariaDB write URLs and names: `a`.`b`, case kept, one host. */
const MYSQL: DatabaseDialect = {
  product: "MySQL/MariaDB",
  schemes: ["mysql", "mariadb"],
  defaultPort: 3306,
  qualifier: "database",
  quote: "`",
  foldUnquoted: false,
  severalHosts: false,
};

/**
 * Reads the options users write for MySQL/MariaDB (readDatabaseTarget): `url`
 * `jdbc:mysql://host:port/db` or `jdbc:mariadb://...` or `mysql://...`; `dbtable` is `db.table`
 * or `table` (a MySQL schema is a database).
 */
export function readMysqlOptions(step: ResolvedStep): MysqlOptions {
  const t = readDatabaseTarget(step, MYSQL);
  const database = t.parts.length === 2 ? t.parts[0]! : urlDatabase(t.url);
  if (!database) {
    throw new RowforgeError("RF_KEY_MISSING", `${t.where}: no database for table "${t.dbtable}"`, {
      hint: "end the url with the database (jdbc:mysql://host:port/database) or write dbtable as database.table",
    });
  }
  return {
    connection: t.connection,
    host: t.host,
    port: t.port,
    database,
    user: t.user,
    password: t.password,
    table: t.parts.at(-1)!,
    saveMode: t.saveMode,
    createTable: t.createTable,
    connectTimeoutSeconds: t.connectTimeoutSeconds,
  };
}

/** The server of a connection (its options alone, no step): what a connection test reaches. */
export function readMysqlServer(connection: string, options: Readonly<Record<string, string>>): MysqlServer {
  const t = readDatabaseServer(options, connection, `connection "${connection}"`, MYSQL);
  return {
    connection,
    host: t.host,
    port: t.port,
    database: urlDatabase(t.url),
    user: t.user,
    password: t.password,
    connectTimeoutSeconds: t.connectTimeoutSeconds,
  };
}

/** A MySQL identifier, backquoted. */
export const quoteIdent = (name: string): string => quoteIdentifier(name, "`");

/** `` `db`.`table` ``. */
export const qualifiedTable = (o: MysqlOptions): string => `${quoteIdent(o.database)}.${quoteIdent(o.table)}`;
