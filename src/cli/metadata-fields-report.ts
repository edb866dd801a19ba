import type { ProjectSchemas } from "../app/check/check-project.ts";
import type { Field } from "../model/field.ts";
import { renderTable } from "./render-table.ts";

/** A field as `validate --show-fields` lists it: dotted name, type, nullability and options. */
export interface FieldLine {
  readonly field: string;
  readonly type: string;
  readonly nullable: boolean;
  readonly from: "source" | "declared";
  readonly options: string;
}

/** Every field of a step, nested ones under their dotted names (`body.owner.email`). */
export function fieldLines(fields: readonly Field[], declared: readonly string[], prefix = ""): FieldLine[] {
  return fields.flatMap((f) => {
    const name = `${prefix}${f.name}`;
    const { extra, ...known } = f.options;
    const options = Object.entries({ ...known, ...(extra ?? {}) }).map(
      ([k, v]) =>
        `${k}: ${Array.isArray(v) ? v.map((x) => (typeof x === "object" && x !== null && "value" in x ? x.value : x)).join("|") : String(v)}`,
    );
    if (f.static !== undefined) options.unshift(`static: ${String(f.static)}`);
    const line: FieldLine = {
      field: name,
      // Nested fields are listed below: a struct's type is just "struct".
      type: f.fields.length === 0 ? f.type : f.type.startsWith("array") ? "array<struct>" : "struct",
      nullable: f.nullable,
      from: prefix === "" && declared.includes(f.name) ? "declared" : "source",
      options: options.join(", "),
    };
    return [line, ...fieldLines(f.fields, [], `${name}.`)];
  });
}

/**
 * What `validate` says of steps whose fields came from a metadata source: a line per step, and
 * with `--show-fields` each resolved field (declared ones marked).
 */
export function renderMetadataFields(
  metadata: ProjectSchemas["metadata"],
  showFields: boolean,
  width?: number,
): string {
  let out = "";
  for (const plan of metadata) {
    for (const s of plan.steps) {
      const declared = s.declared.length > 0 ? `, ${s.declared.length} declared in the step` : "";
      const from = s.from !== s.step ? ` (from step ${s.from})` : "";
      const rules = s.validations > 0 ? `, ${s.validations} validation(s) from its rules` : "";
      out += `${out === "" ? "\n" : ""}plan ${plan.plan}, step ${s.step}${from}: ${s.fields.length} field(s) from ${s.source} ${s.document}${declared}${rules}\n`;
      for (const skipped of s.skipped) out += `  rule not run: ${skipped}\n`;
      if (!showFields) continue;
      out += renderTable(
        fieldLines(s.fields, s.declared).map((l) => ({
          field: l.field,
          type: l.type,
          nullable: l.nullable ? "yes" : "no",
          from: l.from,
          "generated with": l.options,
        })),
        { maxColumn: 90, ...(width !== undefined ? { width } : {}) },
      );
    }
  }
  return out;
}
