import type pg from "pg";
import { RowforgeError } from "../../errors/index.ts";
import { driverErrorFields } from "../driver-error-fields.ts";
import { describeServer, type PostgresOptions, type PostgresServer, tableName } from "./postgres-options.ts";

/** What the pg driver puts on its errors (server errors carry SQLSTATE `code`, `where`, `column`). */
interface PgErrorFields {
  readonly code?: string;
  readonly message?: string;
  readonly where?: string;
  readonly column?: string;
  readonly detail?: string;
}

const fieldsOf = driverErrorFields<PgErrorFields>;

/**
 * Connects to the server of a step's connection, failing within the connect timeout with a
 * coded error that names the connection and host:port (and, for a refused login, the user;
 * never the password).
 */
export async function connectPostgres(o: PostgresServer): Promise<pg.Client> {
  // The driver loads with the first connection, not at every start.
  const { Client } = (await import("pg")).default;
  const client = new Client({
    host: o.host,
    port: o.port,
    database: o.database,
    user: o.user,
    password: o.password,
    connectionTimeoutMillis: o.connectTimeoutSeconds * 1000,
    application_name: "rowforge",
  });
  // A connection dropped later surfaces through the query that meets it; this keeps an idle
  // client's error from crashing the process.
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (e) {
    await client.end().catch(() => {});
    throw connectError(o, e);
  }
  return client;
}

/** The coded error for a failed connect. */
export function connectError(o: PostgresServer, e: unknown): RowforgeError {
  const f = fieldsOf(e);
  const server = describeServer(o);
  const who = `connection "${o.connection}"`;
  if (f.code?.startsWith("28")) {
    return new RowforgeError(
      "RF_DB_AUTH_FAILED",
      `${who}: PostgreSQL at ${server} refused user "${o.user ?? "(default)"}" (${f.code === "28P01" ? "wrong password" : "not allowed to log in"})`,
    );
  }
  if (f.code === "3D000") {
    return new RowforgeError(
      "RF_DB_UNREACHABLE",
      `${who}: PostgreSQL at ${o.host}:${o.port} has no database "${o.database}"`,
      {
        hint: "fix the database name at the end of the connection's url",
      },
    );
  }
  if (f.code !== undefined && /^[0-9A-Z]{5}$/.test(f.code)) {
    return new RowforgeError(
      "RF_DB_UNREACHABLE",
      `${who}: PostgreSQL at ${server} refused the connection: ${f.message ?? f.code}`,
    );
  }
  const reason =
    f.code === "ECONNREFUSED"
      ? "connection refused: no server listens there"
      : f.code === "ENOTFOUND" || f.code === "EAI_AGAIN"
        ? "unknown host"
        : /timeout/i.test(f.message ?? "")
          ? `no answer within ${o.connectTimeoutSeconds} s`
          : (f.code ?? f.message ?? "connection failed");
  return new RowforgeError(
    "RF_DB_UNREACHABLE",
    `${who}: cannot reach PostgreSQL at ${o.host}:${o.port} (${reason})`,
  );
}

/**
 * The coded error for a statement or COPY the server refused. COPY errors name the line
 * (row `firstRow + line - 1` of the step), the column and (COPY CSV only) the value; they are
 * shown as the server gave them (generated data, never a secret).
 */
export function writeError(o: PostgresOptions, stepName: string, e: unknown, firstRow = 0): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const f = fieldsOf(e);
  // COPY CSV names the value (`column c: "v"`); binary COPY only the column.
  const copy = /COPY [^,]+, line (\d+)(?:, column ([^:]+)(?:: (.*))?)?/.exec(f.where ?? "");
  let at = "";
  if (copy) {
    const row = firstRow + Number(copy[1]) - 1;
    at = ` at row ${row}${copy[2] ? `, column ${copy[2]}` : ""}${copy[3] ? `, value ${copy[3].slice(0, 200)}` : ""}`;
  } else if (f.column) at = `, column ${f.column}`;
  if (!f.code) return connectError(o, e);
  return new RowforgeError(
    "RF_DB_WRITE_FAILED",
    `step "${stepName}": PostgreSQL table ${tableName(o)} on ${describeServer(o)} refused the rows${at}: ${f.message ?? f.code}`,
    { cause: e },
  );
}
