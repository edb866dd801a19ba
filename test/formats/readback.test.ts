import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { DuckDBInstance } from "@duckdb/node-api";
import type { RecordBatch } from "apache-arrow";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import { formatNames, requireFormat } from "../../src/formats/format-registry.ts";
import { columnsOf } from "../support/arrow-expected.ts";
import { assertSameValue } from "../support/compare-values.ts";
import { encodeToFile } from "../support/encode-to-file.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { readWithPyarrow } from "../support/pyarrow.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

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

/** One reader of a format's files: the rows it reads back, and columns it cannot compare. */
interface Reader {
  readonly name: string;
  rows(file: string): Promise<Record<string, unknown>[]> | Record<string, unknown>[];
  readonly skip?: readonly string[];
}

/** What to check beyond the values (headers, logical types), given the file and the batches. */
type Check = (file: string, batches: readonly RecordBatch[]) => void | Promise<void>;

/**
 * The read-back case of each registered format: option sets to write with, independent readers
 * that must read every value back, and format-specific checks. The loop below runs it for every
 * name in the format registry; a registered format without a case fails the completeness test.
 */
const READ_BACK: Record<
  string,
  { variants: readonly Record<string, string>[]; readers: Reader[]; check?: Check }
> = {
  json: {
    variants: [{}],
    readers: [
      {
        name: "duckdb json",
        rows: (file) =>
          duckdbRows(`select * from read_json('${file}', format='newline_delimited', sample_size=-1)`),
      },
    ],
    check: (file) => {
      const first = readFileSync(file, "utf8").split("\n")[0]!;
      assert.ok(first.startsWith("{") && first.endsWith("}"), "one object per line");
    },
  },
  csv: {
    variants: [{}],
    readers: [
      {
        name: "duckdb csv",
        rows: (file) =>
          duckdbRows(
            `select * from read_csv('${file}', header=true, all_varchar=true, quote='"', escape='"', nullstr='', allow_quoted_nulls=false, strict_mode=true)`,
          ),
      },
    ],
    check: async (file, bs) => {
      // Empty strings are written quoted and DuckDB reads "" as empty text: compare text columns exactly.
      const raw = await duckdbRows(
        `select s, s_odd from read_csv('${file}', header=true, all_varchar=true, nullstr='', allow_quoted_nulls=false)`,
      );
      const sOdd = bs.flatMap((b) => [...columnsOf(b).find((c) => c.name === "s_odd")!.values]);
      for (const [i, r] of raw.entries()) assert.equal(r.s_odd, sOdd[i], `row ${i} s_odd`);
      const header = readFileSync(file, "utf8").split("\n")[0];
      assert.equal(header, bs[0]!.schema.fields.map((f) => f.name).join(","));
    },
  },
  parquet: {
    variants: ["none", "snappy", "gzip", "zstd"].map((compression) => ({ compression, rowGroupSize: "100" })),
    readers: [
      {
        name: "duckdb parquet",
        rows: (file) => duckdbRows(`select * from read_parquet('${file}')`),
        skip: ["bin"],
      },
      { name: "pyarrow parquet", rows: (file) => readWithPyarrow(file, "parquet").rows },
    ],
    check: (file) => {
      const py = readWithPyarrow(file, "parquet");
      assert.equal(py.schema.dec, "decimal128(12, 3)");
      assert.equal(py.schema.dt, "date32[day]");
      assert.match(py.schema.ts!, /timestamp\[us, tz=(UTC|\+00:00)\]/);
      assert.match(py.schema.m!, /^map<string, int32/);
      assert.match(py.schema.arr_st!, /^list<element: struct<k: string, v: double>>/);
    },
  },
  orc: {
    variants: ["none", "zlib", "zstd"].map((compression) => ({ compression, rowIndexStride: "50" })),
    readers: [{ name: "pyarrow orc", rows: (file) => readWithPyarrow(file, "orc").rows }],
    check: (file) => {
      const py = readWithPyarrow(file, "orc");
      assert.equal(py.schema.dec, "decimal128(12, 3)");
      assert.equal(py.schema.dt, "date32[day]");
      assert.match(py.schema.ts!, /timestamp\[ns, tz=UTC\]/);
    },
  },
};

test("every registered format has a read-back case, and every case a registered format", () => {
  assert.deepEqual(Object.keys(READ_BACK).sort(), formatNames().sort());
});

for (const format of formatNames()) {
  const rb = READ_BACK[format];
  if (!rb) continue; // the completeness test above names it
  for (const options of rb.variants) {
    const readers = rb.readers.map((r) => r.name).join(" and ");
    test(`${format} ${JSON.stringify(options)} reads back with ${readers}: every type, nested values and nulls`, async () => {
      const bs = await batches();
      const file = await encodeToFile(format, bs, options);
      for (const r of rb.readers) compareAll(bs, await r.rows(file), r.name, r.skip);
      await rb.check?.(file, bs);
    });
  }
}

test("NDJSON can leave null fields out", async () => {
  const bs = await batches();
  const text = readFileSync(await encodeToFile("json", bs, { ignoreNullFields: "true" }), "utf8");
  assert.ok(!text.includes(":null"));
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

test("Parquet refuses an unknown compression, naming the option", async () => {
  const bs = await batches();
  await assert.rejects(
    () => encodeToFile("parquet", bs, { compression: "lzma" }),
    /compression "lzma" is not supported/,
  );
});

test("a sliced batch encodes exactly as the same rows generated on their own, in every format", async () => {
  const plan = await planFrom("name: rb\ntasks: [{name: readback, dataSourceName: out}]\n", { rb: TASK });
  const step = compilePlan(plan, { seed: "5", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!;
  const sliced = step.batch(0, 150).slice(37, 93);
  const own = step.batch(37, 56);
  // Text formats must give the same bytes (also with the options that change the text); binary
  // formats the same rows read back (their bytes may carry writer statistics of the input buffers).
  const textOptions: Record<string, readonly Record<string, string>[]> = {
    json: [{}, { ignoreNullFields: "true" }, { unwrapTopLevelArray: "arr" }],
  };
  for (const format of formatNames()) {
    if (!requireFormat(format, "slice test").binary) {
      for (const options of textOptions[format] ?? [{}]) {
        const a = readFileSync(await encodeToFile(format, [sliced], options));
        const b = readFileSync(await encodeToFile(format, [own], options));
        assert.ok(a.equals(b), `${format} ${JSON.stringify(options)}: sliced and unsliced bytes differ`);
      }
      continue;
    }
    const reader = READ_BACK[format]!.readers.at(-1)!;
    const a = await reader.rows(await encodeToFile(format, [sliced]));
    const b = await reader.rows(await encodeToFile(format, [own]));
    assert.deepEqual(a, b, `${format}: sliced and unsliced rows differ (${reader.name})`);
  }
});
