import assert from "node:assert/strict";
import { test } from "node:test";
import { definedOf } from "./defined-of.ts";

test("definedOf keeps the set properties, falsy ones included, and leaves out the undefined ones", () => {
  const given: { a?: number | undefined; b?: string | undefined; c: boolean; d: null } = {
    a: 0,
    b: undefined,
    c: false,
    d: null,
  };
  assert.deepEqual(definedOf(given), { a: 0, c: false, d: null });
  assert.equal("b" in definedOf(given), false);
});
