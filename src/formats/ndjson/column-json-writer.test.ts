import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import fc from "fast-check";
import { planFrom, TEST_NOW_MICROS } from "../../../test/support/plans.ts";
import type { Column } from "../../engine/columns/column.ts";
import { batchShape, toRecordBatch } from "../../engine/columns/to-arrow.ts";
import { compilePlan } from "../../engine/compile/compile-plan.ts";
import type { CompiledStep } from "../../engine/compile/compiled-step.ts";
import { GENERATOR_VERSION } from "../../engine/generator-version.ts";
import { loadSqlCompiler } from "../../engine/sql/index.ts";
import { type DataType, DataTypes } from "../../model/data-type.ts";
import { ByteSink } from "../arrow-values/byte-sink.ts";
import { writeJsonBytes } from "../arrow-values/json-renderer.ts";
import { writeJsonString } from "./json-scalar-bytes.ts";
import { ndjsonFormat } from "./ndjson-format.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

type Options = Record<string, string>;
const OMIT: Options = { ignoreNullFields: "true" };

/** The general path: the columns as an Arrow batch, encoded by the NDJSON encoder. */
function viaArrow(fields: readonly { name: string; type: DataType }[], columns: Column[], options: Options) {
  const batch = toRecordBatch(batchShape(fields.map((f) => ({ ...f, nullable: true }))), columns);
  const out = new ByteSink(64);
  ndjsonFormat.createEncoder(batch.schema, options).encodeInto!(batch, out);
  return Buffer.from(out.buf.subarray(0, out.pos));
}

/** The fast path: straight from the columns. */
function direct(fields: readonly { name: string; type: DataType }[], columns: Column[], options: Options) {
  const encoder = ndjsonFormat.columnEncoder!(fields, options)!;
  const out = new ByteSink(64);
  assert.ok(
    encoder.encodeColumns(columns, columns[0]?.length ?? 0, out),
    "the column encoder took the columns",
  );
  return Buffer.from(out.buf.subarray(0, out.pos));
}

function sameBytes(fields: readonly { name: string; type: DataType }[], columns: Column[]) {
  for (const options of [{}, OMIT]) {
    const a = viaArrow(fields, columns, options);
    const b = direct(fields, columns, options);
    assert.equal(b.toString("utf8"), a.toString("utf8"), `options ${JSON.stringify(options)}`);
    assert.ok(b.equals(a), "same bytes");
  }
}

const READBACK = readFileSync(new URL("../../../test/formats/readback.task.yaml", import.meta.url), "utf8");

async function readbackStep(): Promise<CompiledStep> {
  const plan = await planFrom("name: g\ntasks: [{name: readback, dataSourceName: out}]\n", { g: READBACK });
  return compilePlan(plan, { seed: "21", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!;
}

test("rows written from the columns are the golden NDJSON bytes of the Arrow path", async () => {
  const step = await readbackStep();
  const golden = readFileSync(
    new URL(`../../../test/golden/formats/readback-v${GENERATOR_VERSION}.json.txt`, import.meta.url),
  );
  const parts = [
    direct(step.output, [...step.columns(0, 25)], {}),
    direct(step.output, [...step.columns(25, 15)], {}),
  ];
  assert.ok(Buffer.concat(parts).equals(golden), "the column path gives the golden file's bytes");
  // Every type of the read-back task, with nulls, both null-field modes, all 300 rows.
  sameBytes(step.output, [...step.columns(0, 300)]);
});

test("nested omitted fields, SQL fields and a struct null in some rows: the same bytes both ways", async () => {
  const task = `name: t
steps:
  - name: s
    type: json
    count: {records: 500}
    fields:
      - {name: id, options: {regex: "ACC[0-9]{8}"}}
      - {name: y, type: int, options: {sql: "YEAR(d)"}}
      - {name: d, type: date, options: {min: "2022-01-01"}}
      - {name: status, options: {sql: "element_at(sort_array(h, false), 1).status"}}
      - name: h
        type: array
        fields:
          - {name: t, type: timestamp, options: {min: "2022-01-01 00:00:00"}}
          - {name: status, options: {oneOf: ["open", "closed"]}}
          - {name: hidden, type: int, options: {omit: true}}
      - name: c
        options: {enableNull: true, nullProb: 0.3}
        fields:
          - {name: name, options: {sql: "_n"}}
          - {name: age, type: int, options: {min: 18, max: 90, enableNull: true}}
          - {name: secret, options: {omit: true}}
      - {name: _n, options: {expression: "#{Name.name}", omit: true}}
`;
  const plan = await planFrom("name: p\ntasks: [{name: t, dataSourceName: out}]\n", { t: task });
  const step = compilePlan(plan, { seed: "5", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!;
  assert.deepEqual(
    step.output.map((o) => o.name),
    ["id", "y", "d", "status", "h", "c"],
  );
  sameBytes(step.output, [...step.columns(0, 500)]);
  sameBytes(step.output, [...step.columns(123, 7)]);
});

const scalar = (
  type: DataType,
  values: Column extends infer C ? (C extends { values: infer V } ? V : never) : never,
  nulls?: number[],
): Column => {
  const length = values.length;
  const col: Column = { shape: "scalar", type, length, nulls: undefined, values } as Column;
  if (nulls) {
    col.nulls = new Uint8Array(length);
    for (const i of nulls) col.nulls[i] = 1;
  }
  return col;
};

test("edge values are written as the Arrow conversion stores them", () => {
  const doubles = [
    0,
    -0,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    1e21,
    5e-324,
    0.1,
    -123.456,
    2 ** 53,
  ];
  const n = doubles.length;
  const pick = <T>(list: readonly T[]) => Array.from({ length: n }, (_, i) => list[i % list.length]!);
  const fields: { name: string; type: DataType }[] = [
    { name: "d", type: DataTypes.double },
    { name: "f", type: DataTypes.float },
    { name: "l", type: DataTypes.long },
    { name: "sh", type: DataTypes.short },
    { name: "by", type: DataTypes.byte },
    { name: "i", type: DataTypes.int },
    { name: "dec", type: DataTypes.decimal(12, 3) },
    { name: "big", type: DataTypes.decimal(30, 4) },
    { name: "ts", type: DataTypes.timestamp },
    { name: "dt", type: DataTypes.date },
    { name: "s", type: DataTypes.string },
    { name: "b", type: DataTypes.boolean },
    { name: "bin", type: DataTypes.binary },
    { name: "m", type: DataTypes.map(DataTypes.int, DataTypes.string) },
    { name: "st", type: DataTypes.struct([{ name: "a", type: DataTypes.int, nullable: true }]) },
    { name: "arr", type: DataTypes.array(DataTypes.double) },
  ];
  const longs = [
    0,
    -1,
    2 ** 53,
    -(2 ** 53) - 2,
    2 ** 62,
    -(2 ** 63),
    2 ** 64 + 4096,
    12345678901234,
    1.5,
    -1.5,
  ];
  const mapKeys = scalar(DataTypes.int, Int32Array.from([1, -2, 3]));
  const mapValues = scalar(DataTypes.string, ["x", 'q"uote', "back\\slash"], [2]);
  const mapOffsets = new Int32Array(n + 1);
  mapOffsets.fill(3, 2);
  mapOffsets[1] = 1;
  const arrOffsets = Int32Array.from({ length: n + 1 }, (_, i) => Math.min(i, n));
  const columns: Column[] = [
    scalar(DataTypes.double, Float64Array.from(doubles), [9]),
    scalar(DataTypes.float, Float64Array.from(doubles)),
    scalar(DataTypes.long, Float64Array.from(longs)),
    scalar(DataTypes.short, Int32Array.from(pick([0, 32767, 32768, -32769, 70000, -1]))),
    scalar(DataTypes.byte, Int32Array.from(pick([0, 127, 128, -129, 300, -1]))),
    scalar(DataTypes.int, Int32Array.from(pick([0, -1, 2147483647, -2147483648, 42]))),
    scalar(DataTypes.decimal(12, 3), Float64Array.from(pick([0, -1, 123456789012, -5, 7]))),
    scalar(DataTypes.decimal(30, 4), pick([0n, -1n, 10n ** 29n, -(10n ** 29n) + 7n, 123n])),
    scalar(
      DataTypes.timestamp,
      Float64Array.from(
        pick([
          0, -1, 1.5, -1.5, 1_700_000_000_123_456, 1_700_000_000_123_000, -62_135_596_800_000_000,
          253_402_300_800_000_000, -100_000_000_000_000_000,
        ]),
      ),
    ),
    scalar(DataTypes.date, Int32Array.from(pick([0, -1, 19000, -719_529, 2_932_897, -800_000]))),
    scalar(
      DataTypes.string,
      pick(["", "plain", 'q"', "b\\s", "tab\there", "nl\n", "\u0001", "\u007f", "ünïcødé 日本 🙂", "é"]),
      [3],
    ),
    scalar(DataTypes.boolean, Uint8Array.from(pick([0, 1]))),
    scalar(
      DataTypes.binary,
      pick([new Uint8Array(0), Uint8Array.from([0, 255, 7]), new Uint8Array(5).fill(65)]),
    ),
    {
      shape: "map",
      type: fields[13]!.type,
      length: n,
      nulls: undefined,
      offsets: mapOffsets,
      keys: mapKeys,
      values: mapValues,
    },
    {
      shape: "struct",
      type: fields[14]!.type,
      length: n,
      nulls: Uint8Array.from(pick([0, 0, 1])),
      children: [scalar(DataTypes.int, Int32Array.from(pick([1, 2, 3, 4])), [1])],
    },
    {
      shape: "list",
      type: fields[15]!.type,
      length: n,
      nulls: Uint8Array.from(pick([0, 1])),
      offsets: arrOffsets,
      element: scalar(DataTypes.double, Float64Array.from(doubles)),
    },
  ];
  sameBytes(fields, columns);
});

test("fields without nulls, written inline by the row writer, are the Arrow path's bytes", () => {
  const doubles = [
    0,
    -0,
    1,
    -1,
    0.5,
    2147483647,
    2147483648,
    1e21,
    Number.NaN,
    0.1 + 0.2,
    379.4859110380107,
    5e-324,
  ];
  const n = doubles.length;
  const pick = <T>(list: readonly T[]) => Array.from({ length: n }, (_, i) => list[i % list.length]!);
  const row = [
    { name: "d", type: DataTypes.double },
    { name: "i", type: DataTypes.int },
    { name: "dt", type: DataTypes.date },
    { name: "ts", type: DataTypes.timestamp },
    { name: "s", type: DataTypes.string },
  ];
  const columns = (): Column[] => [
    scalar(DataTypes.double, Float64Array.from(doubles)),
    scalar(DataTypes.int, Int32Array.from(pick([0, -1, 7, 2147483647, -2147483648]))),
    scalar(DataTypes.date, Int32Array.from(pick([0, -1, 19000, -800_000]))),
    scalar(
      DataTypes.timestamp,
      Float64Array.from(pick([0, -1.5, 1_700_000_000_123_456, 253_402_300_800_000_000])),
    ),
    scalar(DataTypes.string, pick(["", "plain", 'q"', "ünï 🙂", "\n"])),
  ];
  const structs = DataTypes.struct(row.map((f) => ({ ...f, nullable: true })));
  const fields = [...row, { name: "list", type: DataTypes.array(structs) }];
  sameBytes(fields, [
    ...columns(),
    {
      shape: "list",
      type: fields[5]!.type,
      length: n,
      nulls: undefined,
      offsets: Int32Array.from({ length: n + 1 }, (_, i) => i),
      element: { shape: "struct", type: structs, length: n, nulls: undefined, children: columns() },
    },
  ]);
});

test("any string and any double are written as the Arrow path writes them", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.string({ unit: "binary" }), fc.double()), { minLength: 1, maxLength: 40 }),
      (rows) => {
        // Lone surrogates are left out: the Arrow path encodes a column's strings joined, where two
        // halves in neighbouring values would pair up; generated text never holds them.
        const strings = rows.map(([s]) => s.replace(/[\ud800-\udfff]/g, "?"));
        const fields = [
          { name: "s", type: DataTypes.string },
          { name: "d", type: DataTypes.double },
        ];
        sameBytes(fields, [
          scalar(DataTypes.string, strings),
          scalar(DataTypes.double, Float64Array.from(rows.map(([, d]) => d))),
        ]);
      },
    ),
  );
});

test("any string, lone surrogates and escapes included, is written as writeJsonBytes writes its UTF-8", () => {
  const encoder = new TextEncoder();
  const quoted = (s: string) => {
    const sink = new ByteSink(4);
    writeJsonString(sink, s);
    return Buffer.from(sink.buf.subarray(0, sink.pos)).toString("latin1");
  };
  const expected = (s: string) => {
    const sink = new ByteSink(4);
    const bytes = encoder.encode(s);
    writeJsonBytes(sink, bytes, 0, bytes.length);
    return Buffer.from(sink.buf.subarray(0, sink.pos)).toString("latin1");
  };
  for (const s of ['a"b\\c\n\u0001\u007f', 'é"日\t🙂', "\ud800x\udc00", "abc\udbff", "\udfff\ud83d\ude42"])
    assert.equal(quoted(s), expected(s));
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), (s) => {
      assert.equal(quoted(s), expected(s));
    }),
  );
});

test("columns not stored as their type say so, and the caller takes the Arrow path", () => {
  const encoder = ndjsonFormat.columnEncoder!([{ name: "s", type: DataTypes.string }], {})!;
  const out = new ByteSink(16);
  assert.equal(encoder.encodeColumns([scalar(DataTypes.int, Int32Array.from([1]))], 1, out), false);
  assert.equal(
    encoder.encodeColumns([scalar(DataTypes.string, Int32Array.from([1]) as never)], 1, out),
    false,
  );
  assert.equal(out.pos, 0, "nothing written");
  assert.equal(ndjsonFormat.columnEncoder!([], { unwrapTopLevelArray: "true" }), undefined);
});
