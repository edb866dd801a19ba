import assert from "node:assert/strict";
import { after, test } from "node:test";
import { deletePlanData } from "../../src/app/runs/delete-plan-data.ts";
import { openStore } from "../../src/store/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { generateRecorded } from "../support/recorded-run.ts";
import { freshMysqlTable, freshTableName, mysqlQuery, pgQuery } from "../support/servers.ts";
import { countRows, loadPlanYaml, MARIADB, POSTGRES } from "../support/sql-databases.ts";

/**
 * A row-equality delete (no key fields, no primary key) over every kind of column rowforge
 * writes: the regenerated values are loaded into columns of the table's own types, so they
 * compare equal to the stored ones (floats, timestamps, decimals, JSON, arrays, binary), and
 * nulls match through null-safe equality.
 */
const PG_TABLE = freshTableName();
const MY_TABLE = freshMysqlTable();

after(async () => {
  await pgQuery(`DROP TABLE IF EXISTS ${PG_TABLE}`);
  await mysqlQuery(`DROP TABLE IF EXISTS ${MY_TABLE}`);
});

const FIELDS = `          - {name: n, type: int, options: {min: 1, max: 5}}
          - {name: d, type: double, options: {min: -1000, max: 1000}}
          - {name: f, type: float, options: {min: 0, max: 1}}
          - {name: amount, type: "decimal(12,4)", options: {min: 0, max: 99999}}
          - {name: at, type: timestamp, options: {min: "2020-01-01", max: "2024-12-31"}}
          - {name: day, type: date, options: {min: "2020-01-01", max: "2024-12-31"}}
          - {name: flag, type: boolean}
          - {name: note, options: {expression: "#{Lorem.sentence}", enableNull: true, nullProb: 0.3}}
          - {name: maybe, type: double, options: {enableNull: true, nullProb: 0.5}}
          - {name: tags, type: "array<int>", options: {arrayMinLen: 0, arrayMaxLen: 3}}
          - {name: info, fields: [{name: a, type: int}, {name: b, options: {regex: "[a-z]{3}"}}]}
          - {name: raw, type: binary}
`;

const CASES = [
  { db: POSTGRES, table: PG_TABLE },
  { db: MARIADB, table: MY_TABLE },
];

for (const { db, table } of CASES) {
  test(`${db.name}: a row-equality delete matches every generated row over floats, timestamps, decimals, JSON, arrays, binary and nulls`, async () => {
    const plan = await loadPlanYaml(`name: typed_delete_${db.type}
sinkOptions: {seed: "3"}
dataSources:
  - name: db
    connection: {type: ${db.type}, options: ${db.connection()}}
    steps:
      - name: typed
        options: {dbtable: ${table}, createTable: "true"}
        count: {records: 2000}
        fields:
${FIELDS}`);
    const store = await openStore(fixtureDir({}));
    try {
      await generateRecorded(plan, store);
      // Someone else's row, equal to a generated one except in one column, stays.
      await db.query(`INSERT INTO ${table} (n, d, f, amount, flag) VALUES (1, 0.5, 0.25, 1.0000, true)`);
      const d = await deletePlanData(plan, {
        access: OPEN_ACCESS,
        history: { executions: store.executions },
      });
      assert.equal(d.success, true, d.failedReason ?? "");
      assert.equal(d.steps[0]?.records, 2000);
      assert.match(d.steps[0]!.outputs[0]!, /rows equal in all 12 generated columns/);
      assert.equal(await countRows(db, table), 1);
    } finally {
      await store.close();
    }
  });
}
