import assert from "node:assert/strict";
import { test } from "node:test";
import { nestsDeeperThan } from "./value-depth.ts";

test("nestsDeeperThan counts objects and arrays inside each other, without recursion", () => {
  assert.equal(nestsDeeperThan(1, 0), false);
  assert.equal(nestsDeeperThan({ a: [1] }, 2), false);
  assert.equal(nestsDeeperThan({ a: [1] }, 1), true);
  assert.equal(nestsDeeperThan({ a: [{}], b: 1 }, 3), false);
  const deep = JSON.parse(`${"[".repeat(200_000)}${"]".repeat(200_000)}`) as unknown;
  assert.equal(nestsDeeperThan(deep, 1000), true);
});
