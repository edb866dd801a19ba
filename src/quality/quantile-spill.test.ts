import assert from "node:assert/strict";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { writeDuckParquet } from "../../test/support/duck-parquet.ts";
import { fixtureDir } from "../../test/support/fixture-dir.ts";
import { OPEN_ACCESS } from "../../test/support/open-access.ts";
import { parquetValidationsPlan } from "../../test/support/parquet-validations.ts";
import { assertDisposeRemovesSpill } from "../../test/support/spill-folders.ts";
import { runValidations } from "../app/validations/run-validations.ts";
import { DataTypes } from "../model/data-type.ts";
import type { Validation } from "../model/validation.ts";

/**
 * Values enough to spill past the budget the test gives (20,000) ten times over, as 10M past 1M
 * would; 200,403 rows leave 200,001 values past NULL and NaN, so the rank of every quantile asked
 * is whole: between two neighbours DuckDB interpolates by another formula than Spark's, and the
 * two may differ in the last bit.
 */
const ROWS = 200_403;
const QS = [0, 0.01, 0.25, 0.5, 0.75, 0.9, 0.999, 1];
/**
 * -0 as +0: DuckDB compares -0 and +0 as equal, so which one its quantile_cont returns depends on
 * its threads; Spark's interpolation (rowforge's, in memory or spilled) gives +0 for either.
 */
const zero = (x: number): number => (x === 0 ? 0 : x);

/**
 * 200,403 rows written by DuckDB as Parquet: `x` a double with many duplicates, negatives, -0,
 * magnitudes from 1e-300 to 1e300, NULL every 1,000th row and NaN every 997th (both skipped).
 * DuckDB's quantile_cont over the same file (NaN filtered out) gives the expected values.
 */
async function writeData(file: string): Promise<{ median: number; quantiles: number[] }> {
  return writeDuckParquet(
    file,
    `SELECT CASE WHEN i % 1000 = 0 THEN NULL
                 WHEN i % 997 = 3 THEN 'NaN'::DOUBLE
                 WHEN i % 101 = 7 THEN -0.0::DOUBLE
                 WHEN i % 89 = 1 THEN ((i % 13) - 6) * 1e300
                 WHEN i % 83 = 2 THEN ((i % 17) - 8) * 1e-300
                 ELSE (((i * 7919) % 1000003) - 500000) / 7.0 END AS x
     FROM range(${ROWS}) t(i)`,
    20000,
    async ({ src, row: first }) => {
      const row = await first(
        `SELECT quantile_cont(x, 0.5), ${QS.map((q) => `quantile_cont(x, ${q})`).join(", ")}
         FROM ${src} WHERE NOT isnan(x)`,
      );
      return { median: zero(Number(row[0])), quantiles: row.slice(1).map((v) => zero(Number(v))) };
    },
  );
}

test("median and quantiles over 200,000 values past a reduced budget spill, stay exact (as DuckDB's quantile_cont) and leave no file", async () => {
  const dir = fixtureDir({});
  const spillDir = join(dir, "spill");
  mkdirSync(spillDir);
  mkdirSync(join(dir, "data"));
  try {
    const expected = await writeData(join(dir, "data", "part-0.parquet"));
    // Ranges no value meets: the results show the values found.
    const validations: Validation[] = [
      {
        kind: "field",
        field: "x",
        checks: [{ type: "medianBetween", options: { min: 1e308, max: 1e308 } }],
        nested: [],
      },
      {
        kind: "field",
        field: "x",
        checks: [
          {
            type: "quantileValuesBetween",
            options: { quantileRanges: Object.fromEntries(QS.map((q) => [String(q), [1e308, 1e308]])) },
          },
        ],
        nested: [],
      },
    ];
    const plan = parquetValidationsPlan("quantiles", dir, validations);
    const [median, quantiles] = await runValidations(plan, {
      access: OPEN_ACCESS,
      limits: { maxValues: 20_000, spillDir },
    });
    assert.deepEqual(median!.sample, [{ median: expected.median }]);
    assert.deepEqual(quantiles!.sample, [
      Object.fromEntries(QS.map((q, k) => [`quantile ${q}`, expected.quantiles[k]])),
    ]);
    for (const r of [median!, quantiles!]) {
      assert.equal(r.details?.spilled, true);
      assert.ok(Number(r.details?.passes) >= 2, `passes: ${r.details?.passes}`);
      assert.match(r.note ?? "", /spilled .* \(exact\)/);
      assert.doesNotMatch(r.note ?? "", /partial|first/);
    }
    assert.deepEqual(readdirSync(spillDir), [], "spill files are removed");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a median that spilled and is not finished (its read failed) removes its file when disposed", () => {
  assertDisposeRemovesSpill(
    {
      kind: "field",
      field: "x",
      checks: [{ type: "medianBetween", options: { min: 0, max: 1 } }],
      nested: [],
    },
    { name: "x", type: DataTypes.double },
    Array.from({ length: 50_000 }, (_, i) => i / 7),
    { maxValues: 1_000 },
  );
});
