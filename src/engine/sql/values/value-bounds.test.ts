/**
 * The static bounds of SQL values size a run's batches, so each must hold every value its
 * expression makes: casts and renderings of fields whose bounds are known are checked here
 * against the bytes of their values, counted as the row budget counts them.
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import { ddl, TEST_INPUTS, testScope } from "../../../../test/support/sql/sql-scope.ts";
import { compileSql } from "../compile/compile-sql.ts";
import type { SqlScope, SqlValue } from "../sql-contract.ts";
import { castBound, SCALAR_BYTES, stringBound, widthBound } from "./value-bounds.ts";
import { deepBytes } from "./value-budget.ts";

const FIELDS = {
  s: "string",
  eszett: "string",
  a: "array<string>",
  m: "map<string,int>",
  st: "struct<name:string,tags:array<string>>",
  bin: "binary",
  n: "long",
  d: "double",
  dec: "decimal(38,18)",
  day: "date",
  moment: "timestamp",
} as const;

const ROW: Record<keyof typeof FIELDS, SqlValue> = {
  s: "abc, def".repeat(40),
  eszett: "ß😀".repeat(100),
  a: Array.from({ length: 50 }, (_, i) => `"e${i}"\n`),
  m: new Map(Array.from({ length: 50 }, (_, i) => [`k${i}`, -i * 1_000_003])),
  st: Object.assign(Object.create(null) as Record<string, SqlValue>, {
    name: 'x"y'.repeat(20),
    tags: ["a", "b\\c"],
  }),
  bin: new Uint8Array(200).fill(255),
  n: -9_223_372_036_854_775_807n,
  d: -Number.MIN_VALUE * 3,
  dec: -(10n ** 38n - 1n),
  day: -719_162,
  moment: -62_135_596_800_000_000,
};

const plain = testScope(FIELDS);
/** The fields with their values' bytes as their bounds (as a generated field declares its own). */
const bounded: SqlScope = {
  names: () => plain.names(),
  resolve(name) {
    const b = plain.resolve(name);
    if (b === undefined) return undefined;
    return { ...b, bound: deepBytes(ROW[name as keyof typeof FIELDS], Number.POSITIVE_INFINITY) };
  },
};

it("a cast's, a rendering's or a function's bound holds its value", () => {
  const row = plain.row(ROW);
  const expressions = [
    ...Object.keys(FIELDS).flatMap((f) => [`cast(${f} as string)`, `cast(${f} as binary)`]),
    "to_json(st)",
    "to_json(a)",
    "to_json(m)",
    "concat(s, cast(n as string), cast(d as string))",
    "upper(eszett)",
    // Functions that give their bound from their arguments'.
    "repeat(s, 3)",
    "lpad(s, 1000, 'ab')",
    "substring(s, 2, 5)",
    "replace(s, 'a', 'xyz')",
    "regexp_replace(s, ',', '---')",
    "format_string('%s|%s|%d', s, a, n)",
    "format_number(d, 10)",
    "date_format(moment, 'EEEE MMMM yyyy')",
    "array_join(a, ', ')",
    "concat(a, a)",
    "flatten(array(a, a))",
    "map_concat(m, map('other', 1))",
    "transform(a, x -> concat(x, x))",
    "to_json(named_struct('x', a, 'y', m))",
  ];
  const refused: string[] = [];
  for (const sql of expressions) {
    let compiled: ReturnType<typeof compileSql>;
    try {
      compiled = compileSql(sql, bounded, TEST_INPUTS);
    } catch {
      refused.push(sql); // a cast Spark refuses (an array to binary, say) has no value to bound
      continue;
    }
    const bytes = deepBytes(compiled.evaluate(row), Number.POSITIVE_INFINITY);
    assert.ok(Number.isFinite(compiled.bound), `${sql}: the bound is known`);
    assert.ok(bytes <= compiled.bound, `${sql}: ${bytes} bytes above its bound ${compiled.bound}`);
  }
  assert.deepEqual(
    refused,
    ["a", "m", "st", "d", "dec", "day", "moment"].map((f) => `cast(${f} as binary)`),
  );
});

it("fixed-width types have a small bound, other types an unknown one", () => {
  for (const t of ["boolean", "int", "long", "double", "decimal(38,18)", "date", "timestamp"])
    assert.equal(widthBound(ddl(t)), SCALAR_BYTES, t);
  for (const t of ["string", "binary", "array<int>", "map<string,int>", "struct<a:int>"])
    assert.equal(widthBound(ddl(t)), Number.POSITIVE_INFINITY, t);
  assert.equal(stringBound(10), 20);
  // A cast to a fixed-width type needs no bound; one from a fixed-width type is short text.
  assert.equal(castBound(ddl("string"), ddl("int"), 1_000), undefined);
  assert.equal(castBound(ddl("timestamp"), ddl("string"), SCALAR_BYTES), stringBound(64));
  assert.equal(castBound(ddl("string"), ddl("binary"), 1_000), 2_000);
});
