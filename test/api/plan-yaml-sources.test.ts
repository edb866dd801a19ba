import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { apiRuntime } from "./api-fixture.ts";

let f: Awaited<ReturnType<typeof apiRuntime>>;
before(async () => {
  f = await apiRuntime();
});
after(async () => {
  await f.close();
});

const PLAN_TEXT = `# The shop's nightly plan: keep this comment
name: yaml_plan
description: 'single-quoted, as written'
tasks:
  - { name: t, dataSourceName: files, enabled: true }   # flow style kept
`;

const taskText = (password: string, records: number) => `name: t
steps:
  - name: s
    type: json
    # do not reuse the old one (password: hunter1)
    options:
      path: out/yaml-sources
      password: "${password}"
      url: "jdbc:postgresql://app:s3cret@db:5432/shop"
    count: { records: ${records} }
    fields:
      - name: id   # the key
        options: { regex: "ID[0-9]{4}" }
`;

/** The body the web UI sends: the request its texts parse to, and the texts. */
const body = (task: string, extra: Record<string, unknown> = {}) => ({
  plan: parse(PLAN_TEXT),
  tasks: [parse(task)],
  validation: [],
  yamlSources: { plan: PLAN_TEXT, tasks: [task], validation: [], configuration: "" },
  ...extra,
});

interface SourcesAnswer {
  planName: string;
  sources: { plan: string; tasks: string[]; validation: string[]; configuration: string };
  savedAt: string;
  current: boolean;
  difference?: string;
}

const sources = async (name = "yaml_plan") => {
  const r = await f.app.inject({ url: `/plan/${name}/yaml-sources` });
  return { status: r.statusCode, json: r.json() as SourcesAnswer, body: r.body };
};

test("POST /plan keeps the YAML texts sent as yamlSources; GET /plan/{name}/yaml-sources answers them as written, secrets masked", async () => {
  const task = taskText("hunter2", 10);
  const saved = await f.app.inject({ method: "POST", url: "/plan", payload: body(task) });
  assert.equal(saved.statusCode, 200, saved.body);
  assert.deepEqual(saved.json().yamlSources, { current: true });

  const got = await sources();
  assert.equal(got.status, 200, got.body);
  assert.equal(got.json.current, true);
  assert.equal(
    got.json.sources.plan,
    PLAN_TEXT,
    "the plan's text byte for byte: comments, quoting, flow style",
  );
  assert.equal(
    got.json.sources.tasks[0],
    task
      .replace('password: "hunter2"', 'password: "***"')
      .replace("app:s3cret@", "app:***@")
      .replace("(password: hunter1)", "(password: ***)"),
    "only the secrets change, in values and in comments",
  );
  for (const secret of ["hunter1", "hunter2", "s3cret"]) {
    assert.ok(!got.body.includes(secret), `the answer does not hold ${secret}`);
    const record = JSON.stringify(await f.store.plans.get("yaml_plan"));
    assert.ok(!JSON.stringify((await f.store.plans.get("yaml_plan"))?.yamlSources).includes(secret));
    assert.ok(record.includes("hunter2"), "the plan itself keeps its password for runs");
  }

  // The spec's routes answer as before: GET /plan/{name} has no new field.
  const plan = (await f.app.inject({ url: "/plan/yaml_plan" })).json() as Record<string, unknown>;
  assert.deepEqual(Object.keys(plan).sort(), ["id", "plan", "tasks", "validation"]);
  // A plain API save (no yamlSources) answers the spec's keys only.
  const other = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: { plan: parse(PLAN_TEXT.replace("yaml_plan", "plain_plan")), tasks: [parse(task)] },
  });
  assert.deepEqual(Object.keys(other.json()).sort(), ["message", "planId", "status"]);
  assert.equal((await sources("plain_plan")).status, 404, "a plan saved without texts has none");
});

test("texts opened masked and saved again stay current and the plan keeps its password; a change by another client makes them stale", async () => {
  // The editor reopens the masked texts and saves them unchanged: the password is the stored one again.
  const opened = (await sources()).json.sources;
  const again = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: body(opened.tasks[0]!, { id: ((await f.store.plans.get("yaml_plan"))?.id ?? "") as string }),
  });
  assert.equal(again.statusCode, 200, again.body);
  assert.deepEqual(again.json().yamlSources, { current: true });
  const stored = (await f.store.plans.get("yaml_plan"))?.request as {
    tasks: { steps: { options: object }[] }[];
  };
  assert.deepEqual(stored.tasks[0]!.steps[0]!.options, {
    path: "out/yaml-sources",
    password: "hunter2",
    url: "jdbc:postgresql://app:s3cret@db:5432/shop",
  });
  assert.equal((await sources()).json.current, true);

  // Another client changes the count through the API, without texts: they no longer describe the plan.
  const changed = (await f.app.inject({ url: "/plan/yaml_plan" })).json() as {
    tasks: { steps: { count: { records: number } }[] }[];
  };
  changed.tasks[0]!.steps[0]!.count.records = 99;
  const api = await f.app.inject({ method: "POST", url: "/plan", payload: changed });
  assert.equal(api.statusCode, 200, api.body);
  const stale = await sources();
  assert.equal(stale.status, 200);
  assert.equal(stale.json.current, false);
  assert.equal(stale.json.difference, "tasks[0].steps[0].count.records differs");

  // Texts that do not say what the request says are kept but answered as not current.
  const mismatch = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: { ...body(taskText("hunter2", 10)), tasks: [parse(taskText("hunter2", 5))] },
  });
  assert.equal(mismatch.statusCode, 200, mismatch.body);
  assert.equal(mismatch.json().yamlSources.current, false);
});

test("the texts go with the plan: DELETE removes them, a plan saved again without texts has none", async () => {
  assert.equal((await f.app.inject({ method: "DELETE", url: "/plan/yaml_plan" })).statusCode, 200);
  const gone = await sources();
  assert.equal(gone.status, 404);
  assert.match(gone.body, /Plan 'yaml_plan' not found/);
  const plain = body(taskText("x", 3)) as Record<string, unknown>;
  delete plain.yamlSources;
  assert.equal((await f.app.inject({ method: "POST", url: "/plan", payload: plain })).statusCode, 200);
  const none = await sources();
  assert.equal(none.status, 404);
  assert.match(none.body, /has no YAML texts/);
});

test("yamlSources of the wrong shape is a 400 naming the field; nothing is saved", async () => {
  const r = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: { ...body(taskText("x", 3)), plan: { name: "bad_sources" }, yamlSources: { plan: 1 } },
  });
  assert.equal(r.statusCode, 400, r.body);
  assert.match(r.body, /yamlSources/);
  assert.equal(await f.store.plans.get("bad_sources"), undefined);
});
