import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runRequest } from "../support/run-request.ts";
import { startServe } from "../support/start-serve.ts";

// Generators and functions asked for far more than a 512 MiB heap holds: each request is
// refused with a coded 400 before anything large is made, and the server keeps answering.

const HUGE_FAKER = [
  "#{Lorem.characters '100000000'}",
  "#{Lorem.characters '3000000'}",
  "#{Lorem.paragraphs '1000000'}",
  "#{Lorem.words '100000000'}",
  "#{Number.digits '100000000'}",
  "#{Internet.password '8','100000000'}",
  "#{Options.option 'a','#{Lorem.fixedString ''100000000''}'}",
];

const HUGE_SQL: [string, string][] = [
  [
    "string",
    "replace(replace(replace(repeat('x', 10000), 'x', repeat('x', 10000)), 'x', repeat('x', 10000)), 'x', 'yy')",
  ],
  ["string", "regexp_replace(repeat('ab', 100000), 'a', repeat('ab', 100000))"],
  ["array<string>", "transform(sequence(1, 100000), x -> repeat('x', 1000000))"],
  ["string", "to_json(array_repeat(repeat('x', 1000000), 100000))"],
  ["string", "format_string('%1000000000d', 1)"],
  ["array<int>", "flatten(transform(sequence(1, 10000), x -> sequence(1, 10000)))"],
];

test("under a 512 MiB heap, requests asking for too much get a coded 400 and the server keeps serving", {
  timeout: 300_000,
}, async () => {
  const dir = fixtureDir({});
  const server = await startServe(["--home", join(dir, "home"), "--data-dir", dir, "--max-heap", "512"]);
  try {
    const post = (url: string, body: unknown) =>
      fetch(`${server.url}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const alive = async () => {
      const r = await fetch(`${server.url}/connections`);
      assert.equal(r.status, 200, "the server answers other requests");
    };
    for (const expression of HUGE_FAKER) {
      const r = await post("/sample/schema", {
        fields: [{ name: "text", options: { expression } }],
        sampleSize: 1,
      });
      const body = await r.text();
      assert.equal(r.status, 400, `${expression}: ${body}`);
      assert.match(body, /RF_BUDGET_EXCEEDED/);
      assert.match(body, /maxStringLength/);
      await alive();
    }
    for (const [type, sql] of HUGE_SQL) {
      const r = await post("/sample/schema", {
        fields: [{ name: "grown", type, options: { sql } }],
        sampleSize: 1,
      });
      const body = await r.text();
      assert.equal(r.status, 400, `${sql}: ${body}`);
      assert.match(body, /RF_BUDGET_EXCEEDED/);
      await alive();
    }
    // The run: 100,000 rows of 3,000,000 characters each, refused when submitted.
    const run = runRequest("huge", join(dir, "out"), 100_000);
    const huge = { name: "text", options: { expression: "#{Lorem.characters '3000000'}" } };
    const r = await post("/run", { ...run, tasks: [{ ...run.tasks[0]!, fields: [huge] }] });
    const body = await r.text();
    assert.equal(r.status, 400, body);
    assert.match(body, /RF_BUDGET_EXCEEDED/);
    // Within the budget, the same generators still work.
    const ok = await post("/sample/schema", {
      fields: [{ name: "text", options: { expression: "#{Lorem.characters '1000'}" } }],
      sampleSize: 3,
    });
    assert.equal(ok.status, 200, await ok.clone().text());
    const rows = ((await ok.json()) as { sampleData: { text: string }[] }).sampleData;
    assert.deepEqual(
      rows.map((row) => row.text.length),
      [1000, 1000, 1000],
    );
    assert.equal(server.child.exitCode, null, "the server is still running");
  } finally {
    server.child.kill("SIGTERM");
    assert.equal(await server.exited, 0, server.output());
  }
});
