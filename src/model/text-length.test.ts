import assert from "node:assert/strict";
import { test } from "node:test";
import { TEXT_MAX_LEN_CEILING, textMaxLen } from "./text-length.ts";

test("random text honours a declared maximum length up to the ceiling, and a minimum above it", () => {
  assert.equal(textMaxLen(1, 100), 100);
  assert.equal(textMaxLen(undefined, 21), 21);
  assert.equal(textMaxLen(1, 255), 255);
  assert.equal(textMaxLen(0, 65_535), TEXT_MAX_LEN_CEILING);
  assert.equal(textMaxLen(300, 400), 300);
  assert.equal(textMaxLen(300, 65_535), 300);
  assert.equal(textMaxLen(1, 5), 5);
  // No maximum: the generators' default applies.
  assert.equal(textMaxLen(1, undefined), undefined);
});
