import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { startServe } from "../support/start-serve.ts";

const heapOf = (banner: string): number => Number(/heap limit (\d+) MiB/.exec(banner)?.[1]);

test("rowforge serve runs under an explicit heap limit (default 4096 MiB)", { timeout: 60_000 }, async () => {
  const server = await startServe(["--home", join(fixtureDir({}), "home")]);
  try {
    const heap = heapOf(server.banner);
    // V8's heap_size_limit is the old space (--max-old-space-size) plus the young generation.
    assert.ok(heap >= 4096 && heap < 4096 + 512, server.banner);
  } finally {
    server.child.kill("SIGTERM");
    assert.equal(await server.exited, 0);
  }
});

test("with --max-heap 512 the server refuses huge samples before allocating and keeps serving", {
  timeout: 120_000,
}, async () => {
  const server = await startServe(["--home", join(fixtureDir({}), "home"), "--max-heap", "512"]);
  try {
    const heap = heapOf(server.banner);
    assert.ok(heap >= 512 && heap < 512 + 256, server.banner);
    const sample = (body: unknown) =>
      fetch(`${server.url}/sample/schema`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    // Each of these would need gigabytes, far above a 512 MiB heap, had it been generated.
    const huge = [
      { fields: [{ name: "deep", type: `${"array<".repeat(20)}int${">".repeat(20)}` }], sampleSize: 100 },
      { fields: [{ name: "code", options: { regex: "((a|b){1000}){1000}" } }], sampleSize: 100 },
      { fields: [{ name: "text", type: "string", options: { minLen: 1e8 } }], sampleSize: 100 },
      { fields: [{ name: "items", type: "array<string>", options: { arrayMinLen: 1e6 } }], sampleSize: 100 },
      {
        fields: [{ name: "big", type: "string", options: { sql: "repeat('x', 100000000)" } }],
        sampleSize: 100,
      },
    ];
    for (const body of huge) {
      const r = await sample(body);
      const text = await r.text();
      assert.equal(r.status, 400, text);
      assert.match(text, /RF_BUDGET_EXCEEDED/);
    }
    const ok = await sample({ fields: [{ name: "id", options: { regex: "ID[0-9]{4}" } }], sampleSize: 5 });
    assert.equal(ok.status, 200);
    assert.equal(((await ok.json()) as { sampleData: unknown[] }).sampleData.length, 5);
    assert.equal(server.child.exitCode, null, "the server is still running");
  } finally {
    server.child.kill("SIGTERM");
    assert.equal(await server.exited, 0);
  }
});

test("an invalid --max-heap is refused as invalid input", { timeout: 60_000 }, () => {
  const r = runCli(["serve", "--port", "0", "--home", join(fixtureDir({}), "home"), "--max-heap", "lots"]);
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /--max-heap must be a whole number of MiB/);
});
