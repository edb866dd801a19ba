import assert from "node:assert/strict";
import { test } from "node:test";
import type { Field, FieldOptions } from "../../model/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { isCheapSample } from "./sample-cost.ts";

const field = (name: string, options: FieldOptions, type = "string", fields: Field[] = []): Field => ({
  name,
  type,
  nullable: true,
  options,
  fields,
});
const step = (fields: Field[]): ResolvedStep => ({
  taskName: "t",
  dataSourceName: "d",
  format: "json",
  connection: undefined,
  referenceMode: false,
  dataGeneration: true,
  allCombinations: false,
  step: { name: "s", type: "json", options: {}, count: {}, fields, enabled: true },
});

test("the usual preview is cheap: regexes, numbers, a few faker calls, a small struct", () => {
  const fields = [
    field("id", { regex: "ID[0-9]{4}" }),
    field("age", { min: 18, max: 90 }, "int"),
    field("name", { expression: "#{Name.firstName}" }),
    field("address", {}, "struct<city:string>", [field("city", { expression: "#{Address.city}" })]),
  ];
  assert.equal(isCheapSample([step(fields)], 100, true), true);
});

test("what cannot be bounded from the fields is not cheap", () => {
  const cases: [string, Field[]][] = [
    ["SQL", [field("n", { sql: "length(repeat('a', 100000000))" }, "int")]],
    ["a heavily repeated regex", [field("r", { regex: "((a{99}){99}){99}" })]],
    ["a long regex", [field("r", { regex: "a".repeat(300) })]],
    ["many faker calls", [field("f", { expression: "#{Name.firstName} ".repeat(10) })]],
    ["a long faker value", [field("f", { expression: "#{Lorem.characters '1000000'}" })]],
    ["long faker paragraphs", [field("f", { expression: "#{Lorem.paragraphs '40'}" })]],
    ["a large array", [field("a", { arrayMaxLen: 100_000 }, "array<string>")]],
    ["a long string", [field("s", { minLen: 1_000_000, maxLen: 1_000_000 })]],
    ["many fields", Array.from({ length: 300 }, (_, i) => field(`f${i}`, {}))],
  ];
  for (const [what, fields] of cases) assert.equal(isCheapSample([step(fields)], 10, true), false, what);
});

test("faker calls made row by row (the default) cost by the row: a template of ten calls is cheap for ten rows", () => {
  const fields = [field("f", { expression: "#{Name.firstName} ".repeat(10) })];
  assert.equal(isCheapSample([step(fields)], 10, false), true);
  assert.equal(isCheapSample([step(fields)], 10, true), false, "pooled: ten pools to fill first");
  assert.equal(isCheapSample([step(fields)], 10_000, false), false);
});
