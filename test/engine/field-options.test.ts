import assert from "node:assert/strict";
import { test } from "node:test";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import { singleStepPlan, TEST_NOW_MICROS } from "../support/plans.ts";
import { generateAll, type Row } from "../support/rows.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

async function rows(fields: string, records = 500): Promise<Row[]> {
  const plan = await singleStepPlan(fields, records);
  return [...generateAll(plan).values()][0]!;
}
const col = (rs: Row[], name: string) => rs.map((r) => r[name]);
const DAY_MS = 86_400_000;
const NOW_MS = TEST_NOW_MICROS / 1000;

test("type defaults follow Data Caterer: numbers 0..100000, short 0..1000, strings 1..20, dates within the last year", async () => {
  const rs = await rows(
    "      - {name: i, type: int}\n      - {name: l, type: long}\n      - {name: d, type: double}\n      - {name: sh, type: short}\n      - {name: s}\n      - {name: dt, type: date}\n      - {name: ts, type: timestamp}\n      - {name: b, type: boolean}\n",
  );
  for (const v of col(rs, "i"))
    assert.ok(Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100000);
  for (const v of col(rs, "l")) assert.ok((v as number) >= 0 && (v as number) <= 100000);
  for (const v of col(rs, "d")) assert.ok((v as number) >= 0 && (v as number) <= 100000);
  for (const v of col(rs, "sh")) assert.ok((v as number) >= 0 && (v as number) <= 1000);
  for (const v of col(rs, "s")) assert.ok((v as string).length >= 1 && (v as string).length <= 20);
  for (const v of col(rs, "dt")) assert.ok((v as number) >= NOW_MS - 366 * DAY_MS && (v as number) <= NOW_MS);
  for (const v of col(rs, "ts")) assert.ok((v as number) >= NOW_MS - 366 * DAY_MS && (v as number) <= NOW_MS);
  assert.deepEqual(new Set(col(rs, "b")), new Set([true, false]));
});

test("min, max, minLen, maxLen, round, relative dates and weekdays", async () => {
  const rs = await rows(
    [
      "      - {name: a, type: int, options: {min: 10, max: 12}}",
      "      - {name: b, type: double, options: {min: 1.5, max: 2.5, round: 1}}",
      "      - {name: c, options: {minLen: 3, maxLen: 3}}",
      "      - {name: d, type: date, options: {min: today-7d, max: today}}",
      "      - {name: e, type: date, options: {min: '2024-01-01', max: '2024-01-31', dateExcludeWeekends: true}}",
      "      - {name: f, type: timestamp, options: {min: '2024-05-01 10:00:00', max: '2024-05-01 11:00:00'}}",
      "",
    ].join("\n"),
  );
  assert.deepEqual(new Set(col(rs, "a")), new Set([10, 11, 12]));
  for (const v of col(rs, "b") as number[])
    assert.ok(v >= 1.5 && v <= 2.5 && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9);
  for (const v of col(rs, "c") as string[]) assert.equal(v.length, 3);
  for (const v of col(rs, "d") as number[]) assert.ok(v >= NOW_MS - 7 * DAY_MS && v <= NOW_MS);
  for (const v of col(rs, "e") as number[]) {
    const day = new Date(v).getUTCDay();
    assert.ok(day !== 0 && day !== 6, `weekend date ${new Date(v).toISOString()}`);
  }
  for (const v of col(rs, "f") as number[])
    assert.ok(v >= Date.UTC(2024, 4, 1, 10) && v <= Date.UTC(2024, 4, 1, 11));
});

test("precedence: static over oneOf over regex over expression", async () => {
  const rs = await rows(
    [
      "      - {name: a, static: fixed, options: {oneOf: [x], regex: 'y'}}",
      "      - {name: b, options: {oneOf: [x, y], regex: 'z', expression: '#{Name.firstName}'}}",
      "      - {name: c, options: {regex: 'Z[0-9]', expression: '#{Name.firstName}'}}",
      "",
    ].join("\n"),
  );
  assert.deepEqual(new Set(col(rs, "a")), new Set(["fixed"]));
  assert.deepEqual(new Set(col(rs, "b")), new Set(["x", "y"]));
  for (const v of col(rs, "c") as string[]) assert.match(v, /^Z[0-9]$/);
});

test("weighted oneOf follows its weights", async () => {
  const rs = await rows("      - {name: s, options: {oneOf: ['open->0.8', 'closed->0.2']}}\n", 5000);
  const open = col(rs, "s").filter((v) => v === "open").length / rs.length;
  assert.ok(open > 0.76 && open < 0.84, `open share ${open}`);
});

test("uniqueness by construction, and impossible uniqueness refused up front", async () => {
  const rs = await rows(
    "      - {name: id, options: {regex: 'ACC[0-9]{3}', isUnique: true}}\n      - {name: n, type: int, options: {min: 1, max: 1000, isUnique: true}}\n",
    1000,
  );
  assert.equal(new Set(col(rs, "id")).size, 1000);
  assert.equal(new Set(col(rs, "n")).size, 1000);
  const tooMany = await singleStepPlan("      - {name: id, options: {regex: '[A-E]', isUnique: true}}\n", 20);
  assert.throws(
    () => compilePlan(tooMany, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true }),
    /asks for 20 unique values but regex "\[A-E\]" can produce only 5/,
  );
});

test("nulls with enableNull (default 0.1) and none on non-nullable fields", async () => {
  const rs = await rows(
    "      - {name: a, options: {enableNull: true}}\n      - {name: b, nullable: false, options: {enableNull: true}}\n",
    4000,
  );
  const share = col(rs, "a").filter((v) => v === null).length / rs.length;
  assert.ok(share > 0.08 && share < 0.12, `null share ${share}`);
  assert.equal(col(rs, "b").filter((v) => v === null).length, 0);
});

test("arrays, maps and structs honour their options", async () => {
  const rs = await rows(
    [
      "      - {name: a, type: 'array<int>', options: {arrayMinLen: 2, arrayMaxLen: 3, min: 5, max: 6}}",
      "      - {name: b, type: 'array<string>', options: {arrayUniqueFrom: [x, y, z], arrayFixedSize: 3}}",
      "      - {name: m, type: 'map<string,int>', options: {mapMinSize: 1, mapMaxSize: 2}}",
      "      - name: s",
      "        fields:",
      "          - {name: x, type: int, options: {min: 1, max: 1}}",
      "          - {name: y, options: {sql: \"concat('v', __index_inc)\"}}",
      "",
    ].join("\n"),
  );
  for (const r of rs) {
    const a = r.a as number[];
    assert.ok(a.length >= 2 && a.length <= 3 && a.every((v) => v === 5 || v === 6));
    assert.deepEqual([...(r.b as string[])].sort(), ["x", "y", "z"]);
    const m = r.m as Record<string, number> | [string, number][];
    const size = Array.isArray(m) ? m.length : Object.keys(m).length;
    assert.ok(size >= 1 && size <= 2);
  }
  assert.deepEqual(
    rs.slice(0, 3).map((r) => r.s),
    [
      { x: 1, y: "v0" },
      { x: 1, y: "v1" },
      { x: 1, y: "v2" },
    ],
  );
});

test("sql fields see other fields, omitted helpers and the row index, in dependency order", async () => {
  const rs = await rows(
    [
      "      - {name: full, options: {sql: \"concat(first, ' ', upper(last))\"}}",
      "      - {name: first, options: {oneOf: [ann, bob]}}",
      "      - {name: last, options: {oneOf: [lee], omit: true}}",
      "      - {name: idx, type: long, options: {sql: '__index_inc * 2'}}",
      "",
    ].join("\n"),
    4,
  );
  assert.deepEqual(Object.keys(rs[0]!), ["full", "first", "idx"]);
  for (const r of rs) assert.equal(r.full, `${r.first} LEE`);
  assert.deepEqual(col(rs, "idx"), [0, 2, 4, 6]);
  const cyclic = await singleStepPlan(
    "      - {name: a, options: {sql: 'b'}}\n      - {name: b, options: {sql: 'a'}}\n",
    1,
  );
  assert.throws(
    () => compilePlan(cyclic, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true }),
    /cycle: (a -> b -> a|b -> a -> b)/,
  );
});

test("incremental, uuid and distributions", async () => {
  const rs = await rows(
    [
      "      - {name: n, type: long, options: {incremental: 100}}",
      "      - {name: u, options: {uuid: ''}}",
      "      - {name: ui, options: {uuid: '', incremental: 1}}",
      "      - {name: g, type: double, options: {min: 0, max: 100, distribution: normal, mean: 50, stddev: 5}}",
      "",
    ].join("\n"),
    2000,
  );
  assert.deepEqual(col(rs, "n").slice(0, 3), [100, 101, 102]);
  for (const v of col(rs, "u") as string[])
    assert.match(v, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(new Set(col(rs, "ui")).size, 2000);
  const g = col(rs, "g") as number[];
  const mean = g.reduce((a, b) => a + b, 0) / g.length;
  assert.ok(Math.abs(mean - 50) < 1, `normal mean ${mean}`);
  assert.ok(g.filter((v) => Math.abs(v - 50) < 10).length / g.length > 0.93);
});

test("maxLen cuts Datafaker expression values to that many characters (a varchar(n) column holds them); without it they keep their length", async () => {
  const rs = await rows(
    [
      "      - {name: short, options: {expression: '#{Lorem.sentence}', maxLen: 12}}",
      "      - {name: unique, options: {expression: '#{Internet.emailAddress}', maxLen: 14, isUnique: true}}",
      "      - {name: whole, options: {expression: '#{Lorem.sentence}'}}",
      "",
    ].join("\n"),
    300,
  );
  const short = col(rs, "short") as string[];
  assert.ok(short.every((v) => [...v].length <= 12));
  assert.ok(
    short.some((v) => v.length === 12),
    "long sentences are cut at 12 characters",
  );
  const unique = col(rs, "unique") as string[];
  assert.ok(unique.every((v) => v.length <= 14));
  assert.equal(new Set(unique).size, 300, "cut values are still distinct");
  assert.ok(
    (col(rs, "whole") as string[]).some((v) => v.length > 20),
    "no cut without maxLen",
  );
});
