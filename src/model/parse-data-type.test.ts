import assert from "node:assert/strict";
import { test } from "node:test";
import { formatDataType } from "./data-type.ts";
import { parseDataType } from "./parse-data-type.ts";

const roundTrip = (text: string): string => {
  const r = parseDataType(text);
  assert.ok(r.ok, `expected ${text} to parse: ${r.ok ? "" : r.message}`);
  return formatDataType(r.type);
};

test("primitive names and aliases map to their Spark types", () => {
  const cases: [string, string][] = [
    ["string", "string"],
    ["INT", "int"],
    ["integer", "int"],
    ["bigint", "long"],
    ["long", "long"],
    ["smallint", "short"],
    ["tinyint", "byte"],
    ["double", "double"],
    ["float", "float"],
    ["boolean", "boolean"],
    ["bool", "boolean"],
    ["date", "date"],
    ["timestamp", "timestamp"],
    ["binary", "binary"],
    ["varchar(20)", "string"],
  ];
  for (const [input, expected] of cases) assert.equal(roundTrip(input), expected, input);
});

test("decimal defaults to (10,0) and keeps precision and scale", () => {
  assert.equal(roundTrip("decimal"), "decimal(10,0)");
  assert.equal(roundTrip("decimal(12, 2)"), "decimal(12,2)");
  assert.equal(roundTrip("decimal(5)"), "decimal(5,0)");
});

test("nested types parse into a tree", () => {
  assert.equal(roundTrip("array<string>"), "array<string>");
  assert.equal(roundTrip("map<string, array<int>>"), "map<string,array<int>>");
  assert.equal(
    roundTrip("array<struct<id:string, amount: decimal(10,2), tags:array<string>>>"),
    "array<struct<id:string,amount:decimal(10,2),tags:array<string>>>",
  );
  assert.equal(roundTrip("struct<`my field`:int, b string NOT NULL>"), "struct<`my field`:int,b:string>");
  assert.equal(roundTrip("struct<>"), "struct<>");
});

test("bad type strings report the offset and the unknown name", () => {
  const unknown = parseDataType("array<strng>");
  assert.equal(unknown.ok, false);
  if (!unknown.ok) {
    assert.equal(unknown.name, "strng");
    assert.equal(unknown.offset, 6);
  }
  for (const bad of [
    "array<int",
    "map<string>",
    "decimal(50,2)",
    "decimal(4,6)",
    "int extra",
    "",
    "struct<a:>",
  ]) {
    const r = parseDataType(bad);
    assert.equal(r.ok, false, bad);
  }
});
