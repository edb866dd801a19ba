import assert from "node:assert/strict";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { readSchemas } from "../../src/app/schemas/read-schemas.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";

let schemaCount = 0;
/** A schema of its own per test: the server is shared. */
const freshSchema = () => `rf_schema_${process.pid}_${++schemaCount}`;

/** Customers (every column kind, keys, defaults, identity, a computed column) and their orders (composite key, foreign key). */
async function createTables(schema: string): Promise<void> {
  await pgQuery(`CREATE SCHEMA ${schema}`);
  await pgQuery(`CREATE TYPE ${schema}.mood AS ENUM ('happy', 'sad', 'it''s complicated')`);
  await pgQuery(`CREATE TABLE ${schema}.customers (
    id integer PRIMARY KEY,
    name varchar(12) NOT NULL,
    code char(3) NOT NULL UNIQUE,
    balance numeric(7,2) NOT NULL,
    rating smallint,
    big bigint NOT NULL,
    score real,
    ratio double precision,
    active boolean NOT NULL,
    born date,
    seen timestamptz,
    naive timestamp NOT NULL,
    notes text,
    photo bytea,
    tags text[],
    amounts numeric(4,1)[],
    attrs jsonb,
    uid uuid NOT NULL,
    feeling ${schema}.mood NOT NULL,
    serial_no serial,
    ident bigint GENERATED ALWAYS AS IDENTITY,
    created timestamptz NOT NULL DEFAULT now(),
    shout text GENERATED ALWAYS AS (upper(name)) STORED,
    span interval
  )`);
  await pgQuery(`CREATE TABLE ${schema}.orders (
    customer_id integer NOT NULL REFERENCES ${schema}.customers (id),
    line_no integer NOT NULL,
    amount numeric(5,2) NOT NULL,
    note varchar(5),
    PRIMARY KEY (customer_id, line_no)
  )`);
}

const connection = () =>
  `postgres {\n  pg {\n    url = "${postgresJdbcUrl()}"\n    user = "${postgresFacts().user}"\n  }\n}\n`;

/** A plan naming the two tables (children first, to show the foreign key orders them); `orders` fields and plan extras given. */
const plan = (schema: string, ordersFields = "", planExtra = "", config = "") =>
  planFrom(
    `name: shop\ntasks:\n  - name: t\n    dataSourceName: pg\nsinkOptions: {seed: 3${planExtra}}\n`,
    {
      t: `name: t\nsteps:\n  - name: orders\n    options: {dbtable: ${schema}.orders}\n    count: {records: 400}\n${ordersFields}  - name: customers\n    options: {dbtable: ${schema}.customers}\n    count: {records: 150}\n`,
    },
    { "application.conf": connection() + config },
  );

const run = (p: Awaited<ReturnType<typeof plan>>, id: string) =>
  runPlan(p, {
    access: OPEN_ACCESS,
    runId: id,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });

test("steps without fields are generated from their tables: every row accepted, keys unique, the foreign key holds, parents first", async () => {
  const schema = freshSchema();
  await createTables(schema);
  const p = await plan(schema);
  const read = await readSchemas(p, { access: OPEN_ACCESS });
  const customers = read.steps.find((s) => s.step === "customers")!;
  assert.deepEqual(
    customers.omitted.map((o) => o.column),
    ["serial_no", "ident", "shout", "span"],
    "identity, computed and ungenerated nullable columns are left to the database",
  );
  const fields = new Map(
    read.plan.steps.find((s) => s.step.name === "customers")!.step.fields.map((f) => [f.name, f]),
  );
  assert.equal(fields.get("id")?.type, "int");
  assert.equal(fields.get("id")?.options.isPrimaryKey, true);
  assert.equal(fields.get("id")?.options.isUnique, true);
  assert.equal(fields.get("name")?.options.maxLen, 12);
  assert.equal(fields.get("code")?.options.isUnique, true);
  assert.equal(fields.get("balance")?.type, "decimal(7,2)");
  assert.deepEqual(
    [fields.get("balance")?.options.min, fields.get("balance")?.options.max],
    [0, 10000],
    "a balance by its name, within what numeric(7,2) holds",
  );
  assert.equal(fields.get("name")?.options.expression, "#{Name.fullName}", "a name column holds names");
  assert.equal(fields.get("amounts")?.type, "array<decimal(4,1)>");
  assert.equal(fields.get("attrs")?.type, "map<string,string>");
  assert.equal(fields.get("rating")?.type, "short");
  assert.equal(fields.get("big")?.type, "long");
  assert.equal(fields.get("uid")?.options.sql, "uuid()");
  assert.deepEqual(
    fields.get("feeling")?.options.oneOf?.map((v) => v.value),
    ["happy", "sad", "it's complicated"],
  );
  assert.equal(fields.get("rating")?.options.enableNull, undefined, "nullable columns get no nulls");
  const orders = read.plan.steps.find((s) => s.step.name === "orders")!.step.fields;
  assert.deepEqual(
    orders.map((f) => [f.name, f.options.isUnique ?? false]),
    [
      ["customer_id", false],
      ["line_no", true],
      ["amount", false],
      ["note", false],
    ],
    "of the composite key (customer_id, line_no) the column outside the foreign key is unique",
  );
  const amount = orders.find((f) => f.name === "amount")!.options;
  assert.deepEqual(
    [amount.min, amount.max],
    [1, 999.99],
    "a price by its name, cut to what numeric(5,2) holds",
  );
  assert.deepEqual(read.plan.plan.sinkOptions.foreignKeys, [
    {
      source: { dataSource: "pg", step: "customers", fields: ["id"] },
      generate: [{ dataSource: "pg", step: "orders", fields: ["customer_id"] }],
      delete: [],
    },
  ]);

  const r = await run(p, "schemas-pg");
  assert.equal(r.success, true, r.failedReason ?? "");
  assert.deepEqual(
    r.steps.map((s) => [s.name, s.records]),
    [
      ["customers", 150],
      ["orders", 400],
    ],
    "the parent table is written first",
  );
  const [counts] = await pgQuery<{ c: string; o: string; ids: string; serials: string; orphans: string }>(
    `SELECT (SELECT count(*) FROM ${schema}.customers)::text AS c,
            (SELECT count(*) FROM ${schema}.orders)::text AS o,
            (SELECT count(DISTINCT id) FROM ${schema}.customers)::text AS ids,
            (SELECT count(DISTINCT serial_no) FROM ${schema}.customers)::text AS serials,
            (SELECT count(*) FROM ${schema}.orders o LEFT JOIN ${schema}.customers c ON c.id = o.customer_id WHERE c.id IS NULL)::text AS orphans`,
  );
  assert.deepEqual(counts, { c: "150", o: "400", ids: "150", serials: "150", orphans: "0" });
  const [shape] = await pgQuery<{ longest: number; top: string; shouted: boolean }>(
    `SELECT max(length(name)) AS longest, max(balance)::text AS top, bool_and(shout = upper(name)) AS shouted FROM ${schema}.customers`,
  );
  assert.ok(shape!.longest <= 12);
  assert.ok(Number(shape!.top) <= 99999.99);
  assert.equal(shape!.shouted, true, "the computed column is the database's");
});

test("declared fields win and the rest of the table is read; a plan's own foreign keys replace the database's", async () => {
  const schema = freshSchema();
  await createTables(schema);
  // orders declares amount and note; its key columns come from the table. The plan's foreign key
  // is the database's one spelled out, with a cardinality: it replaces the database's.
  const p = await plan(
    schema,
    "    fields:\n      - {name: amount, type: 'decimal(5,2)', options: {min: 1, max: 2}}\n",
    ", foreignKeys: [{source: {dataSource: pg, step: customers, fields: [id]}, generate: [{dataSource: pg, step: orders, fields: [customer_id], cardinality: {ratio: 2}}]}]",
    "flags { enableGeneratePlanAndTasks = true }\n",
  );
  const read = await readSchemas(p, { access: OPEN_ACCESS });
  const orders = read.steps.find((s) => s.step === "orders")!;
  assert.deepEqual(orders.declared, ["amount"]);
  assert.deepEqual(orders.added, ["customer_id", "line_no", "note"], "with the flag, every missing column");
  assert.equal(orders.foreignKeys[0]?.applied, false);
  assert.equal(read.plan.plan.sinkOptions.foreignKeys.length, 1, "only the plan's foreign key");
  const r = await run(p, "schemas-pg-declared");
  assert.equal(r.success, true, r.failedReason ?? "");
  const [o] = await pgQuery<{ n: string; amounts: string; notes: string }>(
    `SELECT count(*)::text AS n, count(*) FILTER (WHERE amount BETWEEN 1 AND 2)::text AS amounts,
            count(*) FILTER (WHERE length(note) <= 5)::text AS notes FROM ${schema}.orders`,
  );
  assert.deepEqual(
    o,
    { n: "300", amounts: "300", notes: "300" },
    "ratio 2 of 150 customers; declared options kept; the nullable note generated too",
  );
});

test("a step with some fields gets only the columns the database needs; a missing table or an unreachable server is a coded error", async () => {
  const schema = freshSchema();
  await createTables(schema);
  const p = await plan(schema, "    fields:\n      - {name: AMOUNT, type: 'decimal(5,2)'}\n");
  const read = await readSchemas(p, { access: OPEN_ACCESS });
  const orders = read.steps.find((s) => s.step === "orders")!;
  assert.deepEqual(
    orders.added,
    ["customer_id", "line_no"],
    "NOT NULL columns without a default; not the nullable note, not amount (declared, matched ignoring case)",
  );

  const missing = await planFrom(
    "name: m\ntasks:\n  - name: t\n    dataSourceName: pg\n",
    { t: `name: t\nsteps:\n  - name: s\n    options: {dbtable: ${schema}.orderz}\n` },
    { "application.conf": connection() },
  );
  await assert.rejects(readSchemas(missing, { access: OPEN_ACCESS }), (e: Error & { code?: string }) => {
    assert.equal(e.code, "RF_DB_TABLE_NOT_FOUND");
    assert.match(
      e.message,
      new RegExp(`step "s".*${schema}\\.orderz does not exist.*did you mean "${schema}\\.orders"`),
    );
    return true;
  });
  const unreachable = await planFrom(
    "name: u\ntasks:\n  - name: t\n    dataSourceName: pg\n",
    { t: "name: t\nsteps:\n  - name: s\n    options: {dbtable: public.x, connectTimeout: '2'}\n" },
    {
      "application.conf":
        'postgres {\n  pg {\n    url = "jdbc:postgresql://127.0.0.1:1/db"\n    user = "u"\n    password = "hunter2"\n  }\n}\n',
    },
  );
  await assert.rejects(readSchemas(unreachable, { access: OPEN_ACCESS }), (e: Error & { code?: string }) => {
    assert.equal(e.code, "RF_DB_UNREACHABLE");
    assert.match(e.message, /127\.0\.0\.1:1/);
    assert.doesNotMatch(e.message, /hunter2/);
    return true;
  });
});

test("a PostgreSQL table rowforge creates reads back as the types it was created from (bytes widen to smallint)", async () => {
  const schema = freshSchema();
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
    "array<int>",
    "array<string>",
    "map<string,string>",
  ];
  const fields = kinds.map((k, i) => `      - {name: c${i}, type: '${k}'}\n`).join("");
  const made = await planFrom(
    "name: c\ntasks:\n  - name: t\n    dataSourceName: pg\n",
    {
      t: `name: t\nsteps:\n  - name: s\n    options: {dbtable: ${schema}.made, createTable: 'true'}\n    count: {records: 5}\n    fields:\n${fields}`,
    },
    { "application.conf": connection() },
  );
  assert.equal((await run(made, "schemas-pg-created")).success, true);
  const back = await planFrom(
    "name: c\ntasks:\n  - name: t\n    dataSourceName: pg\n",
    { t: `name: t\nsteps:\n  - name: s\n    options: {dbtable: ${schema}.made}\n` },
    { "application.conf": connection() },
  );
  const read = await readSchemas(back, { access: OPEN_ACCESS });
  assert.deepEqual(
    read.plan.steps[0]!.step.fields.map((f) => f.type),
    kinds.map((k) => (k === "byte" ? "short" : k)),
  );
});

test("an identity key another table points at is generated, so children can refer to it; a nullable foreign key to a table outside the plan is left NULL", async () => {
  const schema = freshSchema();
  await pgQuery(`CREATE SCHEMA ${schema}`);
  await pgQuery(`CREATE TABLE ${schema}.elsewhere (id integer PRIMARY KEY)`);
  await pgQuery(
    `CREATE TABLE ${schema}.parents (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, label text NOT NULL)`,
  );
  await pgQuery(
    `CREATE TABLE ${schema}.kids (id serial PRIMARY KEY, parent_id integer NOT NULL REFERENCES ${schema}.parents, other_id integer REFERENCES ${schema}.elsewhere)`,
  );
  const p = await planFrom(
    "name: k\ntasks:\n  - name: t\n    dataSourceName: pg\nsinkOptions: {seed: 4}\n",
    {
      t: `name: t\nsteps:\n  - name: kids\n    options: {dbtable: ${schema}.kids}\n    count: {records: 90}\n  - name: parents\n    options: {dbtable: ${schema}.parents}\n    count: {records: 30}\n`,
    },
    { "application.conf": connection() },
  );
  const read = await readSchemas(p, { access: OPEN_ACCESS });
  assert.deepEqual(read.steps.find((s) => s.step === "parents")!.added, ["id", "label"]);
  const kids = read.steps.find((s) => s.step === "kids")!;
  assert.deepEqual(kids.added, ["parent_id"]);
  assert.deepEqual(
    kids.omitted.map((o) => o.column),
    ["id", "other_id"],
  );
  const r = await run(p, "schemas-pg-identity");
  assert.equal(r.success, true, r.failedReason ?? "");
  const [k] = await pgQuery<{ n: string; parents: string; others: string }>(
    `SELECT count(*)::text AS n, count(DISTINCT parent_id)::text AS parents, count(other_id)::text AS others FROM ${schema}.kids`,
  );
  assert.equal(k!.n, "90");
  assert.equal(k!.others, "0");
  assert.ok(Number(k!.parents) > 1);
});
