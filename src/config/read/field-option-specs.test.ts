import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FieldOptions } from "../../model/field-options.ts";
import { FIELD_OPTION_SPECS, type OptionKind } from "./field-option-specs.ts";

/** The JSON Schema shape each reader kind must produce in the model's FieldOptions. */
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

describe("the field-option table and the model's FieldOptions schema", () => {
  const schemaKeys = Object.keys(FieldOptions.properties).filter((k) => k !== "extra");

  it("declare the same option keys (extra holds what neither names)", () => {
    assert.deepEqual(Object.keys(FIELD_OPTION_SPECS).sort(), schemaKeys.sort());
  });

  it("agree on each option's value type", () => {
    const properties: Record<string, unknown> = FieldOptions.properties;
    for (const [key, spec] of Object.entries(FIELD_OPTION_SPECS)) {
      assert.equal(shapeOf(properties[key]), SHAPE_OF_KIND[spec.kind], `option ${key} (${spec.kind})`);
    }
  });
});
