import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";

/** A plan of one task holding the given steps (YAML list items under `steps:`). */
const plan = (steps: string): Promise<ResolvedPlan> =>
  planFrom("name: p\ntasks: [{name: t, dataSourceName: out}]\nsinkOptions: {seed: 3}\n", {
    t: `name: t\nsteps:\n${steps}`,
  });

const run = (p: ResolvedPlan) =>
  runPlan(p, {
    access: OPEN_ACCESS,
    runId: "run-o",
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });

const dataFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => !f.startsWith(".") && f !== "_SUCCESS")
    .sort();

test("the run-affecting step options are typed fields of the resolved step, parsed one way", async () => {
  const p = await plan(`  - name: a
    type: json
    options: {path: /tmp/x, enableReferenceMode: " TRUE", allCombinations: "yes"}
    fields: [{name: id}]
  - name: b
    type: json
    options: {path: /tmp/y, enableDataGeneration: "0"}
    fields: [{name: id}]
  - name: c
    type: json
    options: {path: /tmp/z}
    fields: [{name: id}]
`);
  const [a, b, c] = p.steps;
  assert.deepEqual(
    [a, b, c].map((s) => [s?.referenceMode, s?.dataGeneration, s?.allCombinations]),
    [
      [true, true, true],
      [false, false, false],
      [false, true, false],
    ],
  );
});

test("a field's unwrapTopLevelArray is resolved onto its step's options once, a step's own option winning", async () => {
  const p = await plan(`  - name: a
    type: json
    options: {path: /tmp/x}
    fields: [{name: items, type: "array<string>", options: {unwrapTopLevelArray: true, arrayFixedSize: 2}}]
  - name: b
    type: json
    options: {path: /tmp/y, unwrapTopLevelArray: other}
    fields: [{name: items, type: "array<string>", options: {unwrapTopLevelArray: true}}]
  - name: c
    type: json
    options: {path: /tmp/z}
    fields: [{name: items, type: "array<string>", options: {unwrapTopLevelArray: true, omit: true}}]
`);
  assert.deepEqual(
    p.steps.map((s) => s.step.options.unwrapTopLevelArray),
    ["items", "other", undefined],
  );
});

test("runs honour the resolved options: a reference step is skipped, a field's unwrapTopLevelArray writes one JSON array, allCombinations gives every combination", async () => {
  const root = fixtureDir({});
  const p = await plan(`  - name: ref
    type: json
    options: {path: "${join(root, "ref")}", enableReferenceMode: "true"}
    fields: [{name: id}]
  - name: arr
    type: json
    count: {records: 3}
    options: {path: "${join(root, "arr")}"}
    fields: [{name: items, type: "array<string>", options: {unwrapTopLevelArray: true, arrayFixedSize: 2, oneOf: [x]}}]
  - name: combos
    type: json
    options: {path: "${join(root, "combos")}", allCombinations: "true"}
    fields:
      - {name: a, options: {oneOf: [p, q]}}
      - {name: b, type: int, options: {oneOf: [1, 2, 3]}}
`);
  const r = await run(p);
  assert.ok(r.success, r.failedReason ?? "");
  assert.equal(r.steps.find((s) => s.name === "ref")?.skipped, "reference data: read, not generated");
  const arr = dataFiles(join(root, "arr"));
  assert.equal(arr.length, 1);
  assert.deepEqual(JSON.parse(readFileSync(join(root, "arr", arr[0]!), "utf8")), [
    "x",
    "x",
    "x",
    "x",
    "x",
    "x",
  ]);
  const combos = dataFiles(join(root, "combos")).flatMap((f) =>
    readFileSync(join(root, "combos", f), "utf8")
      .trimEnd()
      .split("\n"),
  );
  const pairs = combos.map((l) => {
    const o = JSON.parse(l) as { a: string; b: number };
    return `${o.a}${o.b}`;
  });
  assert.deepEqual(pairs.sort(), ["p1", "p2", "p3", "q1", "q2", "q3"]);
});
