import assert from "node:assert/strict";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../../test/support/fixture-dir.ts";
import { OPEN_ACCESS } from "../../test/support/open-access.ts";
import { readFileRows } from "../connectors/file/read-file-rows.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import { fieldsOf } from "./arrow-values.ts";
import { BatchRows } from "./batch-rows.ts";
import { failsPredicate, RowCheck } from "./row-check.ts";
import { compilePredicate } from "./row-predicate.ts";
import { vectorPredicate } from "./vector-predicate.ts";

/** Expressions the loops cover, over values where they must defer to the row compiler (NaN, NULLs, non-ASCII). */
const COVERED = [
  "n BETWEEN 1 AND 3",
  "NOT (n BETWEEN 1 AND 3)",
  "d > 0",
  "d >= 1.5",
  "d < -1",
  "d = 2.5",
  "d <> 2.5",
  "n IN (1, 2, 7)",
  "n IS NULL",
  "d IS NOT NULL",
  "s IN ('a', 'é', 'ccc')",
  "s = 'bb'",
  "s <> 'bb'",
  "length(s) = 2",
  "length(s) BETWEEN 1 AND 2",
  "size(xs) >= 1",
  "size(xs) = 0 OR n > 2",
  "st.age BETWEEN 18 AND 90",
  "st.age IS NULL",
  "st IS NULL",
  "n > 1 AND d > 0",
  "n > 1 OR d > 0",
  "NOT (n > 1 OR s = 'a')",
  "big > 3",
  "3 < n",
  "regexp(s, 'b')",
  "regexp(s, '^[a-c]{2}$')",
  "s RLIKE '[^a]'",
  "regexp(r, 'ACC[0-9]{3}')",
  "regexp(r, '^ACC\\d{3}$')",
  "NOT regexp(r, '\\w\\.[A-Z]')",
  "regexp(r, 'C.0')",
  "regexp(r, 'C\\s3')",
  "regexp(r, '^ACC.$')",
  // m: ASCII in the first half of the batches, not in the second (lengths and patterns read the bytes of ASCII batches at once).
  "length(m) = 4",
  "length(m) BETWEEN 1 AND 3",
  "regexp(m, 'C[0-2]')",
  "regexp(m, '^xC[0-9]$')",
  "NOT regexp(m, 'C1')",
];

test("vectorised predicates fail exactly the rows the compiled row predicate fails", async () => {
  const dir = fixtureDir({});
  try {
    mkdirSync(join(dir, "d"));
    const { DuckDBInstance } = await import("@duckdb/node-api");
    const db = await DuckDBInstance.create(":memory:");
    const conn = await db.connect();
    // Tricky values in 10,000 rows, a few NULLs of each kind.
    await conn.run(`COPY (
      SELECT
        CASE WHEN i % 11 = 0 THEN NULL ELSE CAST(i % 5 AS INTEGER) END AS n,
        CASE WHEN i % 13 = 0 THEN NULL WHEN i % 17 = 0 THEN CAST('NaN' AS DOUBLE)
             ELSE (i % 9) / 2.0 - 2 END AS d,
        CASE WHEN i % 7 = 0 THEN NULL ELSE ['a', 'bb', 'é', 'ccc', 'ü!', ''][1 + i % 6] END AS s,
        CASE WHEN i % 19 = 0 THEN NULL ELSE list_transform(range(i % 3), x -> x) END AS xs,
        CASE WHEN i % 23 = 0 THEN NULL
             ELSE {'name': 'x', 'age': CASE WHEN i % 29 = 0 THEN NULL ELSE CAST(10 + i % 90 AS INTEGER) END} END AS st,
        CAST(i AS BIGINT) AS big,
        CASE WHEN i % 31 = 0 THEN NULL ELSE ['ACC123', 'xACC1234y', 'AC1', 'ACC12', 'ACC' || chr(10), 'x.Y', 'ACC123' || chr(10), 'ÅCC123', 'ACC1' || chr(11) || '3'][1 + i % 9] END AS r,
        CASE WHEN i % 37 = 0 THEN NULL
             ELSE (CASE WHEN i < 5000 THEN ['xC', 'xyC', 'C', 'xC' || chr(10)][1 + i % 4] ELSE ['éC', 'xC', 'éé'][1 + i % 3] END) || CAST(i % 4 AS VARCHAR) END AS m
      FROM range(10000) t(i)
    ) TO '${join(dir, "d", "part-0.parquet")}' (FORMAT parquet, ROW_GROUP_SIZE 2048)`);
    conn.closeSync();
    db.closeSync();
    const step = {
      taskName: "t",
      dataSourceName: "d",
      step: {
        name: "d",
        type: "parquet",
        options: { path: join(dir, "d") },
        count: {},
        fields: [],
        enabled: true,
      },
      format: "parquet",
      referenceMode: true,
      dataGeneration: false,
      allCombinations: false,
    } as unknown as ResolvedStep;
    const read = await readFileRows(step, { access: OPEN_ACCESS, batchRows: 1000 });
    const fields = fieldsOf(read);
    const batches = [];
    for await (const b of read.batches) batches.push(BatchRows.ofArrow(fields, b));
    assert.ok(batches.length >= 3);
    const limits = { nowMicros: 0 };
    let vectorised = 0;
    let mixed = 0;
    for (const expr of COVERED) {
      const vector = vectorPredicate(expr, fields);
      if (vector) vectorised++;
      const p = compilePredicate(expr, fields, limits, "expr");
      const fast = new RowCheck("expression", expr, undefined, failsPredicate(p, fields.length), 3, vector);
      const slow = new RowCheck("expression", expr, undefined, failsPredicate(p, fields.length), 3);
      for (const rows of batches) {
        const index = Uint32Array.from({ length: rows.length }, (_, i) => i);
        fast.consume(rows, index, rows.length);
        // A subset of the rows too (a preFilterExpr's), in the same order.
        const odd = index.filter((i) => i % 2 === 1);
        fast.consume(rows, odd, odd.length);
        slow.consume(rows, index, rows.length);
        slow.consume(rows, odd, odd.length);
      }
      const expected = slow.finish();
      if (expected.failed > 0 && expected.failed < expected.records) mixed++;
      assert.deepEqual(fast.finish(), expected, expr);
    }
    assert.ok(mixed >= COVERED.length - 4, `most expressions both pass and fail some rows (${mixed})`);
    // All but `big > 3` (a long column) are vectorised.
    assert.equal(vectorised, COVERED.length - 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("expressions with other shapes are left to the row compiler", () => {
  const fields = [
    { name: "n", type: { kind: "int" } },
    { name: "s", type: { kind: "string" } },
  ] as const;
  for (const expr of ["n + 1 > 2", "upper(s) = 'A'", "n > 1.5", "s > 'a'", "n = n", "n"])
    assert.equal(vectorPredicate(expr, fields as never), undefined, expr);
});
