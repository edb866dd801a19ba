import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FIELD_OPTION_TABLE, type Field, type FieldOptions } from "../../model/index.ts";
import { isDerivedField } from "./create-field-generator.ts";
import { OPTION_GENERATORS, optionGeneratorOf } from "./option-generators.ts";

const field = (options: FieldOptions, fieldStatic?: string): Field => ({
  name: "f",
  type: "string",
  nullable: true,
  options,
  fields: [],
  ...(fieldStatic !== undefined ? { static: fieldStatic } : {}),
});

/** Every option that selects a generator, set at once: the precedence decides. */
const ALL: FieldOptions = {
  static: "s",
  oneOf: [{ value: "a" }],
  regex: "[a-z]",
  sql: "UPPER(other)",
  expression: "#{Name.firstName}",
  uuid: "other",
};

describe("the option-selected generators, in precedence order", () => {
  it("name only options of the field-option table", () => {
    for (const g of OPTION_GENERATORS)
      for (const key of g.options) assert.ok(key in FIELD_OPTION_TABLE, `${key} is a field option`);
  });

  it("choose static, oneOf, regex, sql, a uuid of another field, expression, then uuid", () => {
    const chosen: string[] = [];
    const left: Record<string, unknown> = { ...ALL };
    for (;;) {
      const g = optionGeneratorOf(field(left));
      if (!g) break;
      const name = g.options.join("+") + (g.create === "derived" ? " (derived)" : "");
      chosen.push(name);
      // Drop what made this row win, to see the next one.
      if (g.options[0] === "uuid" && g.create === "derived") left.incremental = 1;
      else delete left[g.options[0]!];
    }
    assert.deepEqual(chosen, [
      "static",
      "oneOf",
      "regex",
      "sql (derived)",
      "uuid (derived)",
      "expression",
      "uuid+incremental",
    ]);
  });

  it("take a static written on the field itself as static", () => {
    assert.equal(optionGeneratorOf(field({ sql: "x" }, "fixed"))?.options[0], "static");
    assert.equal(isDerivedField(field({ sql: "x" }, "fixed")), false);
  });

  it("make sql fields and uuids of other fields derived, a random uuid not", () => {
    assert.equal(isDerivedField(field({ sql: "x" })), true);
    assert.equal(isDerivedField(field({ uuid: "account_id" })), true);
    assert.equal(isDerivedField(field({ uuid: "" })), false);
    assert.equal(isDerivedField(field({ uuid: "account_id", incremental: 1 })), false);
    assert.equal(isDerivedField(field({ regex: "[a-z]", sql: "x" })), false);
    assert.equal(optionGeneratorOf(field({ minLen: 3 })), undefined);
  });
});
