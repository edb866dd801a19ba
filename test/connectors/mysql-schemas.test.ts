import assert from "node:assert/strict";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { readSchemas } from "../../src/app/schemas/read-schemas.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { freshMysqlTable, mariadbFacts, mariadbJdbcUrl, mysqlQuery } from "../support/servers.ts";

const connection = () => {
  const f = mariadbFacts();
  return `mysql {\n  maria {\n    url = "${mariadbJdbcUrl(f)}"\n    user = "${f.user}"\n    password = "${f.password}"\n  }\n}\n`;
};

/** Customers (every column kind, keys, AUTO_INCREMENT, a generated column) and their orders (composite key, foreign key). */
async function createTables(): Promise<{ customers: string; orders: string }> {
  const customers = freshMysqlTable();
  const orders = freshMysqlTable();
  await mysqlQuery(`CREATE TABLE ${customers} (
    id int NOT NULL PRIMARY KEY,
    name varchar(12) NOT NULL,
    code char(3) NOT NULL UNIQUE,
    balance decimal(7,2) NOT NULL,
    tiny tinyint NOT NULL,
    rating smallint,
    mid mediumint unsigned NOT NULL,
    big bigint NOT NULL,
    score float,
    ratio double NOT NULL,
    active tinyint(1) NOT NULL,
    born date,
    seen datetime(6) NOT NULL,
    stamp timestamp NULL,
    notes text,
    photo blob,
    attrs json,
    feeling enum('happy','sad','it''s complicated') NOT NULL,
    serial_no bigint NOT NULL AUTO_INCREMENT UNIQUE,
    shout varchar(20) AS (upper(name)) VIRTUAL,
    span time
  ) ENGINE=InnoDB`);
  await mysqlQuery(`CREATE TABLE ${orders} (
    customer_id int NOT NULL,
    line_no int NOT NULL,
    amount decimal(5,2) NOT NULL,
    note varchar(5),
    PRIMARY KEY (customer_id, line_no),
    CONSTRAINT ${orders}_fk FOREIGN KEY (customer_id) REFERENCES ${customers} (id)
  ) ENGINE=InnoDB`);
  return { customers, orders };
}

const plan = (t: { customers: string; orders: string }, ordersFields = "", planExtra = "") =>
  planFrom(
    `name: shop\ntasks:\n  - name: t\n    dataSourceName: maria\nsinkOptions: {seed: 5${planExtra}}\n`,
    {
      t: `name: t\nsteps:\n  - name: orders\n    options: {dbtable: ${t.orders}}\n    count: {records: 300}\n${ordersFields}  - name: customers\n    options: {dbtable: ${t.customers}}\n    count: {records: 120}\n`,
    },
    { "application.conf": connection() },
  );

const run = (p: ResolvedPlan, id: string) =>
  runPlan(p, {
    access: OPEN_ACCESS,
    runId: id,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });

test("MariaDB steps without fields are generated from their tables: every row accepted, keys unique, the foreign key holds", async () => {
  const t = await createTables();
  const p = await plan(t);
  const read = await readSchemas(p, { access: OPEN_ACCESS });
  const customers = read.steps.find((s) => s.step === "customers")!;
  assert.deepEqual(
    customers.omitted.map((o) => o.column),
    ["serial_no", "shout", "span"],
    "AUTO_INCREMENT, generated and ungenerated nullable columns are left to the database",
  );
  const fields = new Map(
    read.plan.steps.find((s) => s.step.name === "customers")!.step.fields.map((f) => [f.name, f]),
  );
  const types = Object.fromEntries([...fields].map(([name, f]) => [name, f.type]));
  assert.deepEqual(types, {
    id: "int",
    name: "string",
    code: "string",
    balance: "decimal(7,2)",
    tiny: "byte",
    rating: "short",
    mid: "int",
    big: "long",
    score: "float",
    ratio: "double",
    active: "boolean",
    born: "date",
    seen: "timestamp",
    stamp: "timestamp",
    notes: "string",
    photo: "binary",
    attrs: "map<string,string>",
    feeling: "string",
  });
  assert.equal(fields.get("id")?.options.isPrimaryKey, true);
  assert.equal(fields.get("id")?.options.isUnique, true);
  assert.equal(fields.get("code")?.options.regex, "[0-9A-Za-z]{3}", "unique text as wide as its column");
  assert.equal(fields.get("name")?.options.maxLen, 12);
  assert.deepEqual(
    [fields.get("balance")?.options.min, fields.get("balance")?.options.max],
    [0, 10000],
    "a balance by its name, within what numeric(7,2) holds",
  );
  assert.equal(fields.get("name")?.options.expression, "#{Name.fullName}", "a name column holds names");
  assert.deepEqual(
    fields.get("feeling")?.options.oneOf?.map((v) => v.value),
    ["happy", "sad", "it's complicated"],
  );
  assert.deepEqual(read.plan.plan.sinkOptions.foreignKeys, [
    {
      source: { dataSource: "maria", step: "customers", fields: ["id"] },
      generate: [{ dataSource: "maria", step: "orders", fields: ["customer_id"] }],
      delete: [],
    },
  ]);

  const r = await run(p, "schemas-maria");
  assert.equal(r.success, true, r.failedReason ?? "");
  assert.deepEqual(
    r.steps.map((s) => [s.name, s.records]),
    [
      ["customers", 120],
      ["orders", 300],
    ],
  );
  const [counts] = await mysqlQuery<{ c: string; o: string; ids: string; orphans: string; json: string }>(
    `SELECT (SELECT count(*) FROM ${t.customers}) AS c, (SELECT count(*) FROM ${t.orders}) AS o,
            (SELECT count(DISTINCT serial_no) FROM ${t.customers}) AS ids,
            (SELECT count(*) FROM ${t.orders} o LEFT JOIN ${t.customers} c ON c.id = o.customer_id WHERE c.id IS NULL) AS orphans,
            (SELECT count(*) FROM ${t.customers} WHERE attrs IS NULL OR json_valid(attrs)) AS json`,
  );
  assert.deepEqual(Object.fromEntries(Object.entries(counts!).map(([k, v]) => [k, String(v)])), {
    c: "120",
    o: "300",
    ids: "120",
    orphans: "0",
    json: "120",
  });
});

test("MariaDB: declared fields win, the rest is read, and the plan's foreign keys replace the database's", async () => {
  const t = await createTables();
  const p = await plan(
    t,
    "    fields:\n      - {name: amount, type: 'decimal(5,2)', options: {min: 3, max: 4}}\n",
    ", foreignKeys: [{source: {dataSource: maria, step: customers, fields: [id]}, generate: [{dataSource: maria, step: orders, fields: [customer_id], cardinality: {ratio: 2}}]}]",
  );
  const read = await readSchemas(p, { access: OPEN_ACCESS });
  const orders = read.steps.find((s) => s.step === "orders")!;
  assert.deepEqual(orders.added, ["customer_id", "line_no"], "the NOT NULL columns without a default");
  assert.equal(orders.foreignKeys[0]?.applied, false);
  const r = await run(p, "schemas-maria-declared");
  assert.equal(r.success, true, r.failedReason ?? "");
  const [o] = await mysqlQuery<{ n: string; amounts: string; notes: string }>(
    `SELECT count(*) AS n, sum(amount BETWEEN 3 AND 4) AS amounts, sum(note IS NULL) AS notes FROM ${t.orders}`,
  );
  assert.deepEqual(
    Object.fromEntries(Object.entries(o!).map(([k, v]) => [k, String(v)])),
    { n: "240", amounts: "240", notes: "240" },
    "ratio 2 of 120 customers; the declared options kept; nullable columns not read are left NULL",
  );
});

test("a MariaDB table rowforge creates reads back as the types it was created from", async () => {
  const table = freshMysqlTable();
  const kinds = [
    "string",
    "int",
    "long",
    "short",
    "byte",
    "double",
    "float",
    "decimal(10,2)",
    "boolean",
    "date",
    "timestamp",
    "binary",
  ];
  const fields = kinds.map((k, i) => `      - {name: c${i}, type: '${k}'}\n`).join("");
  const made = await planFrom(
    "name: c\ntasks:\n  - name: t\n    dataSourceName: maria\n",
    {
      t: `name: t\nsteps:\n  - name: s\n    options: {dbtable: ${table}, createTable: 'true'}\n    count: {records: 5}\n    fields:\n${fields}`,
    },
    { "application.conf": connection() },
  );
  assert.equal((await run(made, "schemas-maria-created")).success, true);
  const back = await planFrom(
    "name: c\ntasks:\n  - name: t\n    dataSourceName: maria\n",
    { t: `name: t\nsteps:\n  - name: s\n    options: {dbtable: ${table}}\n` },
    { "application.conf": connection() },
  );
  const read = await readSchemas(back, { access: OPEN_ACCESS });
  assert.deepEqual(
    read.plan.steps[0]!.step.fields.map((f) => f.type),
    kinds,
  );
});
