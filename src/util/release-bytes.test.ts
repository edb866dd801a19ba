import assert from "node:assert/strict";
import { test } from "node:test";
import { releaseBytes } from "./release-bytes.ts";

test("bytes spanning their buffer are released (detached); views of a larger buffer are left alone", () => {
  const whole = new Uint8Array(1024);
  releaseBytes(whole);
  assert.equal(whole.buffer.detached, true);
  assert.equal(whole.length, 0);
  const shared = new Uint8Array(1024);
  const view = shared.subarray(0, 10);
  releaseBytes(view);
  assert.equal(shared.buffer.detached, false);
  releaseBytes(whole); // twice is harmless
});
