import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  Int64 as ArrowInt64,
  TimestampNanosecond as ArrowTimestampNanosecond,
  Field,
  type Int64,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  TimestampMicrosecond,
  type TimestampNanosecond,
} from "apache-arrow";
import { type PyarrowReader, pyarrowReader } from "../../../test/support/orc/orc-readers.ts";
import { batchOf, expectedColumns, type TestField } from "../../../test/support/orc/orc-test-data.ts";
import { everyTypeFields, volumeFields } from "../../../test/support/orc/sample-fields.ts";
import { encodeOrc, writeTemp } from "../../../test/support/orc/write-orc.ts";
import { DataTypes as T } from "../../model/data-type.ts";

describe("ORC files read back with pyarrow", () => {
  // One interpreter reads every file of these tests: Python's start and pyarrow's import once.
  let pyarrow: PyarrowReader;
  before(() => {
    pyarrow = pyarrowReader();
  });
  after(() => pyarrow?.close());
  const readWithPyarrow = (path: string) => pyarrow.read(path);

  for (const compression of ["none", "zlib", "zstd"]) {
    it(`every type, nested, with nulls, over sliced batches, stripes and row groups (${compression})`, async () => {
      const fields = everyTypeFields(257);
      const whole = batchOf(fields);
      const batches = [whole.slice(0, 100), whole.slice(100, 157), whole.slice(157, 257)];
      const bytes = encodeOrc(batches, { compression, stripeSize: "120rows", rowIndexStride: "50" });
      const read = await readWithPyarrow(writeTemp(`every-${compression}.orc`, bytes));
      assert.equal(read.rows, 257);
      assert.deepEqual(read.stripe_rows, [120, 120, 17]);
      assert.equal(read.compression, compression === "none" ? "UNCOMPRESSED" : compression.toUpperCase());
      assert.equal(read.compression_size, 262_144);
      assert.equal(read.row_index_stride, 50);
      assert.equal(read.file_version, "0.12");
      assert.deepEqual(read.schema, [
        ["b", "int8"],
        ["sh", "int16"],
        ["n", "int32"],
        ["l", "int64"],
        ["f", "float"],
        ["d", "double"],
        ["dec", "decimal128(10, 2)"],
        ["bigdec", "decimal128(38, 6)"],
        ["flag", "bool"],
        ["day", "date32[day]"],
        ["ts", "timestamp[ns, tz=UTC]"],
        ["s", "string"],
        ["bin", "binary"],
        ["arr", "list<item: int32>"],
        ["arrs", "list<item: string>"],
        ["m", "map<string, int32>"],
        ["st", "struct<a: int32, b: string, c: list<item: double>>"],
        ["deep", "list<item: struct<x: double, y: map<int32, list<item: string>>>>"],
      ]);
      const expected = expectedColumns(fields);
      for (const f of fields) assert.deepEqual(read.columns[f.name], expected[f.name], `column ${f.name}`);
    });
  }

  it("25k rows in odd-sized batches make several stripes (by bytes) of 10000-row groups", async () => {
    // Batches that straddle row-group and stripe ends; a quarter of the rows and of the stripe
    // size of a 100k-row file make as many stripes, at a quarter of the encoding and reading.
    const sizes = [7001, 3333, 5000, 9669];
    const batches = [];
    const all: TestField[][] = [];
    let start = 0;
    for (const size of sizes) {
      const fields = volumeFields(start, size);
      all.push(fields);
      batches.push(batchOf(fields));
      start += size;
    }
    const bytes = encodeOrc(batches, { stripeSize: "512KiB" });
    const read = await readWithPyarrow(writeTemp("volume.orc", bytes));
    assert.equal(read.rows, start);
    assert.equal(read.compression, "ZSTD");
    assert.equal(read.row_index_stride, 10_000);
    assert.ok(read.stripes >= 3, `expected several stripes, got ${read.stripes}`);
    assert.equal(
      read.stripe_rows.reduce((a, b) => a + b, 0),
      start,
    );
    for (const [i, f] of all[0]!.entries()) {
      const expected = all.flatMap((fields) => expectedColumns([fields[i]!])[f.name]!);
      assert.deepEqual(read.columns[f.name], expected, `column ${f.name}`);
    }
  });

  it("columns of every type holding only nulls", async () => {
    const fields = everyTypeFields(30).map((f) => ({ ...f, values: f.values.map(() => null) }));
    const read = await readWithPyarrow(
      writeTemp("all-null.orc", encodeOrc([batchOf(fields)], { rowIndexStride: "8" })),
    );
    assert.equal(read.rows, 30);
    for (const f of fields) assert.deepEqual(read.columns[f.name], Array(30).fill(null), `column ${f.name}`);
  });

  it("a file with no rows keeps its schema", async () => {
    const fields = everyTypeFields(0);
    for (const compression of ["none", "zstd"]) {
      const read = await readWithPyarrow(
        writeTemp(`empty-${compression}.orc`, encodeOrc([batchOf(fields)], { compression })),
      );
      assert.equal(read.rows, 0);
      assert.equal(read.stripes, 0);
      assert.equal(read.schema.length, fields.length);
      assert.deepEqual(read.schema[10], ["ts", "timestamp[ns, tz=UTC]"]);
      for (const f of fields) assert.deepEqual(read.columns[f.name], []);
    }
  });

  it("the whole int64 range, and timestamps at nanosecond precision, naive and UTC", async () => {
    const longs = [
      -(2n ** 63n),
      2n ** 63n - 1n,
      0n,
      -1n,
      2n ** 53n + 1n,
      -(2n ** 53n) - 1n,
      2n ** 51n,
      -(2n ** 51n) - 1n,
    ];
    const n = 600;
    const values = BigInt64Array.from(
      { length: n },
      (_, i) => (longs[i % longs.length]! * (i % 3 === 0 ? 1n : -1n)) / (i % 5 === 0 ? 1n : 7n),
    );
    const nanos = BigInt64Array.from(
      { length: n },
      (_, i) =>
        1_700_000_000_123_456_789n +
        BigInt(i) * 1_000_000_007n -
        (i % 4 === 0 ? 3_000_000_000_000_000_000n : 0n),
    );
    const validity = Uint8Array.from({ length: Math.ceil(n / 8) }, (_, k) => (k % 3 === 1 ? 0x5f : 0xff));
    const isValid = (i: number): boolean => ((validity[i >> 3]! >> (i & 7)) & 1) === 1;
    const nullCount = Array.from({ length: n }, (_, i) => i).filter((i) => !isValid(i)).length;
    const i64 = new ArrowInt64();
    const tsNaive = new ArrowTimestampNanosecond();
    const tsUtc = new TimestampMicrosecond("UTC");
    const micros = BigInt64Array.from(nanos, (v) => v / 1000n);
    const fields = [new Field("big", i64), new Field("ns", tsNaive), new Field("us", tsUtc)];
    const data = makeData({
      type: new Struct(fields),
      length: n,
      nullCount: 0,
      children: [
        makeData({ type: i64 as Int64, length: n, nullCount, nullBitmap: validity, data: values }),
        makeData({ type: tsNaive as TimestampNanosecond, length: n, data: nanos }),
        makeData({ type: tsUtc, length: n, data: micros }),
      ],
    });
    const batch = new RecordBatch(new Schema(fields), data);
    const read = await readWithPyarrow(
      writeTemp("wide.orc", encodeOrc([batch.slice(0, 333), batch.slice(333)], { rowIndexStride: "100" })),
    );
    assert.deepEqual(read.schema, [
      ["big", "int64"],
      ["ns", "timestamp[ns]"],
      ["us", "timestamp[ns, tz=UTC]"],
    ]);
    assert.deepEqual(
      read.columns.big,
      Array.from(values, (v, i) => (isValid(i) ? String(v) : null)),
    );
    assert.deepEqual(read.columns.ns, Array.from(nanos, String));
    assert.deepEqual(
      read.columns.us,
      Array.from(micros, (v) => String(v * 1000n)),
    );
  });

  it("strings long enough to span compression blocks and to need statistics bounds", async () => {
    const long = `${"ß".repeat(700)}z`;
    const fields: TestField[] = [
      {
        name: "text",
        type: T.string,
        // 150 rows: about 600 KB of text and 470 KB of bytes, each past the 256 KiB compression block.
        values: Array.from({ length: 150 }, (_, i) =>
          i % 9 === 0 ? null : `${i}:${long.repeat((i % 5) + 1)}`,
        ),
      },
      {
        name: "blob",
        type: T.binary,
        values: Array.from({ length: 150 }, (_, i) => new Uint8Array(3000 + i).fill(i & 255)),
      },
    ];
    for (const compression of ["none", "zlib"]) {
      const read = await readWithPyarrow(
        writeTemp(
          `long-${compression}.orc`,
          encodeOrc([batchOf(fields)], { compression, rowIndexStride: "64" }),
        ),
      );
      const expected = expectedColumns(fields);
      assert.deepEqual(read.columns.text, expected.text);
      assert.deepEqual(read.columns.blob, expected.blob);
    }
  });
});
