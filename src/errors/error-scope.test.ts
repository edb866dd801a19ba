import assert from "node:assert/strict";
import { test } from "node:test";
import { ERROR_CODES } from "./error-codes.ts";

test("every code says whether it fails the step or the run, and whether retrying may help", () => {
  for (const [code, info] of Object.entries(ERROR_CODES)) {
    assert.ok(info.scope === "step" || info.scope === "run", code);
    assert.equal(typeof info.retryable, "boolean", code);
  }
});

test("the output's state and internal failures fail the step; invalid input fails the run", () => {
  const stepScoped = Object.entries(ERROR_CODES)
    .filter(([, info]) => info.scope === "step")
    .map(([code]) => code)
    .sort();
  assert.deepEqual(stepScoped, [
    "RF_DB_WRITE_FAILED",
    // Rows of others alike or referencing the rows to delete: the table's state.
    "RF_DELETE_AMBIGUOUS",
    // What the run history knows of an output's rows is the output's state, as its files are.
    "RF_DELETE_HISTORY_MISSING",
    "RF_DELETE_NOT_RECOMPUTABLE",
    "RF_DELETE_REFERENCED",
    // Messages a broker or endpoint did not take: the destination's state, like a failed write.
    "RF_DELIVERY_FAILED",
    "RF_INTERNAL",
    "RF_OUTPUT_EXISTS",
    "RF_OUTPUT_FOREIGN_FILES",
    "RF_OUTPUT_LOCKED",
    "RF_OUTPUT_SPECIAL",
    "RF_OUTPUT_UNWRITABLE",
  ]);
  assert.equal(ERROR_CODES.RF_VALUE_INVALID.scope, "run");
  assert.equal(ERROR_CODES.RF_OUTPUT_LOCKED.retryable, true);
  assert.equal(ERROR_CODES.RF_OUTPUT_EXISTS.retryable, false);
});
