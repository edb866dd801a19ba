import { randomBytes } from "node:crypto";
import cassandra from "cassandra-driver";
import mysql from "mysql2/promise";
import pg from "pg";

// The message brokers (Kafka, RabbitMQ, MQTT, NATS), started when a test first asks for one.
export {
  KAFKA_ENV,
  KAFKA_SERVER,
  type KafkaFacts,
  kafkaFacts,
  MQTT_ENV,
  type MqttFacts,
  mqttFacts,
  NATS_ENV,
  type NatsFacts,
  natsFacts,
  RABBITMQ_ENV,
  type RabbitmqFacts,
  rabbitmqFacts,
  SCHEMA_REGISTRY_ENV,
  SCHEMA_REGISTRY_SERVER,
  type SchemaRegistryFacts,
  schemaRegistryFacts,
} from "./broker-servers.ts";
// Starts an on-demand server (KAFKA_SERVER, SCHEMA_REGISTRY_SERVER) without waiting for it.
export { startInBackground } from "./shared-server.ts";

/**
 * The database servers and message brokers a test run shares. `npm test` starts each once, before any test file
 * runs (test/support/global-servers.ts, Node's `--test-global-setup`), and hands their
 * connection facts to every test process through environment variables; tests read them here.
 * A test that needs a server and runs without one fails, naming what is missing and how to
 * start it: it never skips silently.
 */

/** How to reach the shared PostgreSQL server (trust authentication on loopback; `user` is a superuser). */
export interface PostgresFacts {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly database: string;
}

/** The environment variables that carry PostgreSQL's facts to test processes. */
export const POSTGRES_ENV = {
  host: "ROWFORGE_TEST_PGHOST",
  port: "ROWFORGE_TEST_PGPORT",
  user: "ROWFORGE_TEST_PGUSER",
  database: "ROWFORGE_TEST_PGDATABASE",
  /** Why the test run's own server did not start (set by global-servers.ts instead of the facts). */
  startError: "ROWFORGE_TEST_PG_START_ERROR",
} as const;

/** The shared PostgreSQL server's facts; throws (failing the test) when the run did not start one. */
export function postgresFacts(): PostgresFacts {
  const { startError, ...facts } = POSTGRES_ENV;
  const failed = process.env[startError];
  if (failed) throw new Error(`this test needs the shared PostgreSQL server, which did not start: ${failed}`);
  const missing = Object.values(facts).filter((k) => !process.env[k]);
  if (missing.length > 0) {
    throw new Error(
      `this test needs the shared PostgreSQL server, but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set. ` +
        "Run it through `npm run test:unit`, or add --test-global-setup=test/support/global-servers.ts to `node --test` " +
        "(either starts the server), or export those variables for a server of your own " +
        "(`scripts/servers/postgres.sh start` prints its facts).",
    );
  }
  return {
    host: process.env[POSTGRES_ENV.host]!,
    port: Number(process.env[POSTGRES_ENV.port]),
    user: process.env[POSTGRES_ENV.user]!,
    database: process.env[POSTGRES_ENV.database]!,
  };
}

/** The shared server's `jdbc:postgresql://host:port/database` URL, as users write it. */
export const postgresJdbcUrl = (f: PostgresFacts = postgresFacts()): string =>
  `jdbc:postgresql://${f.host}:${f.port}/${f.database}`;

/** Runs SQL on the shared PostgreSQL server (as its superuser) and returns the rows. */
export async function pgQuery<R extends Record<string, unknown>>(
  sql: string,
  params: readonly unknown[] = [],
): Promise<R[]> {
  const f = postgresFacts();
  const client = new pg.Client({ host: f.host, port: f.port, user: f.user, database: f.database });
  await client.connect();
  try {
    return (await client.query<R>(sql, [...params])).rows;
  } finally {
    await client.end();
  }
}

let tableCount = 0;

/** A table name no other test uses (`schema.rf_<pid>_<n>`): tests share the server. */
export const freshTableName = (schema = "public"): string => `${schema}.rf_${process.pid}_${++tableCount}`;

/** How to reach the shared MariaDB server (a user with a password, LOAD DATA LOCAL allowed). */
export interface MariadbFacts {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
}

/** The environment variables that carry MariaDB's facts to test processes. */
export const MARIADB_ENV = {
  host: "ROWFORGE_TEST_MARIADB_HOST",
  port: "ROWFORGE_TEST_MARIADB_PORT",
  user: "ROWFORGE_TEST_MARIADB_USER",
  password: "ROWFORGE_TEST_MARIADB_PASSWORD",
  database: "ROWFORGE_TEST_MARIADB_DATABASE",
  /** Why the test run's own server did not start (set by global-servers.ts instead of the facts). */
  startError: "ROWFORGE_TEST_MARIADB_START_ERROR",
} as const;

/** The shared MariaDB server's facts; throws (failing the test) when the run did not start one. */
export function mariadbFacts(): MariadbFacts {
  const { startError, ...facts } = MARIADB_ENV;
  const failed = process.env[startError];
  if (failed) throw new Error(`this test needs the shared MariaDB server, which did not start: ${failed}`);
  const missing = Object.values(facts).filter((k) => !process.env[k]);
  if (missing.length > 0) {
    throw new Error(
      `this test needs the shared MariaDB server, but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set. ` +
        "Run it through `npm run test:unit`, or add --test-global-setup=test/support/global-servers.ts to `node --test` " +
        "(either starts the server), or export those variables for a server of your own " +
        "(`scripts/servers/mariadb.sh start` prints its facts).",
    );
  }
  return {
    host: process.env[MARIADB_ENV.host]!,
    port: Number(process.env[MARIADB_ENV.port]),
    user: process.env[MARIADB_ENV.user]!,
    password: process.env[MARIADB_ENV.password]!,
    database: process.env[MARIADB_ENV.database]!,
  };
}

/** The shared server's `jdbc:mysql://host:port/database` URL, as users write it. */
export const mariadbJdbcUrl = (f: MariadbFacts = mariadbFacts()): string =>
  `jdbc:mysql://${f.host}:${f.port}/${f.database}`;

/** Runs SQL on the shared MariaDB server (as its test user) and returns the rows. */
export async function mysqlQuery<R extends Record<string, unknown>>(
  sql: string,
  params: readonly unknown[] = [],
): Promise<R[]> {
  const f = mariadbFacts();
  const conn = await mysql.createConnection({
    host: f.host,
    port: f.port,
    user: f.user,
    password: f.password,
    database: f.database,
    timezone: "Z",
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  try {
    const [rows] = await conn.query(sql, [...params]);
    return rows as R[];
  } finally {
    await conn.end();
  }
}

/** A table name no other test uses on the shared MariaDB server (`rf_<pid>_<n>`). */
export const freshMysqlTable = (): string => `rf_${process.pid}_${++tableCount}`;

/** How to reach the shared Cassandra node (one node, PasswordAuthenticator with its superuser). */
export interface CassandraFacts {
  readonly host: string;
  readonly port: number;
  readonly datacenter: string;
  readonly user: string;
  readonly password: string;
}

/** The environment variables that carry Cassandra's facts to test processes. */
export const CASSANDRA_ENV = {
  host: "ROWFORGE_TEST_CASSANDRA_HOST",
  port: "ROWFORGE_TEST_CASSANDRA_PORT",
  datacenter: "ROWFORGE_TEST_CASSANDRA_DATACENTER",
  user: "ROWFORGE_TEST_CASSANDRA_USER",
  password: "ROWFORGE_TEST_CASSANDRA_PASSWORD",
  /** Why the test run's own node did not start (set by global-servers.ts instead of the facts). */
  startError: "ROWFORGE_TEST_CASSANDRA_START_ERROR",
} as const;

/** The shared Cassandra node's facts; throws (failing the test) when the run did not start one. */
export function cassandraFacts(): CassandraFacts {
  const { startError, ...facts } = CASSANDRA_ENV;
  const failed = process.env[startError];
  if (failed) throw new Error(`this test needs the shared Cassandra node, which did not start: ${failed}`);
  const missing = Object.values(facts).filter((k) => !process.env[k]);
  if (missing.length > 0) {
    throw new Error(
      `this test needs the shared Cassandra node, but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set. ` +
        "Run it through `npm run test:unit`, or add --test-global-setup=test/support/global-servers.ts to `node --test` " +
        "(either starts the node), or export those variables for a node of your own " +
        "(`CASSANDRA_AUTH=password scripts/servers/cassandra.sh start` prints its facts).",
    );
  }
  return {
    host: process.env[CASSANDRA_ENV.host]!,
    port: Number(process.env[CASSANDRA_ENV.port]),
    datacenter: process.env[CASSANDRA_ENV.datacenter]!,
    user: process.env[CASSANDRA_ENV.user]!,
    password: process.env[CASSANDRA_ENV.password]!,
  };
}

/** Connection options for the shared node as Data Caterer users write them (host, port, user, password). */
export const cassandraConnection = (f: CassandraFacts = cassandraFacts()): Record<string, string> => ({
  host: f.host,
  port: String(f.port),
  user: f.user,
  password: f.password,
});

/** Runs CQL on the shared Cassandra node (as its superuser) and returns the rows. */
export async function cqlQuery(cql: string, params: readonly unknown[] = []): Promise<cassandra.types.Row[]> {
  const f = cassandraFacts();
  const client = new cassandra.Client({
    contactPoints: [f.host],
    protocolOptions: { port: f.port },
    localDataCenter: f.datacenter,
    authProvider: new cassandra.auth.PlainTextAuthProvider(f.user, f.password),
    encoding: { map: Map, useBigIntAsLong: true, useBigIntAsVarint: true },
  });
  try {
    return (await client.execute(cql, [...params], { prepare: params.length > 0 })).rows;
  } finally {
    await client.shutdown();
  }
}

/** A keyspace (made when missing) and a table name no other test uses on the shared node: `[keyspace, table]`. */
export async function freshCassandraTable(): Promise<[string, string]> {
  await cqlQuery(
    "CREATE KEYSPACE IF NOT EXISTS rf_test WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
  );
  return ["rf_test", `rf_${process.pid}_${++tableCount}`];
}

/** A login role of this test process with a random password (tests check it never shows): `{user, password}`. */
export async function cassandraSecretLogin(): Promise<{ user: string; password: string }> {
  const user = `rf_app_${process.pid}`;
  const password = `pw-${randomBytes(9).toString("hex")}`;
  await cqlQuery(
    `CREATE ROLE IF NOT EXISTS ${user} WITH LOGIN = true AND SUPERUSER = true AND PASSWORD = '${password}'`,
  );
  await cqlQuery(`ALTER ROLE ${user} WITH PASSWORD = '${password}'`);
  return { user, password };
}
