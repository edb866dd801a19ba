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
