import assert from "node:assert/strict";
import { test } from "node:test";
import { singleStepPlan } from "../support/plans.ts";
import { generateAll } from "../support/rows.ts";

test("unique strings keep within maxLen (a varchar(2) key): distinct while the length allows, never longer", async () => {
  const plan = await singleStepPlan(
    "      - {name: code, options: {isUnique: true, maxLen: 2}}\n      - {name: id, options: {isUnique: true, minLen: 4, maxLen: 6}}\n",
    3000,
  );
  const rows = [...generateAll(plan).values()][0]!;
  const codes = rows.map((r) => r.code as string);
  assert.ok(
    codes.every((c) => c.length >= 1 && c.length <= 2),
    `longer than 2: ${codes.find((c) => c.length > 2)}`,
  );
  assert.equal(new Set(codes).size, 3000, "3000 of the 62^2 two-character strings, all distinct");
  assert.ok(rows.every((r) => (r.id as string).length >= 4 && (r.id as string).length <= 6));
});

test("more rows than maxLen allows distinct strings: the strings repeat, never longer (no crash)", async () => {
  const plan = await singleStepPlan("      - {name: code, options: {isUnique: true, maxLen: 1}}\n", 100);
  const codes = [...generateAll(plan).values()][0]!.map((r) => r.code as string);
  assert.ok(codes.every((c) => c.length === 1));
  assert.equal(new Set(codes).size, 62);
});
