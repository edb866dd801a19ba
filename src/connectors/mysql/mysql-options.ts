import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { booleanOf, connectTimeoutOf, type SaveMode, saveModeOf } from "../database-options.ts";

/** What the MySQL/MariaDB connector reads from a step's options (its connection's merged in). */
export interface MysqlOptions {
  /** The connection's name, for messages. */
  readonly connection: string;
  readonly host: string;
  readonly port: number;
  /** The database the table is in (`dbtable`'s `db.` part, else the URL's). */
  readonly database: string;
  readonly user: string | undefined;
  /** Never shown in messages, logs or reports. */
  readonly password: string | undefined;
  readonly table: string;
  readonly saveMode: SaveMode;
  /** `createTable: true`: a missing table is created from the step's fields. */
  readonly createTable: boolean;
  /** Seconds to wait for a connection before failing. */
  readonly connectTimeoutSeconds: number;
}

/** `host:port`: where a connection points, for messages (no user, no password). */
export const describeServer = (o: MysqlOptions): string => `${o.host}:${o.port}`;

/** `database.table` as messages show it. */
export const tableName = (o: MysqlOptions): string => `${o.database}.${o.table}`;

/**
 * Reads the options users write for MySQL/MariaDB (Data Caterer's): `url` as a JDBC URL
 * (`jdbc:mysql://host:port/db?user=...` or `jdbc:mariadb://...`, or `mysql://...`), `user`,
 * `password`, `driver` (ignored); step `dbtable` (`db.table` or `table`) or `schema` +
 * `table` (a MySQL schema is a database); `saveMode` (default append); `createTable`;
 * `connectTimeout` (seconds).
 */
export function readMysqlOptions(step: ResolvedStep): MysqlOptions {
  const o = step.step.options;
  const stepName = step.step.name;
  const connection = step.connection?.name ?? step.dataSourceName;
  const where = connection ? `step "${stepName}" (connection "${connection}")` : `step "${stepName}"`;
  const raw = o.url?.trim();
  if (!raw) {
    throw new RowforgeError("RF_KEY_MISSING", `${where} has no url option`, {
      hint: "give the connection a url: jdbc:mysql://host:port/database (a task run on its own has no connection: run it from a plan or unified file that binds it to one)",
    });
  }
  const url = parseUrl(raw, where);
  const params = url.searchParams;
  const dbtable =
    o.dbtable?.trim() ||
    (o.table?.trim() ? `${o.schema?.trim() || ""}${o.schema?.trim() ? "." : ""}${o.table.trim()}` : "");
  if (!dbtable) {
    throw new RowforgeError("RF_KEY_MISSING", `${where} names no table`, {
      hint: "add the step option dbtable: database.table (or table)",
    });
  }
  const parts = splitQualified(dbtable);
  if (parts.length < 1 || parts.length > 2 || parts.some((p) => p === "")) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${where}: dbtable "${dbtable}" is not table or database.table`,
    );
  }
  const urlDatabase = decodeURIComponent(url.pathname.replace(/^\//, ""));
  const database = parts.length === 2 ? parts[0]! : urlDatabase;
  if (!database) {
    throw new RowforgeError("RF_KEY_MISSING", `${where}: no database for table "${dbtable}"`, {
      hint: "end the url with the database (jdbc:mysql://host:port/database) or write dbtable as database.table",
    });
  }
  return {
    connection,
    host: url.hostname.replace(/^\[|\]$/g, "") || "localhost",
    port: url.port === "" ? 3306 : Number(url.port),
    database,
    user:
      o.user?.trim() || params.get("user") || (url.username ? decodeURIComponent(url.username) : undefined),
    password:
      o.password ?? params.get("password") ?? (url.password ? decodeURIComponent(url.password) : undefined),
    table: parts.at(-1)!,
    saveMode: saveModeOf(o.saveMode, where),
    createTable: booleanOf(o.createTable, "createTable", where),
    connectTimeoutSeconds: connectTimeoutOf(o.connectTimeout, where),
  };
}

function parseUrl(raw: string, where: string): URL {
  const m = /^(?:jdbc:)?(mysql|mariadb):\/\/(.*)$/i.exec(raw);
  let url: URL | undefined;
  if (m) {
    try {
      url = new URL(`mysql://${m[2]}`);
    } catch {
      url = undefined;
    }
  }
  if (!url || url.hostname.includes(",") || (url.port !== "" && !(Number(url.port) > 0))) {
    // Only the scheme and host are shown: the URL may carry a password.
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${where}: url "${raw.replace(/\/\/[^@/]*@/, "//…@").replace(/\?.*$/, "")}" is not a MySQL/MariaDB URL`,
      { hint: "write it as jdbc:mysql://host:port/database (or jdbc:mariadb://...), one host" },
    );
  }
  return url;
}

/** `a.b`, `` `a.x`.b ``: backquoted parts may hold dots; names keep their case (MySQL table names are case-sensitive on Linux). */
function splitQualified(text: string): string[] {
  const parts: string[] = [];
  let k = 0;
  while (k <= text.length) {
    if (text[k] === "`") {
      let name = "";
      k++;
      while (k < text.length) {
        if (text[k] === "`" && text[k + 1] === "`") {
          name += "`";
          k += 2;
        } else if (text[k] === "`") break;
        else name += text[k++];
      }
      parts.push(name);
      k += 2; // closing quote and the dot
    } else {
      const dot = text.indexOf(".", k);
      const end = dot === -1 ? text.length : dot;
      parts.push(text.slice(k, end).trim());
      k = end + 1;
    }
    if (k > text.length) break;
  }
  return parts;
}

/** A MySQL identifier, backquoted. */
export const quoteIdent = (name: string): string => `\`${name.replace(/`/g, "``")}\``;

/** `` `db`.`table` ``. */
export const qualifiedTable = (o: MysqlOptions): string => `${quoteIdent(o.database)}.${quoteIdent(o.table)}`;
