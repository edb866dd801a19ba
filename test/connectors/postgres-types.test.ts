import assert from "node:assert/strict";
import { test } from "node:test";
import { type Data, DataType, type Decimal, type RecordBatch } from "apache-arrow";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { postgresConnector } from "../../src/connectors/postgres/postgres-connector.ts";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import { decimalReader, decimalText, isValid } from "../../src/formats/arrow-values/arrow-cells.ts";
import { ByteSink } from "../../src/formats/arrow-values/byte-sink.ts";
import { jsonWriter } from "../../src/formats/arrow-values/json-renderer.ts";
import { dateText } from "../../src/formats/arrow-values/temporal-text.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { freshTableName, pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

const ROWS = 500;
const NULLS = "enableNull: true, nullProb: 0.2";
const EDGES = "enableEdgeCase: true, edgeCaseProb: 0.3";
/** Text that CSV and PostgreSQL's array syntax must escape: quotes, commas, newlines, backslashes, braces, NULL, empty. */
const TRICKY = `['', 'plain', 'a,b', 'say "hi"', "line\\nbreak", 'back\\\\slash', '{braces}', 'NULL', ' spaced ', 'ünïcødé ✓', "\\r\\n"]`;

/** Every rowforge type, with nulls and edge values; a created table gets the PostgreSQL type table's columns (postgres-type-table.ts). */
const FIELDS = [
  `{name: id, type: long, options: {sql: '__index_inc'}}`,
  `{name: s, type: string, options: {oneOf: ${TRICKY}, ${NULLS}}}`,
  `{name: i, type: int, options: {${EDGES}, ${NULLS}}}`,
  `{name: l, type: long, options: {${EDGES}}}`,
  `{name: sh, type: short, options: {${EDGES}}}`,
  `{name: b, type: byte, options: {${EDGES}}}`,
  `{name: d, type: double, options: {${EDGES}, ${NULLS}}}`,
  `{name: f, type: float, options: {${EDGES}}}`,
  `{name: dx, type: double, options: {sql: "CASE WHEN id % 4 = 0 THEN CAST('NaN' AS DOUBLE) WHEN id % 4 = 1 THEN CAST('Infinity' AS DOUBLE) WHEN id % 4 = 2 THEN CAST('-Infinity' AS DOUBLE) ELSE CAST('-0.0' AS DOUBLE) END"}}`,
  `{name: dec, type: 'decimal(38,10)', options: {min: -1000000, max: 1000000, ${NULLS}}}`,
  `{name: dec0, type: 'decimal(5,0)'}`,
  `{name: dec2, type: 'decimal(10,2)', options: {min: -1000, max: 1000, ${NULLS}}}`,
  `{name: dec7, type: 'decimal(12,7)', options: {min: -1, max: 1}}`,
  `{name: bo, type: boolean, options: {${NULLS}}}`,
  `{name: da, type: date, options: {min: '1900-01-01', max: '2100-12-31', ${NULLS}}}`,
  `{name: ts, type: timestamp, options: {min: '1950-01-01 00:00:00', max: '2090-01-01 00:00:00', ${NULLS}}}`,
  `{name: bin, type: binary, options: {${NULLS}}}`,
  `{name: arr_s, type: 'array<string>', options: {arrayMinLen: 0, arrayMaxLen: 4}}`,
  `{name: arr_i, type: 'array<int>', options: {arrayMinLen: 0, arrayMaxLen: 4}}`,
  `{name: arr_d, type: 'array<date>', options: {arrayMinLen: 1, arrayMaxLen: 3}}`,
  `{name: nested, type: 'array<array<int>>', options: {arrayMinLen: 0, arrayMaxLen: 3}}`,
  `{name: m, type: 'map<string,int>'}`,
  `{name: st, type: 'struct<a:int,b:string,c:timestamp>'}`,
];

/** How PostgreSQL hands each column back as text (the comparison's common ground). */
const READ_BACK: Readonly<Record<string, string>> = {
  id: "id::text",
  s: "s",
  i: "i::text",
  l: "l::text",
  sh: "sh::text",
  b: "b::text",
  d: "d::text",
  f: "f::text",
  dx: "dx::text",
  dec: "dec::text",
  dec0: "dec0::text",
  dec2: "dec2::text",
  dec7: "dec7::text",
  bo: "bo::text",
  da: "da::text",
  ts: "(extract(epoch from ts) * 1000000)::bigint::text",
  bin: "encode(bin, 'hex')",
  arr_s: "array_to_json(arr_s)::text",
  arr_i: "array_to_json(arr_i)::text",
  arr_d: "array_to_json(arr_d)::text",
  nested: "nested::text",
  m: "m::text",
  st: "st::text",
};

/** The text PostgreSQL should give back for row i of an Arrow column (undefined for null). */
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
  if (DataType.isFloat(t)) return Number(v);
  if (DataType.isDecimal(t)) return decimalText(decimalReader(data)(i), (t as Decimal).scale);
  if (DataType.isBool(t))
    return ((data.values as Uint8Array)[(data.offset + i) >> 3]! >> ((data.offset + i) & 7)) & 1
      ? "true"
      : "false";
  if (DataType.isDate(t)) return dateText(Number(v));
  if (DataType.isTimestamp(t)) return String(v);
  if (DataType.isBinary(t)) {
    const o = data.valueOffsets as Int32Array;
    return Buffer.from((data.values as Uint8Array).subarray(o[i]!, o[i + 1]!)).toString("hex");
  }
  // Lists, maps, structs: the JSON rowforge writes for them, parsed (jsonb reorders keys and spacing).
  const sink = new ByteSink();
  jsonWriter(data)(sink, i);
  return JSON.parse(new TextDecoder().decode(sink.buf.subarray(0, sink.pos)));
}

/** PostgreSQL's text for a float, as a number (`NaN`, `Infinity` spelled its way). */
const pgFloat = (s: string): number =>
  s === "Infinity" ? Infinity : s === "-Infinity" ? -Infinity : Number(s);

function actualValue(column: string, text: string | null, arrowType: DataType): unknown {
  if (text === null) return null;
  if (DataType.isFloat(arrowType)) {
    const n = pgFloat(text);
    // A real comes back in float4's shortest text; Arrow holds the float4 as a double.
    return (arrowType as { precision: number }).precision === 1 ? Math.fround(n) : n;
  }
  if (DataType.isList(arrowType) || DataType.isMap(arrowType) || DataType.isStruct(arrowType)) {
    return JSON.parse(text);
  }
  void column;
  return text;
}

/** Columns that only COPY CSV writes (arrays and JSON): without them a step goes binary. */
const CSV_ONLY = new Set(["arr_s", "arr_i", "arr_d", "nested", "m", "st"]);

test("every rowforge type written to PostgreSQL reads back equal through SQL (COPY CSV escaping, nulls, edge values)", () =>
  roundTrip(FIELDS, "postgres-copy-csv"));

test("the same values through binary COPY (every column has a binary writer): equal, nulls and edge values included", () =>
  roundTrip(
    FIELDS.filter((f) => !CSV_ONLY.has(/name: (\w+)/.exec(f)![1]!)),
    "postgres-copy-binary",
  ));

/** Writes the fields' rows with createTable, checks the created types, the encoding the sink chose, and reads every value back. */
async function roundTrip(fields: readonly string[], encoding: string): Promise<void> {
  const dbtable = freshTableName();
  const options = { url: postgresJdbcUrl(), user: postgresFacts().user, dbtable, createTable: "true" };
  const plan = await planFrom(
    "name: types\ntasks:\n  - name: t\n    dataSourceName: pg\nsinkOptions: {seed: 11}\n",
    {
      t: `name: t\nsteps:\n  - name: all_types\n    type: postgres\n    options: ${JSON.stringify({ dbtable, createTable: "true" })}\n    count: {records: ${ROWS}}\n    fields:\n${fields.map((f) => `      - ${f}\n`).join("")}`,
    },
    {
      "application.conf": `postgres {\n  pg {\n    url = "${options.url}"\n    user = "${options.user}"\n  }\n}\n`,
    },
  );
  const r = await runPlan(plan, {
    access: OPEN_ACCESS,
    runId: "pg-types",
    nowMicros: TEST_NOW_MICROS,
    batchSize: 128,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r.success, true, r.failedReason ?? "");
  assert.equal(r.steps[0]?.records, ROWS);

  // The created table's column types are the type table's (its connector's).
  const [schemaName, tableName] = dbtable.split(".");
  const types = await pgQuery<{ column_name: string; t: string }>(
    "SELECT a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS t FROM pg_attribute a WHERE a.attrelid = $1::regclass AND a.attnum > 0 ORDER BY a.attnum",
    [`${schemaName}.${tableName}`],
  );
  const names = new Set(fields.map((f) => /name: (\w+)/.exec(f)![1]!));
  const only = (o: Record<string, string>) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => names.has(k)));
  assert.deepEqual(
    Object.fromEntries(types.map((c) => [c.column_name, c.t])),
    only({
      id: "bigint",
      s: "text",
      i: "integer",
      l: "bigint",
      sh: "smallint",
      b: "smallint",
      d: "double precision",
      f: "real",
      dx: "double precision",
      dec: "numeric(38,10)",
      dec0: "numeric(5,0)",
      dec2: "numeric(10,2)",
      dec7: "numeric(12,7)",
      bo: "boolean",
      da: "date",
      ts: "timestamp with time zone",
      bin: "bytea",
      arr_s: "text[]",
      arr_i: "integer[]",
      arr_d: "date[]",
      nested: "jsonb",
      m: "jsonb",
      st: "jsonb",
    }),
  );

  const [step] = compilePlan(plan, { seed: "11", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps;
  const batch: RecordBatch = step!.batch(0, ROWS);
  const opened = await postgresConnector.open({
    access: OPEN_ACCESS,
    step: step!.resolved,
    schema: batch.schema,
    rowCount: ROWS,
    runId: "pg-types-encoding",
    planName: "types",
  });
  assert.ok(!("skipped" in opened) && opened.accepts !== "arrow", "the sink takes encoded text");
  assert.equal(opened.accepts.encoded.format, encoding);
  await opened.abort();
  const columns = Object.keys(READ_BACK).filter((c) => names.has(c));
  const rows = await pgQuery<Record<string, string | null>>(
    `SELECT ${columns.map((c) => `${READ_BACK[c]} AS ${c}`).join(", ")} FROM ${dbtable} AS t ORDER BY t.id`,
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
      assert.deepEqual(actualValue(c, rows[i]![c] ?? null, data.type), expected, `column ${c}, row ${i}`);
    }
  }
  assert.ok(nulls > 0, "some nulls were written and read back as nulls");
  // The tricky strings all made it, including the empty one (not a null).
  const texts = new Set(rows.map((r) => r.s));
  for (const s of ["", "a,b", 'say "hi"', "line\nbreak", "back\\\\slash", "NULL", "\r\n"])
    assert.ok(texts.has(s), JSON.stringify(s));
  assert.deepEqual([...new Set(rows.map((r) => r.dx))].sort(), ["-0", "-Infinity", "Infinity", "NaN"]);
  const dec = rows.map((r) => r.dec).filter((d): d is string => d !== null);
  assert.ok(
    dec.some((d) => d.startsWith("-")) && dec.some((d) => /^[1-9]/.test(d)),
    "negative and positive decimals",
  );
}
