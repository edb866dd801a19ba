import assert from "node:assert/strict";
import { test } from "node:test";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { isRowforgeError } from "../../src/errors/index.ts";
import { singleStepPlan, TEST_NOW_MICROS } from "../support/plans.ts";
import { generateAll, type Row } from "../support/rows.ts";

const lines = (...l: string[]) => `${l.join("\n")}\n`;

test("a map field's key and value fields give its entries: an enum key, a struct value with options; keys are distinct per map", async () => {
  const plan = await singleStepPlan(
    lines(
      "      - name: stock",
      "        type: map",
      "        options: {mapMinSize: 2, mapMaxSize: 6}",
      "        fields:",
      "          - {name: key, options: {oneOf: [north, south, east]}}",
      "          - name: value",
      "            fields:",
      "              - {name: qty, type: int, options: {min: 1, max: 9}}",
      "              - {name: grade, options: {oneOf: [A, B]}}",
      "              - {name: secret, options: {omit: true}}",
      "      - {name: plain, type: 'map<string,int>'}",
    ),
    500,
  );
  assert.equal(plan.steps[0]!.step.fields[0]!.type, "map<string,struct<qty:int,grade:string,secret:string>>");
  const rows = [...generateAll(plan).values()][0]!;
  const sizes = new Set<number>();
  for (const r of rows) {
    const stock = r.stock as Record<string, Row>;
    const keys = Object.keys(stock);
    sizes.add(keys.length);
    assert.ok(keys.length >= 1 && keys.length <= 3, `at most the 3 distinct keys, got ${keys.join(",")}`);
    for (const k of keys) assert.ok(["north", "south", "east"].includes(k));
    for (const v of Object.values(stock)) {
      assert.deepEqual(Object.keys(v), ["qty", "grade"], "an omitted field of a map value is left out");
      assert.ok((v.qty as number) >= 1 && (v.qty as number) <= 9);
      assert.ok(["A", "B"].includes(v.grade as string));
    }
  }
  assert.deepEqual(
    [...sizes].sort(),
    [1, 2, 3],
    "a key drawn again in a map is left out (2 to 6 drawn of 3 keys)",
  );
});

test("other nested fields under a map type are a struct, as Data Caterer reads them (Kafka headers)", async () => {
  const plan = await singleStepPlan(
    lines(
      "      - name: headers",
      "        type: 'map<string, string>'",
      "        fields: [{name: source}, {name: kind}]",
    ),
  );
  assert.equal(plan.steps[0]!.step.fields[0]!.type, "struct<source:string,kind:string>");
});

test("oneOfFields: each row sets only the field its value names, at the top level and inside structs, arrays and maps", async () => {
  const choice = (indent: string) => [
    `${indent}- {name: contact, options: {oneOf: [phone, email], oneOfFields: true, omit: true}}`,
    `${indent}- {name: phone, options: {regex: '\\+[0-9]{9}'}}`,
    `${indent}- {name: email, options: {regex: '[a-z]{5}@x\\.org'}}`,
  ];
  const plan = await singleStepPlan(
    lines(
      ...choice("      "),
      "      - name: nested",
      "        fields:",
      ...choice("          "),
      "      - name: list",
      "        type: array",
      "        options: {arrayMinLen: 2, arrayMaxLen: 2}",
      "        fields:",
      ...choice("          "),
      "      - name: byKey",
      "        type: map",
      "        options: {mapMinSize: 2, mapMaxSize: 2}",
      "        fields:",
      "          - {name: key, options: {regex: '[a-z]{8}'}}",
      "          - name: value",
      "            fields:",
      ...choice("              "),
    ),
    400,
  );
  const rows = [...generateAll(plan).values()][0]!;
  const seen = new Set<string>();
  const check = (o: Row, at: string) => {
    assert.equal("contact" in o, false, `${at}: the choosing field is omitted`);
    const set = ["phone", "email"].filter((k) => o[k] !== null);
    assert.equal(set.length, 1, `${at}: exactly one of phone and email, got ${JSON.stringify(o)}`);
    seen.add(set[0]!);
  };
  rows.forEach((r, i) => {
    check(r, `row ${i}`);
    check(r.nested as Row, `row ${i} nested`);
    for (const e of r.list as Row[]) check(e, `row ${i} list`);
    for (const v of Object.values(r.byKey as Record<string, Row>)) check(v, `row ${i} byKey`);
  });
  assert.deepEqual([...seen].sort(), ["email", "phone"]);
});

test("oneOfFields naming a field that is not beside it is refused with did-you-mean", async () => {
  const plan = await singleStepPlan(
    lines(
      "      - {name: contact, options: {oneOf: [phone, emial], oneOfFields: true}}",
      "      - {name: phone}",
      "      - {name: email}",
    ),
  );
  assert.throws(
    () => compilePlan(plan, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: false }),
    (e) =>
      isRowforgeError(e) &&
      /oneOf value "emial" is not a field beside it/.test(e.message) &&
      /email/.test(e.hint ?? ""),
  );
});
