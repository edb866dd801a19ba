import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { startServe } from "../support/start-serve.ts";

test("rowforge serve over real HTTP: plans, connections, samples, a second process refused, shutdown", async () => {
  const dir = fixtureDir({
    "application.conf":
      'folders { taskFolderPath = "TASKS" }\njson { out { path = "/tmp/x", password = "hidden" } }\n',
    "tasks/t.yaml": "name: t\nsteps:\n  - name: s\n    fields: [{name: id, options: {regex: 'K[0-9]{3}'}}]\n",
  });
  const config = join(dir, "application.conf");
  const { writeFileSync, readFileSync } = await import("node:fs");
  writeFileSync(config, readFileSync(config, "utf8").replace("TASKS", join(dir, "tasks")));
  const home = join(dir, "home");
  const server = await startServe(["--home", home, "--config", config]);
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const post = (path: string, body: unknown) =>
      fetch(server.url + path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    assert.equal(
      (await post("/plan", { plan: { name: "p1", tasks: [{ name: "t", dataSourceName: "out" }] } })).status,
      200,
    );
    assert.equal(
      ((await (await fetch(`${server.url}/plans`)).json()) as { plan: { name: string } }[])[0]!.plan.name,
      "p1",
    );
    assert.equal(
      (
        await post("/connection", {
          connections: [{ name: "c1", type: "postgres", options: { password: "x" } }],
        })
      ).status,
      200,
    );
    const conns = await (await fetch(`${server.url}/connections`)).text();
    assert.ok(!conns.includes("hidden") && conns.includes("***"));
    const sample = await fetch(`${server.url}/sample/plans/p1?sampleSize=3`);
    assert.deepEqual(Object.keys(((await sample.json()) as { samples: object }).samples), ["p1/s"]);
    const raw = await fetch(`${server.url}/sample/steps/s?sampleSize=2`);
    assert.equal((await raw.text()).trimEnd().split("\n").length, 2);
    const docs = await fetch(`${server.url}/docs`);
    assert.match(String(docs.headers.get("content-type")), /^text\/html/);
    assert.match(await docs.text(), /fetch\("\/openapi\.json"\)/);
    const missing = await fetch(`${server.url}/connection/nope`);
    assert.equal(missing.status, 404);

    const second = runCli(["serve", "--port", "0", "--home", home, "--config", config]);
    assert.equal(second.status, 2);
    assert.match(second.stderr, /RF_STORE_LOCKED/);
    assert.ok(second.stderr.includes(home), "the message names the folder");
    assert.ok(!/\n\s+at /.test(second.stderr), "no stack trace");

    const down = await post("/shutdown", {});
    assert.deepEqual(await down.json(), { status: "success", message: "rowforge is shutting down" });
    assert.equal(await server.exited, 0);
  } finally {
    server.child.kill("SIGKILL");
  }
});

test("SIGTERM closes the server gracefully", async () => {
  const dir = fixtureDir({ "application.conf": "flags { enableCount = true }\n" });
  const server = await startServe(["--home", join(dir, "home"), "--config", join(dir, "application.conf")]);
  server.child.kill("SIGTERM");
  assert.equal(await server.exited, 0);
});

test("serve --transformations and --sample-time-limit: transformations from that folder only; a slow sample is stopped while others are answered", async () => {
  const dir = fixtureDir({
    // The slow sample's rows build about 75 MB of strings each (its SHA-256 rounds): allowed here.
    "application.conf":
      "flags { enableCount = true }\nbudget {\n  maxBytesPerRow = 1073741824\n  maxBytesPerSample = 8589934592\n}\n",
    "trusted/upper.mjs": "export function transform(record) { return record.toUpperCase(); }\n",
    "home/elsewhere.mjs": "export function transform(record) { return record; }\n",
  });
  const server = await startServe([
    "--home",
    join(dir, "home"),
    "--config",
    join(dir, "application.conf"),
    "--transformations",
    join(dir, "trusted"),
    "--sample-time-limit",
    "3",
  ]);
  const yaml = (className: string) =>
    fetch(`${server.url}/sample/task-yaml?stepName=a&sampleSize=2`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: `name: t\nsteps:\n  - name: a\n    type: json\n    transformation: {className: "${className}", mode: per-record}\n    fields: [{name: x, options: {regex: "[a-c]{3}"}}]\n`,
    });
  const schema = (fields: unknown[], sampleSize = 10) =>
    fetch(`${server.url}/sample/schema`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fields, format: "json", sampleSize }),
    });
  try {
    const upper = await yaml("upper");
    assert.equal(upper.status, 200);
    assert.match(JSON.stringify(await upper.json()), /"X":"[A-C]{3}"/);
    const refused = await yaml("../home/elsewhere.mjs");
    assert.equal(refused.status, 400);
    const err = (await refused.json()) as { error: { details: string; message: string } };
    assert.equal(err.error.details, "RF_TRANSFORMATION_REFUSED");
    // The folder is named, not its place on the server's disk.
    assert.match(err.error.message, /outside the transformations folder/);
    assert.ok(!err.error.message.includes(dir), err.error.message);

    let slowDone = false;
    const slow = schema(
      [
        { name: "n0", type: "long", options: { sql: "__index_inc" } },
        {
          name: "n",
          type: "long",
          // Seconds of SHA-256 rounds a row (a constant expression would be computed once, at compile time).
          options: {
            sql: "aggregate(sequence(1, 1000), 0L, (acc, x) -> acc + aggregate(sequence(1, 1000), 0L, (b, y) -> b + length(sha2(concat(cast(x * y as string), cast(n0 as string)), 256))))",
          },
        },
      ],
      10,
    ).then(async (r) => {
      slowDone = true;
      return { status: r.status, body: (await r.json()) as { error: { details: string; message: string } } };
    });
    const fast = await schema([{ name: "id", options: { regex: "ID[0-9]{4}" } }]);
    assert.equal(fast.status, 200);
    assert.equal(slowDone, false, "a cheap sample was answered while the slow one ran");
    const r = await slow;
    assert.equal(r.status, 400);
    assert.equal(r.body.error.details, "RF_SAMPLE_TIME_LIMIT", r.body.error.message);
    assert.match(r.body.error.message, /time limit of 3 s/);

    const down = await fetch(`${server.url}/shutdown`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    assert.equal(down.status, 200);
    assert.equal(await server.exited, 0);
  } finally {
    server.child.kill("SIGKILL");
  }
});
