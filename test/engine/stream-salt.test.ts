import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RecordBatch } from "apache-arrow";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { withStreamSalt } from "../../src/engine/rng/index.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import { planFrom, singleStepPlan, TEST_NOW_MICROS } from "../support/plans.ts";
import { exactJson, rowsJson } from "../support/rows.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

const FIELDS = `      - {name: id, options: {regex: "ACC[0-9]{8}", isUnique: true}}
      - {name: name, options: {expression: "#{Name.firstName} #{Name.lastName}"}}
      - {name: status, options: {oneOf: ["open->0.7", "closed->0.3"]}}
      - {name: balance, type: "decimal(10,2)", options: {min: 0, max: 5000}}
      - {name: seq, type: int, options: {min: 1, max: 100000, isUnique: true}}
      - {name: opened, type: date, options: {min: "2020-01-01", max: "2024-12-31"}}
      - {name: opened_at, type: timestamp}
      - {name: opened_year, type: int, options: {sql: "YEAR(opened) + RAND()"}}
      - {name: score, type: double, options: {min: 0, max: 1, enableNull: true}}
      - {name: code, type: string}
      - name: tags
        type: "array<string>"
        options: {arrayMinLen: 0, arrayMaxLen: 4, oneOf: [a, b, c]}
      - name: address
        fields:
          - {name: city, options: {expression: "#{Address.city}"}}
          - {name: zip, options: {regex: "[0-9]{5}"}}
`;

const json = rowsJson;
const column = (b: RecordBatch, name: string): string => exactJson(b.getChild(name)!.toJSON());

describe("stream salt", () => {
  it("salt 0 is the identity, so runs are unaffected", async () => {
    const plan = await singleStepPlan(FIELDS, 200);
    const c = compilePlan(plan, { seed: "3", nowMicros: TEST_NOW_MICROS, fastMode: false });
    const plain = json(c.steps[0]!.batch(0, 200));
    assert.equal(json(withStreamSalt(0, () => c.steps[0]!.batch(0, 200))), plain);
  });

  for (const fastMode of [true, false]) {
    it(`gives every field fresh values, the same for the same salt, uniqueness kept (fastMode ${fastMode})`, async () => {
      const plan = await singleStepPlan(FIELDS, 200);
      const c = compilePlan(plan, { seed: "3", nowMicros: TEST_NOW_MICROS, fastMode });
      assert.equal(c.reseedable, true);
      const step = c.steps[0]!;
      const a = withStreamSalt(11, () => step.batch(0, 200));
      assert.equal(json(withStreamSalt(11, () => step.batch(0, 200))), json(a));
      const b = withStreamSalt(12, () => step.batch(0, 200));
      const plain = step.batch(0, 200);
      for (const f of a.schema.fields) {
        assert.notEqual(column(a, f.name), column(b, f.name), `${f.name} differs between salts`);
        assert.notEqual(column(a, f.name), column(plain, f.name), `${f.name} differs from the unsalted run`);
      }
      for (const batch of [a, b]) {
        for (const name of ["id", "seq"]) {
          const values = batch.getChild(name)!.toArray() as ArrayLike<unknown>;
          assert.equal(new Set(Array.from(values)).size, 200, `${name} stays unique under a salt`);
        }
      }
    });
  }

  it("fast-mode pools made during a salted batch are the pools an unsalted run uses", async () => {
    const fields = `      - {name: first, options: {expression: "#{Name.firstName}"}}\n`;
    const plan = await singleStepPlan(fields, 50);
    // Two reference days compile to two expression objects, each with its own pools.
    const dayA = compilePlan(plan, {
      seed: "1",
      nowMicros: TEST_NOW_MICROS + 86_400_000_000,
      fastMode: true,
    });
    const dayB = compilePlan(plan, {
      seed: "1",
      nowMicros: TEST_NOW_MICROS + 2 * 86_400_000_000,
      fastMode: true,
    });
    withStreamSalt(99, () => dayA.steps[0]!.batch(0, 50));
    assert.equal(json(dayA.steps[0]!.batch(0, 50)), json(dayB.steps[0]!.batch(0, 50)));
  });

  it("is refused (reseedable false) where the compiled plan holds drawn group sizes or a field keeps its own seed", async () => {
    const plain = await singleStepPlan("      - {name: a}\n", 10);
    const ownSeed = await singleStepPlan("      - {name: a, options: {seed: 5}}\n", 10);
    const nestedSeed = await singleStepPlan(
      "      - name: s\n        fields:\n          - {name: a, options: {seed: 5}}\n",
      10,
    );
    const grouped = (count: string) =>
      planFrom("name: p\ntasks: [{name: t, dataSourceName: out}]\n", {
        t: `name: t\nsteps:\n  - {name: s, count: ${count}, fields: [{name: a}, {name: b}]}\n`,
      });
    const drawnGroups = await grouped(
      "{records: 10, perField: {fieldNames: [a], options: {min: 1, max: 3}}}",
    );
    const fixedGroups = await grouped("{records: 10, perField: {fieldNames: [a], count: 2}}");
    const cardinality = await planFrom(
      `name: p
tasks: [{name: t, dataSourceName: ds}]
sinkOptions:
  foreignKeys:
    - source: {dataSource: ds, step: parents, fields: [id]}
      generate: [{dataSource: ds, step: children, fields: [id], cardinality: {min: 1, max: 3}}]
`,
      {
        t: `name: t
steps:
  - {name: parents, count: {records: 5}, fields: [{name: id}]}
  - {name: children, fields: [{name: id}]}
`,
      },
    );
    const reseedable = (p: typeof plain) =>
      compilePlan(p, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true }).reseedable;
    assert.equal(reseedable(plain), true);
    assert.equal(reseedable(fixedGroups), true);
    assert.equal(reseedable(ownSeed), false);
    assert.equal(reseedable(nestedSeed), false);
    assert.equal(reseedable(drawnGroups), false);
    assert.equal(reseedable(cardinality), false);
  });
});
