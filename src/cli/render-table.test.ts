import assert from "node:assert/strict";
import { test } from "node:test";
import { cellText, renderTable } from "./render-table.ts";

test("a table has a header, a rule and one line per row; numbers are right-aligned", () => {
  const t = renderTable([
    { id: "a", n: 5, nested: { x: [1, 2] } },
    { id: "bbb", n: 120, nested: null },
  ]);
  assert.equal(
    t,
    ["id  │ n   │ nested", "────┼─────┼────────────", 'a   │   5 │ {"x":[1,2]}', "bbb │ 120 │ ∅", ""].join(
      "\n",
    ),
  );
});

test("columns are cut with an ellipsis to fit the width, widest first", () => {
  const t = renderTable([{ long: "x".repeat(50), short: "ok" }], { width: 20 });
  for (const line of t.trimEnd().split("\n")) assert.ok(line.length <= 20, line);
  assert.match(t, /x…/);
  assert.match(t, /ok/);
});

test("cell text keeps one line per row and marks nulls", () => {
  assert.equal(cellText("a\nb"), "a b");
  assert.equal(cellText(undefined), "∅");
  assert.equal(cellText(true), "true");
  assert.equal(renderTable([]), "(no rows)\n");
});
