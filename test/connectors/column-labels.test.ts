import assert from "node:assert/strict";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { readSchemas } from "../../src/app/schemas/read-schemas.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { generateAll } from "../support/rows.ts";
import {
  cassandraConnection,
  cqlQuery,
  freshCassandraTable,
  freshMysqlTable,
  mariadbFacts,
  mariadbJdbcUrl,
  mysqlQuery,
  pgQuery,
  postgresFacts,
  postgresJdbcUrl,
} from "../support/servers.ts";

/**
 * Columns read from a table get values by their name and type (src/metadata/labels): what the
 * database holds afterwards is checked column by column, as a user would look at it.
 */

const EMAIL = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i;
const PHONE = /^[0-9 ()+.x-]{7,}$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WORDS = /^[\p{L}][\p{L} .'-]*$/u;

const run = (p: ResolvedPlan, id: string) =>
  runPlan(p, {
    access: OPEN_ACCESS,
    runId: id,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });

const pgConnection = () =>
  `postgres {\n  pg {\n    url = "${postgresJdbcUrl()}"\n    user = "${postgresFacts().user}"\n  }\n}\n`;

const onePlan = (dataSource: string, stepYaml: string, conf: string, extra = "") =>
  planFrom(
    `name: labels\ntasks:\n  - name: t\n    dataSourceName: ${dataSource}\nsinkOptions: {seed: 11${extra}}\n`,
    { t: `name: t\nsteps:\n${stepYaml}` },
    { "application.conf": conf },
  );

/** Checks every value of a column against a predicate, naming the first that fails. */
function every<R extends Record<string, unknown>>(
  rows: readonly R[],
  column: keyof R & string,
  ok: (v: unknown) => boolean,
) {
  const bad = rows.find((r) => !ok(r[column]));
  assert.equal(bad, undefined, `${column}: ${JSON.stringify(bad?.[column])} is not what its name says`);
}

test("PostgreSQL: an email column holds emails, a phone column phone numbers, names, places, money, times and states by their names, each within its column", async () => {
  const schema = `rf_labels_${process.pid}`;
  await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await pgQuery(`CREATE SCHEMA ${schema}`);
  await pgQuery(`CREATE TABLE ${schema}.customers (
    id integer PRIMARY KEY,
    email varchar(60) NOT NULL UNIQUE,
    "contactPhone" varchar(20) NOT NULL,
    first_name varchar(30) NOT NULL,
    last_name text NOT NULL,
    city varchar(40),
    country_code char(2) NOT NULL,
    country varchar(2) NOT NULL,
    zip varchar(10),
    ip_address varchar(15),
    website varchar(80),
    external_uuid varchar(36),
    price numeric(6,2) NOT NULL,
    age smallint,
    gender char(1) NOT NULL,
    status varchar(10) NOT NULL,
    created_at timestamptz NOT NULL,
    birth_date date,
    notes varchar(25),
    email_count integer NOT NULL
  )`);
  const p = await onePlan(
    "pg",
    `  - name: customers\n    options: {dbtable: ${schema}.customers}\n    count: {records: 400}\n`,
    pgConnection(),
  );
  const read = await readSchemas(p, { access: OPEN_ACCESS });
  const uses = new Map(read.steps[0]!.columns.map((c) => [c.column, c.generated]));
  assert.match(
    uses.get("email")!,
    /^by name \(email\): string \(expression: #\{Internet\.emailAddress\}, maxLen: 60, isUnique: true\)/,
  );
  assert.match(uses.get("country")!, /^by name \(country code\)/, "a two-character country is a code");
  assert.match(uses.get("email_count")!, /^int/, "an integer column named after emails is not an email");
  const r = await run(p, "labels-pg");
  assert.equal(r.success, true, r.failedReason ?? "");
  const rows = await pgQuery<Record<string, unknown>>(`SELECT * FROM ${schema}.customers`);
  assert.equal(rows.length, 400);
  every(rows, "email", (v) => EMAIL.test(String(v)));
  assert.equal(new Set(rows.map((r) => r.email)).size, 400, "the unique email column holds distinct emails");
  every(rows, "contactPhone", (v) => PHONE.test(String(v)));
  every(rows, "first_name", (v) => WORDS.test(String(v)));
  every(rows, "last_name", (v) => WORDS.test(String(v)));
  every(rows, "city", (v) => WORDS.test(String(v)));
  every(rows, "country_code", (v) => /^[A-Z]{2}$/.test(String(v)));
  every(rows, "zip", (v) => /^[0-9]{5}(-[0-9]{4})?$/.test(String(v)));
  every(
    rows,
    "ip_address",
    (v) =>
      IPV4.test(String(v)) &&
      String(v)
        .split(".")
        .every((n) => Number(n) <= 255),
  );
  every(rows, "website", (v) => /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}$/.test(String(v)));
  every(rows, "external_uuid", (v) => UUID.test(String(v)));
  every(rows, "price", (v) => Number(v) >= 1 && Number(v) <= 1000);
  every(rows, "age", (v) => Number(v) >= 18 && Number(v) <= 90);
  every(rows, "gender", (v) => ["F", "M", "X"].includes(String(v)));
  every(rows, "status", (v) => ["active", "inactive", "pending", "suspended", "closed"].includes(String(v)));
  const now = TEST_NOW_MICROS / 1000;
  every(
    rows,
    "created_at",
    (v) => (v as Date).getTime() <= now && (v as Date).getTime() >= now - 731 * 86_400_000,
  );
  every(rows, "birth_date", (v) => {
    const age = (now - (v as Date).getTime()) / (365.25 * 86_400_000);
    return age >= 17.9 && age <= 90.1;
  });
  every(rows, "notes", (v) => String(v).length <= 25 && /^[A-Z]/.test(String(v)));
  await pgQuery(`DROP SCHEMA ${schema} CASCADE`);
});

test("labels follow the plan's locale, and switch off per step (generateByName: false) or per plan (flag enableGenerateByName)", async () => {
  const schema = `rf_labels_off_${process.pid}`;
  await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await pgQuery(`CREATE SCHEMA ${schema}`);
  await pgQuery(
    `CREATE TABLE ${schema}.people (id integer PRIMARY KEY, email text NOT NULL, city text NOT NULL)`,
  );
  const step = (extra = "") =>
    `  - name: people\n    options: {dbtable: ${schema}.people${extra}}\n    count: {records: 50}\n`;
  const fields = async (p: ResolvedPlan) =>
    new Map(
      (await readSchemas(p, { access: OPEN_ACCESS })).plan.steps[0]!.step.fields.map((f) => [
        f.name,
        f.options,
      ]),
    );
  const on = await fields(await onePlan("pg", step(), pgConnection(), ", locale: de"));
  assert.equal(on.get("email")?.expression, "#{Internet.emailAddress}");
  const off = await fields(await onePlan("pg", step(", generateByName: 'false'"), pgConnection()));
  assert.equal(off.get("email")?.expression, undefined);
  const planOff = await fields(
    await onePlan("pg", step(), `${pgConnection()}flags { enableGenerateByName = false }\n`),
  );
  assert.equal(planOff.get("city")?.expression, undefined);

  const cities = async (locale: string) => {
    const read = await readSchemas(await onePlan("pg", step(), pgConnection(), `, locale: ${locale}`), {
      access: OPEN_ACCESS,
    });
    const rows = [...generateAll(read.plan, "11").values()][0]!;
    return new Set(rows.map((r) => r.city as string));
  };
  const [de, en] = [await cities("de"), await cities("en")];
  const shared = [...de].filter((c) => en.has(c));
  assert.ok(shared.length < de.size / 4, `German cities, not English ones (shared: ${shared.join(", ")})`);
  await pgQuery(`DROP SCHEMA ${schema} CASCADE`);
});

test("MariaDB: labelled columns fit their widths (an email varchar(24) is cut, a varchar(8) email column is not an email)", async () => {
  const t = freshMysqlTable();
  await mysqlQuery(`CREATE TABLE ${t} (
    id int NOT NULL PRIMARY KEY,
    customer_email varchar(24) NOT NULL,
    tiny_email varchar(8) NOT NULL,
    phone_number varchar(20) NOT NULL,
    username varchar(30) NOT NULL UNIQUE,
    credit_card varchar(19) NOT NULL,
    iban varchar(34) NOT NULL,
    currency char(3) NOT NULL,
    quantity tinyint unsigned NOT NULL,
    latitude double NOT NULL,
    longitude decimal(9,6) NOT NULL,
    updated_at datetime NOT NULL
  ) ENGINE=InnoDB`);
  const f = mariadbFacts();
  const p = await onePlan(
    "maria",
    `  - name: s\n    options: {dbtable: ${t}}\n    count: {records: 300}\n`,
    `mysql {\n  maria {\n    url = "${mariadbJdbcUrl(f)}"\n    user = "${f.user}"\n    password = "${f.password}"\n  }\n}\n`,
  );
  const r = await run(p, "labels-maria");
  assert.equal(r.success, true, r.failedReason ?? "");
  const rows = await mysqlQuery<Record<string, unknown>>(`SELECT * FROM ${t}`);
  assert.equal(rows.length, 300);
  every(rows, "customer_email", (v) => String(v).length <= 24);
  assert.ok(
    rows.filter((r) => EMAIL.test(String(r.customer_email))).length > 150,
    "most emails fit in 24 characters whole",
  );
  every(rows, "tiny_email", (v) => !String(v).includes("@"));
  every(rows, "phone_number", (v) => PHONE.test(String(v)));
  assert.equal(new Set(rows.map((r) => r.username)).size, 300);
  every(rows, "username", (v) => /^[\p{L}0-9._-]+$/u.test(String(v)));
  every(rows, "credit_card", (v) => /^[0-9-]{13,19}$/.test(String(v)));
  every(rows, "iban", (v) => /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(String(v)));
  every(rows, "currency", (v) => /^[A-Z]{3}$/.test(String(v)));
  every(rows, "quantity", (v) => Number(v) >= 1 && Number(v) <= 100);
  every(rows, "latitude", (v) => Math.abs(Number(v)) <= 90);
  every(rows, "longitude", (v) => Math.abs(Number(v)) <= 180);
  await mysqlQuery(`DROP TABLE ${t}`);
});

test("Cassandra: text columns by their names (email, city, status), numbers in their ranges", async () => {
  const [ks, table] = await freshCassandraTable();
  await cqlQuery(
    `CREATE TABLE ${ks}.${table} (user_id text PRIMARY KEY, email text, city text, status text, age int, amount decimal)`,
  );
  const p = await onePlan(
    "cass",
    `  - name: users\n    options: {keyspace: ${ks}, table: ${table}}\n    count: {records: 200}\n`,
    `org.apache.spark.sql.cassandra {\n  cass {\n${Object.entries(cassandraConnection())
      .map(([k, v]) => `    ${k} = "${v}"\n`)
      .join("")}  }\n}\n`,
  );
  const r = await run(p, "labels-cass");
  assert.equal(r.success, true, r.failedReason ?? "");
  const rows = (await cqlQuery(`SELECT * FROM ${ks}.${table}`)).map((row) => ({
    email: row.get("email") as string,
    city: row.get("city") as string,
    status: row.get("status") as string,
    age: row.get("age") as number,
    amount: Number(String(row.get("amount"))),
  }));
  assert.equal(rows.length, 200);
  every(rows, "email", (v) => EMAIL.test(String(v)));
  every(rows, "city", (v) => WORDS.test(String(v)));
  every(rows, "status", (v) => ["active", "inactive", "pending", "suspended", "closed"].includes(String(v)));
  every(rows, "age", (v) => Number(v) >= 18 && Number(v) <= 90);
  every(rows, "amount", (v) => Number(v) >= 1 && Number(v) <= 1000);
});
