import assert from "node:assert/strict";
import { test } from "node:test";
import { Table, tableToIPC } from "apache-arrow";
import fc from "fast-check";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { exactJson, rowsJson } from "../support/rows.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

const ACCOUNTS = `name: accounts_task
steps:
  - name: accounts
    count: {records: 300}
    fields:
      - {name: account_id, options: {regex: "ACC[0-9]{8}", isUnique: true}}
      - {name: name, options: {expression: "#{Name.firstName} #{Name.lastName}"}}
      - {name: status, options: {oneOf: ["open->0.7", "closed->0.3"]}}
      - {name: balance, type: "decimal(10,2)", options: {min: 0, max: 5000}}
      - {name: opened, type: date, options: {min: "2020-01-01", max: "2024-12-31"}}
      - {name: opened_year, type: int, options: {sql: "YEAR(opened)"}}
      - {name: score, type: double, options: {min: 0, max: 1, enableNull: true}}
      - name: tags
        type: "array<string>"
        options: {arrayMinLen: 0, arrayMaxLen: 4, oneOf: [a, b, c]}
      - name: address
        fields:
          - {name: city, options: {expression: "#{Address.city}"}}
          - {name: zip, options: {regex: "[0-9]{5}"}}
  - name: transactions
    count: {records: 50, perField: {fieldNames: [account_id], options: {min: 1, max: 4}}}
    fields:
      - {name: account_id}
      - {name: amount, type: double, options: {min: 1, max: 100, round: 2}}
`;

const PLAN = `name: p
tasks: [{name: accounts_task, dataSourceName: ds}]
sinkOptions:
  foreignKeys:
    - source: {dataSource: ds, step: accounts, fields: [account_id]}
      generate: [{dataSource: ds, step: transactions, fields: [account_id]}]
`;

const bytesOf = (batches: Parameters<typeof Table.prototype.concat>[0][]) =>
  tableToIPC(new Table(batches as never), "stream");

test("any split of the rows into batches gives the same values", async () => {
  const plan = await planFrom(PLAN, { accounts: ACCOUNTS });
  for (const fastMode of [true, false]) {
    const compiled = compilePlan(plan, { seed: "7", nowMicros: TEST_NOW_MICROS, fastMode });
    for (const step of compiled.steps) {
      const whole = step.batch(0, step.rowCount);
      const expected = rowsJson(whole);
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.integer({ min: 1, max: step.rowCount - 1 }), { maxLength: 6 }),
          (cuts) => {
            const bounds = [0, ...cuts.sort((a, b) => a - b), step.rowCount];
            const parts = bounds.slice(1).map((end, i) => step.batch(bounds[i]!, end - bounds[i]!));
            const rows = parts.flatMap((b) => b.toArray().map((r) => r.toJSON()));
            assert.equal(exactJson(rows), expected);
          },
        ),
        { numRuns: 15 },
      );
    }
  }
});

test("a fresh compile of the same plan and seed gives identical bytes; another seed does not", async () => {
  const plan = await planFrom(PLAN, { accounts: ACCOUNTS });
  const run = (seed: string) => {
    const c = compilePlan(plan, { seed, nowMicros: TEST_NOW_MICROS, fastMode: true });
    return c.steps.map((s) => Buffer.from(bytesOf([s.batch(0, s.rowCount) as never])).toString("base64"));
  };
  assert.deepEqual(run("7"), run("7"));
  assert.notDeepEqual(run("7"), run("8"));
});

test("the engine never reads the clock or Math.random", async () => {
  const { readdir, readFile } = await import("node:fs/promises");
  const root = new URL("../../src/engine/", import.meta.url);
  const files = (await readdir(root, { recursive: true })).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
  );
  const offenders: string[] = [];
  for (const f of files) {
    const text = await readFile(new URL(f, root), "utf8");
    if (/Math\.random\s*\(|Date\.now\s*\(|new Date\s*\(\s*\)|performance\.now\s*\(/.test(text))
      offenders.push(f);
  }
  assert.deepEqual(offenders, []);
});
