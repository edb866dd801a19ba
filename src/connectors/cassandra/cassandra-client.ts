import type cassandra from "cassandra-driver";
import { RowforgeError } from "../../errors/index.ts";
import { driverErrorFields } from "../driver-error-fields.ts";
import { loadCassandraDriver } from "./cassandra-driver.ts";
import {
  type CassandraOptions,
  type CassandraServer,
  describeServer,
  tableOnServer,
} from "./cassandra-options.ts";

/** What the driver puts on its errors (NoHostAvailableError carries one error per host tried). */
interface DriverErrorFields {
  readonly name?: string;
  readonly code?: number | string;
  readonly message?: string;
  readonly innerErrors?: Readonly<Record<string, unknown>>;
}

const fieldsOf = driverErrorFields<DriverErrorFields>;

/**
 * A client for the step's connection, connected, failing within the connect timeout with a
 * coded error that names the connection and host:port (and, for a refused login, the user;
 * never the password). Values are encoded from JS `bigint` (bigint, varint), `Map` (map).
 */
export async function connectCassandra(o: CassandraServer): Promise<cassandra.Client> {
  const driver = await loadCassandraDriver();
  const { policies, auth } = driver;
  const timeoutMs = o.connectTimeoutSeconds * 1000;
  const client = new driver.Client({
    contactPoints: [...o.hosts],
    protocolOptions: { port: o.port },
    ...(o.localDataCenter
      ? { localDataCenter: o.localDataCenter }
      : {
          // No data center named: route to every node (one data center is the common case).
          policies: {
            loadBalancing: new policies.loadBalancing.TokenAwarePolicy(
              new policies.loadBalancing.RoundRobinPolicy(),
            ),
          },
        }),
    ...(o.user !== undefined || o.password !== undefined
      ? { authProvider: new auth.PlainTextAuthProvider(o.user ?? "", o.password ?? "") }
      : {}),
    socketOptions: { connectTimeout: timeoutMs, readTimeout: 60_000 },
    // No retries in the background once a connect has failed: the step fails instead.
    pooling: { warmup: false },
    encoding: { map: Map, useBigIntAsLong: true, useBigIntAsVarint: true },
    // A driver log line never reaches the run's output.
    applicationName: "rowforge",
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new RowforgeError(
                "RF_DB_UNREACHABLE",
                `connection "${o.connection}": cannot reach Cassandra at ${describeServer(o)} (no answer within ${o.connectTimeoutSeconds} s)`,
              ),
            ),
          timeoutMs + 1000,
        );
      }),
    ]);
  } catch (e) {
    await client.shutdown().catch(() => {});
    throw connectError(o, e);
  } finally {
    clearTimeout(timer);
  }
  return client;
}

/** The first per-host error of a NoHostAvailableError (else the error itself). */
function rootError(e: unknown): DriverErrorFields {
  const f = fieldsOf(e);
  const inner = f.innerErrors ? Object.values(f.innerErrors)[0] : undefined;
  return inner === undefined ? f : fieldsOf(inner);
}

/** The coded error for a failed connect. */
export function connectError(o: CassandraServer, e: unknown): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const f = rootError(e);
  const server = describeServer(o);
  const who = `connection "${o.connection}"`;
  const message = f.message ?? "";
  if (
    f.name === "AuthenticationError" ||
    /requires authentication|Provided username|password are incorrect/i.test(message)
  ) {
    return new RowforgeError(
      "RF_DB_AUTH_FAILED",
      o.user === undefined
        ? `${who}: Cassandra at ${server} requires a login and the connection gives no user`
        : `${who}: Cassandra at ${server} refused user "${o.user}" (wrong password or no such role)`,
      o.user === undefined
        ? { hint: "add user and password (or spark.cassandra.auth.username and .password) to the connection" }
        : {},
    );
  }
  const reason = /ECONNREFUSED/.test(message)
    ? "connection refused: no server listens there"
    : /ENOTFOUND|EAI_AGAIN/.test(message)
      ? "unknown host"
      : /time(d)? ?out/i.test(message) || f.name === "OperationTimedOutError"
        ? `no answer within ${o.connectTimeoutSeconds} s`
        : message.slice(0, 200) || "connection failed";
  return new RowforgeError("RF_DB_UNREACHABLE", `${who}: cannot reach Cassandra at ${server} (${reason})`);
}

/**
 * The coded error for a statement the server refused; `at` names the row, column and value when
 * known. Server messages are shown as given (generated data, never a secret).
 */
export function writeError(
  o: CassandraOptions,
  stepName: string,
  e: unknown,
  at = "",
  written?: number,
): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const f = fieldsOf(e);
  const kept =
    written === undefined
      ? ""
      : `; ${written} record${written === 1 ? " of the step was" : "s of the step were"} written and stay in the table (Cassandra has no transactions)`;
  if (f.name === "NoHostAvailableError" || (f.name === "OperationTimedOutError" && written === undefined)) {
    // The server went away (or was never there): unreachable, with what the step had written.
    const lost = connectError(o, e);
    return kept === ""
      ? lost
      : new RowforgeError(lost.code, `step "${stepName}": ${lost.message}${kept}`, { cause: e });
  }
  return new RowforgeError(
    "RF_DB_WRITE_FAILED",
    `step "${stepName}": ${tableOnServer(o)} refused the rows${at}: ${f.message ?? String(e)}${kept}`,
    {
      cause: e,
      hint: "the message names the table, row, column and value Cassandra refused; rows written before it stay (run again with saveMode overwrite to start from an empty table)",
    },
  );
}
