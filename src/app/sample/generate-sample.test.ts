import assert from "node:assert/strict";
import { test } from "node:test";
import { planFrom, TEST_NOW_MICROS } from "../../../test/support/plans.ts";
import { rowsJson } from "../../../test/support/rows.ts";
import { generateSample, type SampleOptions } from "./generate-sample.ts";

const rows = rowsJson;
const options: SampleOptions = { size: 10, fastMode: true, nowMicros: TEST_NOW_MICROS };

const plan = (sinkOptions: string, count: string) =>
  planFrom(`name: p\ntasks: [{name: t, dataSourceName: ds}]\n${sinkOptions}`, {
    t: `name: t
steps:
  - name: s
    count: ${count}
    fields:
      - {name: id, options: {regex: "ID[0-9]{6}", isUnique: true}}
      - {name: n, type: long, options: {min: 0, max: 1000000000}}
`,
  });

test("unseeded samples differ each time, whether the compiled plan is reused (salted) or not (drawn group sizes)", async () => {
  for (const count of [
    "{records: 10}",
    "{records: 10, perField: {fieldNames: [id], options: {min: 1, max: 3}}}",
  ]) {
    const p = await plan("", count);
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const [s] = generateSample(p, undefined, options);
      const ids = s!.batch.getChild("id")!.toArray() as string[];
      if (!count.includes("perField"))
        assert.equal(new Set(ids).size, ids.length, "unique values stay unique");
      seen.add(rows(s!.batch));
    }
    assert.equal(seen.size, 5, `five different samples for count ${count}`);
  }
});

test("a plan with a seed gives the same sample every time", async () => {
  const p = await plan("sinkOptions: {seed: 42}\n", "{records: 10}");
  const [a] = generateSample(p, undefined, options);
  const [b] = generateSample(p, undefined, options);
  assert.equal(rows(a!.batch), rows(b!.batch));
});

test("a sample of some steps is judged by their size alone: another step's worst case does not refuse it", async () => {
  const p = await planFrom("name: p\ntasks: [{name: t, dataSourceName: ds}]\n", {
    t: `name: t
steps:
  - name: big
    fields:
      - {name: text, options: {minLen: 1, maxLen: 500000}}
  - name: small
    fields:
      - {name: n, type: int, options: {min: 1, max: 9}}
`,
  });
  const o = { ...options, size: 200 };
  const small = p.steps.filter((s) => s.step.name === "small");
  const [s] = generateSample(p, small, o);
  assert.equal(s!.batch.numRows, 200);
  assert.throws(
    () => generateSample(p, undefined, o),
    /RF_BUDGET_EXCEEDED|maxBytesPerSample/,
    "the whole plan's sample is still over the budget",
  );
});
