import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import type { BatchExecutor } from "../../src/engine/index.ts";
import { createPoolExecutor } from "../../workers/pool-executor.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { readWithPyarrow } from "../support/pyarrow.ts";

const FIELDS = `      - {name: id, options: {regex: "ID[0-9]{6}", isUnique: true}}
      - {name: amount, type: double, options: {min: 1, max: 10}}
      - {name: when, type: timestamp, options: {min: "2024-01-01 00:00:00"}}
      - name: history
        type: array
        fields:
          - {name: status, options: {oneOf: ["open", "closed", "pending"]}}
          - {name: at, type: date, options: {min: "2023-01-01"}}
      - name: customer
        fields:
          - {name: name, options: {expression: "#{Name.firstName}"}}
          - {name: age, type: int, options: {min: 18, max: 90}}
`;

const ROWS = 2500;

/** Runs a 2,500-row step into two part files and returns each data file's bytes by name. */
async function run(
  format: string,
  options: string,
  batchSize: number,
  executor: () => BatchExecutor,
): Promise<Map<string, Buffer>> {
  const dir = join(fixtureDir({}), "out");
  const plan = await planFrom("name: p\ntasks: [{name: t, dataSourceName: out}]\nsinkOptions: {seed: 11}\n", {
    t: `name: t\nsteps:\n  - name: s\n    type: ${format}\n    options: {path: "${dir}", partitions: 2, ${options}}\n    count: {records: ${ROWS}}\n    fields:\n${FIELDS}`,
  });
  const r = await runPlan(plan, {
    access: OPEN_ACCESS,
    runId: "seg",
    nowMicros: TEST_NOW_MICROS,
    executor,
    batchSize,
  });
  assert.ok(r.success, r.failedReason ?? "");
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(dir)
    .filter((n) => n.startsWith("part-"))
    .sort())
    files.set(name, readFileSync(join(dir, name)));
  assert.equal(files.size, 2);
  return files;
}

const CASES = [
  { format: "parquet", options: 'compression: zstd, rowGroupSize: "500"' },
  { format: "orc", options: 'compression: zstd, stripeSize: "500rows", rowIndexStride: "200"' },
];

for (const { format, options } of CASES) {
  test(`${format} run by worker threads: the same bytes at two batch sizes and inline, every row read back`, async () => {
    const pooledSmall = await run(format, options, 97, () => createPoolExecutor(2));
    const pooledLarge = await run(format, options, 400, () => createPoolExecutor(2));
    const inline = await run(format, options, 1000, () => createInlineExecutor());
    for (const [name, bytes] of pooledSmall) {
      assert.ok(bytes.equals(pooledLarge.get(name)!), `${name}: batch sizes 97 and 400 give different bytes`);
      assert.ok(bytes.equals(inline.get(name)!), `${name}: the inline executor gives different bytes`);
    }
    const dir = fixtureDir({});
    let rows = 0;
    for (const [name, bytes] of pooledSmall) {
      const file = join(dir, name);
      writeFileSync(file, bytes);
      const back = readWithPyarrow(file, format as "parquet" | "orc");
      rows += back.rows.length;
      assert.equal(typeof back.rows[0]!.id, "string");
    }
    assert.equal(rows, ROWS);
  });
}
