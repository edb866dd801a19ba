import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonBodyCache } from "./json-body-cache.ts";

test("a body is reused by its exact text only once it was kept, frozen; other texts never share it", () => {
  const cache = jsonBodyCache();
  const text = '{"fields":[{"name":"a"}],"sampleSize":"3"}';
  const body = JSON.parse(text) as { fields: { name: string }[]; sampleSize: unknown };
  cache.parsed(body, text);
  assert.equal(cache.get(text), undefined, "parsed but not yet validated: not reused");
  body.sampleSize = 3; // what schema validation's coercion does before the handler keeps it
  cache.keep(body);
  assert.equal(cache.get(text), body);
  assert.ok(Object.isFrozen(body) && Object.isFrozen(body.fields) && Object.isFrozen(body.fields[0]));
  assert.equal(cache.get(`${text} `), undefined, "one more space is another text");
  assert.equal(cache.get('{"fields":[{"name":"b"}],"sampleSize":"3"}'), undefined);
});

test("bodies not noted from a text, not objects, or too long are not kept; the oldest entry goes when full", () => {
  const cache = jsonBodyCache(2);
  const stray = { fields: [] };
  cache.keep(stray);
  assert.equal(Object.isFrozen(stray), false, "a body of unknown text is left alone");
  cache.parsed(5, "5");
  cache.keep(5);
  assert.equal(cache.get("5"), undefined);
  const long = `{"x":"${"y".repeat(20_000)}"}`;
  const big = JSON.parse(long) as object;
  cache.parsed(big, long);
  cache.keep(big);
  assert.equal(cache.get(long), undefined, "a long body is parsed every time");
  const texts = ['{"a":1}', '{"a":2}', '{"a":3}'];
  for (const t of texts) {
    const v = JSON.parse(t) as object;
    cache.parsed(v, t);
    cache.keep(v);
  }
  assert.equal(cache.get(texts[0]!), undefined, "evicted");
  assert.deepEqual(cache.get(texts[1]!), { a: 2 });
  assert.deepEqual(cache.get(texts[2]!), { a: 3 });
});
