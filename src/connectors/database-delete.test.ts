import assert from "node:assert/strict";
import { test } from "node:test";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import type { GeneratedRun } from "./connector.ts";
import {
  ambiguousError,
  deletedOutput,
  deleteKey,
  describeKey,
  referencedError,
  runsToDelete,
} from "./database-delete.ts";

function stepWith(fields: { name: string; options?: Record<string, unknown> }[]): ResolvedStep {
  return {
    taskName: "t",
    dataSourceName: "db",
    format: "postgres",
    connection: undefined,
    step: {
      name: "s",
      type: "postgres",
      options: {},
      fields: fields.map((f) => ({ name: f.name, options: f.options ?? {} })),
      count: {},
      enabled: true,
    },
  } as unknown as ResolvedStep;
}

test("the delete key: the first key the table enforces that the step generates whole (primary first), else every generated column; isPrimaryKey marks do not decide", () => {
  const marked = stepWith([
    { name: "a", options: { isPrimaryKey: true, primaryKeyPos: 2 } },
    { name: "B", options: { isPrimaryKey: true, primaryKeyPos: 1 } },
    { name: "c" },
    { name: "hidden", options: { isPrimaryKey: true, omit: true } },
  ]);
  // The marked fields are not a key of the table: rows of others may share them.
  const row = deleteKey(marked, ["a", "b", "c", "serial"], [{ columns: ["serial"], primary: true }], "s.t");
  assert.deepEqual(row, { fields: ["a", "B", "c"], columns: ["a", "b", "c"], by: "row", others: ["serial"] });
  assert.equal(describeKey(row), "rows equal in all 3 generated columns");

  const plain = stepWith([{ name: "id" }, { name: "email" }, { name: "name" }]);
  const keys = [
    { columns: ["serial"], primary: true },
    { columns: ["email"], primary: false },
    { columns: ["ID"], primary: false },
  ];
  const unique = deleteKey(plain, ["serial", "ID", "email", "name"], keys, "s.t");
  assert.deepEqual(unique, { fields: ["email"], columns: ["email"], by: "unique key", others: ["serial"] });
  assert.equal(describeKey(unique), "unique key email");
  const primary = deleteKey(plain, ["ID", "email", "name"], [{ columns: ["ID"], primary: true }], "s.t");
  assert.deepEqual(primary, { fields: ["id"], columns: ["ID"], by: "primary key", others: [] });
  assert.equal(describeKey(primary), "primary key ID");
});

test("the delete's output says how rows were matched and how many written rows were not found", () => {
  const row = { fields: ["a"], columns: ["a"], by: "row", others: [] } as const;
  assert.equal(deletedOutput("pg://t", row, 5, 5), "pg://t (rows equal in all 1 generated columns)");
  assert.equal(
    deletedOutput("pg://t", row, 10, 9),
    "pg://t (rows equal in all 1 generated columns; 1 of the 10 rows written not found: changed or removed since; a changed row stays)",
  );
  const pk = { ...row, by: "primary key" } as const;
  assert.equal(
    deletedOutput("pg://t", pk, 5, 3),
    "pg://t (primary key a; 2 of the 5 rows written not found: removed since)",
  );
});

test("the refusals name the table, the rows and what tells them apart, and the foreign key and what the database would do", () => {
  const key = { fields: ["code", "name"], columns: ["code", "name"], by: "row", others: ["rid"] } as const;
  const a = ambiguousError("s", "db.t", key, { rows: 3, present: 3, written: 2, values: ["S1", null] });
  assert.equal(a.code, "RF_DELETE_AMBIGUOUS");
  assert.equal(
    a.message,
    `step "s": table db.t holds 3 rows equal in every generated column (code, name) to a row the runs wrote twice (code = 'S1', name = NULL), and 2 more generated row(s) alike: only rid, which the step does not generate, can tell them apart, so rowforge cannot tell which are its own; nothing was deleted`,
  );
  const r = referencedError("s", "db.t", {
    table: "db.kids",
    constraint: "kids_fk",
    columns: ["parent"],
    onDelete: "SET NULL",
    rows: 2,
  });
  assert.equal(r.code, "RF_DELETE_REFERENCED");
  assert.equal(
    r.message,
    `step "s": 2 rows of table db.kids reference rows this delete would remove (foreign key kids_fk on parent, ON DELETE SET NULL: the database would change them), and this delete does not remove them; nothing of table db.t was deleted`,
  );
});

test("the runs to delete: the ones that wrote to this table; under overwrite only the newest, all marked done; none known is an error", () => {
  const run = (runId: string, output: string): GeneratedRun => ({
    runId,
    createdTs: "2026-11-27T00:00:00Z",
    records: 1,
    outputs: [output],
    batches: () => [],
  });
  const history = {
    runs: [run("r1", "T"), run("r2", "other"), run("r3", "T")],
    deletedBefore: [],
    planRuns: 3,
  };
  const append = runsToDelete(history, "T", "append", "step", "p");
  assert.deepEqual(
    append.runs.map((r) => r.runId),
    ["r1", "r3"],
  );
  const overwrite = runsToDelete(history, "T", "overwrite", "step", "p");
  assert.deepEqual(
    overwrite.runs.map((r) => r.runId),
    ["r3"],
  );
  assert.deepEqual(overwrite.done, ["r1", "r3"]);
  const none = runsToDelete(history, "elsewhere", "append", "step", "p");
  assert.match(
    "note" in none ? none.note : "",
    /nothing to delete: no run of plan p in this run history wrote to elsewhere/,
  );
  assert.throws(
    () => runsToDelete({ runs: [], deletedBefore: [], planRuns: 0 }, "T", "append", "step", "p"),
    /RF_DELETE_HISTORY_MISSING|holds no generate run of plan p/,
  );
});
