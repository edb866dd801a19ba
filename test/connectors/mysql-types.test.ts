import assert from "node:assert/strict";
import { test } from "node:test";
import { type Data, DataType, type Decimal, type RecordBatch } from "apache-arrow";
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
import { freshMysqlTable, mariadbFacts, mariadbJdbcUrl, mysqlQuery } from "../support/servers.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

const ROWS = 500;
const NULLS = "enableNull: true, nullProb: 0.2";
const EDGES = "enableEdgeCase: true, edgeCaseProb: 0.3";
/** Text LOAD DATA's line format must escape: tabs, newlines, carriage returns, backslashes, `\N`, NUL, empty. */
const TRICKY = `['', 'plain', 'a,b', 'say "hi"', "line\\nbreak", "tab\\there", 'back\\\\slash', '\\N', 'NULL', ' spaced ', 'ünïcødé ✓ 😀', "\\r\\n", "nul\\u0000byte", "it's"]`;

/** Every rowforge type, with nulls and edge values; a created table gets the MySQL type table's columns (mysql-type-table.ts). */
const FIELDS = [
  `{name: id, type: long, options: {sql: '__index_inc'}}`,
  `{name: s, type: string, options: {oneOf: ${TRICKY}, ${NULLS}}}`,
  `{name: i, type: int, options: {${EDGES}, ${NULLS}}}`,
  `{name: l, type: long, options: {${EDGES}}}`,
  `{name: sh, type: short, options: {${EDGES}}}`,
  `{name: b, type: byte, options: {${EDGES}}}`,
  `{name: d, type: double, options: {min: -1e300, max: 1e300, ${NULLS}}}`,
  `{name: f, type: float, options: {min: -1e30, max: 1e30}}`,
  `{name: dx, type: double, options: {sql: "CASE WHEN id % 3 = 0 THEN CAST('-0.0' AS DOUBLE) WHEN id % 3 = 1 THEN 5e-324 ELSE 1.7976931348623157e308 END"}}`,
  `{name: dec, type: 'decimal(38,10)', options: {min: -1000000, max: 1000000, ${NULLS}}}`,
  `{name: dec0, type: 'decimal(5,0)'}`,
  `{name: bo, type: boolean, options: {${NULLS}}}`,
  `{name: da, type: date, options: {min: '1000-01-01', max: '9999-12-31', ${NULLS}}}`,
  `{name: ts, type: timestamp, options: {min: '1000-01-01 00:00:00', max: '9999-12-31 23:59:59', ${NULLS}}}`,
  `{name: bin, type: binary, options: {${NULLS}}}`,
  `{name: arr_s, type: 'array<string>', options: {arrayMinLen: 0, arrayMaxLen: 4}}`,
  `{name: arr_i, type: 'array<int>', options: {arrayMinLen: 0, arrayMaxLen: 4}}`,
  `{name: nested, type: 'array<array<int>>', options: {arrayMinLen: 0, arrayMaxLen: 3}}`,
  `{name: m, type: 'map<string,int>'}`,
  `{name: st, type: 'struct<a:int,b:string,c:timestamp>'}`,
];

/** How MariaDB hands each column back as text (the comparison's common ground). */
const READ_BACK: Readonly<Record<string, string>> = {
  id: "CAST(id AS CHAR)",
  s: "s",
  i: "CAST(i AS CHAR)",
  l: "CAST(l AS CHAR)",
  sh: "CAST(sh AS CHAR)",
  b: "CAST(b AS CHAR)",
  d: "d",
  f: "CAST(f AS DOUBLE)",
  dx: "dx",
  dec: "CAST(`dec` AS CHAR)",
  dec0: "CAST(dec0 AS CHAR)",
  bo: "CAST(bo AS CHAR)",
  da: "CAST(da AS CHAR)",
  ts: "CAST(ts AS CHAR)",
  bin: "LOWER(HEX(bin))",
  arr_s: "arr_s",
  arr_i: "arr_i",
  nested: "nested",
  m: "m",
  st: "st",
};

/** `yyyy-MM-dd HH:mm:ss.ffffff` for microseconds since the epoch (how a datetime(6) reads back). */
function datetimeText(micros: bigint): string {
  const ms = Number(micros / 1000n);
  const frac = ((micros % 1_000_000n) + 1_000_000n) % 1_000_000n;
  const iso = new Date(ms).toISOString(); // yyyy-MM-ddTHH:mm:ss.sssZ
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${String(frac).padStart(6, "0")}`;
}

/** The text MariaDB should give back for row i of an Arrow column (null for null). */
function expectedText(data: Data, i: number): unknown {
  if (!isValid(data, i)) return null;
  const t = data.type;
  const v =
    DataType.isInt(t) || DataType.isFloat(t) || DataType.isDate(t) || DataType.isTimestamp(t)
      ? (data.values as ArrayLike<number | bigint>)[i]
      : undefined;
  if (DataType.isUtf8(t)) {
    const o = data.valueOffsets as Int32Array;
    return new TextDecoder().decode((data.values as Uint8Array).subarray(o[i]!, o[i + 1]!));
  }
  if (DataType.isInt(t)) return String(v);
  if (DataType.isFloat(t)) return Object.is(Number(v), -0) ? 0 : Number(v);
  if (DataType.isDecimal(t)) return decimalText(decimalReader(data)(i), (t as Decimal).scale);
  if (DataType.isBool(t))
    return ((data.values as Uint8Array)[(data.offset + i) >> 3]! >> ((data.offset + i) & 7)) & 1 ? "1" : "0";
  if (DataType.isDate(t)) return dateText(Number(v));
  if (DataType.isTimestamp(t)) return datetimeText(BigInt(v as bigint));
  if (DataType.isBinary(t)) {
    const o = data.valueOffsets as Int32Array;
    return Buffer.from((data.values as Uint8Array).subarray(o[i]!, o[i + 1]!)).toString("hex");
  }
  // Lists, maps, structs: the JSON rowforge writes for them, parsed.
  const sink = new ByteSink();
  jsonWriter(data)(sink, i);
  return JSON.parse(new TextDecoder().decode(sink.buf.subarray(0, sink.pos)));
}

function actualValue(value: unknown, arrowType: DataType): unknown {
  if (value === null) return null;
  if (DataType.isFloat(arrowType)) {
    const n = Number(value);
    // A float comes back as MariaDB prints a float4; Arrow holds the float4 as a double.
    return (arrowType as { precision: number }).precision === 1 ? Math.fround(n) : Object.is(n, -0) ? 0 : n;
  }
  if (DataType.isList(arrowType) || DataType.isMap(arrowType) || DataType.isStruct(arrowType)) {
    // mysql2 parses a column the server marks as JSON; text is parsed here.
    return typeof value === "string" ? JSON.parse(value) : value;
  }
  return Buffer.isBuffer(value) ? value.toString("utf8") : value;
}

test("every rowforge type written to MariaDB reads back equal through SQL (LOAD DATA escaping, nulls, edge values)", async () => {
  const f = mariadbFacts();
  const table = freshMysqlTable();
  const plan = await planFrom(
    "name: types\ntasks:\n  - name: t\n    dataSourceName: maria\nsinkOptions: {seed: 11}\n",
    {
      t: `name: t\nsteps:\n  - name: all_types\n    type: mysql\n    options: ${JSON.stringify({ dbtable: table, createTable: "true" })}\n    count: {records: ${ROWS}}\n    fields:\n${FIELDS.map((x) => `      - ${x}\n`).join("")}`,
    },
    {
      "application.conf": `mysql {\n  maria {\n    url = "${mariadbJdbcUrl(f)}"\n    user = "${f.user}"\n    password = "${f.password}"\n  }\n}\n`,
    },
  );
  const r = await runPlan(plan, {
    access: OPEN_ACCESS,
    runId: "mysql-types",
    nowMicros: TEST_NOW_MICROS,
    batchSize: 128,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r.success, true, r.failedReason ?? "");
  assert.equal(r.steps[0]?.records, ROWS);

  // The created table's column types are the type table's (its connector's).
  const types = await mysqlQuery<{ name: string; t: string }>(
    "SELECT column_name AS name, column_type AS t FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position",
    [f.database, table],
  );
  assert.deepEqual(Object.fromEntries(types.map((c) => [c.name, c.t])), {
    id: "bigint(20)",
    s: "longtext",
    i: "int(11)",
    l: "bigint(20)",
    sh: "smallint(6)",
    b: "tinyint(4)",
    d: "double",
    f: "float",
    dx: "double",
    dec: "decimal(38,10)",
    dec0: "decimal(5,0)",
    bo: "tinyint(1)",
    da: "date",
    ts: "datetime(6)",
    bin: "longblob",
    arr_s: "longtext",
    arr_i: "longtext",
    nested: "longtext",
    m: "longtext",
    st: "longtext",
  });

  const [step] = compilePlan(plan, { seed: "11", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps;
  const batch: RecordBatch = step!.batch(0, ROWS);
  const columns = Object.keys(READ_BACK);
  const rows = await mysqlQuery<Record<string, unknown>>(
    `SELECT ${columns.map((c) => `${READ_BACK[c]} AS \`${c}\``).join(", ")} FROM \`${table}\` AS t ORDER BY t.id`,
  );
  assert.equal(rows.length, ROWS);
  let nulls = 0;
  for (const c of columns) {
    const vector = batch.getChild(c)!;
    const data = vector.data[0]!;
    assert.equal(vector.data.length, 1);
    for (let i = 0; i < ROWS; i++) {
      const expected = expectedText(data, i);
      if (expected === null) nulls++;
      assert.deepEqual(actualValue(rows[i]![c] ?? null, data.type), expected, `column ${c}, row ${i}`);
    }
  }
  assert.ok(nulls > 0, "some nulls were written and read back as nulls");
  // The tricky strings all made it, including the empty one (not a null) and a literal \N.
  const texts = new Set(rows.map((r) => r.s));
  for (const s of [
    "",
    "tab\there",
    "line\nbreak",
    "back\\\\slash",
    "\\N",
    "NULL",
    "\r\n",
    "nul\u0000byte",
    "it's",
  ])
    assert.ok(texts.has(s), JSON.stringify(s));
});
