import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { apiFixture } from "./api-fixture.ts";

let f: Awaited<ReturnType<typeof apiFixture>>;
before(async () => {
  f = await apiFixture();
});
after(async () => {
  await f.close();
});

const PLAN = {
  plan: {
    name: "saved_plan",
    description: "from the UI",
    tasks: [{ name: "accounts_task", dataSourceName: "out_json", enabled: true }],
  },
  tasks: [],
  configuration: { flag: { enableCount: "true" } },
};

test("plans: save, get, list (saved and YAML), delete, then 404 at once", async () => {
  const saved = await f.app.inject({ method: "POST", url: "/plan", payload: PLAN });
  assert.equal(saved.statusCode, 200);
  const body = saved.json() as { status: string; message: string; planId: string };
  assert.equal(body.status, "success");
  assert.match(body.planId, /^[0-9a-f-]{36}$/);
  const got = await f.app.inject({ url: "/plan/saved_plan" });
  assert.equal(got.statusCode, 200);
  assert.equal((got.json() as { id: string }).id, body.planId);
  const withId = await f.app.inject({ method: "POST", url: "/plan", payload: { ...PLAN, id: "my-id" } });
  assert.equal((withId.json() as { planId: string }).planId, "my-id");
  const list = (await f.app.inject({ url: "/plans" })).json() as {
    id: string;
    plan: { name: string; description: string };
  }[];
  assert.deepEqual(
    list.map((p) => p.plan.name),
    ["saved_plan", "shop_plan"],
  );
  assert.equal(list[1]!.plan.description, "accounts and their transactions");
  const del = await f.app.inject({ method: "DELETE", url: "/plan/saved_plan" });
  assert.deepEqual(del.json(), {
    status: "success",
    message: "Plan 'saved_plan' removed successfully",
    planName: "saved_plan",
  });
  const started = performance.now();
  const missing = await f.app.inject({ url: "/plan/saved_plan" });
  assert.equal(missing.statusCode, 404);
  assert.ok(performance.now() - started < 500, "not-found answers at once");
  assert.deepEqual(Object.keys(missing.json()), ["status", "message", "details"]);
  assert.equal((await f.app.inject({ method: "DELETE", url: "/plan/saved_plan" })).statusCode, 404);
});

test("path parameters outside [A-Za-z0-9_-], malformed JSON and schema failures are 400 with the generic body", async () => {
  const bad = await f.app.inject({ url: "/plan/bad.name" });
  assert.equal(bad.statusCode, 400);
  assert.equal((bad.json() as { status: string }).status, "error");
  assert.match((bad.json() as { message: string }).message, /planName/);
  const json = await f.app.inject({
    method: "POST",
    url: "/plan",
    headers: { "content-type": "application/json" },
    payload: "{not json",
  });
  assert.equal(json.statusCode, 400);
  assert.equal((json.json() as { details: string }).details, "MalformedJson");
  const schema = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: { plan: { description: "no name" } },
  });
  assert.equal(schema.statusCode, 400);
  assert.match((schema.json() as { message: string }).message, /name/);
  const route = await f.app.inject({ url: "/no/such/route" });
  assert.equal(route.statusCode, 404);
});

test("connections: save (upsert), get and list with secrets masked, config ones listed but not deletable", async () => {
  const save = await f.app.inject({
    method: "POST",
    url: "/connection",
    payload: {
      connections: [
        {
          name: "kafka_local",
          type: "kafka",
          groupType: "messaging",
          options: { url: "127.0.0.1:9092", basicAuthPassword: "pw", slackToken: "t" },
        },
      ],
    },
  });
  assert.equal(save.statusCode, 200);
  assert.equal((save.json() as { connectionName: string }).connectionName, "kafka_local");
  const got = (await f.app.inject({ url: "/connection/kafka_local" })).json() as {
    options: Record<string, string>;
  };
  assert.deepEqual(got.options, { url: "127.0.0.1:9092", basicAuthPassword: "***", slackToken: "***" });
  const cfg = (await f.app.inject({ url: "/connection/pg" })).json() as {
    type: string;
    options: Record<string, string>;
    groupType: string;
  };
  assert.equal(cfg.type, "postgres");
  assert.equal(cfg.groupType, "database");
  assert.equal(cfg.options.password, "***");
  assert.equal(cfg.options.user, "app");
  const allResponse = await f.app.inject({ url: "/connections" });
  const all = allResponse.json() as { connections: { name: string }[] };
  assert.deepEqual(
    all.connections.map((c) => c.name),
    ["kafka_local", "out_json", "pg"],
  );
  const db = (await f.app.inject({ url: "/connections?groupType=database" })).json() as {
    connections: { name: string }[];
  };
  assert.deepEqual(
    db.connections.map((c) => c.name),
    ["pg"],
  );
  assert.ok(!allResponse.body.includes("s3cret-pw"));
  const cfgDelete = await f.app.inject({ method: "DELETE", url: "/connection/pg" });
  assert.equal(cfgDelete.statusCode, 409, "a conflict with the configuration, not a bad request");
  assert.match((cfgDelete.json() as { message: string }).message, /application configuration/);
  assert.equal((await f.app.inject({ method: "DELETE", url: "/connection/kafka_local" })).statusCode, 200);
  assert.equal((await f.app.inject({ method: "DELETE", url: "/connection/kafka_local" })).statusCode, 404);
  assert.equal((await f.app.inject({ url: "/connection/kafka_local" })).statusCode, 404);
});

test("openapi.json describes every route; shutdown answers", async () => {
  const spec = (await f.app.inject({ url: "/openapi.json" })).json() as {
    openapi: string;
    paths: Record<string, unknown>;
  };
  assert.match(spec.openapi, /^3\./);
  for (const p of [
    "/plan",
    "/plan/{planName}",
    "/plans",
    "/connection",
    "/connections",
    "/sample/schema",
    "/sample/task-yaml",
    "/sample/plans/{planName}/tasks/{taskName}/steps/{stepName}",
    "/shutdown",
  ]) {
    assert.ok(spec.paths[p], `${p} missing from openapi.json`);
  }
  const docs = await f.app.inject({ url: "/docs" });
  assert.equal(docs.statusCode, 200);
  assert.match(String(docs.headers["content-type"]), /^text\/html/);
  const examples = (await f.app.inject({ url: "/docs/examples.json" })).json() as unknown[];
  const listed = await renderDocs(docs.body, spec, examples);
  for (const p of Object.keys(spec.paths)) assert.ok(listed.includes(p), `${p} missing from /docs`);
  assert.match(listed, /Example/, "routes show their worked example");
  assert.match(listed, /curl -s -X POST 'http:\/\/127\.0\.0\.1:9898\/sample\/schema'/);
  assert.ok(!listed.includes('"$ref"'), "every $ref is resolved in place");
  const down = await f.app.inject({ method: "POST", url: "/shutdown" });
  assert.deepEqual(down.json(), { status: "success", message: "rowforge is shutting down" });
});

/** Runs the docs page's own script over the served OpenAPI document, with just enough of a DOM to collect its text. */
async function renderDocs(html: string, spec: unknown, examples: unknown[]): Promise<string> {
  const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1];
  assert.ok(script, "the docs page carries its script");
  interface Node {
    kids: (Node | string)[];
    textContent: string;
    setAttribute(): void;
    append(...k: (Node | string)[]): void;
  }
  const node = (): Node => ({
    kids: [],
    textContent: "",
    setAttribute() {},
    append(...k) {
      this.kids.push(...k);
    },
  });
  const text = (n: Node | string): string =>
    typeof n === "string" ? n : n.textContent + n.kids.map(text).join(" ");
  const root = node();
  const document = { createElement: node, getElementById: () => root };
  const fetch = async (url: string) => ({ json: async () => (url === "/openapi.json" ? spec : examples) });
  const run = script.replace("Promise.all([", "return Promise.all([");
  await new Function("document", "fetch", run)(document, fetch);
  return text(root);
}

test("POST /plan checks the plan as validate checks a file: every problem in one 400, nothing saved", async () => {
  const bad = {
    plan: {
      name: "broken_plan",
      tasks: [
        { name: "people", dataSourceName: "out_json", enabled: true },
        { name: "nosuch_task", dataSourceName: "out_json", enabled: true },
      ],
    },
    tasks: [
      {
        name: "people",
        steps: ["a", "b", "c"].map((name, i) => ({
          name,
          type: "json",
          options: { path: `out/broken-plan/${name}` },
          fields: [
            [{ name: "id", options: { regex: "P[0-9" } }],
            [
              { name: "id", type: "int" },
              { name: "n", type: "int", options: { sql: "id + nosuchfield" } },
            ],
            [{ name: "who", options: { expression: "#{Name.nosuchmethod}" } }],
          ][i],
        })),
      },
    ],
  };
  const r = await f.app.inject({ method: "POST", url: "/plan", payload: bad });
  assert.equal(r.statusCode, 400, r.body);
  const body = r.json() as { status: string; message: string; details: string };
  assert.equal(body.status, "error");
  assert.equal(body.details, "RF_PLAN_INVALID");
  // The missing task is found when the plan is read; once it is fixed, every step problem at once.
  assert.match(
    body.message,
    /task "nosuch_task" is not in the task folder.*did you mean "?accounts_task"?|nosuch_task/,
  );
  assert.equal((await f.app.inject({ url: "/plan/broken_plan" })).statusCode, 404, "nothing was saved");
  const fixedTask = { ...bad, plan: { ...bad.plan, tasks: [bad.plan.tasks[0]!] } };
  const again = await f.app.inject({ method: "POST", url: "/plan", payload: fixedTask });
  assert.equal(again.statusCode, 400, again.body);
  const message = (again.json() as { message: string }).message;
  assert.match(message, /has 3 problems/);
  assert.match(message, /regex "P\[0-9"/);
  assert.match(message, /unknown field "nosuchfield"/);
  assert.match(message, /unknown faker method "Name\.nosuchmethod"/);
  const good = {
    ...fixedTask,
    tasks: [
      {
        name: "people",
        type: "json",
        options: { path: "out/broken-plan/ok" },
        fields: [{ name: "id", options: { regex: "P[0-9]{4}" } }],
      },
    ],
  };
  assert.equal((await f.app.inject({ method: "POST", url: "/plan", payload: good })).statusCode, 200);
});
