import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FIELD_OPTION_TABLE, type FieldOptionRow, type OptionKind } from "./field-option-table.ts";
import { FieldOptions } from "./field-options.ts";

/** The JSON Schema shape each loader kind produces, which the option's schema must have. */
const SHAPE_OF_KIND: Readonly<Record<OptionKind, string>> = {
  string: "string",
  number: "number",
  integer: "integer",
  count: "integer",
  boolean: "boolean",
  probability: "number[0,1]",
  bound: "number|string",
  weightedList: "array<object>",
  scalarList: "array<string|number|boolean|null>",
  scalar: "string|number|boolean|null",
  seed: "integer|string",
  distribution: "enum",
};

function shapeOf(schema: unknown): string {
  if (typeof schema !== "object" || schema === null) return "?";
  const s = schema as {
    type?: string;
    anyOf?: unknown[];
    enum?: unknown[];
    items?: unknown;
    minimum?: number;
    maximum?: number;
  };
  if (s.enum !== undefined) return "enum";
  if (s.anyOf !== undefined) return s.anyOf.map(shapeOf).join("|");
  if (s.type === "array") return `array<${shapeOf(s.items)}>`;
  if (s.type === "number" && s.minimum !== undefined) return `number[${s.minimum},${s.maximum}]`;
  return s.type ?? "?";
}

describe("the field-option table", () => {
  it("is where the model's FieldOptions schema comes from: its keys, in order, each optional, plus extra", () => {
    assert.deepEqual(Object.keys(FieldOptions.properties), [...Object.keys(FIELD_OPTION_TABLE), "extra"]);
    const required: readonly string[] = FieldOptions.required ?? [];
    assert.deepEqual(required, [], "every option is optional");
    const properties: Record<string, unknown> = FieldOptions.properties;
    for (const [key, row] of Object.entries<FieldOptionRow>(FIELD_OPTION_TABLE)) {
      assert.equal(shapeOf(properties[key]), shapeOf(row.schema), key);
    }
  });

  it("gives each option a schema that holds what its kind's normaliser produces", () => {
    for (const [key, row] of Object.entries<FieldOptionRow>(FIELD_OPTION_TABLE)) {
      assert.equal(shapeOf(row.schema), SHAPE_OF_KIND[row.kind], `option ${key} (${row.kind})`);
    }
  });
});
