import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fixtureDir } from "../support/fixture-dir.ts";
import { startServe } from "../support/start-serve.ts";

test("serve --concurrency 4: four runs to one folder take turns; each succeeds whole, one complete output is left", async () => {
  const dir = fixtureDir({});
  const server = await startServe(["--home", join(dir, "home"), "--data-dir", dir, "--concurrency", "4"]);
  const post = (path: string, body?: unknown) =>
    fetch(server.url + path, {
      method: "POST",
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
  try {
    const out = join(dir, "out", "events");
    const saved = await post("/connection", {
      connections: [{ name: "events_files", type: "json", options: { path: out, partitions: "2" } }],
    });
    assert.equal(saved.status, 200);
    const plan = {
      plan: {
        name: "events_plan",
        tasks: [{ name: "events", dataSourceName: "events_files", enabled: true }],
      },
      tasks: [
        {
          name: "events",
          count: { records: 50_000 },
          fields: [
            { name: "id", options: { regex: "E[0-9]{9}", isUnique: true } },
            { name: "n", type: "int", options: { min: 1, max: 9 } },
          ],
        },
      ],
    };
    assert.equal((await post("/plan", plan)).status, 200);
    const ids = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const text = await (await post("/run/plans/events_plan?source=json")).text();
        return /execution id ([0-9a-f-]{36})/.exec(text)![1]!;
      }),
    );
    const records: { status: string; failedReason: string | null }[] = [];
    for (const id of ids) {
      let r = { status: "", failedReason: null as string | null };
      for (let i = 0; i < 2400 && r.status !== "success" && r.status !== "failed"; i++) {
        r = (await (await fetch(`${server.url}/run/status/${id}`)).json()) as typeof r;
        if (r.status !== "success" && r.status !== "failed") await sleep(50);
      }
      records.push(r);
    }
    for (const r of records) assert.equal(r.status, "success", r.failedReason ?? "");
    const names = readdirSync(out).sort();
    const manifests = names.filter((n) => n.endsWith(".manifest"));
    assert.equal(manifests.length, 1, names.join(", "));
    const run = /^\.rowforge-(.+)\.manifest$/.exec(manifests[0]!)![1]!;
    assert.ok(ids.includes(run));
    assert.deepEqual(names, [manifests[0], "_SUCCESS", `part-00000-${run}.json`, `part-00001-${run}.json`]);
    const lines = names
      .filter((n) => n.endsWith(".json"))
      .flatMap((n) => readFileSync(join(out, n), "utf8").trimEnd().split("\n"));
    assert.equal(lines.length, 50_000);
    assert.equal(new Set(lines).size, 50_000);
    assert.ok(!existsSync(join(out, ".rowforge-lock")));
    await post("/shutdown", {});
    assert.equal(await server.exited, 0);
  } finally {
    server.child.kill("SIGKILL");
  }
});
