import assert from "node:assert/strict";
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { writeDuckParquet } from "../../test/support/duck-parquet.ts";
import { OPEN_ACCESS } from "../../test/support/open-access.ts";
import { parquetValidationsPlan } from "../../test/support/parquet-validations.ts";
import { assertDisposeRemovesSpill, withSpillFolder } from "../../test/support/spill-folders.ts";
import { runValidations } from "../app/validations/run-validations.ts";
import { DataTypes } from "../model/data-type.ts";
import type { Validation } from "../model/validation.ts";

/**
 * Rows enough for every level-0 partition (of 64) to hold more groups than the budget the test
 * gives (2,000), so that partitions are split once more: the spill paths do not need millions.
 */
const ROWS = 300_000;

/**
 * 300,000 rows written by DuckDB as Parquet: `id` distinct but for planted duplicates (every
 * 10,007th row repeats the id of the row before it, and 7 ids three times), `acct` in 150,000
 * groups of two rows whose amounts sum to 10 except in planted groups (12). DuckDB, over the same
 * file, gives the expected answers.
 */
async function writeData(
  dir: string,
): Promise<{ ids: number; dupIds: number; badAccts: number; accts: number }> {
  mkdirSync(join(dir, "data"));
  return writeDuckParquet(
    join(dir, "data", "part-0.parquet"),
    `SELECT
       CASE WHEN i % 10007 = 1 THEN 'ID' || lpad(CAST(i - 1 AS VARCHAR), 9, '0')
            WHEN i % 40009 = 7 THEN 'ID' || lpad(CAST(5 AS VARCHAR), 9, '0')
            ELSE 'ID' || lpad(CAST(i AS VARCHAR), 9, '0') END AS id,
       CAST(i // 2 AS INTEGER) AS acct,
       CASE WHEN (i // 2) % 7777 = 3 THEN 6.0 ELSE 5.0 END AS amount
     FROM range(${ROWS}) t(i)`,
    25000,
    async ({ src, number }) => ({
      ids: await number(`SELECT count(DISTINCT id) FROM ${src}`),
      dupIds: await number(`SELECT count(*) FROM (SELECT id FROM ${src} GROUP BY id HAVING count(*) > 1)`),
      badAccts: await number(
        `SELECT count(*) FROM (SELECT acct FROM ${src} GROUP BY acct HAVING sum(amount) <> 10)`,
      ),
      accts: await number(`SELECT count(DISTINCT acct) FROM ${src}`),
    }),
  );
}

test("unique and a group-by over 300,000 rows past a small budget of groups spill to disk and find the planted defects exactly", async () => {
  await withSpillFolder(async (dir, spillDir) => {
    const expected = await writeData(dir);
    assert.ok(expected.dupIds > 20 && expected.badAccts > 10, "the data has planted defects");
    const validations: Validation[] = [
      { kind: "field", field: "id", checks: [{ type: "unique", options: {} }], nested: [] },
      {
        kind: "groupBy",
        groupByFields: ["acct"],
        aggType: "sum",
        aggField: "amount",
        aggExpr: "sum(amount) == 10",
        checks: [],
        nested: [],
      },
    ];
    const plan = parquetValidationsPlan("spill", dir, validations);
    // 2,000 groups in memory: level-0 partitions (~4,700 ids, ~2,300 accounts each) are split once more.
    const [unique, groupBy] = await runValidations(plan, {
      access: OPEN_ACCESS,
      limits: { maxGroups: 2_000, spillDir },
    });
    assert.equal(unique!.failed, expected.dupIds);
    assert.equal(unique!.records, expected.ids);
    assert.equal(groupBy!.records, expected.accts);
    assert.equal(groupBy!.failed, expected.badAccts);
    for (const r of [unique!, groupBy!]) {
      assert.equal(r.details?.spilled, true);
      assert.equal(r.sample.length, 5);
    }
    // Both are split again past the 64 partitions of the first level.
    assert.ok(Number(unique!.details?.partitions) > 64);
    assert.ok(Number(groupBy!.details?.partitions) > 64);
    for (const s of groupBy!.sample) assert.equal(s["sum(amount)"], 12);
    assert.deepEqual(readdirSync(spillDir), [], "spill files are removed");
  });
});

test("a group-by that spilled and is not finished (its read failed) removes its files when disposed", () => {
  assertDisposeRemovesSpill(
    { kind: "field", field: "id", checks: [{ type: "unique", options: {} }], nested: [] },
    { name: "id", type: DataTypes.string },
    Array.from({ length: 300_000 }, (_, i) => `key-${i}`),
    { maxGroups: 10 },
  );
});
