import assert from "node:assert/strict";
import { test } from "node:test";
import { ruleConstraints } from "./quality-constraints.ts";
import { ruleValidation } from "./quality-validation.ts";

const at = "schema[0].quality[0]";
const table = { table: "orders", physicalName: "orders_v1" };
const validation = (rule: Record<string, unknown>, column?: string) => {
  const o = ruleValidation({ rule, at }, column === undefined ? table : { ...table, column });
  assert.ok("validation" in o, JSON.stringify(o));
  return o.validation;
};
const skipped = (rule: Record<string, unknown>, column?: string) => {
  const o = ruleValidation({ rule, at }, column === undefined ? table : { ...table, column });
  assert.ok("skipped" in o, JSON.stringify(o));
  return o.skipped;
};

test("null, duplicate and invalid-value counts are field checks; 'at most N' is the errorThreshold, percentages a fraction", () => {
  assert.deepEqual(validation({ rule: "nullCheck" }, "email"), {
    kind: "field",
    field: "email",
    checks: [{ type: "null", options: { negate: true } }],
    nested: [],
  });
  assert.equal(validation({ metric: "nullValues", mustBeLessOrEqualTo: 10 }, "email").errorThreshold, 10);
  assert.equal(
    validation({ metric: "nullValues", mustBeLessThan: 5, unit: "percent" }, "email").errorThreshold! < 0.05,
    true,
  );
  assert.deepEqual(validation({ metric: "duplicateValues" }, "id").checks, [{ type: "unique", options: {} }]);
  assert.deepEqual(
    validation({ metric: "invalidValues", arguments: { validValues: ["a", "b"] } }, "s").checks,
    [{ type: "in", options: { values: ["a", "b"] } }],
  );
  assert.deepEqual(
    validation({ metric: "invalidValues", arguments: { pattern: "^x$" }, mustBe: 0 }, "s").checks,
    [{ type: "matches", options: { regex: "^x$" } }],
  );
});

test("other bounds count the failing rows; row counts and COUNT(*) queries are counts of rows", () => {
  const atLeast = validation({ metric: "nullValues", mustBeGreaterThan: 3 }, "email");
  assert.deepEqual(
    [atLeast.kind, atLeast.preFilterExpr, atLeast.aggExpr],
    ["groupBy", "`email` IS NULL", "count > 3"],
  );
  assert.equal(validation({ rule: "rowCount", mustBeBetween: [10, 20] }).aggExpr, "count BETWEEN 10 AND 20");
  const q = validation({ type: "sql", query: "SELECT COUNT(*) FROM ${object} WHERE total > 5", mustBe: 0 });
  assert.deepEqual([q.preFilterExpr, q.aggExpr], ["(total > 5)", "count == 0"]);
  assert.equal(
    validation({ type: "sql", query: "select count(id) from orders_v1", mustBeGreaterOrEqualTo: 1 })
      .preFilterExpr,
    "id IS NOT NULL",
  );
});

test("a table's duplicate rule over several columns is a group-by of them", () => {
  const v = validation({ metric: "duplicateValues", arguments: { properties: ["a", "b"] }, mustBe: 0 });
  assert.deepEqual(
    [v.kind, v.groupByFields, v.aggExpr, v.description],
    ["groupBy", ["a", "b"], "count == 1", "a, b unique together"],
  );
});

test("text, custom, other SQL, unknown rules and rules without a bound are skipped with the reason", () => {
  assert.match(
    skipped({ type: "text", description: "x" }),
    /^"x" \(table orders, schema\[0\]\.quality\[0\]\): a description in words/,
  );
  assert.match(skipped({ type: "custom", engine: "soda" }), /an implementation for soda/);
  assert.match(
    skipped({ type: "sql", query: "SELECT AVG(x) FROM ${object}", mustBe: 1 }),
    /SQL other than SELECT COUNT/,
  );
  assert.match(
    skipped({ type: "sql", query: "SELECT COUNT(*) FROM other", mustBe: 1 }),
    /reads other, not this table/,
  );
  assert.match(skipped({ rule: "freshness" }), /not a rule rowforge knows/);
  assert.match(skipped({ rule: "countCheck" }), /states no bound/);
  assert.match(skipped({ rule: "nullCheck" }), /needs a column/);
});

test("a column's rules that allow no failure constrain what is generated", () => {
  const rules = [
    { rule: { rule: "nullCheck" }, at },
    { rule: { metric: "duplicateValues", mustBe: 0 }, at },
    { rule: { metric: "invalidValues", arguments: { validValues: [1, 2] } }, at },
    { rule: { metric: "invalidValues", arguments: { pattern: "^[a-z]+$" }, mustBeLessThan: 10 }, at },
  ];
  assert.deepEqual(ruleConstraints(rules), { required: true, unique: true, enum: [1, 2] });
});
