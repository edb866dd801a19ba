import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { runBatchTask } from "../../src/app/run-batch-task.ts";
import { type RunResult, runPlan } from "../../src/app/run-plan.ts";
import type { ResolvedPlan } from "../../src/config/resolve/resolved-plan.ts";
import { createInlineExecutor } from "../../src/engine/run/inline-executor.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";

const FIELDS = `      - {name: id, options: {regex: "ID[0-9]{6}", isUnique: true}}
      - {name: year, type: int, options: {oneOf: [2023, 2024]}}
      - {name: amount, type: double, options: {min: 1, max: 10}}
`;

async function plan(options: string, records = 1000, format = "json"): Promise<ResolvedPlan> {
  return planFrom("name: p\ntasks: [{name: t, dataSourceName: out}]\nsinkOptions: {seed: 3}\n", {
    t: `name: t\nsteps:\n  - name: s\n    type: ${format}\n    options: {${options}}\n    count: {records: ${records}}\n    fields:\n${FIELDS}`,
  });
}

const run = (p: ResolvedPlan, runId = "run-a"): Promise<RunResult> =>
  runPlan(p, {
    runId,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(runBatchTask),
    batchSize: 300,
  });

/** Data files (manifests are dot-files). */
const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => !f.split("/").pop()!.startsWith("."))
    .sort();
const lines = (dir: string): string[] =>
  files(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => readFileSync(join(dir, f), "utf8").trimEnd().split("\n"));

test("part files named like Spark's, a _SUCCESS marker, and no temporary files left", async () => {
  const dir = join(fixtureDir({}), "out");
  const r = await run(await plan(`path: "${dir}", partitions: 3`));
  assert.ok(r.success, r.failedReason ?? "");
  assert.deepEqual(files(dir), [
    "_SUCCESS",
    "part-00000-run-a.json",
    "part-00001-run-a.json",
    "part-00002-run-a.json",
  ]);
  assert.equal(lines(dir).length, 1000);
  assert.equal(r.steps[0]!.records, 1000);
});

test("saveMode: overwrite replaces, append adds, ignore skips, errorIfExists refuses before writing", async () => {
  const dir = join(fixtureDir({}), "out");
  await run(await plan(`path: "${dir}"`));
  await run(await plan(`path: "${dir}", saveMode: Overwrite`), "run-b");
  assert.deepEqual(files(dir), ["_SUCCESS", "part-00000-run-b.json"]);
  await run(await plan(`path: "${dir}", saveMode: append`), "run-c");
  assert.deepEqual(files(dir), ["_SUCCESS", "part-00000-run-b.json", "part-00000-run-c.json"]);
  assert.equal(lines(dir).length, 2000);
  const ignored = await run(await plan(`path: "${dir}", saveMode: ignore`), "run-d");
  assert.match(ignored.steps[0]!.skipped ?? "", /exists/);
  assert.equal(lines(dir).length, 2000);
  const refused = await run(await plan(`path: "${dir}", saveMode: errorIfExists`), "run-e");
  assert.equal(refused.success, false);
  assert.match(refused.failedReason ?? "", /already exists and saveMode is errorIfExists/);
  assert.equal(lines(dir).length, 2000);
});

test("partitionBy writes Hive-style folders without the partition column", async () => {
  const dir = join(fixtureDir({}), "out");
  const r = await run(await plan(`path: "${dir}", partitionBy: "year"`));
  assert.ok(r.success, r.failedReason ?? "");
  const all = files(dir);
  assert.ok(
    all.includes("year=2023/part-00000-run-a.json") && all.includes("year=2024/part-00000-run-a.json"),
    all.join(","),
  );
  const rows = lines(join(dir, "year=2023")).map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.ok(rows.length > 300 && !("year" in rows[0]!));
  assert.equal(lines(dir).length, 1000);
});

test("a path with a file extension writes exactly that one file", async () => {
  const dir = fixtureDir({});
  const file = join(dir, "nested", "accounts.csv");
  const r = await run(await plan(`path: "${file}"`, 50, "csv"));
  assert.ok(r.success, r.failedReason ?? "");
  assert.deepEqual(files(join(dir, "nested")), ["accounts.csv"]);
  assert.equal(readFileSync(file, "utf8").trimEnd().split("\n").length, 51);
});

test("a folder holding files rowforge did not write is not overwritten", async () => {
  const dir = join(fixtureDir({}), "out");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "notes.txt"), "mine");
  const r = await run(await plan(`path: "${dir}"`));
  assert.equal(r.success, false);
  assert.match(r.failedReason ?? "", /notes\.txt.*refusing to overwrite/);
  assert.ok(existsSync(join(dir, "notes.txt")));
  assert.ok(!files(dir).some((f) => f.startsWith("part-")), "nothing that looks finished");
});

test("bad output options are refused before anything is written, naming step and option", async () => {
  const dir = join(fixtureDir({}), "out");
  const bad = [
    [await plan(`path: "${dir}", saveMode: sometimes`), /step "s": saveMode "sometimes"/],
    [await plan(`path: "${dir}", compression: lzma`, 10, "parquet"), /step "s": Parquet compression "lzma"/],
    [await plan(`path: "${dir}", compression: snappy`, 10, "orc"), /step "s".*compression/],
    [await plan(``), /step "s" has no path option/],
  ] as const;
  for (const [p, message] of bad) await assert.rejects(() => run(p), message);
  assert.ok(!existsSync(dir));
});

test("an unwritable path fails the run with a coded reason and leaves nothing finished", async () => {
  const dir = fixtureDir({ blocker: "a file where a folder should be" });
  const r = await run(await plan(`path: "${join(dir, "blocker", "out")}"`));
  assert.equal(r.success, false);
  assert.match(r.failedReason ?? "", /cannot write to/);
});
