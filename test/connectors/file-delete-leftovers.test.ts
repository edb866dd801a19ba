import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { deletePlanData } from "../../src/app/runs/delete-plan-data.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";

/**
 * A delete of file outputs removes what the runs wrote, the `_SUCCESS` marker and the folders
 * the runs created once they are empty, and never a file or folder of the user's.
 */
const FIELDS = `      - {name: id, options: {regex: "ID[0-9]{6}", isUnique: true}}
      - {name: year, type: int, options: {oneOf: [2023, 2024]}}
      - {name: region, options: {oneOf: [north, south]}}
`;

async function plan(options: string, records = 200): Promise<ResolvedPlan> {
  return planFrom("name: p\ntasks: [{name: t, dataSourceName: out}]\nsinkOptions: {seed: 3}\n", {
    t: `name: t\nsteps:\n  - name: s\n    type: json\n    options: {${options}}\n    count: {records: ${records}}\n    fields:\n${FIELDS}`,
  });
}

async function generateThenDelete(p: ResolvedPlan, runs = 1): Promise<number> {
  for (let k = 0; k < runs; k++) {
    const r = await runPlan(p, {
      access: OPEN_ACCESS,
      runId: `run-${k}`,
      nowMicros: TEST_NOW_MICROS,
      executor: () => createInlineExecutor(),
    });
    assert.ok(r.success, r.failedReason ?? "");
  }
  const d = await deletePlanData(p, { access: OPEN_ACCESS });
  assert.ok(d.success, d.failedReason ?? "");
  return d.steps[0]!.records;
}

/** Everything under a folder, dot-files too, sorted. */
const everything = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).sort();

test("a folder output beside a user's files (allowForeignFiles): the delete removes the parts, manifests and _SUCCESS, and keeps the user's files and folder", async () => {
  const root = fixtureDir({ "out/notes.txt": "mine\n", "out/sub/keep.csv": "a\n1\n" });
  const out = join(root, "out");
  assert.equal(
    await generateThenDelete(await plan(`path: "${out}", allowForeignFiles: true, saveMode: append`), 2),
    400,
  );
  assert.deepEqual(everything(out), ["notes.txt", "sub", "sub/keep.csv"]);
});

test("a partitioned output in folders the run created: the delete leaves none of them, up to the first folder that was there before", async () => {
  const root = fixtureDir({ "keep.txt": "x" });
  const out = join(root, "made", "by", "run", "out");
  assert.equal(await generateThenDelete(await plan(`path: "${out}", partitionBy: "year,region"`)), 200);
  assert.deepEqual(everything(root), ["keep.txt"]);
});

test("an output folder the user made before the run stays after the delete (empty), as does a _SUCCESS the user wrote over rowforge's", async () => {
  const root = fixtureDir({});
  const out = join(root, "out");
  mkdirSync(out);
  assert.equal(await generateThenDelete(await plan(`path: "${out}", partitionBy: "year"`)), 200);
  assert.deepEqual(everything(out), []);

  const second = join(root, "second");
  const p = await plan(`path: "${second}"`);
  const r = await runPlan(p, {
    access: OPEN_ACCESS,
    runId: "run-s",
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
  assert.ok(r.success, r.failedReason ?? "");
  writeFileSync(join(second, "_SUCCESS"), '{"committer": "another tool"}\n');
  const d = await deletePlanData(p, { access: OPEN_ACCESS });
  assert.ok(d.success, d.failedReason ?? "");
  assert.deepEqual(everything(second), ["_SUCCESS"], "a marker with content is not rowforge's");
});

test("a single-file output in a folder the run created: the file, its manifest and the folder go; a delete of an output that is not there creates nothing", async () => {
  const root = fixtureDir({});
  const file = join(root, "new", "people.json");
  assert.equal(await generateThenDelete(await plan(`path: "${file}"`)), 200);
  assert.deepEqual(everything(root), []);

  const missing = join(root, "never", "written");
  const d = await deletePlanData(await plan(`path: "${missing}"`), { access: OPEN_ACCESS });
  assert.ok(d.success, d.failedReason ?? "");
  assert.equal(d.steps[0]!.records, 0);
  assert.equal(existsSync(join(root, "never")), false, "the delete made no folder");
});
