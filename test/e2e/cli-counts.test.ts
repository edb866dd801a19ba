import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

/**
 * A unified plan of CSV files: 2,000 customers, orders with perField 3 on their foreign-key
 * field (count.records 1,000 on line 13), order items with perField 2 on theirs, and
 * `cardinality` on the payments' foreign key (count.records 1,000 on line 21).
 */
const SHOP = `name: shop
sinkOptions: {seed: "11"}
dataSources:
  - name: files
    connection: {type: csv, options: {header: "true"}}
    steps:
      - name: customers
        options: {path: out/customers}
        count: {records: 2000}
        fields: [{name: customer_id, options: {regex: "C[0-9]{9}"}}]
      - name: orders
        options: {path: out/orders}
        count: {records: 1000, perField: {fieldNames: [customer_id], count: 3}}
        fields: [{name: order_id, options: {regex: "O[0-9]{9}"}}, {name: customer_id}]
      - name: order_items
        options: {path: out/order_items}
        count: {perField: {fieldNames: [order_id], count: 2}}
        fields: [{name: item_id, options: {regex: "I[0-9]{9}"}}, {name: order_id}]
      - name: payments
        options: {path: out/payments}
        count: {records: 1000}
        fields: [{name: payment_id, options: {regex: "P[0-9]{9}"}}, {name: customer_id}]
foreignKeys:
  - source: {dataSource: files, step: customers, fields: [customer_id]}
    generate:
      - {dataSource: files, step: orders, fields: [customer_id]}
      - {dataSource: files, step: payments, fields: [customer_id], cardinality: {min: 0, max: 1}}
  - source: {dataSource: files, step: orders, fields: [order_id]}
    generate: [{dataSource: files, step: order_items, fields: [order_id]}]
`;

/** Data lines (header left out) of the CSV files in a step's folder. */
const csvRows = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".csv"))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), "utf8").trim().split("\n").slice(1));

test("item 4: perField on a foreign-key field follows the parent (2,000 × 3 = 6,000, then × 2 = 12,000); validate and the run summary say which count wins where a parent overrides count.records", () => {
  const dir = fixtureDir({ "shop.yaml": SHOP });
  const file = join(dir, "shop.yaml");

  const v = runCli(["validate", file]);
  assert.equal(v.status, 0, v.stdout + v.stderr);
  assert.match(
    v.stderr,
    /shop\.yaml:13:\d+: warning RF_COUNT_FOLLOWS_PARENT: step "orders" writes 6,000 rows, not its count\.records 1,000: 3 rows for each of the 2,000 rows of files\.customers: perField names the foreign-key field customer_id/,
  );
  assert.match(
    v.stderr,
    /shop\.yaml:21:\d+: warning RF_COUNT_FOLLOWS_PARENT: step "payments" writes [\d,]+ rows, not its count\.records 1,000: 0 to 1 rows \(uniform, drawn from the seed\) for each of the 2,000 rows of files\.customers \(the foreign key's cardinality\)/,
  );
  assert.doesNotMatch(v.stderr, /"order_items"/, "no count.records given: nothing is overridden");

  const r = runCli(["run", file, "--output-root", dir, "--workers", "0"]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const customers = csvRows(join(dir, "out/customers"));
  const orders = csvRows(join(dir, "out/orders"));
  const items = csvRows(join(dir, "out/order_items"));
  const payments = csvRows(join(dir, "out/payments"));
  assert.deepEqual([customers.length, orders.length, items.length], [2000, 6000, 12000]);
  const perCustomer = new Map<string, number>();
  for (const line of orders) {
    const c = line.split(",")[1]!;
    perCustomer.set(c, (perCustomer.get(c) ?? 0) + 1);
  }
  assert.equal(perCustomer.size, 2000);
  assert.deepEqual(new Set(perCustomer.values()), new Set([3]));
  assert.match(r.stdout, /^orders: 6,000 rows: 3 rows for each of the 2,000 rows of files\.customers/m);
  assert.match(r.stdout, /^order_items: 12,000 rows: 2 rows for each of the 6,000 rows of files\.orders/m);
  assert.match(
    r.stdout,
    new RegExp(`^payments: ${payments.length.toLocaleString("en-US")} rows: 0 to 1 rows`, "m"),
  );
  assert.ok(payments.length > 500 && payments.length < 1500, String(payments.length));

  // The same seed: the same bytes, and the summary's count is the one written.
  const again = fixtureDir({});
  const r2 = runCli(["run", file, "--output-root", again, "--workers", "2"]);
  assert.equal(r2.status, 0, r2.stderr);
  assert.deepEqual(csvRows(join(again, "out/order_items")), items);
  assert.deepEqual(csvRows(join(again, "out/payments")), payments);
});
