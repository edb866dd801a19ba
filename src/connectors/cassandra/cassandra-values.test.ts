import assert from "node:assert/strict";
import { test } from "node:test";
import { planFrom, TEST_NOW_MICROS } from "../../../test/support/plans.ts";
import { compilePlan } from "../../engine/compile/compile-plan.ts";
import { loadCassandraDriver } from "./cassandra-driver.ts";
import { batchBytes, batchParameters, parameterBytes } from "./cassandra-values.ts";

const TASK = `name: t
steps:
  - name: s
    type: json
    options: {enableNull: true, nullProb: 0.3}
    fields:
      - {name: name, options: {expression: "#{Name.name} – ünïcødé ✓"}}
      - {name: ascii, options: {regex: "[a-z]{0,12}"}}
      - {name: i, type: int}
      - {name: l, type: long}
      - {name: sh, type: short}
      - {name: b, type: byte}
      - {name: d, type: double}
      - {name: f, type: float}
      - {name: amount, type: "decimal(10,2)"}
      - {name: ok, type: boolean}
      - {name: day, type: date}
      - {name: at, type: timestamp}
      - {name: raw, type: binary}
      - {name: tags, type: "array<string>"}
      - {name: attrs, type: "map<string,int>"}
      - {name: address, type: "struct<city:string,zip:int>"}
`;

test("a batch's CQL bytes counted per column from its Arrow buffers are what counting every parameter gives", async () => {
  await loadCassandraDriver(); // dates become the driver's LocalDate
  const plan = await planFrom("name: p\ntasks: [{name: t, dataSourceName: out}]\n", { t: TASK });
  const step = compilePlan(plan, { seed: "7", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!;
  for (const [start, count] of [
    [0, 500],
    [123, 77],
    [0, 1],
  ] as const) {
    const batch = step.batch(start, count);
    const rows = batchParameters(batch);
    const all = batch.schema.fields.map(() => true);
    assert.equal(batchBytes(batch, rows, all), parameterBytes(rows), `rows ${start}+${count}`);
    // Adapted columns (here: every other one) are counted value by value, as their values went.
    const some = batch.schema.fields.map((_, k) => k % 2 === 0);
    assert.equal(batchBytes(batch, rows, some), parameterBytes(rows), `rows ${start}+${count}, some adapted`);
  }
});
