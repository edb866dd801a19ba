import assert from "node:assert/strict";
import { test } from "node:test";
import { RecordBatch, Table, tableFromIPC, tableToIPC } from "apache-arrow";
import { EVERY_TYPE_FIELDS as FIELDS } from "../../../test/support/every-type-fields.ts";
import { singleStepPlan, TEST_NOW_MICROS } from "../../../test/support/plans.ts";
import { rowsJson } from "../../../test/support/rows.ts";
import { compilePlan } from "../compile/compile-plan.ts";
import { decimalWords } from "./to-arrow.ts";

const rows = rowsJson;

test("generated batches behave like RecordBatch's own construction: rows, schema, slices, IPC", async () => {
  const plan = await singleStepPlan(FIELDS, 40);
  const step = compilePlan(plan, { seed: "5", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!;
  const ours = step.batch(0, 40);
  const theirs = new RecordBatch(ours.schema, ours.data);
  assert.ok(ours instanceof RecordBatch);
  assert.equal(ours.numRows, 40);
  assert.equal(ours.numCols, theirs.numCols);
  assert.deepEqual(
    ours.schema.fields.map((f) => [f.name, String(f.type), f.nullable]),
    theirs.schema.fields.map((f) => [f.name, String(f.type), f.nullable]),
  );
  assert.equal(rows(ours), rows(theirs));
  assert.equal(rows(ours.slice(5, 12)), rows(theirs.slice(5, 12)));
  assert.equal(rows(ours.select(["s", "nested"])), rows(theirs.select(["s", "nested"])));
  assert.equal(ours.metadata.size, 0);
  assert.equal(ours.dictionaries.size, 0);
  const ipc = tableToIPC(new Table([ours]), "stream");
  assert.deepEqual(ipc, tableToIPC(new Table([theirs]), "stream"));
  assert.equal(rows(tableFromIPC(ipc).batches[0]!), rows(theirs));
});

test("decimal words: unscaled numbers below 2^53 (computed without BigInt) match BigInt's two's complement", () => {
  const values = [0, 1, -1, 99_999_99, -99_999_99, 2 ** 32 - 1, 2 ** 32, -(2 ** 32), -(2 ** 32) + 1];
  values.push(2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, -(2 ** 60), 12_345_678_901_234, -12_345_678_901_234);
  const words = decimalWords(Float64Array.from(values), values.length);
  const viaBigInt = decimalWords(
    values.map((v) => BigInt(v)),
    values.length,
  );
  assert.deepEqual([...words], [...viaBigInt]);
  // -1 is all ones; 2^32 is 0, 1, 0, 0; -(2^32) is 0, then ones.
  assert.deepEqual([...words.subarray(8, 12)], [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
  assert.deepEqual([...words.subarray(24, 28)], [0, 1, 0, 0]);
  assert.deepEqual([...words.subarray(28, 32)], [0, 0xffffffff, 0xffffffff, 0xffffffff]);
});
