import type { DataType } from "../../model/data-type.ts";
import type { Field } from "../../model/field.ts";
import { isDerivedField } from "../generators/create-field-generator.ts";
import type { FieldGenerator } from "../generators/field-generator.ts";
import { writeScalar } from "../generators/write-scalar.ts";

/** allCombinations: each oneOf field cycles through its values so the rows hold every combination once. */
export function combinationGenerators(
  fields: readonly Field[],
): Map<string, (type: DataType) => FieldGenerator> {
  const out = new Map<string, (type: DataType) => FieldGenerator>();
  let stride = 1;
  for (const f of fields) {
    const values = f.options.oneOf;
    if (!values || isDerivedField(f)) continue;
    const s = stride;
    const list = values.map((v) => v.value);
    out.set(f.name, (type) => ({
      type,
      fill(pos, col) {
        for (let i = 0; i < pos.length; i++)
          writeScalar(col, i, list[Math.floor(pos[i]! / s) % list.length]!);
      },
    }));
    stride *= list.length;
  }
  return out;
}
