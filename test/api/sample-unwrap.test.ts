import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { apiFixture } from "./api-fixture.ts";

let f: Awaited<ReturnType<typeof apiFixture>>;
before(async () => {
  f = await apiFixture();
});
after(async () => {
  await f.close();
});

const items = (options: Record<string, unknown>) => [
  { name: "items", type: "array<string>", options: { arrayFixedSize: 2, oneOf: ["x"], ...options } },
];

test("a raw json sample looks like the step's file: a field's unwrapTopLevelArray gives one JSON array, as the run writes", async () => {
  const unwrapped = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { fields: items({ unwrapTopLevelArray: true }), format: "json", sampleSize: 2 },
  });
  assert.equal(unwrapped.statusCode, 200);
  assert.deepEqual(JSON.parse(unwrapped.body), ["x", "x", "x", "x"]);
  const lines = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { fields: items({}), format: "json", sampleSize: 2 },
  });
  assert.deepEqual(
    lines.body
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as unknown),
    [{ items: ["x", "x"] }, { items: ["x", "x"] }],
  );
});
