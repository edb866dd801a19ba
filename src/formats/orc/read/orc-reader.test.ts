import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import type { RecordBatch } from "apache-arrow";
import { fixtureDir } from "../../../../test/support/fixture-dir.ts";
import { OPEN_ACCESS } from "../../../../test/support/open-access.ts";
import { orcToolsJar, runJava } from "../../../../test/support/orc/orc-readers.ts";
import { batchOf } from "../../../../test/support/orc/orc-test-data.ts";
import { everyTypeFields, volumeFields } from "../../../../test/support/orc/sample-fields.ts";
import { encodeOrc, writeTemp } from "../../../../test/support/orc/write-orc.ts";
import { runPython } from "../../../../test/support/pyarrow.ts";
import { readFileRows } from "../../../connectors/file/read-file-rows.ts";
import type { ResolvedStep } from "../../../model/resolved-plan.ts";
import { fieldsOf } from "../../../quality/arrow-values.ts";
import { BatchRows } from "../../../quality/batch-rows.ts";

/** A file step reading `path` as `format`, as a validation's data source is. */
const stepOf = (path: string, format: string): ResolvedStep => ({
  taskName: "t",
  dataSourceName: "ds",
  step: { name: "ds", type: format, options: { path }, count: {}, fields: [], enabled: true },
  format,
  connection: undefined,
  referenceMode: true,
  dataGeneration: false,
  allCombinations: false,
});

/** Every row of batches as JSON-safe records (the validations' own rendering), with the field types. */
function records(batches: readonly RecordBatch[]): { types: string[]; rows: unknown[] } {
  const fields = fieldsOf(batches[0]!);
  const rows: unknown[] = [];
  for (const b of batches) {
    const r = BatchRows.ofArrow(fields, b);
    for (let i = 0; i < r.length; i++) rows.push(r.record(i));
  }
  return { types: fields.map((f) => `${f.name}:${JSON.stringify(f.type)}`), rows };
}

async function readBack(path: string, format: string, batchRows = 100): Promise<RecordBatch[]> {
  const read = await readFileRows(stepOf(path, format), { access: OPEN_ACCESS, batchRows });
  const out: RecordBatch[] = [];
  for await (const b of read.batches) {
    assert.ok(b.numRows <= batchRows);
    out.push(b);
  }
  await read.close();
  return out;
}

describe("rowforge's ORC reader", () => {
  for (const compression of ["none", "zlib", "zstd"]) {
    it(`reads back what rowforge's writer wrote: every type, nested, nulls, several stripes (${compression})`, async () => {
      const whole = batchOf(everyTypeFields(257));
      const bytes = encodeOrc([whole.slice(0, 100), whole.slice(100, 257)], {
        compression,
        stripeSize: "120rows",
        rowIndexStride: "50",
      });
      const got = records(await readBack(writeTemp(`read-every-${compression}.orc`, bytes), "orc", 64));
      const want = records([whole]);
      assert.deepEqual(got.types, want.types);
      assert.equal(got.rows.length, 257);
      assert.deepEqual(got.rows, want.rows);
    });
  }

  it("reads 8,000 rows of volume data (delta, direct and dictionary runs) exactly", async () => {
    // Three stripes, read in batches that end inside them: the runs' kinds come up in every stripe.
    const whole = batchOf(volumeFields(0, 8_000));
    const bytes = encodeOrc([whole], { compression: "zstd", stripeSize: "3000rows" });
    const got = records(await readBack(writeTemp("read-volume.orc", bytes), "orc", 2000));
    assert.deepEqual(got.rows, records([whole]).rows);
  });

  const PYARROW_WRITES = [
    ["snappy", "0.12"],
    ["zlib", "0.12"],
    ["uncompressed", "0.11"],
    ["zstd", "0.11"],
  ] as const;
  let written = "";
  const writtenFile = (compression: string, version: string, ext: string): string =>
    join(written, `t-${compression}-${version}.${ext}`);
  before(() => {
    written = fixtureDir({});
    // One Python process writes every variant (its start and pyarrow's import once): the same
    // table to ORC and to Parquet; the Parquet file, read by parquet-wasm, is the reference.
    runPython(
      `
import sys, datetime, decimal
import pyarrow as pa, pyarrow.orc as orc, pyarrow.parquet as pq
n = 3000
def pick(i, every, v): return None if i % every == every - 1 else v
cities = ["Oslo", "Lima", "Pune", "Kyiv", "Baku"]
t = pa.table({
  "id": pa.array(list(range(n)), pa.int64()),
  "big": pa.array([pick(i, 7, (i * 7919 - 10**6) * 10**9) for i in range(n)], pa.int64()),
  "small": pa.array([pick(i, 5, (i * 37) % 200 - 100) for i in range(n)], pa.int8()),
  "n": pa.array([pick(i, 11, (i * 100003) % 2000000 - 1000000) for i in range(n)], pa.int32()),
  # Small values with rare huge and negative outliers: the writer's RLE v2 PATCHED_BASE runs.
  "spiky": pa.array([(i * 7) % 100 + (10**12 + i if i % 50 == 3 else 0) - (5 * 10**11 if i % 77 == 5 else 0) for i in range(n)], pa.int64()),
  "x": pa.array([pick(i, 9, i * 0.25 - 300.5) for i in range(n)], pa.float64()),
  "f": pa.array([pick(i, 8, i * 0.5) for i in range(n)], pa.float32()),
  "flag": pa.array([pick(i, 6, i % 3 == 0) for i in range(n)], pa.bool_()),
  "city": pa.array([pick(i, 13, cities[i % 5]) for i in range(n)], pa.string()),
  "code": pa.array([f"c-{i * 7919 % 100000:05d}" for i in range(n)], pa.string()),
  "amount": pa.array([pick(i, 4, decimal.Decimal(i * 137 - 50000) / 100) for i in range(n)], pa.decimal128(12, 2)),
  "day": pa.array([pick(i, 10, datetime.date(2020, 1, 1) + datetime.timedelta(days=i)) for i in range(n)], pa.date32()),
  "at": pa.array([pick(i, 12, datetime.datetime(2024, 1, 1) + datetime.timedelta(seconds=i * 3607, microseconds=i * 13)) for i in range(n)], pa.timestamp("us")),
  "tags": pa.array([pick(i, 15, [cities[(i + k) % 5] for k in range(i % 4)]) for i in range(n)], pa.list_(pa.string())),
  "attrs": pa.array([pick(i, 17, [(f"k{k}", i + k) for k in range(i % 3)]) for i in range(n)], pa.map_(pa.string(), pa.int64())),
  "who": pa.array([pick(i, 19, {"name": pick(i, 3, f"n{i}"), "age": i % 90, "where": {"lat": i / 10}}) for i in range(n)],
                  pa.struct([("name", pa.string()), ("age", pa.int32()), ("where", pa.struct([("lat", pa.float64())]))])),
})
for k in range(1, len(sys.argv), 4):
  orc_path, parquet_path, compression, version = sys.argv[k:k + 4]
  orc.write_table(t, orc_path, compression=compression, file_version=version, stripe_size=64 * 1024)
  pq.write_table(t, parquet_path)
`,
      PYARROW_WRITES.flatMap(([compression, version]) => [
        writtenFile(compression, version, "orc"),
        writtenFile(compression, version, "parquet"),
        compression,
        version,
      ]),
    );
  });

  for (const [compression, version] of PYARROW_WRITES) {
    it(`reads ORC written by pyarrow's (Apache ORC C++) writer: ${compression}, file version ${version}${version === "0.11" ? " (RLE v1, dictionary v1)" : ""}`, async () => {
      const got = records(await readBack(writtenFile(compression, version, "orc"), "orc", 1000));
      const want = records(await readBack(writtenFile(compression, version, "parquet"), "parquet", 1000));
      assert.equal(got.rows.length, 3000);
      assert.deepEqual(got.rows, want.rows);
    });
  }

  it("a file that is not ORC is RF_FILE_READ naming it", async () => {
    const path = writeTemp("not.orc", new TextEncoder().encode("this is not an ORC file at all"));
    await assert.rejects(readBack(path, "orc"), (e: Error & { code?: string }) => {
      assert.equal(e.code, "RF_FILE_READ");
      assert.match(e.message, /not\.orc.*not an ORC file/);
      return true;
    });
  });
});

describe("ORC written by the Apache ORC Java writer (orc-tools convert)", () => {
  it("reads every type it wrote: dictionary strings, patched integers, nested lists, maps and structs, nulls", async () => {
    const jar = orcToolsJar();
    const dir = fixtureDir({});
    const n = 4000;
    const rows = Array.from({ length: n }, (_, i) => ({
      id: i,
      spiky: ((i * 7) % 100) + (i % 50 === 3 ? 1_000_000_000_000 + i : 0),
      name: i % 13 === 12 ? null : ["Oslo", "Lima", "Pune"][i % 3],
      code: `c-${(i * 7919) % 100000}`,
      tags: i % 17 === 16 ? null : Array.from({ length: i % 4 }, (_, k) => `t${k}`),
      m: Object.fromEntries(Array.from({ length: i % 3 }, (_, k) => [`k${k}`, i + k])),
      s: i % 19 === 18 ? null : { a: i / 4, b: i % 5 === 0 ? null : `b${i}` },
      d: i % 10 === 9 ? null : new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      dec: i % 11 === 10 ? null : ((i * 137 - 50_000) / 100).toFixed(2),
    }));
    writeFileSync(join(dir, "in.json"), `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const schema =
      "struct<id:bigint,spiky:bigint,name:string,code:string,tags:array<string>,m:map<string,int>,s:struct<a:double,b:string>,d:date,dec:decimal(10,2)>";
    // The JIT's first tier and the serial collector: half the JVM's CPU for a file this small.
    runJava([
      "-XX:TieredStopAtLevel=1",
      "-XX:+UseSerialGC",
      "-jar",
      jar,
      "convert",
      "-s",
      schema,
      "-o",
      join(dir, "java.orc"),
      join(dir, "in.json"),
    ]);
    const got = records(await readBack(join(dir, "java.orc"), "orc", 1000));
    assert.equal(got.rows.length, n);
    assert.deepEqual(got.rows, rows);
  });
});
