import { RowforgeError } from "../errors/index.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import { booleanOf, connectTimeoutOf, type SaveMode, saveModeOf } from "./database-options.ts";

/** How one database writes its URLs and names (what differs between the SQL connectors). */
export interface DatabaseDialect {
  /** As messages name it: `PostgreSQL`, `MySQL/MariaDB`. */
  readonly product: string;
  /** URL schemes it takes, with or without `jdbc:` (the first is the one parsed as). */
  readonly schemes: readonly string[];
  readonly defaultPort: number;
  /** What `dbtable`'s first part names: `schema` or `database`. */
  readonly qualifier: string;
  /** The identifier quote character (`"` or a backquote). */
  readonly quote: string;
  /** Whether unquoted names fold to lower case (PostgreSQL) or keep their case (MySQL). */
  readonly foldUnquoted: boolean;
  /** Whether a URL may name several hosts. */
  readonly severalHosts: boolean;
}

/** Where a SQL connection points and who logs in: what connecting needs, no table. */
export interface DatabaseServer {
  /** The connection's name, for messages. */
  readonly connection: string;
  /** `step "s" (connection "c")` or `connection "c"`, for messages. */
  readonly where: string;
  readonly url: URL;
  readonly host: string;
  readonly port: number;
  readonly user: string | undefined;
  /** Never shown in messages, logs or reports. */
  readonly password: string | undefined;
  /** Seconds to wait for a connection before failing. */
  readonly connectTimeoutSeconds: number;
}

/** What every SQL connector reads from a step's options the same way (its connection's merged in). */
export interface DatabaseTarget extends DatabaseServer {
  /** `dbtable` as written (or made of `schema` + `table`). */
  readonly dbtable: string;
  /** Its parts: `[table]` or `[qualifier, table]`. */
  readonly parts: readonly string[];
  readonly saveMode: SaveMode;
  /** `createTable: true`: a missing table is created from the step's fields. */
  readonly createTable: boolean;
}

/**
 * Reads the server part of a SQL connection's options: `url` as a JDBC URL (or the driver's
 * own scheme), `user`, `password` (also as URL parameters or user info), `driver` (ignored),
 * `connectTimeout` (seconds). `where` names the connection (and step) in messages.
 */
export function readDatabaseServer(
  o: Readonly<Record<string, string>>,
  connection: string,
  where: string,
  d: DatabaseDialect,
): DatabaseServer {
  const example = `jdbc:${d.schemes[0]}://host:port/database`;
  const raw = o.url?.trim();
  if (!raw) {
    throw new RowforgeError("RF_KEY_MISSING", `${where} has no url option`, {
      hint: `give the connection a url: ${example}`,
    });
  }
  const url = parseDatabaseUrl(raw, where, d, example);
  const params = url.searchParams;
  return {
    connection,
    where,
    url,
    host: url.hostname.replace(/^\[|\]$/g, "") || "localhost",
    port: url.port === "" ? d.defaultPort : Number(url.port),
    user:
      o.user?.trim() || params.get("user") || (url.username ? decodeURIComponent(url.username) : undefined),
    password:
      o.password ?? params.get("password") ?? (url.password ? decodeURIComponent(url.password) : undefined),
    connectTimeoutSeconds: connectTimeoutOf(o.connectTimeout, where),
  };
}

/**
 * Reads the options Data Caterer users write for a SQL database step: the server
 * (readDatabaseServer); step `dbtable` (`qualifier.table` or `table`) or `schema` + `table`;
 * `saveMode` (default append); `createTable`.
 */
export function readDatabaseTarget(step: ResolvedStep, d: DatabaseDialect): DatabaseTarget {
  const o = step.step.options;
  const stepName = step.step.name;
  const connection = step.connection?.name ?? step.dataSourceName;
  const where = connection ? `step "${stepName}" (connection "${connection}")` : `step "${stepName}"`;
  const server = readDatabaseServer(o, connection, where, d);
  const schema = o.schema?.trim() ?? "";
  const dbtable =
    o.dbtable?.trim() || (o.table?.trim() ? `${schema}${schema ? "." : ""}${o.table.trim()}` : "");
  if (!dbtable) {
    throw new RowforgeError("RF_KEY_MISSING", `${where} names no table`, {
      hint: `add the step option dbtable: ${d.qualifier}.table (or table)`,
    });
  }
  const parts = splitQualified(dbtable, d.quote, d.foldUnquoted);
  if (parts.length < 1 || parts.length > 2 || parts.some((p) => p === "")) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${where}: dbtable "${dbtable}" is not table or ${d.qualifier}.table`,
    );
  }
  return {
    ...server,
    dbtable,
    parts,
    saveMode: saveModeOf(o.saveMode, where),
    createTable: booleanOf(o.createTable, "createTable", where),
  };
}

/** The database named by the URL's path (empty when none). */
export const urlDatabase = (url: URL): string => decodeURIComponent(url.pathname.replace(/^\//, ""));

function parseDatabaseUrl(raw: string, where: string, d: DatabaseDialect, example: string): URL {
  const scheme = /^(?:jdbc:)?([a-z]+):\/\/(.*)$/i.exec(raw);
  let url: URL | undefined;
  if (scheme && d.schemes.includes(scheme[1]!.toLowerCase())) {
    try {
      url = new URL(`${d.schemes[0]}://${scheme[2]}`);
    } catch {
      url = undefined;
    }
  }
  if (
    !url ||
    (!d.severalHosts && url.hostname.includes(",")) ||
    (url.port !== "" && !(Number(url.port) > 0))
  ) {
    // Only the scheme and host are shown: the URL may carry a password.
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${where}: url "${raw.replace(/\/\/[^@/]*@/, "//…@").replace(/\?.*$/, "")}" is not a ${d.product} URL`,
      { hint: `write it as ${example}${d.severalHosts ? "" : ", one host"}` },
    );
  }
  return url;
}

/**
 * `a.b` with quoted parts (`"A.x".b`, or backquoted) that may hold dots and keep their case;
 * unquoted parts fold to lower case where the database folds them.
 */
function splitQualified(text: string, quote: string, foldUnquoted: boolean): string[] {
  const parts: string[] = [];
  let k = 0;
  while (k <= text.length) {
    if (text[k] === quote) {
      let name = "";
      k++;
      while (k < text.length) {
        if (text[k] === quote && text[k + 1] === quote) {
          name += quote;
          k += 2;
        } else if (text[k] === quote) break;
        else name += text[k++];
      }
      parts.push(name);
      k += 2; // closing quote and the dot
    } else {
      const dot = text.indexOf(".", k);
      const end = dot === -1 ? text.length : dot;
      const name = text.slice(k, end).trim();
      parts.push(foldUnquoted ? name.toLowerCase() : name);
      k = end + 1;
    }
    if (k > text.length) break;
  }
  return parts;
}

/** An identifier in the dialect's quotes. */
export const quoteIdentifier = (name: string, quote: string): string =>
  `${quote}${name.replaceAll(quote, quote + quote)}${quote}`;
