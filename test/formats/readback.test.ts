import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { DuckDBInstance } from "@duckdb/node-api";
import type { RecordBatch } from "apache-arrow";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { columnsOf } from "../support/arrow-expected.ts";
import { assertSameValue } from "../support/compare-values.ts";
import { encodeToFile } from "../support/encode-to-file.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { readWithPyarrow } from "../support/pyarrow.ts";

const TASK = readFileSync(new URL("./readback.task.yaml", import.meta.url), "utf8");

async function batches(): Promise<RecordBatch[]> {
  const plan = await planFrom("name: rb\ntasks: [{name: readback, dataSourceName: out}]\n", { rb: TASK });
  const step = compilePlan(plan, { seed: "5", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!;
  return [step.batch(0, 120), step.batch(120, 180)];
}

function compareAll(
  expectedBatches: readonly RecordBatch[],
  rows: readonly Record<string, unknown>[],
  reader: string,
  skip: readonly string[] = [],
): void {
  const columns = expectedBatches.flatMap((b) => [columnsOf(b)]);
  const total = expectedBatches.reduce((n, b) => n + b.numRows, 0);
  assert.equal(rows.length, total, `${reader}: row count`);
  let offset = 0;
  expectedBatches.forEach((b, bi) => {
    for (const [k, col] of columns[bi]!.entries()) {
      if (skip.includes(col.name)) continue;
      const type = b.schema.fields[k]!.type;
      for (const [i, v] of col.values.entries()) {
        assertSameValue(v, rows[offset + i]![col.name], type, `${reader} row ${offset + i} ${col.name}`);
      }
    }
    offset += b.numRows;
  });
}

async function duckdbRows(sql: string): Promise<Record<string, unknown>[]> {
  const db = await (await DuckDBInstance.create(":memory:")).connect();
  try {
    const r = await db.runAndReadAll(sql);
    return r.getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    db.closeSync();
  }
}

test("NDJSON reads back with DuckDB: every type, nested values and nulls", async () => {
  const bs = await batches();
  const file = await encodeToFile("json", bs);
  const rows = await duckdbRows(
    `select * from read_json('${file}', format='newline_delimited', sample_size=-1)`,
  );
  compareAll(bs, rows, "duckdb json");
  const first = readFileSync(file, "utf8").split("\n")[0]!;
  assert.ok(first.startsWith("{") && first.endsWith("}"), "one object per line");
});

test("NDJSON can leave null fields out", async () => {
  const bs = await batches();
  const text = readFileSync(await encodeToFile("json", bs, { ignoreNullFields: "true" }), "utf8");
  assert.ok(!text.includes(":null"));
});

test("CSV reads back with DuckDB: header, quoting, empty text apart from null", async () => {
  const bs = await batches();
  const file = await encodeToFile("csv", bs);
  const rows = await duckdbRows(
    `select * from read_csv('${file}', header=true, all_varchar=true, quote='"', escape='"', nullstr='', allow_quoted_nulls=false, strict_mode=true)`,
  );
  compareAll(bs, rows, "duckdb csv");
  // Empty strings are written quoted and DuckDB reads "" as empty text: compare text columns exactly.
  const raw = await duckdbRows(
    `select s, s_odd from read_csv('${file}', header=true, all_varchar=true, nullstr='', allow_quoted_nulls=false)`,
  );
  const expected = columnsOf(bs[0]!).concat([]);
  const sOdd = [
    ...columnsOf(bs[0]!).find((c) => c.name === "s_odd")!.values,
    ...columnsOf(bs[1]!).find((c) => c.name === "s_odd")!.values,
  ];
  for (const [i, r] of raw.entries()) assert.equal(r.s_odd, sOdd[i], `row ${i} s_odd`);
  assert.ok(expected.length > 0);
  const header = readFileSync(file, "utf8").split("\n")[0];
  assert.equal(header, bs[0]!.schema.fields.map((f) => f.name).join(","));
});

test("CSV options: no header, another delimiter, a null marker", async () => {
  const bs = await batches();
  const text = readFileSync(
    await encodeToFile("csv", bs, { header: "false", delimiter: "|", nullValue: "NULL" }),
    "utf8",
  );
  const lines = text.trimEnd().split("\n");
  assert.ok(!lines[0]!.startsWith("s|s_odd"));
  assert.ok(text.includes("|NULL|"));
});

for (const compression of ["none", "snappy", "gzip", "zstd"]) {
  test(`Parquet (${compression}) reads back with DuckDB and pyarrow, with logical types`, async () => {
    const bs = await batches();
    const file = await encodeToFile("parquet", bs, { compression, rowGroupSize: "100" });
    compareAll(bs, await duckdbRows(`select * from read_parquet('${file}')`), "duckdb parquet", ["bin"]);
    const py = readWithPyarrow(file, "parquet");
    compareAll(bs, py.rows, "pyarrow parquet");
    assert.equal(py.schema.dec, "decimal128(12, 3)");
    assert.equal(py.schema.dt, "date32[day]");
    assert.match(py.schema.ts!, /timestamp\[us, tz=(UTC|\+00:00)\]/);
    assert.match(py.schema.m!, /^map<string, int32/);
    assert.match(py.schema.arr_st!, /^list<element: struct<k: string, v: double>>/);
  });
}

test("Parquet refuses an unknown compression, naming the option", async () => {
  const bs = await batches();
  await assert.rejects(
    () => encodeToFile("parquet", bs, { compression: "lzma" }),
    /compression "lzma" is not supported/,
  );
});

for (const compression of ["none", "zlib", "zstd"]) {
  test(`ORC (${compression}) reads back with pyarrow, with its types`, async () => {
    const bs = await batches();
    const file = await encodeToFile("orc", bs, { compression, rowIndexStride: "50" });
    const py = readWithPyarrow(file, "orc");
    compareAll(bs, py.rows, "pyarrow orc");
    assert.equal(py.schema.dec, "decimal128(12, 3)");
    assert.equal(py.schema.dt, "date32[day]");
    assert.match(py.schema.ts!, /timestamp\[ns, tz=UTC\]/);
  });
}

test("a sliced batch encodes exactly as the same rows generated on their own, in every format", async () => {
  const plan = await planFrom("name: rb\ntasks: [{name: readback, dataSourceName: out}]\n", { rb: TASK });
  const step = compilePlan(plan, { seed: "5", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!;
  const sliced = step.batch(0, 150).slice(37, 93);
  const own = step.batch(37, 56);
  for (const [format, options] of [
    ["json", {}],
    ["json", { ignoreNullFields: "true" }],
    ["json", { unwrapTopLevelArray: "arr" }],
    ["csv", {}],
  ] as const) {
    const a = readFileSync(await encodeToFile(format, [sliced], options));
    const b = readFileSync(await encodeToFile(format, [own], options));
    assert.ok(a.equals(b), `${format} ${JSON.stringify(options)}: sliced and unsliced bytes differ`);
  }
  for (const format of ["parquet", "orc"] as const) {
    const a = readWithPyarrow(await encodeToFile(format, [sliced]), format);
    const b = readWithPyarrow(await encodeToFile(format, [own]), format);
    assert.deepEqual(a, b, `${format}: sliced and unsliced rows differ`);
  }
});
