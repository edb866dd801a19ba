import assert from "node:assert/strict";
import { test } from "node:test";
import { lru } from "./lru.ts";

test("lru makes a value once, keeps the most recently used, and keeps nothing when make throws", () => {
  const cache = lru<number>(2);
  let made = 0;
  const make = (v: number) => () => {
    made++;
    return v;
  };
  assert.equal(cache.get("a", make(1)), 1);
  assert.equal(cache.get("a", make(99)), 1);
  assert.equal(made, 1);
  cache.get("b", make(2));
  cache.get("a", make(99)); // a is now the most recent, b the oldest
  cache.get("c", make(3)); // evicts b
  assert.equal(cache.get("a", make(99)), 1);
  assert.equal(cache.get("b", make(20)), 20);
  assert.equal(made, 4);
  assert.throws(() =>
    cache.get("d", () => {
      throw new Error("bad");
    }),
  );
  assert.equal(cache.get("d", make(4)), 4);
});
