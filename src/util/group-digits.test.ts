import assert from "node:assert/strict";
import { test } from "node:test";
import { groupDigits } from "./group-digits.ts";

test("groupDigits writes whole numbers as toLocaleString('en-US') does", () => {
  for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, -1234567, 9007199254740991, 1.5, Number.NaN]) {
    assert.equal(groupDigits(n), n.toLocaleString("en-US"), String(n));
  }
});
