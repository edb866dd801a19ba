import assert from "node:assert/strict";
import { test } from "node:test";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import type { GeneratedRun } from "./connector.ts";
import { deleteKey, describeKey, runsToDelete } from "./database-delete.ts";

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

test("the delete key: marked fields in primaryKeyPos order, else the table's primary key when generated, else every generated column", () => {
  const marked = stepWith([
    { name: "a", options: { isPrimaryKey: true, primaryKeyPos: 2 } },
    { name: "B", options: { isPrimaryKey: true, primaryKeyPos: 1 } },
    { name: "c" },
    { name: "hidden", options: { isPrimaryKey: true, omit: true } },
  ]);
  const key = deleteKey(marked, ["a", "b", "c"], ["c"], "s.t");
  assert.deepEqual(key, { fields: ["B", "a"], columns: ["b", "a"], by: "fields" });
  assert.equal(describeKey(key), "key fields b, a");

  const plain = stepWith([{ name: "id" }, { name: "name" }]);
  assert.deepEqual(deleteKey(plain, ["ID", "name", "note"], ["ID"], "s.t"), {
    fields: ["id"],
    columns: ["ID"],
    by: "primary key",
  });
  // A primary key the step does not generate whole cannot identify its rows: row equality.
  const row = deleteKey(plain, ["id", "name", "serial"], ["serial"], "s.t");
  assert.deepEqual(row, { fields: ["id", "name"], columns: ["id", "name"], by: "row" });
  assert.equal(describeKey(row), "rows equal in all 2 generated columns");
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
