import assert from "node:assert/strict";
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { writeDuckParquet } from "../../test/support/duck-parquet.ts";
import { OPEN_ACCESS } from "../../test/support/open-access.ts";
import { parquetValidationsPlan } from "../../test/support/parquet-validations.ts";
import { withSpillFolder } from "../../test/support/spill-folders.ts";
import { runValidations } from "../app/validations/run-validations.ts";
import type { Validation } from "../model/validation.ts";
import { DEFAULT_CHECK_LIMITS } from "./check.ts";

const ROWS = 40_000;

/**
 * 40,000 rows written by DuckDB as Parquet: `code` in 15,000 distinct values `C<n>` (each
 * about 2-3 times), NULL every 1,000th row, `HOT` planted on every 97th row (the most common
 * value), `RARE` once near the end. DuckDB, over the same file, gives the expected counts. The
 * budgets the test gives are small enough for these to spill: millions of values would prove
 * nothing more.
 */
async function writeData(dir: string): Promise<{ distinct: number; rows: number; hot: number }> {
  mkdirSync(join(dir, "data"));
  return writeDuckParquet(
    join(dir, "data", "part-0.parquet"),
    `SELECT CASE WHEN i % 1000 = 0 THEN NULL
                 WHEN i % 97 = 5 THEN 'HOT'
                 WHEN i = ${ROWS - 3} THEN 'RARE'
                 ELSE 'C' || CAST((i * 7919) % 15000 AS VARCHAR) END AS code
     FROM range(${ROWS}) t(i)`,
    5000,
    async ({ src, number }) => ({
      distinct: await number(`SELECT count(DISTINCT code) FROM ${src}`),
      rows: await number(`SELECT count(*) FROM ${src}`),
      hot: await number(`SELECT count(*) FROM ${src} WHERE code = 'HOT'`),
    }),
  );
}

const check = (type: string, options: Record<string, unknown>): Validation => ({
  kind: "field",
  field: "code",
  checks: [{ type, options }],
  nested: [],
});

test("distinct-value checks past a small budget spill to disk and answer as in memory and as DuckDB counts", async () => {
  await withSpillFolder(async (dir, spillDir) => {
    const expected = await writeData(dir);
    const proportion = expected.distinct / expected.rows;
    const validations: Validation[] = [
      // Fails: every C<n> is outside the set; the values shown are the first 20 seen.
      check("distinctInSet", { values: ["HOT", "RARE"] }),
      check("distinctContainsSet", { values: ["HOT", "RARE", "C17"] }),
      check("distinctContainsSet", { values: ["HOT", "ABSENT"] }),
      check("distinctEqual", { values: ["HOT", "RARE"] }),
      check("mostCommonValueInSet", { values: ["HOT"] }),
      check("uniqueValuesProportionBetween", { min: proportion - 1e-9, max: proportion + 1e-9 }),
      check("uniqueValuesProportionBetween", { min: proportion + 1e-6, max: 1 }),
    ];
    const plan = parquetValidationsPlan("distinct", dir, validations);
    // 500 values in memory: ~15,000 values spill to the 64 partition files (~230 values each).
    const spilled = await runValidations(plan, {
      access: OPEN_ACCESS,
      limits: { maxGroups: 500, spillDir },
    });
    const inMemory = await runValidations(plan, {
      access: OPEN_ACCESS,
      limits: { maxGroups: DEFAULT_CHECK_LIMITS.maxGroups },
    });
    assert.deepEqual(
      spilled.map((r) => r.success),
      [false, true, false, false, true, true, false],
    );
    spilled.forEach((r, k) => {
      const m = inMemory[k]!;
      assert.equal(r.details?.spilled, true, r.description);
      assert.equal(r.details?.partitions, 64, r.description);
      assert.match(r.note ?? "", /exact/);
      assert.equal(m.details, undefined);
      assert.equal(m.note, undefined);
      assert.deepEqual(
        [r.success, r.records, r.failed, r.sample],
        [m.success, m.records, m.failed, m.sample],
        r.description,
      );
    });
    const [inSet, , containsAbsent, , mostCommon, prop] = spilled;
    assert.equal((inSet!.sample[0]!.distinct as string[]).length, 20);
    assert.ok(!(inSet!.sample[0]!.distinct as string[]).includes("HOT"));
    assert.deepEqual(containsAbsent!.sample, [{ missing: ["ABSENT"] }]);
    assert.deepEqual(mostCommon!.sample, []);
    assert.equal(prop!.success, true);
    // The failing proportion shows DuckDB's count(DISTINCT) / count(*).
    assert.deepEqual(spilled[6]!.sample, [{ proportion }]);
    // mostCommonValueInSet negated shows the count DuckDB gives for the planted value.
    const [negated] = await runValidations(
      parquetValidationsPlan("distinct", dir, [
        check("mostCommonValueInSet", { values: ["HOT"], negate: true }),
      ]),
      // 100 values in memory: the partitions are split once more.
      { access: OPEN_ACCESS, limits: { maxGroups: 100, spillDir } },
    );
    assert.deepEqual(negated!.sample, [{ mostCommon: "HOT", count: expected.hot }]);
    assert.ok(Number(negated!.details?.partitions) > 64, "split again");
    assert.deepEqual(readdirSync(spillDir), [], "spill files are removed");
  });
});
