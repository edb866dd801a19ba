import assert from "node:assert/strict";
import { test } from "node:test";
import { runValidations } from "../../src/app/validations/run-validations.ts";
import { defaultRunConfiguration } from "../../src/model/run-configuration.ts";
import type { Validation } from "../../src/model/validation.ts";
import { validationsPlan } from "../../src/quality/validations-plan.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { cassandraConnection, cqlQuery, freshCassandraTable } from "../support/servers.ts";

/**
 * 2,500 accounts over two partitions (more than one page of 1,000): id 7 twice (as the
 * clustering key differs), amount 500 at id 99, one null name, tags a set, created a timestamp.
 */
const ROWS = 2500;

const checks: Validation[] = [
  { kind: "field", field: "id", checks: [{ type: "unique", options: {} }], nested: [] },
  { kind: "field", field: "name", checks: [{ type: "null", options: { negate: true } }], nested: [] },
  { kind: "expression", expr: "amount BETWEEN 1 AND 101", checks: [], nested: [] },
  {
    kind: "expression",
    expr: "size(tags) = 2 AND created >= TIMESTAMP'2024-01-01 00:00:00'",
    checks: [],
    nested: [],
  },
  {
    kind: "groupBy",
    groupByFields: ["region"],
    aggType: "count",
    aggExpr: "count > 1000",
    checks: [],
    nested: [],
  },
  {
    kind: "fieldNames",
    fieldNameType: "fieldNameMatchSet",
    fieldNameOptions: { names: ["region", "seq", "id", "name", "amount", "tags", "created"] },
    checks: [],
    nested: [],
  },
];

test("validations read a Cassandra table back page by page and find the planted defects", async () => {
  const [keyspace, table] = await freshCassandraTable();
  await cqlQuery(
    `CREATE TABLE ${keyspace}.${table} (region text, seq int, id bigint, name text, amount decimal, tags set<text>, created timestamp, PRIMARY KEY (region, seq))`,
  );
  // 100 rows a statement (one client per statement here): literals in an unlogged batch.
  const insert = (i: number) =>
    `INSERT INTO ${keyspace}.${table} (region, seq, id, name, amount, tags, created) VALUES ('${i % 2 === 0 ? "eu" : "us"}', ${i}, ${i === 2000 ? 7 : i}, ${i === 1234 ? "null" : `'n${i}'`}, ${i === 99 ? "500" : `${(i % 100) + 1}.5`}, {'a', 't${i}'}, ${Date.UTC(2024, 0, 1) + i * 60_000})`;
  for (let at = 0; at < ROWS; at += 100)
    await cqlQuery(
      `BEGIN UNLOGGED BATCH ${Array.from({ length: 100 }, (_, k) => insert(at + k)).join("; ")}; APPLY BATCH`,
    );
  const plan = validationsPlan(
    [
      {
        name: "cassandra_checks",
        description: "",
        dataSources: { my_cassandra: [{ options: { keyspace, table }, validations: checks }] },
      },
    ],
    defaultRunConfiguration(),
    [],
  );
  const results = await runValidations(plan, {
    access: OPEN_ACCESS,
    connections: new Map([
      [
        "my_cassandra",
        { name: "my_cassandra", type: "cassandra", groupType: "database", options: cassandraConnection() },
      ],
    ]),
    batchRows: 1000,
  });
  assert.deepEqual(
    results.map((r) => [r.description, r.success, r.records, r.failed, r.error?.code]),
    [
      ["id is unique", false, ROWS - 1, 1, undefined],
      ["name is not null", false, ROWS, 1, undefined],
      ["amount BETWEEN 1 AND 101", false, ROWS, 1, undefined],
      ["size(tags) = 2 AND created >= TIMESTAMP'2024-01-01 00:00:00'", true, ROWS, 0, undefined],
      ["group by region: count > 1000", true, 2, 0, undefined],
      [results[5]!.description, true, 7, 0, undefined],
    ],
  );
  assert.match(results[0]!.source, /^cassandra:\/\/.*\/rf_test\.rf_/);
});
