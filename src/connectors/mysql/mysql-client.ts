import type { Readable } from "node:stream";
import { RowforgeError } from "../../errors/index.ts";
import { driverErrorFields } from "../driver-error-fields.ts";
import { describeServer, type MysqlOptions, type MysqlServer, tableName } from "./mysql-options.ts";

/** What mysql2 puts on its errors (server errors carry `errno`, `sqlState`, `sqlMessage`). */
interface MysqlErrorFields {
  readonly code?: string;
  readonly errno?: number;
  readonly sqlState?: string;
  readonly message?: string;
  readonly sqlMessage?: string;
}

const fieldsOf = driverErrorFields<MysqlErrorFields>;

/** A connection as the connector uses it: queries (one may stream a LOAD DATA LOCAL file) and end. */
export interface MysqlClient {
  query<R = unknown>(sql: string, params?: readonly unknown[], infile?: () => Readable): Promise<R>;
  /** The socket's bytes not yet sent: a LOAD DATA stream waits while this is large. */
  readonly pendingBytes: number;
  /** Resolves when the socket has sent what it holds. */
  drained(): Promise<void>;
  end(): Promise<void>;
  /** Drops the connection at once (the server rolls back an open transaction). */
  destroy(): void;
}

/**
 * Connects to the server of a step's connection, failing within the connect timeout with a
 * coded error that names the connection and host:port (and, for a refused login, the user;
 * never the password). The session writes times in UTC. mysql2 is loaded here, on the first
 * connection, not when rowforge starts (its modules cost about 30 ms of every start).
 */
export async function connectMysql(o: MysqlServer): Promise<MysqlClient> {
  const mysql = (await import("mysql2")).default;
  const conn = mysql.createConnection({
    host: o.host,
    port: o.port,
    ...(o.database !== "" ? { database: o.database } : {}),
    ...(o.user !== undefined ? { user: o.user } : {}),
    ...(o.password !== undefined ? { password: o.password } : {}),
    connectTimeout: o.connectTimeoutSeconds * 1000,
    timezone: "Z",
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    flags: ["+LOCAL_FILES"],
  });
  // A connection dropped later surfaces through the query that meets it; this keeps an idle
  // connection's error from crashing the process.
  conn.on("error", () => {});
  const client: MysqlClient = {
    query: <R>(sql: string, params: readonly unknown[] = [], infile?: () => Readable) =>
      new Promise<R>((resolve, reject) => {
        conn.query(
          { sql, values: [...params], ...(infile ? { infileStreamFactory: infile } : {}) },
          (err: unknown, rows: unknown) => (err ? reject(err) : resolve(rows as R)),
        );
      }),
    get pendingBytes() {
      const stream = (conn as { stream?: { writableLength?: number } }).stream;
      return stream?.writableLength ?? 0;
    },
    drained: () =>
      new Promise<void>((resolve) => {
        const stream = (conn as { stream?: NodeJS.EventEmitter & { writableLength?: number } }).stream;
        if (!stream || (stream.writableLength ?? 0) === 0) return resolve();
        const done = () => {
          stream.off("drain", done);
          stream.off("close", done);
          resolve();
        };
        stream.on("drain", done);
        stream.on("close", done);
      }),
    end: () =>
      new Promise<void>((resolve) => {
        conn.end(() => resolve());
        // A connection stuck mid-statement never answers the QUIT: do not wait for it.
        setTimeout(() => {
          conn.destroy();
          resolve();
        }, 2000).unref();
      }),
    destroy: () => conn.destroy(),
  };
  try {
    await client.query("SELECT 1");
    await client.query("SET time_zone = '+00:00'");
  } catch (e) {
    conn.destroy();
    throw connectError(o, e);
  }
  return client;
}

/** The coded error for a failed connect. */
export function connectError(o: MysqlServer, e: unknown): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const f = fieldsOf(e);
  const server = describeServer(o);
  const who = `connection "${o.connection}"`;
  if (f.code === "ER_ACCESS_DENIED_ERROR" || f.errno === 1045 || f.errno === 1698) {
    return new RowforgeError(
      "RF_DB_AUTH_FAILED",
      `${who}: MySQL/MariaDB at ${server} refused user "${o.user ?? "(default)"}" (wrong password or no such user from this host)`,
    );
  }
  if (f.code === "ER_DBACCESS_DENIED_ERROR" || f.errno === 1044) {
    return new RowforgeError(
      "RF_DB_AUTH_FAILED",
      `${who}: MySQL/MariaDB at ${server} does not let user "${o.user ?? "(default)"}" use database "${o.database}"`,
    );
  }
  if (f.code === "ER_BAD_DB_ERROR" || f.errno === 1049) {
    return new RowforgeError(
      "RF_DB_UNREACHABLE",
      `${who}: MySQL/MariaDB at ${server} has no database "${o.database}"`,
      {
        hint: "fix the database name at the end of the connection's url (or the db. part of dbtable)",
      },
    );
  }
  if (f.errno !== undefined && f.sqlState !== undefined) {
    return new RowforgeError(
      "RF_DB_UNREACHABLE",
      `${who}: MySQL/MariaDB at ${server} refused the connection: ${f.sqlMessage ?? f.message ?? f.code}`,
    );
  }
  const reason =
    f.code === "ECONNREFUSED"
      ? "connection refused: no server listens there"
      : f.code === "ENOTFOUND" || f.code === "EAI_AGAIN"
        ? "unknown host"
        : f.code === "ETIMEDOUT" || /timeout/i.test(f.message ?? "")
          ? `no answer within ${o.connectTimeoutSeconds} s`
          : (f.code ?? f.message ?? "connection failed");
  return new RowforgeError(
    "RF_DB_UNREACHABLE",
    `${who}: cannot reach MySQL/MariaDB at ${server} (${reason})`,
  );
}

/**
 * The coded error for a statement or LOAD DATA the server refused; `at` names the row,
 * column and value when known. Server messages are shown as given (generated data, never a secret).
 */
export function writeError(o: MysqlOptions, stepName: string, e: unknown, at = ""): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const f = fieldsOf(e);
  if (f.sqlState === undefined) return connectError(o, e);
  if (f.errno === 1146) {
    return new RowforgeError(
      "RF_DB_TABLE_NOT_FOUND",
      `step "${stepName}" (connection "${o.connection}"): table ${tableName(o)} does not exist on ${describeServer(o)}`,
    );
  }
  return new RowforgeError(
    "RF_DB_WRITE_FAILED",
    `step "${stepName}": MySQL/MariaDB table ${tableName(o)} on ${describeServer(o)} refused the rows${at}: ${f.sqlMessage ?? f.message ?? f.code}`,
    { cause: e },
  );
}
