import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { booleanOf, connectTimeoutOf, type SaveMode, saveModeOf } from "../database-options.ts";

export type PgSaveMode = SaveMode;

/** What the PostgreSQL connector reads from a step's options (its connection's merged in). */
export interface PostgresOptions {
  /** The connection's name, for messages. */
  readonly connection: string;
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly user: string | undefined;
  /** Never shown in messages, logs or reports. */
  readonly password: string | undefined;
  readonly schema: string;
  readonly table: string;
  readonly saveMode: PgSaveMode;
  /** `createTable: true`: a missing table (and schema) is created from the step's fields. */
  readonly createTable: boolean;
  /** Seconds to wait for a connection before failing. */
  readonly connectTimeoutSeconds: number;
}

/** `host:port/database`: where a connection points, for messages (no user, no password). */
export const describeServer = (o: PostgresOptions): string => `${o.host}:${o.port}/${o.database}`;

/** `schema.table` as messages show it. */
export const tableName = (o: PostgresOptions): string => `${o.schema}.${o.table}`;

/**
 * Reads the options users write for PostgreSQL (Data Caterer's): `url` as a JDBC URL
 * (`jdbc:postgresql://host:port/db?user=...&currentSchema=...`, or `postgresql://...`),
 * `user`, `password`, `driver` (ignored); step `dbtable` (`schema.table` or `table`) or
 * `schema` + `table`; `saveMode` (default append); `createTable`; `connectTimeout` (seconds).
 */
export function readPostgresOptions(step: ResolvedStep): PostgresOptions {
  const o = step.step.options;
  const stepName = step.step.name;
  const connection = step.connection?.name ?? step.dataSourceName;
  const where = connection ? `step "${stepName}" (connection "${connection}")` : `step "${stepName}"`;
  const raw = o.url?.trim();
  if (!raw) {
    throw new RowforgeError("RF_KEY_MISSING", `${where} has no url option`, {
      hint: "give the connection a url: jdbc:postgresql://host:port/database (a task run on its own has no connection: run it from a plan or unified file that binds it to one)",
    });
  }
  const url = parseUrl(raw, where);
  const params = url.searchParams;
  const dbtable =
    o.dbtable?.trim() ||
    (o.table?.trim() ? `${o.schema?.trim() || ""}${o.schema?.trim() ? "." : ""}${o.table.trim()}` : "");
  if (!dbtable) {
    throw new RowforgeError("RF_KEY_MISSING", `${where} names no table`, {
      hint: "add the step option dbtable: schema.table (or schema and table)",
    });
  }
  const parts = splitQualified(dbtable);
  if (parts.length < 1 || parts.length > 2 || parts.some((p) => p === "")) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${where}: dbtable "${dbtable}" is not table or schema.table`,
    );
  }
  const table = parts.at(-1)!;
  const schema =
    parts.length === 2 ? parts[0]! : params.get("currentSchema")?.split(",")[0]?.trim() || "public";
  const port = url.port === "" ? 5432 : Number(url.port);
  const timeout = connectTimeoutOf(o.connectTimeout, where);
  return {
    connection,
    host: url.hostname.replace(/^\[|\]$/g, "") || "localhost",
    port,
    database: decodeURIComponent(url.pathname.replace(/^\//, "")) || "postgres",
    user:
      o.user?.trim() || params.get("user") || (url.username ? decodeURIComponent(url.username) : undefined),
    password:
      o.password ?? params.get("password") ?? (url.password ? decodeURIComponent(url.password) : undefined),
    schema,
    table,
    saveMode: saveModeOf(o.saveMode, where),
    createTable: booleanOf(o.createTable, "createTable", where),
    connectTimeoutSeconds: timeout,
  };
}

function parseUrl(raw: string, where: string): URL {
  const m = /^(?:jdbc:)?(postgresql|postgres):\/\/(.*)$/i.exec(raw);
  let url: URL | undefined;
  if (m) {
    try {
      url = new URL(`postgres://${m[2]}`);
    } catch {
      url = undefined;
    }
  }
  if (!url || (url.port !== "" && !(Number(url.port) > 0))) {
    // Only the scheme and host are shown: the URL may carry a password.
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${where}: url "${raw.replace(/\/\/[^@/]*@/, "//…@").replace(/\?.*$/, "")}" is not a PostgreSQL URL`,
      { hint: "write it as jdbc:postgresql://host:port/database" },
    );
  }
  return url;
}

/** `a.b`, `"A.x".b`: unquoted parts fold to lower case as PostgreSQL folds them; quoted parts keep theirs. */
function splitQualified(text: string): string[] {
  const parts: string[] = [];
  let k = 0;
  while (k <= text.length) {
    if (text[k] === '"') {
      let name = "";
      k++;
      while (k < text.length) {
        if (text[k] === '"' && text[k + 1] === '"') {
          name += '"';
          k += 2;
        } else if (text[k] === '"') break;
        else name += text[k++];
      }
      parts.push(name);
      k += 2; // closing quote and the dot
    } else {
      const dot = text.indexOf(".", k);
      const end = dot === -1 ? text.length : dot;
      parts.push(text.slice(k, end).trim().toLowerCase());
      k = end + 1;
    }
    if (k > text.length) break;
  }
  return parts;
}

/** A PostgreSQL identifier, quoted. */
export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** `"schema"."table"`. */
export const qualifiedTable = (o: PostgresOptions): string =>
  `${quoteIdent(o.schema)}.${quoteIdent(o.table)}`;
