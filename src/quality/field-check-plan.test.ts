import assert from "node:assert/strict";
import { test } from "node:test";
import { fieldCheckPlan } from "./field-check-plan.ts";

test("in an empty list holds no value (each non-null value fails, nulls pass); negated, every value passes", () => {
  const plan = fieldCheckPlan("a", "`a`", { type: "in", options: { values: [] } });
  assert.deepEqual(plan.kind === "sql" && plan.sql, "CASE WHEN `a` IS NULL THEN NULL ELSE false END");
  const not = fieldCheckPlan("a", "`a`", { type: "in", options: { values: [], negate: true } });
  assert.deepEqual(not.kind === "sql" && not.sql, "NOT (CASE WHEN `a` IS NULL THEN NULL ELSE false END)");
});
