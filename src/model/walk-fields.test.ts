import assert from "node:assert/strict";
import { test } from "node:test";
import type { Field } from "./field.ts";
import { walkFields } from "./walk-fields.ts";

const field = (name: string, fields: Field[] = []): Field => ({
  name,
  type: fields.length > 0 ? "struct" : "string",
  fields,
  options: {},
  nullable: true,
});

test("visits parents before children, in document order, with the context the parent returned", () => {
  const seen: string[] = [];
  const done = walkFields(
    [field("a", [field("b"), field("c", [field("d")])]), field("e")],
    { path: "" },
    (f, at) => {
      const path = at.path === "" ? f.name : `${at.path}.${f.name}`;
      seen.push(path);
      return { path };
    },
  );
  assert.equal(done, true);
  assert.deepEqual(seen, ["a", "a.b", "a.c", "a.c.d", "e"]);
});

test("ends the walk when visit returns undefined", () => {
  const seen: string[] = [];
  const done = walkFields([field("a", [field("stop"), field("c")]), field("e")], {}, (f) => {
    seen.push(f.name);
    return f.name === "stop" ? undefined : {};
  });
  assert.equal(done, false);
  assert.deepEqual(seen, ["a", "stop"]);
});

test("walks thousands of levels without recursion", () => {
  let deep = field("leaf");
  for (let i = 0; i < 20_000; i++) deep = field(`n${i}`, [deep]);
  let count = 0;
  walkFields([deep], {}, () => {
    count++;
    return {};
  });
  assert.equal(count, 20_001);
});
