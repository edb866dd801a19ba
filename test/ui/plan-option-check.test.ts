import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  CONFIGURATION_SECTIONS,
  COUNT_KEYS,
  FIELD_CHECK_TYPES,
  FIELD_OPTIONS,
  STEP_KEYS,
} from "../../src/ui/pages/plans/option-catalogue.ts";
import { checkFieldOptions, checkFieldType, checkKeys } from "../../src/ui/pages/plans/option-check.ts";

describe("option catalogue and checks", () => {
  it("documents every field option of the editor schema: generators, helpers and kept keys", () => {
    const names = FIELD_OPTIONS.map((o) => o.name);
    for (const n of [
      "regex",
      "expression",
      "min",
      "max",
      "oneOf",
      "arrayMinLen",
      "email",
      "withinDays",
      "isPII",
    ])
      assert.ok(names.includes(n), n);
    const min = FIELD_OPTIONS.find((o) => o.name === "min")!;
    assert.match(min.doc, /lowest value/);
    assert.equal(FIELD_OPTIONS.find((o) => o.name === "email")!.group, "helper");
    assert.ok(STEP_KEYS.some((k) => k.name === "count") && COUNT_KEYS.some((k) => k.name === "perField"));
  });

  it("reads the field check types and the configuration sections from the editor schemas", () => {
    assert.equal(FIELD_CHECK_TYPES.length, 39);
    for (const t of [
      "null",
      "unique",
      "between",
      "matchesList",
      "quantileValuesBetween",
      "uniqueValueCountBetween",
      "klDivergenceLessThan",
    ])
      assert.ok(FIELD_CHECK_TYPES.includes(t), t);
    assert.deepEqual(Object.keys(CONFIGURATION_SECTIONS), [
      "flag",
      "folder",
      "metadata",
      "generation",
      "validation",
      "alert",
    ]);
    const unique = CONFIGURATION_SECTIONS.flag!.find((k) => k.name === "enableUniqueCheck");
    assert.equal(unique?.doc, "default false");
    assert.ok(CONFIGURATION_SECTIONS.folder!.some((k) => k.name === "taskFolderPath"));
  });

  it("names an unknown option with the nearest known ones", () => {
    const [p] = checkFieldOptions({ mni: 1 });
    assert.match(p!.message, /unknown option "mni": did you mean .*"min"/);
    assert.ok(p!.suggestions!.includes("min"));
  });

  it("says what a value of the wrong kind should be, and accepts what the loader accepts", () => {
    assert.match(checkFieldOptions({ minLen: "five" })[0]!.message, /minLen expects a whole number/);
    assert.match(checkFieldOptions({ isUnique: "maybe" })[0]!.message, /isUnique expects true or false/);
    assert.match(
      checkFieldOptions({ distribution: "zipf" })[0]!.message,
      /one of uniform, normal, exponential/,
    );
    assert.deepEqual(
      checkFieldOptions({ minLen: "5", min: "today-30d", oneOf: ["a->1", "b->2"], email: "" }),
      [],
    );
  });

  it("checks field type names and brackets, and step keys by name", () => {
    for (const ok of [
      "array<struct<a:int, b: decimal(10,2)>>",
      "struct",
      "map<string,bigint>",
      "Timestamp_NTZ",
    ])
      assert.equal(checkFieldType(ok), undefined, ok);
    assert.match(checkFieldType("strng")!.message, /unknown type "strng": did you mean "string"/);
    assert.match(checkFieldType("array<struct<a:intt>>")!.message, /unknown type "intt"/);
    assert.match(checkFieldType("array<string")!.message, /brackets/);
    assert.match(checkKeys({ name: "s", cout: {} }, STEP_KEYS, "a step")[0]!.message, /did you mean "count"/);
  });
});
