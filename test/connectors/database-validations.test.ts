import assert from "node:assert/strict";
import { test } from "node:test";
import { runValidations } from "../../src/app/validations/run-validations.ts";
import type { Connection } from "../../src/model/connection.ts";
import { defaultRunConfiguration } from "../../src/model/run-configuration.ts";
import type { Validation } from "../../src/model/validation.ts";
import { validationsPlan } from "../../src/quality/validations-plan.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import {
  freshMysqlTable,
  freshTableName,
  mariadbFacts,
  mariadbJdbcUrl,
  mysqlQuery,
  pgQuery,
  postgresFacts,
  postgresJdbcUrl,
} from "../support/servers.ts";

/** 2,500 accounts (more than one page of 1,000): ids unique but 7 repeated once, amounts 1..100 but one 500, one null name. */
const ROWS = 2500;
const rowsSql = (i: number) =>
  `(${i === 2000 ? 7 : i}, ${i === 1234 ? "NULL" : `'n${i}'`}, ${i === 99 ? 500 : (i % 100) + 1}.5, DATE '2024-01-01' + ${i % 30})`;

const checks: Validation[] = [
  { kind: "field", field: "id", checks: [{ type: "unique", options: {} }], nested: [] },
  { kind: "field", field: "name", checks: [{ type: "null", options: { negate: true } }], nested: [] },
  { kind: "expression", expr: "amount BETWEEN 1 AND 101", checks: [], nested: [] },
  {
    kind: "expression",
    expr: "created >= DATE'2024-01-01' AND created < DATE'2024-02-01'",
    checks: [],
    nested: [],
  },
  { kind: "groupBy", aggType: "count", aggExpr: `count == ${ROWS}`, checks: [], nested: [] },
];

async function validate(connection: Connection) {
  const plan = validationsPlan(
    [
      {
        name: "db_checks",
        description: "",
        dataSources: { [connection.name]: [{ options: {}, validations: checks }] },
      },
    ],
    defaultRunConfiguration(),
    [],
  );
  const results = await runValidations(plan, {
    access: OPEN_ACCESS,
    connections: new Map([[connection.name, connection]]),
    batchRows: 1000,
  });
  return results.map((r) => [r.description, r.success, r.records, r.failed, r.error?.code]);
}

const expected = [
  ["id is unique", false, ROWS - 1, 1, undefined],
  ["name is not null", false, ROWS, 1, undefined],
  ["amount BETWEEN 1 AND 101", false, ROWS, 1, undefined],
  ["created >= DATE'2024-01-01' AND created < DATE'2024-02-01'", true, ROWS, 0, undefined],
  [`count == ${ROWS}`, true, 1, 0, undefined],
];

test("validations read a PostgreSQL table back through a cursor, page by page, and find the planted defects", async () => {
  const table = freshTableName();
  await pgQuery(`CREATE TABLE ${table} (id bigint, name text, amount numeric(10,2), created date)`);
  await pgQuery(
    `INSERT INTO ${table} VALUES ${Array.from({ length: ROWS }, (_, i) => rowsSql(i)).join(", ")}`,
  );
  const f = postgresFacts();
  const got = await validate({
    name: "my_pg",
    type: "postgres",
    groupType: "database",
    options: { url: postgresJdbcUrl(f), user: f.user, dbtable: table },
  });
  assert.deepEqual(got, expected);
});

test("validations read a MariaDB table back in primary-key pages and find the planted defects", async () => {
  const table = freshMysqlTable();
  await mysqlQuery(`CREATE TABLE ${table} (id bigint, name varchar(20), amount decimal(10,2), created date)`);
  await mysqlQuery(
    `INSERT INTO ${table} VALUES ${Array.from({ length: ROWS }, (_, i) => rowsSql(i)).join(", ")}`,
  );
  const f = mariadbFacts();
  const got = await validate({
    name: "my_maria",
    type: "mysql",
    groupType: "database",
    options: { url: mariadbJdbcUrl(f), user: f.user, password: f.password, dbtable: table },
  });
  assert.deepEqual(got, expected);
});

test("a table that does not exist fails its validations with the database's own code", async () => {
  const f = postgresFacts();
  const got = await validate({
    name: "my_pg",
    type: "postgres",
    groupType: "database",
    options: { url: postgresJdbcUrl(f), user: f.user, dbtable: "public.rf_no_such_table" },
  });
  assert.ok(
    got.every(([, success, , , code]) => success === false && typeof code === "string"),
    JSON.stringify(got),
  );
});
