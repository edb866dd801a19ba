import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { FastifyInstance } from "fastify";
import type { Store } from "../../src/store/index.ts";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

// The review found credentials leaving the server: inside URLs, under keys the masking missed,
// in nested option objects, and in GET /plan/{name} (step passwords and tokens in clear).

const SECRETS = [
  "hunter2",
  "pa55word",
  "t0ken-value",
  "jaas-pw",
  "phrase-1",
  "cookie-v",
  "sess-1",
  "cs-secret",
  "nested-pw",
];
const assertNoSecret = (text: string, where: string) => {
  for (const s of SECRETS) assert.ok(!text.includes(s), `${where} leaks ${s}: ${text.slice(0, 400)}`);
};

let fixture: ApiRuntime;
let app: FastifyInstance;
let store: Store;
before(async () => {
  fixture = await apiRuntime();
  ({ app, store } = fixture);
});
after(() => fixture.close());

test("connections: URLs keep their shape with the password masked; every secret-looking key masked", async () => {
  const saved = await app.inject({
    method: "POST",
    url: "/connection",
    payload: {
      connections: [
        {
          name: "pg",
          type: "postgres",
          options: {
            url: "jdbc:postgresql://app:hunter2@db:5432/shop?password=pa55word&sslmode=require",
            "sasl.jaas.config":
              'org.apache.kafka.common.security.plain.PlainLoginModule required username="u" password="jaas-pw";',
            passphrase: "phrase-1",
            pass: "pa55word",
            pw: "pa55word",
            cookie: "cookie-v",
            connectionString: "Endpoint=sb://x/;SharedAccessKey=cs-secret",
            sessionId: "sess-1",
            nested: { password: "nested-pw", user: "u" },
          },
        },
      ],
    },
  });
  assert.equal(saved.statusCode, 200);
  const one = await app.inject({ url: "/connection/pg" });
  assertNoSecret(one.body, "GET /connection/pg");
  const options = (one.json() as { options: Record<string, string> }).options;
  assert.equal(options.url, "jdbc:postgresql://app:***@db:5432/shop?password=***&sslmode=require");
  assert.equal(options.passphrase, "***");
  assertNoSecret((await app.inject({ url: "/connections" })).body, "GET /connections");
});

test("GET /plan/{name} masks step and connection options of the saved plan", async () => {
  const plan = {
    plan: { name: "secret_plan", tasks: [{ name: "t", dataSourceName: "out_json" }] },
    tasks: [
      {
        name: "t",
        type: "json",
        options: {
          path: "out/secret-plan",
          url: "postgres://u:hunter2@h/d",
          password: "pa55word",
          token: "t0ken-value",
        },
        fields: [{ name: "id", options: { isPrimaryKey: true, primaryKeyPos: 1 } }],
      },
    ],
    dataSources: [
      {
        name: "pg",
        connection: { type: "postgres", options: { password: "pa55word", auth: { token: "t0ken-value" } } },
      },
    ],
    configuration: { alert: { slackToken: "t0ken-value" } },
  };
  assert.equal((await app.inject({ method: "POST", url: "/plan", payload: plan })).statusCode, 200);
  const got = await app.inject({ url: "/plan/secret_plan" });
  assert.equal(got.statusCode, 200);
  assertNoSecret(got.body, "GET /plan/secret_plan");
  assert.match(got.body, /postgres:\/\/u:\*\*\*@h\/d/);
  const fieldOptions = (got.json() as typeof plan).tasks[0]!.fields[0]!.options;
  assert.deepEqual(fieldOptions, { isPrimaryKey: true, primaryKeyPos: 1 }, "plan settings are not secrets");
  // The stored plan keeps the real values: runs need them.
  const stored = (await store.plans.get("secret_plan"))?.request as typeof plan | undefined;
  assert.equal(stored?.tasks[0]?.options.password, "pa55word");
});

test("execution records: reasons and step errors quoting credentials are masked in history and status", async () => {
  const id = "4f1c2b9a-0000-4000-8000-000000000001";
  await store.executions.put({
    id,
    planName: "p",
    status: "failed",
    failedReason: "cannot connect to jdbc:postgresql://app:hunter2@db/shop?password=pa55word",
    runBy: "api",
    updatedBy: "api",
    createdTs: "2026-11-01T00:00:00.000Z",
    updatedTs: "2026-11-01T00:00:01.000Z",
    generationSummary: [{ name: "s", error: "login failed for token=t0ken-value" }],
    validationSummary: [],
    reportLink: `/report/${id}/index.html`,
    timeTaken: "1.00s",
    mode: "generate",
  });
  const history = await app.inject({ url: "/run/history" });
  assertNoSecret(history.body, "GET /run/history");
  assert.match(history.body, /app:\*\*\*@db/);
  const status = await app.inject({ url: `/run/status/${id}` });
  assertNoSecret(status.body, "GET /run/status");
});

test("error messages that quote a credential are masked", async () => {
  const r = await app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: {
      fields: [{ name: "a", options: { sql: "'jdbc:postgresql://u:hunter2@h/db?password=pa55word' +" } }],
    },
  });
  assert.equal(r.statusCode, 400);
  assertNoSecret(r.body, "the INVALID_SCHEMA message");
  assert.match(r.body, /u:\*\*\*@h/);
});
