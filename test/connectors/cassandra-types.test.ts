import assert from "node:assert/strict";
import { test } from "node:test";
import { type Data, DataType, type Decimal } from "apache-arrow";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import { decimalReader, decimalText, isValid } from "../../src/formats/arrow-values/arrow-cells.ts";
import { ByteSink } from "../../src/formats/arrow-values/byte-sink.ts";
import { jsonWriter } from "../../src/formats/arrow-values/json-renderer.ts";
import { dateText } from "../../src/formats/arrow-values/temporal-text.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { cassandraFacts, cqlQuery, freshCassandraTable } from "../support/servers.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

const ROWS = 400;
const NULLS = "enableNull: true, nullProb: 0.2";
const EDGES = "enableEdgeCase: true, edgeCaseProb: 0.3";
const TRICKY = `['', 'plain', 'a,b', 'say "hi"', "line\\nbreak", "tab\\there", 'back\\\\slash', 'NULL', 'ünïcødé ✓ 😀', "nul\\u0000byte", "it's"]`;

/** Every rowforge type, with nulls and edge values; the created table gets the Cassandra type table's columns (cassandra-type-table.ts). */
const FIELDS = [
  `{name: id, type: long, options: {sql: '__index_inc', isPrimaryKey: true}}`,
  `{name: s, type: string, options: {oneOf: ${TRICKY}, ${NULLS}}}`,
  `{name: i, type: int, options: {${EDGES}, ${NULLS}}}`,
  `{name: l, type: long, options: {${EDGES}}}`,
  `{name: sh, type: short, options: {${EDGES}}}`,
  `{name: b, type: byte, options: {${EDGES}}}`,
  `{name: d, type: double, options: {${EDGES}, ${NULLS}}}`,
  `{name: f, type: float, options: {${EDGES}}}`,
  `{name: dec, type: 'decimal(38,10)', options: {min: -1000000, max: 1000000, ${NULLS}}}`,
  `{name: dec0, type: 'decimal(5,0)'}`,
  `{name: bo, type: boolean, options: {${NULLS}}}`,
  `{name: da, type: date, options: {min: '1000-01-01', max: '9999-12-31', ${NULLS}}}`,
  `{name: ts, type: timestamp, options: {min: '1000-01-01 00:00:00', max: '9999-12-31 23:59:59', ${NULLS}}}`,
  `{name: bin, type: binary, options: {${NULLS}}}`,
  `{name: arr_s, type: 'array<string>', options: {arrayMinLen: 0, arrayMaxLen: 4}}`,
  `{name: arr_i, type: 'array<int>', options: {arrayMinLen: 1, arrayMaxLen: 4}}`,
  `{name: nested, type: 'array<array<int>>', options: {arrayMinLen: 1, arrayMaxLen: 3}}`,
  `{name: m, type: 'map<string,int>'}`,
  `{name: st, type: 'struct<a:int,b:string,c:timestamp>'}`,
];

/** A value as both sides are compared: text for numbers (exact), JSON-like for the rest. */
function canon(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (Array.isArray(v)) return v.length === 0 ? null : v.map(canon);
  if (v instanceof Map) return v.size === 0 ? null : [...v.entries()].map(([k, x]) => [canon(k), canon(x)]);
  return v;
}

/** What Cassandra should give back for row i of an Arrow column, in canon form (read independently of the sink). */
function expected(data: Data, i: number): unknown {
  if (!isValid(data, i)) return null;
  const t = data.type;
  const v = data.values === undefined ? undefined : (data.values as ArrayLike<number | bigint>)[i];
  if (DataType.isUtf8(t)) {
    const o = data.valueOffsets as Int32Array;
    return new TextDecoder().decode((data.values as Uint8Array).subarray(o[i]!, o[i + 1]!));
  }
  if (DataType.isInt(t)) return String(v);
  if (DataType.isFloat(t)) return canon(Number(v));
  if (DataType.isDecimal(t)) return decimalText(decimalReader(data)(i), (t as Decimal).scale);
  if (DataType.isBool(t))
    return (((data.values as Uint8Array)[(data.offset + i) >> 3]! >> ((data.offset + i) & 7)) & 1) === 1;
  if (DataType.isDate(t)) return dateText(Number(v));
  // CQL timestamps hold milliseconds.
  if (DataType.isTimestamp(t)) return String(Math.floor(Number(v) / 1000));
  if (DataType.isBinary(t)) {
    const o = data.valueOffsets as Int32Array;
    return Buffer.from((data.values as Uint8Array).subarray(o[i]!, o[i + 1]!)).toString("hex");
  }
  if (DataType.isList(t)) {
    const o = data.valueOffsets as Int32Array;
    const out: unknown[] = [];
    for (let k = o[i]!; k < o[i + 1]!; k++) out.push(expected(data.children[0]!, k));
    // Cassandra stores no empty collection: it reads back as null.
    return out.length === 0 ? null : out;
  }
  if (DataType.isMap(t)) {
    const o = data.valueOffsets as Int32Array;
    const [keys, values] = data.children[0]!.children;
    const out: unknown[] = [];
    for (let k = o[i]!; k < o[i + 1]!; k++) out.push([expected(keys!, k), expected(values!, k)]);
    return out.length === 0
      ? null
      : out.sort((a, b) => String((a as string[])[0]).localeCompare(String((b as string[])[0])));
  }
  // Structs: the JSON text rowforge writes for them.
  const sink = new ByteSink();
  jsonWriter(data)(sink, i);
  return new TextDecoder().decode(sink.buf.subarray(0, sink.pos));
}

/** A value the driver read, in canon form. */
function actual(v: unknown, t: DataType): unknown {
  if (v === null || v === undefined) return null;
  if (DataType.isFloat(t) && (t as { precision: number }).precision === 1)
    return canon(Math.fround(Number(v)));
  if (DataType.isDecimal(t) || DataType.isDate(t)) return String(v);
  if (DataType.isTimestamp(t)) return String((v as Date).getTime());
  if (DataType.isBinary(t)) return (v as Buffer).toString("hex");
  if (DataType.isMap(t)) {
    const entries = canon(v) as [string, unknown][] | null;
    return entries?.sort((a, b) => String(a[0]).localeCompare(String(b[0]))) ?? null;
  }
  return canon(v);
}

test("every rowforge type written to Cassandra reads back equal through cassandra-driver (nulls, edge values, collections)", async () => {
  const [keyspace, table] = await freshCassandraTable();
  const f = cassandraFacts();
  const options = { keyspace, table, createTable: "true" };
  const plan = await planFrom(
    "name: p\ntasks:\n  - name: t\n    dataSourceName: cass\nsinkOptions: {seed: 7}\n",
    {
      t: `name: t\nsteps:\n  - name: everything\n    type: cassandra\n    options: ${JSON.stringify(options)}\n    count: {records: ${ROWS}}\n    fields:\n${FIELDS.map((x) => `      - ${x}\n`).join("")}`,
    },
    {
      "application.conf": `org.apache.spark.sql.cassandra {\n  cass {\n    spark.cassandra.connection.host = "${f.host}"\n    spark.cassandra.connection.port = "${f.port}"\n    spark.cassandra.auth.username = "${f.user}"\n    spark.cassandra.auth.password = "${f.password}"\n  }\n}\n`,
    },
  );
  const r = await runPlan(plan, {
    access: OPEN_ACCESS,
    runId: "types",
    nowMicros: TEST_NOW_MICROS,
    batchSize: 128,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r.success, true, r.failedReason ?? r.steps[0]?.error ?? "");
  assert.equal(r.steps[0]?.records, ROWS);
  const columns = await cqlQuery(
    "SELECT column_name, type FROM system_schema.columns WHERE keyspace_name = ? AND table_name = ?",
    [keyspace, table],
  );
  const types = Object.fromEntries(columns.map((c) => [c.column_name, c.type]));
  assert.deepEqual(
    [types.id, types.l, types.dec, types.ts, types.bin, types.arr_s, types.nested, types.m, types.st],
    [
      "bigint",
      "bigint",
      "decimal",
      "timestamp",
      "blob",
      "list<text>",
      "list<frozen<list<int>>>",
      "map<text, int>",
      "text",
    ],
  );
  const rows = await cqlQuery(`SELECT * FROM "${keyspace}"."${table}"`);
  assert.equal(rows.length, ROWS);
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const batch = compilePlan(plan, { seed: "7", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!.batch(
    0,
    ROWS,
  );
  let compared = 0;
  for (const field of batch.schema.fields) {
    const data = batch.getChild(field.name)!.data[0]!;
    for (let i = 0; i < ROWS; i++) {
      const id = String((batch.getChild("id")!.data[0]!.values as BigInt64Array)[i]);
      const row = byId.get(id);
      assert.ok(row, `row ${id} read back`);
      assert.deepEqual(
        actual(row[field.name], field.type),
        expected(data, i),
        `column ${field.name}, row ${i}`,
      );
      compared++;
    }
  }
  assert.equal(compared, ROWS * FIELDS.length);
});
