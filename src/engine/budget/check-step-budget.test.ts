import assert from "node:assert/strict";
import { test } from "node:test";
import { isRowforgeError } from "../../errors/index.ts";
import type { Field } from "../../model/field.ts";
import { checkStepBudget, typeDepth } from "./check-step-budget.ts";
import { DEFAULT_BUDGET, type GenerationBudget, resolveBudget } from "./generation-budget.ts";

const field = (name: string, type = "", options: Field["options"] = {}, fields: Field[] = []): Field => ({
  name,
  type,
  nullable: true,
  options,
  fields,
});

const refused =
  (name: string, ...parts: string[]) =>
  (e: unknown) =>
    isRowforgeError(e) &&
    e.code === "RF_BUDGET_EXCEEDED" &&
    e.message.includes(`${name} = `) &&
    parts.every((p) => e.message.includes(p)) &&
    e.hint.includes(`--budget ${name}=N`);

const stringBytes = (n: number) => 16 + 2 * n;

const check = (fields: Field[], budget: GenerationBudget = DEFAULT_BUDGET) =>
  checkStepBudget("s", fields, budget);

test("ordinary fields are within the default budget, with a small worst-case row", () => {
  const est = check([
    field("id", "string", { regex: "ACC[0-9]{8}" }),
    field("name", "string", { expression: "#{Name.firstName} #{Name.lastName}" }),
    field("amount", "double", { min: 1, max: 10 }),
    field("tags", "array<string>", { arrayMaxLen: 3 }),
    field("address", "struct<city:string,zip:int>", {}, [
      field("city", "string", { oneOf: [{ value: "Paris" }] }),
    ]),
  ]);
  assert.ok(est.bytesPerRow > 0 && est.bytesPerRow < 4096, String(est.bytesPerRow));
  assert.equal(est.largestField, "name");
});

test("each structural limit is refused naming the field, the value and the limit", () => {
  assert.throws(
    () => check([field("deep", `${"array<".repeat(20)}int${">".repeat(20)}`)]),
    refused("maxNestingDepth", 'field "deep"', "is 20,"),
  );
  let nested = field("leaf", "int");
  for (let i = 0; i < 1300; i++) nested = field(`n${i}`, "", {}, [nested]);
  assert.throws(() => check([nested]), refused("maxNestingDepth", "nesting depth of fields is 17"));
  const wide = field(
    "wide",
    "",
    {},
    Array.from({ length: 1300 }, (_, i) => field(`f${i}`, "int")),
  );
  assert.throws(() => check([wide]), refused("maxNestedFields", "1001"));
  const many = Array.from({ length: 1001 }, (_, i) => field(`c${i}`, "int"));
  assert.throws(() => check(many), refused("maxFieldsPerStep", "1001"));
  // One field over one limit each: [field, the limit, what the message quotes].
  const oneField: [Field, string, string][] = [
    [field("t", "string", { minLen: 1e8 }), "maxStringLength", "minLen is 100000000"],
    [field("b", "binary", { maxLen: 1e8 }), "maxStringLength", "maxLen is 100000000"],
    [field("a", "array<string>", { arrayMinLen: 1e6 }), "maxArrayLength", "arrayMinLen is 1000000"],
    [field("m", "map<string,int>", { mapMaxSize: 1e6 }), "maxArrayLength", "mapMaxSize is 1000000"],
    [field("r", "string", { regex: "((a|b){1000}){1000}" }), "maxRegexLength", "1000000"],
    [
      field("f", "string", { expression: "#{regexify '((a|b){1000}){1000}'}" }),
      "maxRegexLength",
      'field "f"',
    ],
    [field("f", "string", { expression: "#{Name.firstName} ".repeat(10_000) }), "maxFakerCalls", "10000"],
    [field("q", "string", { sql: `'${"x".repeat(70_000)}'` }), "maxSqlLength", "70002"],
  ];
  for (const [f, limit, quoted] of oneField) assert.throws(() => check([f]), refused(limit, quoted));
});

test("faker calls are refused by maxStringLength from their arguments, before anything is made", () => {
  const expr = (expression: string) => [field("f", "string", { expression })];
  assert.throws(
    () => check(expr("#{Lorem.characters '100000000'}")),
    refused("maxStringLength", 'step "s", field "f"', "#{Lorem.characters '100000000'}", "100000000"),
  );
  assert.throws(() => check(expr("#{Lorem.words '1000000'}")), refused("maxStringLength"));
  assert.throws(() => check(expr("#{Number.digits '2000000'}")), refused("maxStringLength"));
  // A call within the limit, twice in one template, is over it as a whole.
  assert.throws(
    () => check(expr("#{Lorem.characters '600000'}-#{Lorem.characters '600000'}")),
    refused("maxStringLength", "its expression", "1200001"),
  );
  // An argument that is itself an expression counts at its longest.
  assert.throws(
    () => check(expr("#{Options.option 'a','#{Lorem.characters ''2000000''}'}")),
    refused("maxStringLength"),
  );
  const small = resolveBudget({ maxStringLength: 100 });
  assert.throws(() => check(expr("#{Lorem.paragraph}"), small), refused("maxStringLength", "= 100"));
  assert.equal(check(expr("#{Lorem.characters '50'}"), small).bytesPerRow, 16 + stringBytes(50));
});

test("a faker expression's row estimate is its longest value", () => {
  const est = check([field("p", "string", { expression: "#{Lorem.characters '1000000'}" })]);
  assert.equal(est.bytesPerRow, 16 + stringBytes(1_000_000));
});

test("nested options are checked where they apply: elements, struct members", () => {
  const elements = field("a", "array<array<string>>", { minLen: 2e6 });
  assert.throws(() => check([elements]), refused("maxStringLength", 'field "a[][]"'));
  const member = field("s", "", {}, [field("inner", "string", { maxLen: 2e6 })]);
  assert.throws(() => check([member]), refused("maxStringLength", 'field "s.inner"'));
});

test("the worst-case row is estimated from lengths times elements, and refused above maxBytesPerRow", () => {
  const big = field("a", "array<array<string>>", { arrayMaxLen: 1000, maxLen: 10_000 });
  // 1000 outer x 5 inner (defaults) x 10,000 characters x 2 bytes: about 100 MB.
  assert.throws(() => check([big]), refused("maxBytesPerRow", 'largest field "a"'));
  const raised = resolveBudget({ maxBytesPerRow: "1GiB" });
  assert.ok(check([big], raised).bytesPerRow > 100_000_000);
});

test("typeDepth counts arrays, maps and structs inside each other", () => {
  assert.equal(typeDepth({ kind: "int" }), 0);
  assert.equal(
    typeDepth({ kind: "map", key: { kind: "string" }, value: { kind: "array", element: { kind: "int" } } }),
    2,
  );
});

test("resolveBudget reads sizes, refuses unknown names with a suggestion and bad values", () => {
  assert.equal(resolveBudget({ maxBytesPerSample: "128MiB" }).maxBytesPerSample, 128 * 1024 * 1024);
  assert.equal(resolveBudget({ maxStringLength: "2k" }).maxStringLength, 2048);
  assert.equal(resolveBudget({ maxNestingDepth: 32 }).maxNestingDepth, 32);
  assert.throws(() => resolveBudget({ maxNesting: 3 }), /did you mean "?maxNestingDepth/);
  assert.throws(() => resolveBudget({ maxNestingDepth: 0 }), /at least 1/);
  assert.throws(() => resolveBudget({ maxNestingDepth: "lots" }), /at least 1/);
});
