import assert from "node:assert/strict";
import { test } from "node:test";
import { singleStepPlan } from "../../../test/support/plans.ts";
import { generateAll, type Row } from "../../../test/support/rows.ts";

/** A step of scalar, struct, array and map fields, each with the given extra options. */
const fieldsWith = (extra: string) =>
  [
    "      - name: name",
    `        options: {minLen: 3, maxLen: 9${extra}}`,
    "      - name: amount",
    "        type: int",
    `        options: {min: 1, max: 99, enableEdgeCase: true, edgeCaseProb: 0.2${extra}}`,
    "      - name: tags",
    "        type: array<string>",
    `        options: {arrayMinLen: 1, arrayMaxLen: 3${extra}}`,
    "      - name: counts",
    "        type: map<string,int>",
    `        options: {mapMinSize: 1, mapMaxSize: 2${extra}}`,
    "      - name: address",
    "        type: struct",
    `        options: {${extra.slice(2)}}`,
    "        fields:",
    "          - name: city",
    `            options: {maxLen: 5${extra}}`,
    "          - name: lines",
    "            type: array<struct<n:int>>",
    `            options: {arrayMinLen: 1, arrayMaxLen: 2${extra}}`,
  ].join("\n");

const rowsWith = async (extra: string): Promise<Row[]> =>
  [...generateAll(await singleStepPlan(fieldsWith(extra), 400)).values()][0]!;

/** Every non-null value of `sparse` equals `full`'s, field by field at every depth. */
function assertSubset(sparse: unknown, full: unknown, at: string): number {
  if (sparse === null || sparse === undefined) return 1;
  if (typeof sparse !== "object" || Array.isArray(sparse)) {
    assert.deepEqual(sparse, full, at);
    return 0;
  }
  let nulls = 0;
  for (const [k, v] of Object.entries(sparse))
    nulls += assertSubset(v, (full as Record<string, unknown>)[k], `${at}.${k}`);
  return nulls;
}

test("a field with nulls gives its non-null rows the values it gives without nulls, at every depth", async () => {
  const full = await rowsWith("");
  const sparse = await rowsWith(", enableNull: true, nullProb: 0.7");
  let nulls = 0;
  let values = 0;
  sparse.forEach((row, i) => {
    nulls += assertSubset(row, full[i], `row ${i}`);
    values += Object.keys(row).length;
  });
  // 5 top-level fields, 2 nested, 400 rows: about 70% of those reached are null.
  assert.ok(nulls > 1400 && nulls < 2200, `nulls ${nulls}`);
  assert.ok(sparse.some((r) => r.address !== null && (r.address as Row).lines !== null));
  assert.ok(values > 0);
});

test("edge cases stay where they were drawn when the field also has nulls", async () => {
  const full = await rowsWith("");
  const sparse = await rowsWith(", enableNull: true, nullProb: 0.3");
  const edges = sparse.filter((r, i) => r.amount !== null && r.amount === full[i]!.amount).length;
  assert.equal(edges, sparse.filter((r) => r.amount !== null).length);
  assert.ok(
    full.some((r) => (r.amount as number) > 99 || (r.amount as number) < 1),
    "edge cases drawn",
  );
});
