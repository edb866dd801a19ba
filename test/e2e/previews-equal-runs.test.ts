import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type ApiRuntime, apiRuntime } from "../api/api-fixture.ts";
import { CLI, runCli } from "../support/run-cli.ts";

/**
 * A plan with its seed: 40 customers, orders whose customer_id is drawn from all of them (the
 * first orders point at customers far past the first rows), and items with perField 2 on
 * their order_id. Every preview of a step must be the first rows `run` writes of it.
 */
const FILES = {
  "plans/plan.yaml": `name: shop_plan
tasks:
  - {name: shop_task, dataSourceName: out_json}
sinkOptions:
  seed: "31"
  foreignKeys:
    - source: {dataSource: out_json, step: customers, fields: [customer_id]}
      generate: [{dataSource: out_json, step: orders, fields: [customer_id]}]
    - source: {dataSource: out_json, step: orders, fields: [order_id]}
      generate: [{dataSource: out_json, step: items, fields: [order_id]}]
`,
  "tasks/shop.yaml": `name: shop_task
steps:
  - name: customers
    type: json
    options: {path: out/customers}
    count: {records: 40}
    fields:
      - {name: customer_id, options: {regex: "C[0-9]{6}"}}
      - {name: name, options: {expression: "#{Name.firstName}"}}
  - name: orders
    type: json
    options: {path: out/orders}
    count: {records: 60}
    fields:
      - {name: order_id, options: {regex: "O[0-9]{7}"}}
      - {name: customer_id}
      - {name: quantity, type: int, options: {min: 1, max: 9}}
  - name: items
    type: json
    options: {path: out/items}
    count: {perField: {fieldNames: [order_id], count: 2}}
    fields:
      - {name: sku, options: {oneOf: [A1, B2, C3]}}
      - {name: order_id}
`,
};
const NOW = "2026-11-01T00:00:00Z";
const STEPS = ["customers", "orders", "items"] as const;

let api: ApiRuntime;
/** The rows `run` wrote, by step. */
const written = new Map<string, Record<string, unknown>[]>();

before(async () => {
  api = await apiRuntime({
    files: FILES,
    runtime: (dir) => {
      const configPath = join(dir, "application.conf");
      writeFileSync(
        configPath,
        `folders { planFilePath = "${join(dir, "plans/plan.yaml")}", taskFolderPath = "${join(dir, "tasks")}" }\njson { out_json { path = "${join(dir, "out")}" } }\n`,
      );
      return { configPath, now: () => Date.parse(NOW) };
    },
    serveRuns: false,
  });
  const r = runCli(["run", join(api.dir, "plans/plan.yaml"), "--workers", "0", "--now", NOW], {
    cwd: api.dir,
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  for (const step of STEPS) {
    const dir = join(api.dir, "out", step);
    written.set(
      step,
      readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .flatMap((f) => readFileSync(join(dir, f), "utf8").trim().split("\n"))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    );
  }
  assert.deepEqual(
    STEPS.map((s) => written.get(s)!.length),
    [40, 60, 120],
  );
});
after(() => api.close());

const firstRows = (step: string, n: number) => written.get(step)!.slice(0, n);
const jsonLines = (text: string) =>
  text
    .trim()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

test("item 7: `sample` of each step is the first rows `run` writes, foreign keys included", () => {
  const orders = firstRows("orders", 10);
  assert.ok(
    orders.some((o) => !firstRows("customers", 10).some((c) => c.customer_id === o.customer_id)),
    "the first orders point at customers past the first ten (else the test proves little)",
  );
  for (const step of STEPS) {
    const r = runCli(
      [
        "sample",
        join(api.dir, "plans/plan.yaml"),
        "--step",
        step,
        "-n",
        "10",
        "--format",
        "json",
        "--now",
        NOW,
      ],
      { cwd: api.dir },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(jsonLines(r.stdout), firstRows(step, 10), step);
  }
});

test("item 7: `sample --watch` samples with the plan's seed: its rows are the run's", async () => {
  const child = spawn(
    process.execPath,
    [
      CLI,
      "sample",
      join(api.dir, "plans/plan.yaml"),
      "--step",
      "orders",
      "-n",
      "5",
      "--format",
      "json",
      "--now",
      NOW,
      "--watch",
    ],
    { cwd: api.dir, env: { ...process.env, NO_COLOR: "1" } },
  );
  let out = "";
  const shown = await new Promise<string>((done, fail) => {
    child.on("error", fail);
    child.on("exit", (code) => fail(new Error(`sample --watch exited (${code}) before sampling: ${out}`)));
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      if (/-- \d\d:\d\d:\d\d (sampled|errors) /.test(out)) done(out);
    });
  });
  child.removeAllListeners("exit");
  const exited = new Promise((done) => child.on("exit", done));
  child.kill("SIGINT");
  await exited;
  assert.match(shown, /\(seed 31\)/, "the plan's own seed");
  assert.deepEqual(jsonLines(shown), firstRows("orders", 5));
});

test("item 7: the API's plan, task and step samples, with and without enableRelationships, are the first rows `run` writes", async () => {
  for (const flag of ["&enableRelationships=true", "&enableRelationships=false", ""]) {
    const multi = await api.app.inject({ url: `/sample/plans/shop_plan?sampleSize=10${flag}` });
    assert.equal(multi.statusCode, 200, multi.body);
    const body = multi.json() as { samples: Record<string, Record<string, unknown>[]> };
    for (const step of STEPS)
      assert.deepEqual(body.samples[`shop_plan/${step}`], firstRows(step, 10), `${step} ${flag}`);
    const task = await api.app.inject({ url: `/sample/plans/shop_plan/tasks/shop_task?sampleSize=4${flag}` });
    assert.equal(task.statusCode, 200, task.body);
    const taskBody = task.json() as { samples: Record<string, Record<string, unknown>[]> };
    for (const step of STEPS)
      assert.deepEqual(taskBody.samples[`shop_plan/${step}`], firstRows(step, 4), `${step} ${flag}`);
    for (const step of STEPS) {
      const raw = await api.app.inject({
        url: `/sample/plans/shop_plan/tasks/shop_task/steps/${step}?sampleSize=7${flag}`,
      });
      assert.equal(raw.statusCode, 200, raw.body);
      assert.deepEqual(jsonLines(raw.body), firstRows(step, 7), `${step} ${flag}`);
    }
  }
});
