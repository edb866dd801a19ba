import assert from "node:assert/strict";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { writeDuckParquet } from "../../test/support/duck-parquet.ts";
import { fixtureDir } from "../../test/support/fixture-dir.ts";
import { OPEN_ACCESS } from "../../test/support/open-access.ts";
import { parquetValidationsPlan } from "../../test/support/parquet-validations.ts";
import { connectorRows } from "../app/validations/connector-rows.ts";
import type { ColumnNeed } from "../connectors/connector.ts";
import type { Validation } from "../model/validation.ts";
import type { RowSource } from "./row-source.ts";
import { runValidations } from "./run-validations.ts";

const field = (name: string, type: string, options: Record<string, unknown> = {}): Validation => ({
  kind: "field",
  field: name,
  checks: [{ type, options }],
  nested: [],
});

/** Parquet's reading through the connectors, telling what each read of only some columns asked for. */
function watchedRows(asked: ColumnNeed[][]): RowSource {
  return {
    ...connectorRows,
    async open(step, request) {
      const read = await connectorRows.open(step, request);
      const some = read.batchesOf;
      return some === undefined
        ? read
        : {
            ...read,
            batchesOf: (needs) => {
              asked.push([...needs]);
              return some(needs);
            },
          };
    },
  };
}

/** The same reading with no way to read only some columns: every check sees whole records. */
const wholeRows: RowSource = {
  ...connectorRows,
  async open(step, request) {
    const { batchesOf: _, ...read } = await connectorRows.open(step, request);
    return read;
  },
};

const withoutTimes = (results: readonly { seconds: number }[]) => results.map(({ seconds: _, ...r }) => r);

test("checks that read only some columns of Parquet data give what they give on whole records, samples included", async () => {
  const dir = fixtureDir({});
  try {
    mkdirSync(join(dir, "data"));
    // 20,000 rows in row groups of 4,096: a wide struct, an array of structs, NULLs of each kind.
    // Duplicated ids: DuckDB counts them in the file.
    const duplicated = await writeDuckParquet(
      join(dir, "data", "part-0.parquet"),
      `SELECT
         'ID' || lpad(CAST(CASE WHEN i % 5003 = 1 THEN i - 1 ELSE i END AS VARCHAR), 6, '0') AS id,
         CASE WHEN i % 13 = 0 THEN NULL ELSE (i % 1000) / 3.0 END AS amount,
         CASE WHEN i % 17 = 0 THEN NULL
              ELSE {'name': 'n' || i, 'age': CAST(10 + i % 90 AS INTEGER), 'city': repeat('c', i % 7)} END AS customer,
         CASE WHEN i % 19 = 0 THEN NULL
              ELSE list_transform(range(i % 4), x -> {'at': CAST(x AS BIGINT), 'status': ['open', 'closed'][1 + x % 2]}) END AS history,
         repeat('x', 40) AS note
       FROM range(20000) t(i)`,
      4096,
      ({ src, number }) =>
        number(`SELECT count(*) FROM (SELECT id FROM ${src} GROUP BY id HAVING count(*) > 1)`),
    );
    const passing: Validation[] = [
      field("id", "null", { negate: true }),
      field("customer.age", "between", { min: 10, max: 99 }),
      { kind: "expression", expr: "size(history) >= -1 AND amount >= 0", checks: [], nested: [] },
      field("amount", "maxBetween", { min: 0, max: 400 }),
      field("id", "unique"),
    ];
    const failing: Validation[] = [
      ...passing,
      field("customer.age", "between", { min: 18, max: 90 }),
      { kind: "expression", expr: "size(history) < 3", checks: [], nested: [] },
      { ...field("amount", "lessThan", { value: 100 }), preFilterExpr: "customer.age > 50" },
    ];
    for (const validations of [passing, failing]) {
      const plan = parquetValidationsPlan("columns", dir, validations);
      const asked: ColumnNeed[][] = [];
      const some = await runValidations(plan, { rows: watchedRows(asked), access: OPEN_ACCESS });
      const whole = await runValidations(plan, { rows: wholeRows, access: OPEN_ACCESS });
      assert.deepEqual(withoutTimes(some), withoutTimes(whole));
      assert.equal(some.length, validations.length);
      // Only the columns read, in the shapes read: the struct's age, the array's sizes, never `note`.
      assert.deepEqual(asked[0]?.map((n) => `${n.path.join(".")}${n.sizesOnly ? " (sizes)" : ""}`).sort(), [
        "amount",
        "customer.age",
        "history (sizes)",
        "id",
      ]);
    }
    // The unique check's duplicates, and the failing rows' samples with every field (read again whole).
    const plan = parquetValidationsPlan("columns", dir, failing);
    const results = await runValidations(plan, { rows: watchedRows([]), access: OPEN_ACCESS });
    assert.equal(results[4]!.failed, duplicated);
    assert.ok(duplicated > 0);
    const sample = results[5]!.sample[0] as Record<string, unknown>;
    assert.deepEqual(Object.keys(sample).sort(), ["amount", "customer", "history", "id", "note"]);
    assert.equal((sample.customer as Record<string, unknown>).name !== null, true);
    assert.ok(results[6]!.failed > 0 && results[7]!.failed > 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
