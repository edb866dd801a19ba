import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { CLI, REPO_ROOT, runCli } from "../support/run-cli.ts";

/** Starts `rowforge serve` on a free loopback port and resolves with its base URL. */
function serve(
  home: string,
  config: string,
): Promise<{ url: string; child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(
    process.execPath,
    [CLI, "serve", "--port", "0", "--home", home, "--config", config, "--log-level", "silent"],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: "1" },
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 20_000);
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child, exited });
      }
    });
    child.stderr!.on("data", (d: Buffer) => {
      out += d.toString();
    });
  });
}

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
  const server = await serve(home, config);
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
  const server = await serve(join(dir, "home"), join(dir, "application.conf"));
  server.child.kill("SIGTERM");
  assert.equal(await server.exited, 0);
});
