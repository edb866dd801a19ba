import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import {
  KAFKA_SERVER,
  kafkaFacts,
  mariadbFacts,
  mariadbJdbcUrl,
  postgresFacts,
  postgresJdbcUrl,
  startInBackground,
} from "../support/servers.ts";
import { type ServeProcess, startServe } from "../support/start-serve.ts";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

let f: ApiRuntime;
/** `rowforge serve` for the last test, started first: its start (seconds on a loaded machine) overlaps the others'. */
let serving: Promise<ServeProcess>;

before(async () => {
  // Kafka's start (a JVM, when this run has none yet) overlaps the tests before the Kafka one.
  startInBackground(KAFKA_SERVER);
  serving = startServe(["--home", join(fixtureDir({}), "home")]);
  // Awaited by the last test; a failed start is its failure, not an unhandled rejection here.
  serving.catch(() => {});
  const pg = postgresFacts();
  const maria = mariadbFacts();
  f = await apiRuntime({
    files: {
      "application.conf": `postgres {\n  conf_pg {\n    url = "${postgresJdbcUrl(pg)}"\n    user = "${pg.user}"\n  }\n}\n`,
    },
    runtime: (dir) => ({ configPath: join(dir, "application.conf") }),
  });
  const saved = await f.app.inject({
    method: "POST",
    url: "/connection",
    payload: {
      connections: [
        {
          name: "saved_maria",
          type: "mysql",
          options: { url: mariadbJdbcUrl(maria), user: maria.user, password: maria.password },
        },
        {
          name: "saved_maria_wrong",
          type: "mysql",
          options: { url: mariadbJdbcUrl(maria), user: maria.user, password: `${maria.password}-nope` },
        },
      ],
    },
  });
  assert.equal(saved.statusCode, 200, saved.body);
});

after(async () => {
  await f.close();
  const server = await serving?.catch(() => undefined);
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

const KEYS = ["details", "durationMs", "message", "success"];

test("POST /connection/test: 200 {success, message, details, durationMs} for a reachable PostgreSQL, 400 with the same shape when it fails", async () => {
  const pg = postgresFacts();
  const ok = await f.app.inject({
    method: "POST",
    url: "/connection/test",
    payload: { name: "try_pg", type: "postgres", options: { url: postgresJdbcUrl(pg), user: pg.user } },
  });
  assert.equal(ok.statusCode, 200, ok.body);
  const body = ok.json();
  assert.deepEqual(Object.keys(body).sort(), KEYS);
  assert.equal(body.success, true);
  // Over the API: reachable or not, and why; no version or other facts of the server behind.
  assert.equal(body.message, 'connection "try_pg" (postgres) is reachable');
  assert.deepEqual(body.details, { type: "postgres" });
  const jms = await f.app.inject({
    method: "POST",
    url: "/connection/test",
    payload: { type: "jms", options: { url: "smf://localhost:55555", connectionFactory: "/jms/cf/default" } },
  });
  assert.equal(jms.statusCode, 400);
  assert.equal(jms.json().success, false);
  assert.equal(jms.json().details.code, "RF_CONNECTION_UNSUPPORTED");
  assert.match(
    jms.json().message,
    /JMS connection with connection factory "\/jms\/cf\/default", which rowforge cannot write to/,
  );
  const bad = await f.app.inject({ method: "POST", url: "/connection/test", payload: { options: {} } });
  assert.equal(bad.statusCode, 400, "a body without a type is refused by the schema");
});

test("POST /connection/test for Kafka: reachable, nothing of the cluster's layout; nothing listening is a 400 naming host:port", async () => {
  const { bootstrap } = kafkaFacts();
  const ok = await f.app.inject({
    method: "POST",
    url: "/connection/test",
    payload: { type: "kafka", options: { bootstrapServers: bootstrap, topic: "rf_api_absent_topic" } },
  });
  assert.equal(ok.statusCode, 200, ok.body);
  const body = ok.json();
  assert.deepEqual(Object.keys(body).sort(), KEYS);
  assert.deepEqual(body.details, { type: "kafka" });
  assert.equal(body.message, 'connection "unsaved" (kafka) is reachable');
  const down = await f.app.inject({
    method: "POST",
    url: "/connection/test",
    payload: { type: "kafka", options: { "kafka.bootstrap.servers": "127.0.0.1:1", connectTimeout: "2" } },
  });
  assert.equal(down.statusCode, 400);
  assert.equal(down.json().success, false);
  assert.match(down.json().message, /no Kafka broker answers at 127\.0\.0\.1:1/);
});

test("POST /connection/{name}/test: a saved connection with its real (random) password, a configured one, a wrong password, an unknown name", async () => {
  const maria = mariadbFacts();
  const saved = await f.app.inject({ method: "POST", url: "/connection/saved_maria/test" });
  assert.equal(saved.statusCode, 200, saved.body);
  assert.equal(saved.json().message, 'connection "saved_maria" (mysql) is reachable');
  assert.ok(!saved.body.includes(maria.password), "no password in the answer");
  const configured = await f.app.inject({ method: "POST", url: "/connection/conf_pg/test" });
  assert.equal(configured.statusCode, 200, configured.body);
  const wrong = await f.app.inject({ method: "POST", url: "/connection/saved_maria_wrong/test" });
  assert.equal(wrong.statusCode, 400);
  assert.deepEqual(Object.keys(wrong.json()).sort(), KEYS);
  assert.equal(wrong.json().details.code, "RF_DB_AUTH_FAILED");
  assert.match(wrong.json().message, new RegExp(`${maria.host}:${maria.port} refused user "${maria.user}"`));
  assert.ok(!wrong.body.includes(maria.password), "no password in a failed answer");
  const unknown = await f.app.inject({ method: "POST", url: "/connection/saved_mari/test" });
  assert.equal(unknown.statusCode, 404);
  assert.deepEqual(Object.keys(unknown.json()).sort(), KEYS);
  assert.match(unknown.json().message, /no connection named "saved_mari".*did you mean "saved_maria"/);
});

test("openapi.json documents both test routes with their answer schema", async () => {
  const spec = (await f.app.inject({ url: "/openapi.json" })).json() as {
    paths: Record<string, { post?: { responses?: Record<string, unknown> } }>;
  };
  for (const p of ["/connection/test", "/connection/{connectionName}/test"]) {
    const post = spec.paths[p]?.post;
    assert.ok(post, `${p} missing`);
    assert.ok(post.responses?.["200"] && post.responses["400"], `${p} answers`);
  }
  assert.ok(spec.paths["/connection/{connectionName}/test"]?.post?.responses?.["404"]);
});

test("over a real socket: rowforge serve tests a MariaDB connection posted to it and never echoes its password", async () => {
  const maria = mariadbFacts();
  const server = await serving;
  try {
    const post = (password: string) =>
      fetch(`${server.url}/connection/test`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "m",
          type: "mariadb",
          options: { url: mariadbJdbcUrl(maria), user: maria.user, password },
        }),
      });
    const ok = await post(maria.password);
    const okText = await ok.text();
    assert.equal(ok.status, 200, okText);
    assert.equal(JSON.parse(okText).success, true);
    const wrong = await post(`${maria.password}0`);
    const wrongText = await wrong.text();
    assert.equal(wrong.status, 400);
    assert.ok(!wrongText.includes(maria.password), wrongText);
    assert.ok(!server.output().includes(maria.password), "nor in the server's output");
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
