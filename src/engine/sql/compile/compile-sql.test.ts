/** End-to-end: text → compiled evaluator → values, with the real function library and a fake row. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { struct, TEST_INPUTS, testScope } from "../../../../test/support/sql/sql-scope.ts";
import { formatDataType } from "../../../model/data-type.ts";
import { RowRandom } from "../../rng/index.ts";
import type { SqlValue } from "../sql-contract.ts";
import { compileSql } from "./compile-sql.ts";

const DAY = 86_400_000_000;

const scope = testScope({
  open_date: "date",
  amount: "double",
  first_name: "string",
  last_name: "string",
  full_name: "string",
  birth_date: "date",
  ts: "timestamp",
  body: "struct<account_id:string,details:struct<updated_by:struct<time:timestamp>>>",
  update_history: "array<struct<updated_time:timestamp,status:string>>",
  items: "array<struct<price:double,qty:int,amount:double>>",
  headers: "map<string,string>",
  balance: "decimal(12,2)",
});

const row = scope.row(
  {
    open_date: 19723, // 2024-01-01
    amount: 150,
    first_name: "Ada",
    last_name: "Lovelace",
    full_name: "Ada King Lovelace",
    birth_date: 3652, // 1980-01-01
    ts: 19733 * DAY + 3_600_000_000, // Thursday 2024-01-11 01:00
    body: struct({ account_id: "ACC123", details: struct({ updated_by: struct({ time: 7 }) }) }),
    update_history: [
      struct({ updated_time: 100, status: "open" }),
      struct({ updated_time: 300, status: "closed" }),
      struct({ updated_time: 200, status: "pending" }),
    ],
    items: [struct({ price: 2.5, qty: 2, amount: 5 }), struct({ price: 10, qty: 1, amount: 10 })],
    headers: new Map<SqlValue, SqlValue>([["source-system", "web-app"]]),
    balance: 1234567n,
  },
  41,
);

function run(text: string): [string, SqlValue] {
  const c = compileSql(text, scope, TEST_INPUTS);
  return [formatDataType(c.type), c.evaluate(row)];
}

describe("compileSql with the function library", () => {
  const cases: [string, string, SqlValue][] = [
    ["YEAR(open_date)", "int", 2024],
    ["CASE WHEN amount > 100 THEN 'HIGH' ELSE 'LOW' END", "string", "HIGH"],
    ["element_at(sort_array(update_history, false), 1).status", "string", "closed"],
    ["body.account_id", "string", "ACC123"],
    ["body.details.updated_by.time", "timestamp", 7],
    ["CONCAT(first_name, ' ', last_name)", "string", "Ada Lovelace"],
    ["transform(items, x -> x.price * x.qty)", "array<double>", [5, 10]],
    ["aggregate(items, 0D, (acc, x) -> acc + x.amount)", "double", 15],
    ["__index_inc + 1", "long", 42n],
    ["SIZE(FILTER(items, x -> x.qty > 1)) / SIZE(items)", "double", 0.5],
    ["SPLIT(full_name, ' ')[1]", "string", "King"],
    ["YEAR(CURRENT_DATE()) - YEAR(birth_date)", "int", 44],
    ["DATE_FORMAT(ts, 'EEEE') IN ('Saturday', 'Sunday')", "boolean", false],
    ["DATE_FORMAT(ts, 'EEEE')", "string", "Thursday"],
    ["ts + INTERVAL 5 SECOND", "timestamp", 19733 * DAY + 3_605_000_000],
    ["CAST(ts AS STRING)", "string", "2024-01-11 01:00:00"],
    ["headers['source-system']", "string", "web-app"],
    ["SUBSTRING_INDEX('a@b.com', '@', -1)", "string", "b.com"],
    ["LOWER(CONCAT(first_name, '.', last_name, '@example.com'))", "string", "ada.lovelace@example.com"],
    ["IF(amount > 100, balance, NULL)", "decimal(12,2)", 1234567n],
    ["COALESCE(NULL, first_name)", "string", "Ada"],
    ["balance * 5", "decimal(14,2)", 6172835n],
    ["DATEDIFF(CURRENT_DATE(), open_date)", "int", 74],
    ["DATE(ts)", "date", 19733],
    ["SUBSTR(first_name, 0, 2)", "string", "Ad"],
  ];
  for (const [text, type, want] of cases) it(text, () => assert.deepEqual(run(text), [type, want]));

  it("draws RAND() from the row's random cursor: deterministic per row", () => {
    const c = compileSql("CAST(RAND() * 100 AS INT)", scope, TEST_INPUTS);
    assert.equal(formatDataType(c.type), "int");
    const at = (r: number): SqlValue =>
      c.evaluate({ values: [], row: r, rnd: new RowRandom(5).at(r), built: 0 });
    const first = Array.from({ length: 50 }, (_, r) => at(r));
    assert.deepEqual(
      Array.from({ length: 50 }, (_, r) => at(r)),
      first,
    );
    assert.ok(first.every((v) => typeof v === "number" && v >= 0 && v < 100));
    assert.ok(new Set(first).size > 10);
  });

  it("names the nearest functions for an unknown one", () => {
    assert.throws(
      () => compileSql("TRANSFROM(items, x -> x)", scope, TEST_INPUTS),
      /did you mean transform\(\.\.\.\)/,
    );
    assert.throws(
      () => compileSql("concatt(first_name)", scope, TEST_INPUTS),
      /did you mean concat\(\.\.\.\)/,
    );
  });

  it("reports the function's argument errors at the call's position", () => {
    assert.throws(() => compileSql("amount + YEAR(items)", scope, TEST_INPUTS), /at position 10: .*year/i);
  });
});
