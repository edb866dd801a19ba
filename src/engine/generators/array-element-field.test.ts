import assert from "node:assert/strict";
import { test } from "node:test";
import { singleStepPlan } from "../../../test/support/plans.ts";
import { generateAll } from "../../../test/support/rows.ts";

test("an array of arrays given its element's own field (element) generates inner arrays with that field's lengths and options", async () => {
  const plan = await singleStepPlan(
    [
      "      - name: grid",
      "        type: array<array<int>>",
      "        options: {arrayMinLen: 1, arrayMaxLen: 3}",
      "        fields:",
      "          - name: element",
      "            type: array<int>",
      "            options: {arrayMinLen: 2, arrayMaxLen: 2, min: 1, max: 9}",
    ].join("\n"),
    200,
  );
  const rows = [...generateAll(plan).values()][0]!;
  assert.equal(rows.length, 200);
  for (const r of rows) {
    const grid = r.grid as number[][];
    assert.ok(grid.length >= 1 && grid.length <= 3);
    for (const inner of grid) {
      assert.equal(inner.length, 2);
      assert.ok(inner.every((v) => Number.isInteger(v) && v >= 1 && v <= 9));
    }
  }
});

test("an array of arrays without an element field keeps the defaults, and an array of structs with one field named element stays one", async () => {
  const plan = await singleStepPlan(
    [
      "      - name: plain",
      "        type: array<array<int>>",
      "      - name: structs",
      "        type: array",
      "        fields:",
      "          - name: element",
      "            type: int",
    ].join("\n"),
    50,
  );
  const rows = [...generateAll(plan).values()][0]!;
  assert.ok(rows.some((r) => (r.plain as number[][]).some((x) => x.length > 0)));
  assert.ok(
    rows.some((r) => (r.structs as { element: number }[]).some((x) => typeof x.element === "number")),
  );
});
