import assert from "node:assert/strict";
import { test } from "node:test";
import { isTransferredError, rebuildError, transferError } from "./error-transfer.ts";
import { RowforgeError } from "./rowforge-error.ts";

test("a RowforgeError crosses a structured clone (a thread boundary) with its code, message and hint", () => {
  const original = new RowforgeError("RF_VALUE_INVALID", "raise_error(): boom", { hint: "fix the SQL" });
  const crossed = structuredClone(transferError(original));
  assert.ok(isTransferredError(crossed));
  const rebuilt = rebuildError(crossed);
  assert.ok(rebuilt instanceof RowforgeError);
  assert.equal(rebuilt.code, "RF_VALUE_INVALID");
  assert.equal(rebuilt.message, "raise_error(): boom");
  assert.equal(rebuilt.hint, "fix the SQL");
  // What structured cloning alone does to the same error: the code is gone.
  assert.equal((structuredClone(original) as unknown as { code?: string }).code, undefined);
});

test("any other error becomes RF_INTERNAL with its message; worker results are not mistaken for errors", () => {
  const rebuilt = rebuildError(structuredClone(transferError(new RangeError("Invalid array length"))));
  assert.equal(rebuilt.code, "RF_INTERNAL");
  assert.equal(rebuilt.message, "Invalid array length");
  assert.equal(isTransferredError(new Uint8Array(4)), false);
  assert.equal(isTransferredError({ rowforgeError: "x" }), false);
});
