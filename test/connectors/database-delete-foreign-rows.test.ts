import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { deletePlanData } from "../../src/app/runs/delete-plan-data.ts";
import type { RunResult } from "../../src/app/runs/run-plan.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { openStore, type Store } from "../../src/store/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { generateRecorded } from "../support/recorded-run.ts";
import {
  columnValues,
  countRows,
  loadPlanYaml,
  SQL_DATABASES,
  type SqlDatabase,
  tableSpace,
} from "../support/sql-databases.ts";

/**
 * Delete mode never removes a row rowforge did not write, against the real PostgreSQL and
 * MariaDB servers: rows of others that share a generated key (isPrimaryKey on a column the
 * table does not keep unique) or equal a generated row in all but one column (a name, the last
 * bits of a float, a NULL, a microsecond, letter case, a trailing space) stay; rows equal in
 * every column are deleted only as often as the runs wrote them; rows that differ only in a
 * column the step does not generate are a refusal; a real primary or unique key identifies
 * the rows the runs inserted; rows of other tables that reference a row to delete are a refusal.
 */
const space = tableSpace("dfr");
const fresh = (db: SqlDatabase, name: string): string => space.table(db, name);

let store: Store;

before(async () => {
  store = await openStore(fixtureDir({}));
  await space.create();
});

after(async () => {
  await store?.close();
  // Children (named kids_*) before their parents.
  await space.drop((t) => t.includes("kids"));
});

/** A one-step plan writing `records` rows of `fields` to `table`. */
async function planOf(
  db: SqlDatabase,
  table: string,
  fields: string,
  records = 5,
  seed = "7",
): Promise<ResolvedPlan> {
  return loadPlanYaml(`name: dfr_${table.replace(/\W/g, "_")}
sinkOptions: {seed: "${seed}"}
dataSources:
  - name: db
    connection: {type: ${db.type}, options: ${db.connection()}}
    steps:
      - name: rows
        options: {dbtable: ${table}}
        count: {records: ${records}}
        fields:
${fields}`);
}

const remove = (plan: ResolvedPlan): Promise<RunResult> =>
  deletePlanData(plan, { access: OPEN_ACCESS, history: { executions: store.executions } });

/** The generated rows' ids, sorted (every row of the table but the ones named). */
const idsOf = async (db: SqlDatabase, table: string, column: string, not: string[] = []): Promise<string[]> =>
  (await columnValues(db, table, column)).filter((id) => !not.includes(id));

const KEYED = `          - {name: id, options: {regex: "K[0-9]{6}", isPrimaryKey: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
          - {name: score, type: double, options: {min: 1, max: 1000}}
          - {name: at, type: timestamp, options: {min: "2021-01-01", max: "2024-12-31"}}
`;

for (const db of SQL_DATABASES) {
  test(`${db.name}: isPrimaryKey on a column the table does not keep unique: rows of others sharing a generated key, or equal to a generated row but in a name, a float's last bits, a NULL, a microsecond, letter case or a trailing space, stay; the 5 generated rows go`, async () => {
    const t = fresh(db, "keyed");
    await db.query(
      `CREATE TABLE ${t} (id varchar(40), name varchar(200), score ${db.double}, at ${db.timestamp})${db.engine}`,
    );
    await db.query(`INSERT INTO ${t} VALUES ('U-1', 'there before', 1.5, '2020-01-01 00:00:00')`);
    const plan = await planOf(db, t, KEYED);
    await generateRecorded(plan, store);
    const g = await idsOf(db, t, "id", ["U-1"]);
    assert.equal(g.length, 5);
    // Each copy is made from the generated row alone (one statement: MariaDB's comparison ignores case and trailing spaces).
    const copy = (id: string, ...columns: string[]) =>
      db.query(
        `INSERT INTO ${t} (id, name, score, at) ${columns.map((c) => `SELECT ${c} FROM ${t} WHERE id = '${id}'`).join(" UNION ALL ")}`,
      );
    const later = db.type === "postgres" ? "at + interval '1 microsecond'" : "at + INTERVAL 1 MICROSECOND";
    await copy(g[0]!, "id, 'someone else', score, at");
    await copy(g[1]!, "id, name, score * (1 + 1e-15), at");
    await copy(g[2]!, "id, name, NULL, at");
    await copy(g[3]!, `id, name, score, ${later}`);
    await copy(g[4]!, "lower(id), name, score, at", "concat(id, ' '), name, score, at");
    assert.equal(await countRows(db, t), 12);

    const d = await remove(plan);
    assert.equal(d.success, true, d.failedReason ?? "");
    assert.equal(d.steps[0]?.records, 5, "the generated rows only");
    assert.match(d.steps[0]!.outputs[0]!, /rows equal in all 4 generated columns/);
    assert.equal(await countRows(db, t), 7, "the row there before and the 6 rows of others stay");
    assert.equal(await countRows(db, t, "name = 'someone else'"), 1);
    assert.equal(await countRows(db, t, "score IS NULL"), 1);
    assert.equal(await countRows(db, t, "id = 'U-1'"), 1);
  });

  test(`${db.name}: a table without a key whose columns the step generates all: a row equal to a generated one in every column cannot be told from it, so only as many as the runs wrote are deleted; a generated row changed since stays and is counted as not found`, async () => {
    const t = fresh(db, "plain");
    await db.query(`CREATE TABLE ${t} (id varchar(40), name varchar(200))${db.engine}`);
    const fields = `          - {name: id, options: {regex: "P[0-9]{6}", isUnique: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
`;
    const plan = await planOf(db, t, fields);
    // The same seed twice: every generated row is in the table twice, written twice.
    await generateRecorded(plan, store);
    await generateRecorded(plan, store);
    const g = [...new Set(await idsOf(db, t, "id"))];
    assert.equal(g.length, 5);
    // Someone else's copy of the first row (three alike now), and a changed generated row.
    await db.query(`INSERT INTO ${t} (id, name) SELECT id, name FROM ${t} WHERE id = '${g[0]}' LIMIT 1`);
    await db.query(
      db.type === "postgres"
        ? `UPDATE ${t} SET name = 'changed since' WHERE ctid = (SELECT min(ctid) FROM ${t} WHERE id = '${g[1]}')`
        : `UPDATE ${t} SET name = 'changed since' WHERE id = '${g[1]}' LIMIT 1`,
    );
    assert.equal(await countRows(db, t), 11);

    const d = await remove(plan);
    assert.equal(d.success, true, d.failedReason ?? "");
    assert.equal(d.steps[0]?.records, 9, "10 written, one changed since");
    assert.match(
      d.steps[0]!.outputs[0]!,
      /rows equal in all 2 generated columns; 1 of the 10 rows written not found/,
    );
    assert.deepEqual(
      await idsOf(db, t, "id"),
      [g[0]!, g[1]!].sort(),
      "one copy of the first row (as many as the runs wrote went) and the changed row stay",
    );
    assert.equal(await countRows(db, t, "name = 'changed since'"), 1);
  });

  test(`${db.name}: rows that differ only in a column the step does not generate cannot be told apart: the delete is refused with RF_DELETE_AMBIGUOUS naming that column, and deletes nothing until the other row is gone`, async () => {
    const t = fresh(db, "serial");
    await db.query(`CREATE TABLE ${t} (rid ${db.serial}, code varchar(40), name varchar(200))${db.engine}`);
    const fields = `          - {name: code, options: {regex: "S[0-9]{6}", isPrimaryKey: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
`;
    const plan = await planOf(db, t, fields);
    await generateRecorded(plan, store);
    const g = await idsOf(db, t, "code");
    await db.query(`INSERT INTO ${t} (code, name) SELECT code, name FROM ${t} WHERE code = '${g[2]}'`);

    const d = await remove(plan);
    assert.equal(d.success, false);
    assert.equal(d.steps[0]?.errorCode, "RF_DELETE_AMBIGUOUS");
    assert.match(
      d.failedReason ?? "",
      /step "rows": table \S+ holds 2 rows equal in every generated column \(code, name\) to a row the runs wrote once \(code = 'S\d{6}', name = '[^']+'\): only rid, which the step does not generate, can tell them apart, so rowforge cannot tell which is its own; nothing was deleted/,
    );
    assert.equal(await countRows(db, t), 6, "nothing deleted");

    await db.query(`DELETE FROM ${t} WHERE rid = (SELECT m FROM (SELECT max(rid) AS m FROM ${t}) x)`);
    const ok = await remove(plan);
    assert.equal(ok.success, true, ok.failedReason ?? "");
    assert.equal(ok.steps[0]?.records, 5);
    assert.equal(await countRows(db, t), 0);
  });

  test(`${db.name}: a primary or unique key the step generates identifies the rows the runs inserted: one changed since still goes, one removed since is counted as not found, rows with other keys stay`, async () => {
    const byPk = fresh(db, "pk");
    await db.query(`CREATE TABLE ${byPk} (id varchar(40) PRIMARY KEY, name varchar(200))${db.engine}`);
    const byUnique = fresh(db, "uq");
    await db.query(
      `CREATE TABLE ${byUnique} (rid ${db.serial}, id varchar(40) NOT NULL UNIQUE, name varchar(200))${db.engine}`,
    );
    const fields = `          - {name: id, options: {regex: "Q[0-9]{6}", isUnique: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
`;
    for (const [t, key] of [
      [byPk, /primary key id/],
      [byUnique, /unique key id/],
    ] as const) {
      const plan = await planOf(db, t, fields);
      await generateRecorded(plan, store);
      const g = await idsOf(db, t, "id");
      await db.query(`UPDATE ${t} SET name = 'changed by the application' WHERE id = '${g[0]}'`);
      await db.query(`DELETE FROM ${t} WHERE id = '${g[1]}'`);
      await db.query(`INSERT INTO ${t} (id, name) VALUES ('OTHER', 'not rowforge''s')`);
      const d = await remove(plan);
      assert.equal(d.success, true, d.failedReason ?? "");
      assert.equal(d.steps[0]?.records, 4);
      assert.match(d.steps[0]!.outputs[0]!, key);
      assert.match(d.steps[0]!.outputs[0]!, /1 of the 5 rows written not found/);
      assert.deepEqual(await idsOf(db, t, "id"), ["OTHER"]);
    }
  });

  test(`${db.name}: a row of another table that references a row to delete (ON DELETE CASCADE would remove it, NO ACTION would refuse) is a refusal with RF_DELETE_REFERENCED; nothing is deleted`, async () => {
    for (const action of ["ON DELETE CASCADE", ""]) {
      const parents = fresh(db, "parents");
      const kids = fresh(db, "kids");
      await db.query(`CREATE TABLE ${parents} (id varchar(40) PRIMARY KEY, name varchar(200))${db.engine}`);
      await db.query(
        `CREATE TABLE ${kids} (kid varchar(40) PRIMARY KEY, parent varchar(40), FOREIGN KEY (parent) REFERENCES ${parents} (id) ${action})${db.engine}`,
      );
      const fields = `          - {name: id, options: {regex: "R[0-9]{6}", isUnique: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
`;
      const plan = await planOf(db, parents, fields);
      await generateRecorded(plan, store);
      const g = await idsOf(db, parents, "id");
      await db.query(`INSERT INTO ${kids} VALUES ('someone elses', '${g[3]}')`);
      const d = await remove(plan);
      assert.equal(d.success, false, action);
      assert.equal(d.steps[0]?.errorCode, "RF_DELETE_REFERENCED", d.failedReason ?? "");
      assert.match(
        d.failedReason ?? "",
        new RegExp(
          `1 row of table \\S*${kids.replace(/.*\./, "")} references rows this delete would remove \\(foreign key \\S+ on parent${action ? ", ON DELETE CASCADE: the database would delete it too" : ""}\\)`,
        ),
      );
      assert.equal(await countRows(db, parents), 5, "nothing deleted");
      assert.equal(await countRows(db, kids), 1);
    }
  });

  test(`${db.name}: a row of another table referencing a row to delete that is matched by its values (a serial key the step does not generate; a NULL, a decimal in the row) is a refusal with RF_DELETE_REFERENCED; nothing is deleted`, async () => {
    const parents = fresh(db, "parents_serial");
    const kids = fresh(db, "kids_serial");
    await db.query(
      `CREATE TABLE ${parents} (rid ${db.serial}, code varchar(40), note varchar(40), amount decimal(10,2))${db.engine}`,
    );
    await db.query(
      `CREATE TABLE ${kids} (kid varchar(40) PRIMARY KEY, parent int, FOREIGN KEY (parent) REFERENCES ${parents} (rid) ON DELETE CASCADE)${db.engine}`,
    );
    const fields = `          - {name: code, options: {regex: "N[0-9]{6}", isUnique: true}}
          - {name: note, options: {regex: "[a-z]{5}", enableNull: true, nullProb: 0.5}}
          - {name: amount, type: "decimal(10,2)", options: {min: 1, max: 999}}
`;
    const plan = await planOf(db, parents, fields, 20);
    await generateRecorded(plan, store);
    const nullNote = await db.query(`SELECT rid FROM ${parents} WHERE note IS NULL ORDER BY rid`);
    assert.ok(nullNote.length > 0, "a generated row with a NULL");
    await db.query(`INSERT INTO ${kids} VALUES ('someone elses', ${Number(nullNote[0]!.rid)})`);
    const d = await remove(plan);
    assert.equal(d.success, false);
    assert.equal(d.steps[0]?.errorCode, "RF_DELETE_REFERENCED", d.failedReason ?? "");
    assert.match(d.failedReason ?? "", /1 row of table \S+ references rows this delete would remove/);
    assert.equal(await countRows(db, parents), 20, "nothing deleted");
    assert.equal(await countRows(db, kids), 1, "the child of others stays");
  });
}

for (const db of SQL_DATABASES) {
  test(`${db.name}: children generated for the rows of an existing table (reference mode) go; the existing rows, and a row of others referencing the same parent, stay`, async () => {
    const parents = fresh(db, "accounts");
    const kids = fresh(db, "kids_tx");
    await db.query(`CREATE TABLE ${parents} (account_id int PRIMARY KEY, name varchar(40))${db.engine}`);
    await db.query(`INSERT INTO ${parents} VALUES (7, 'a'), (14, 'b'), (21, 'c')`);
    await db.query(
      `CREATE TABLE ${kids} (account_id int NOT NULL, amount ${db.double}, FOREIGN KEY (account_id) REFERENCES ${parents} (account_id))${db.engine}`,
    );
    const yaml = `name: dfr_reference_${db.type}
sinkOptions: {seed: "5"}
dataSources:
  - name: db
    connection: {type: ${db.type}, options: ${db.connection()}}
    steps:
      - name: accounts
        options: {dbtable: ${parents}, enableReferenceMode: "true"}
      - name: transactions
        options: {dbtable: ${kids}}
        count: {records: 30}
        fields:
          - {name: account_id, type: int}
          - {name: amount, type: double, options: {min: 1, max: 9}}
foreignKeys:
  - source: {dataSource: db, step: accounts, fields: [account_id]}
    generate: [{dataSource: db, step: transactions, fields: [account_id]}]
`;
    const plan = await loadPlanYaml(yaml);
    await generateRecorded(plan, store);
    assert.equal(await countRows(db, kids), 30);
    await db.query(`INSERT INTO ${kids} SELECT account_id, amount + 100 FROM ${kids} LIMIT 1`);

    const d = await remove(plan);
    assert.equal(d.success, true, d.failedReason ?? "");
    assert.deepEqual(
      d.steps.map((s) => [s.name, s.records, s.skipped ?? ""]),
      [
        ["transactions", 30, ""],
        ["accounts", 0, "reference data: read, never deleted"],
      ],
    );
    assert.equal(await countRows(db, parents), 3);
    assert.equal(await countRows(db, kids), 1, "the row of others stays");
  });
}
