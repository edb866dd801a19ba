import assert from "node:assert/strict";
import { test } from "node:test";
import { isRowforgeError } from "../../errors/index.ts";
import { checkRowLimit, DEFAULT_RUN_LIMITS, readRunLimits } from "./run-limits.ts";

test("limits come from flags, else the environment, else the defaults", () => {
  assert.deepEqual(readRunLimits({}, {}), DEFAULT_RUN_LIMITS);
  assert.equal(DEFAULT_RUN_LIMITS.maxRows, 1e9);
  assert.deepEqual(
    readRunLimits({ maxRows: "5" }, { ROWFORGE_MAX_ROWS: "7", ROWFORGE_MAX_RUN_SECONDS: "60" }),
    { ...DEFAULT_RUN_LIMITS, maxRows: 5, maxSeconds: 60 },
  );
  assert.throws(
    () => readRunLimits({ maxBytes: "lots" }, {}),
    (e: unknown) =>
      isRowforgeError(e) &&
      e.code === "RF_CLI_FLAG_INVALID" &&
      /--max-bytes must be a positive number, not "lots"/.test(e.message),
  );
  assert.throws(
    () => readRunLimits({}, { ROWFORGE_MAX_ROWS: "-1" }),
    /ROWFORGE_MAX_ROWS must be a positive number/,
  );
});

test("a plan above the row limit is refused with both numbers", () => {
  checkRowLimit("p", 1e9, DEFAULT_RUN_LIMITS);
  try {
    checkRowLimit("p", 1e15, DEFAULT_RUN_LIMITS);
    assert.fail("not refused");
  } catch (e) {
    assert.ok(isRowforgeError(e));
    assert.equal(e.code, "RF_LIMIT_EXCEEDED");
    assert.equal(e.status, 400);
    assert.match(
      e.message,
      /asks for 1,000,000,000,000,000 rows, above the limit of 1,000,000,000 rows per run/,
    );
  }
});
