import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { startServe } from "../support/start-serve.ts";

/**
 * POST /run of a plan whose second step fails at row time, after its first step wrote its
 * file: kept by default; with the configuration's flag enableRollbackOnFailure the first
 * step's files are removed before the run is recorded failed, and its failedReason says so.
 */
const FAILING_SQL = "CASE WHEN id > 0 THEN raise_error('second step fails') ELSE 'ok' END";

const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

test("POST /run with configuration.flag.enableRollbackOnFailure removes what a failed run committed; without it the run keeps it", async () => {
  const dir = fixtureDir({});
  const server = await startServe(["--home", join(dir, "home"), "--data-dir", dir]);
  const run = async (name: string, rollback: boolean) => {
    const body = {
      plan: {
        name,
        tasks: [
          { name: "first", dataSourceName: "a", enabled: true },
          { name: "second", dataSourceName: "b", enabled: true },
        ],
      },
      tasks: [
        {
          name: "first",
          type: "json",
          options: { path: join(dir, name, "first") },
          count: { records: 100 },
          fields: [{ name: "id", type: "int" }],
        },
        {
          name: "second",
          type: "json",
          options: { path: join(dir, name, "second") },
          count: { records: 100 },
          fields: [
            { name: "id", type: "int", options: { min: 1, max: 100 } },
            { name: "flag", type: "string", options: { sql: FAILING_SQL } },
          ],
        },
      ],
      ...(rollback ? { configuration: { flag: { enableRollbackOnFailure: true } } } : {}),
    };
    const r = await fetch(`${server.url}/run`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    assert.equal(r.status, 200, await r.clone().text());
    const id = ((await r.json()) as { executionId: string }).executionId;
    for (let i = 0; i < 1200; i++) {
      const st = (await (await fetch(`${server.url}/run/status/${id}`)).json()) as {
        status: string;
        failedReason: string | null;
      };
      if (st.status === "success" || st.status === "failed") return st;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error(`run ${id} did not end`);
  };
  try {
    const kept = await run("kept", false);
    assert.equal(kept.status, "failed");
    assert.match(String(kept.failedReason), /second step fails/);
    assert.doesNotMatch(String(kept.failedReason), /rolled back/);
    assert.ok(
      filesUnder(join(dir, "kept", "first")).some((f) => f.endsWith(".json")),
      "the first step's file stays",
    );

    const rolled = await run("rolled", true);
    assert.equal(rolled.status, "failed");
    assert.match(String(rolled.failedReason), /second step fails.*; rolled back: removed 100 rows of \w+$/);
    assert.deepEqual(filesUnder(join(dir, "rolled", "first")), [], "the first step's file is gone");
    assert.deepEqual(filesUnder(join(dir, "rolled", "second")), [], "the failed step left nothing");
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
