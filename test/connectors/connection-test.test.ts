// rowforge-test: alone (connection tests answered within 4 s)
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { testConnection } from "../../src/app/connections/test-connection.ts";
import { loadConnectors, plannedKinds } from "../../src/connectors/registry.ts";
import type { Connection } from "../../src/model/connection.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { freePort } from "../support/script-process.ts";
import {
  cassandraConnection,
  cassandraFacts,
  cassandraSecretLogin,
  mariadbFacts,
  mariadbJdbcUrl,
  mysqlQuery,
  pgQuery,
  postgresFacts,
  postgresJdbcUrl,
} from "../support/servers.ts";

/** Every registered connector, loaded. */
const CONNECTORS = await loadConnectors();

const PG_ROLE = `rf_ct_${process.pid}`;
const PG_PASSWORD = `ct-pw-${process.pid}-${Date.now().toString(36)}`;
const PG_SCHEMA = `ct_${process.pid}`;
const PG_READER = `rf_ct_reader_${process.pid}`;

before(async () => {
  await pgQuery(`CREATE ROLE ${PG_ROLE} LOGIN PASSWORD '${PG_PASSWORD}'`);
  await pgQuery(`CREATE SCHEMA ${PG_SCHEMA} AUTHORIZATION ${PG_ROLE}`);
  await pgQuery(`CREATE ROLE ${PG_READER} LOGIN PASSWORD '${PG_PASSWORD}'`);
});

after(async () => {
  await pgQuery(`DROP SCHEMA IF EXISTS ${PG_SCHEMA} CASCADE`);
  await pgQuery(`DROP ROLE IF EXISTS ${PG_ROLE}`);
  await pgQuery(`DROP ROLE IF EXISTS ${PG_READER}`);
});

const conn = (type: string, options: Record<string, string>, name = "c"): Connection => ({
  name,
  type,
  groupType: "",
  options,
});

/** Nothing of the answer (message, details) holds the secret. */
const assertNoSecret = (answer: unknown, secret: string) =>
  assert.ok(
    !JSON.stringify(answer).includes(secret),
    `the answer holds the password: ${JSON.stringify(answer)}`,
  );

test("every connector that writes can test its connections (the interface's optional method is implemented)", () => {
  for (const c of CONNECTORS)
    assert.equal(typeof c.testConnection, "function", `${c.name} has no testConnection`);
});

test("PostgreSQL up: the server version, database, schema and whether the user may create tables", async () => {
  const f = postgresFacts();
  const owner = await testConnection(
    conn(
      "postgres",
      { url: `${postgresJdbcUrl(f)}?currentSchema=${PG_SCHEMA}`, user: PG_ROLE, password: PG_PASSWORD },
      "pg",
    ),
    OPEN_ACCESS,
  );
  assert.equal(owner.success, true, owner.message);
  assert.match(
    owner.message,
    new RegExp(
      `connected to PostgreSQL \\d+\\.\\d+.* at ${f.host}:${f.port}/${f.database} as "${PG_ROLE}"; may create tables in schema "${PG_SCHEMA}"`,
    ),
  );
  assert.equal(owner.details.product, "PostgreSQL");
  assert.equal(owner.details.database, f.database);
  assert.equal(owner.details.schema, PG_SCHEMA);
  assert.equal(owner.details.canCreateTables, true);
  assert.equal(typeof owner.durationMs, "number");
  assertNoSecret(owner, PG_PASSWORD);
  // A role without CREATE on the schema connects, and is told it may not create tables there.
  const reader = await testConnection(
    conn("jdbc", {
      url: `${postgresJdbcUrl(f)}?currentSchema=${PG_SCHEMA}`,
      user: PG_READER,
      password: PG_PASSWORD,
    }),
    OPEN_ACCESS,
  );
  assert.equal(reader.success, true, reader.message);
  assert.equal(reader.details.type, "postgres", "jdbc with a PostgreSQL URL is postgres");
  assert.equal(reader.details.canCreateTables, false);
  assert.match(reader.message, /may not create tables in schema/);
});

test("PostgreSQL wrong password, nothing on the port, and a database that does not exist: fast coded failures naming host:port, never the password", async () => {
  const f = postgresFacts();
  const wrong = await testConnection(
    conn("postgresql", { url: postgresJdbcUrl(f), user: PG_ROLE, password: `${PG_PASSWORD}-wrong` }),
    OPEN_ACCESS,
  );
  assert.equal(wrong.success, false);
  assert.equal(wrong.details.code, "RF_DB_AUTH_FAILED");
  assert.match(
    wrong.message,
    new RegExp(`${f.host}:${f.port}.*refused user "${PG_ROLE}" \\(wrong password\\)`),
  );
  assertNoSecret(wrong, PG_PASSWORD);
  const port = await freePort();
  const started = performance.now();
  const down = await testConnection(
    conn("postgres", { url: `jdbc:postgresql://127.0.0.1:${port}/db?password=${PG_PASSWORD}`, user: "u" }),
    OPEN_ACCESS,
  );
  assert.ok(performance.now() - started < 3000, "a closed port fails at once");
  assert.equal(down.success, false);
  assert.equal(down.details.code, "RF_DB_UNREACHABLE");
  assert.match(down.message, new RegExp(`127\\.0\\.0\\.1:${port}.*connection refused`));
  assertNoSecret(down, PG_PASSWORD);
  const nodb = await testConnection(
    conn("postgres", {
      url: `jdbc:postgresql://${f.host}:${f.port}/no_such_db_${process.pid}`,
      user: f.user,
    }),
    OPEN_ACCESS,
  );
  assert.equal(nodb.success, false);
  assert.match(nodb.message, /has no database "no_such_db_/);
  const nourl = await testConnection(conn("postgres", {}), OPEN_ACCESS);
  assert.equal(nourl.success, false);
  assert.equal(nourl.details.code, "RF_KEY_MISSING");
});

test("MariaDB up with its random password: version, database, CREATE privilege; a wrong password and a closed port fail without ever showing the password", async () => {
  const f = mariadbFacts();
  const up = await testConnection(
    conn("mysql", { url: mariadbJdbcUrl(f), user: f.user, password: f.password }, "maria"),
    OPEN_ACCESS,
  );
  assert.equal(up.success, true, up.message);
  assert.equal(up.details.product, "MariaDB");
  assert.equal(up.details.database, f.database);
  assert.match(
    up.message,
    new RegExp(`connected to MariaDB \\d+\\.\\d+\\.\\d+ at ${f.host}:${f.port} as "${f.user}@`),
  );
  const [grant] = await mysqlQuery<{ n: number | string }>(
    "SELECT COUNT(*) AS n FROM information_schema.SCHEMA_PRIVILEGES WHERE PRIVILEGE_TYPE = 'CREATE' AND ? LIKE TABLE_SCHEMA UNION ALL SELECT COUNT(*) FROM information_schema.USER_PRIVILEGES WHERE PRIVILEGE_TYPE = 'CREATE'",
    [f.database],
  );
  assert.equal(typeof up.details.canCreateTables, "boolean");
  if (Number(grant!.n) > 0) assert.equal(up.details.canCreateTables, true);
  assertNoSecret(up, f.password);
  const wrong = await testConnection(
    conn("mariadb", { url: mariadbJdbcUrl(f), user: f.user, password: `${f.password}x` }),
    OPEN_ACCESS,
  );
  assert.equal(wrong.success, false);
  assert.equal(wrong.details.code, "RF_DB_AUTH_FAILED");
  assert.match(wrong.message, new RegExp(`${f.host}:${f.port} refused user "${f.user}"`));
  assertNoSecret(wrong, f.password);
  const port = await freePort();
  const down = await testConnection(
    conn("mysql", {
      url: `jdbc:mysql://127.0.0.1:${port}/${f.database}`,
      user: f.user,
      password: f.password,
    }),
    OPEN_ACCESS,
  );
  assert.equal(down.success, false);
  assert.equal(down.details.code, "RF_DB_UNREACHABLE");
  assert.match(down.message, new RegExp(`127\\.0\\.0\\.1:${port}`));
  assertNoSecret(down, f.password);
});

test("files: a folder's data files, a path still to be created, a folder that cannot be written, a missing path option", async () => {
  const dir = fixtureDir({ "out/part-00000.csv": "a\n1\n", "out/_SUCCESS": "", "file.json": "{}\n" });
  const held = await testConnection(conn("csv", { path: join(dir, "out") }), OPEN_ACCESS);
  assert.equal(held.success, true, held.message);
  assert.deepEqual([held.details.kind, held.details.dataFiles, held.details.entries], ["folder", 1, 2]);
  assert.match(held.message, /is a folder, holding 1 data file\(s\) and 0 folder\(s\), writable/);
  const file = await testConnection(conn("json", { path: join(dir, "file.json") }), OPEN_ACCESS);
  assert.equal(file.success, true);
  assert.equal(file.details.bytes, 3);
  const later = await testConnection(conn("parquet", { path: join(dir, "new", "deeper") }), OPEN_ACCESS);
  assert.equal(later.success, true);
  assert.match(later.message, /does not exist yet; rowforge can create it/);
  // Under a regular file nothing can be created.
  const blocked = await testConnection(conn("csv", { path: join(dir, "file.json", "sub") }), OPEN_ACCESS);
  assert.equal(blocked.success, false);
  assert.match(blocked.message, /cannot be created: .*file\.json is not a folder/);
  const missing = await testConnection(conn("orc", {}, "no_path"), OPEN_ACCESS);
  assert.equal(missing.success, false);
  assert.equal(missing.details.code, "RF_KEY_MISSING");
  assert.match(missing.message, /connection "no_path" \(orc\) has no path option/);
  mkdirSync(join(dir, "ro"));
  writeFileSync(join(dir, "ro", "x.csv"), "");
  chmodSync(join(dir, "ro"), 0o500);
  const ro = await testConnection(conn("csv", { path: join(dir, "ro") }), OPEN_ACCESS);
  // root may write anywhere: the answer is then writable, and says so.
  assert.equal(ro.success, process.getuid?.() === 0, ro.message);
});

test("kinds no connector serves yet and unknown types are a clear success false, never a fake success", async () => {
  // Cassandra leaves this list when its connector lands (and tests its connections itself).
  for (const type of plannedKinds()) {
    const r = await testConnection(
      conn(type, { url: "localhost:1", "kafka.bootstrap.servers": "localhost:1" }, `my_${type}`),
      OPEN_ACCESS,
    );
    assert.equal(r.success, false, type);
    assert.equal(r.details.tested, false);
    assert.match(
      r.message,
      new RegExp(
        `connection "my_${type}" is of type ${type}, which this version of rowforge cannot test or write yet`,
      ),
    );
  }
  // Every broker kind users write has its connector now (Solace is refused by design, not planned).
  assert.deepEqual(plannedKinds(), []);
  const solace = await testConnection(conn("solace", { url: "smf://localhost:1" }, "my_solace"), OPEN_ACCESS);
  assert.equal(solace.success, false);
  assert.match(
    solace.message,
    /connection "my_solace" is a Solace JMS \(SMF\) connection, which rowforge does not write to; of JMS brokers it writes to RabbitMQ/,
  );
  assert.equal(solace.details.code, "RF_CONNECTION_UNSUPPORTED");
  const typo = await testConnection(conn("postgress", { url: "x" }), OPEN_ACCESS);
  assert.equal(typo.success, false);
  assert.match(typo.message, /type postgress, which rowforge does not write to; did you mean "postgres"/);
});

test("a server that accepts the connection but never answers is given up after connectTimeout", async () => {
  const silent = createServer(() => {});
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  const { port } = silent.address() as { port: number };
  try {
    for (const [type, url] of [
      ["postgres", `jdbc:postgresql://127.0.0.1:${port}/db`],
      ["mysql", `jdbc:mysql://127.0.0.1:${port}/db`],
    ] as const) {
      const started = performance.now();
      const r = await testConnection(
        conn(type, { url, user: "u", password: "pw-silent", connectTimeout: "1" }),
        OPEN_ACCESS,
      );
      const ms = performance.now() - started;
      assert.equal(r.success, false, type);
      assert.equal(r.details.code, "RF_DB_UNREACHABLE", `${type}: ${r.message}`);
      assert.match(r.message, new RegExp(`127\\.0\\.0\\.1:${port}.*no answer within 1 s`), type);
      assert.ok(ms < 4000, `${type} took ${ms} ms`);
    }
  } finally {
    silent.close();
  }
});

test("Cassandra: a node answers with its release and data center, a keyspace is looked up, a wrong password or a closed port fails naming host:port", async () => {
  const f = cassandraFacts();
  const login = await cassandraSecretLogin();
  const options = { ...cassandraConnection(f), user: login.user, password: login.password };
  const up = await testConnection(
    conn("cassandra", { ...options, keyspace: "system" }, "local_cass"),
    OPEN_ACCESS,
  );
  assert.equal(up.success, true, up.message);
  assert.match(
    up.message,
    new RegExp(`connected to Cassandra 5\\.[0-9.]+ at ${f.host}:${f.port} as "${login.user}"`),
  );
  assert.match(up.message, /keyspace "system" exists/);
  assert.equal(up.details.dataCenter, f.datacenter);
  assertNoSecret(up, login.password);
  const missing = await testConnection(
    conn("cassandra", { ...options, keyspace: "no_such_ks" }),
    OPEN_ACCESS,
  );
  assert.equal(missing.success, true);
  assert.equal(missing.details.keyspaceExists, false);
  const wrong = await testConnection(
    conn("cassandra", { ...options, password: "not-the-password" }),
    OPEN_ACCESS,
  );
  assert.equal(wrong.success, false);
  assert.match(wrong.message, new RegExp(`refused user "${login.user}"`));
  assertNoSecret(wrong, "not-the-password");
  const port = await freePort();
  const down = await testConnection(
    conn("cassandra", { host: "127.0.0.1", port: String(port), connectTimeout: "3" }),
    OPEN_ACCESS,
  );
  assert.equal(down.success, false);
  assert.match(down.message, new RegExp(`cannot reach Cassandra at 127\\.0\\.0\\.1:${port}`));
});
