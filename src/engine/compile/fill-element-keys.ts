import { RowforgeError } from "../../errors/index.ts";
import type { DataType } from "../../model/data-type.ts";
import { castColumn } from "../columns/cast-column.ts";
import type { Column } from "../columns/column.ts";
import { childPosition } from "../generators/positions.ts";
import type { RowRandom } from "../rng/index.ts";
import type { StepLink } from "./compiled-step.ts";
import { parentColumn, topName } from "./parent-column.ts";

/** Writes a foreign-key column into a field nested in a struct (`body.account_id`). */
export function setNested(
  target: Column,
  type: DataType,
  route: readonly string[],
  col: Column,
  stepId: string,
  path: string,
): void {
  let current = target;
  let t = type;
  for (let k = 0; k < route.length; k++) {
    if (t.kind !== "struct" || current.shape !== "struct") {
      throw new RowforgeError(
        "RF_FOREIGN_KEY_INVALID",
        `foreign-key field "${path}" of step ${stepId} does not lead through structs`,
        {
          hint: "nested foreign-key fields must be fields of structs (not of arrays)",
        },
      );
    }
    const i = t.fields.findIndex((f) => f.name === route[k]);
    if (i < 0) throw new RowforgeError("RF_FOREIGN_KEY_INVALID", `step ${stepId} has no field "${path}"`);
    if (k === route.length - 1) current.children[i] = col;
    else {
      current = current.children[i]!;
      t = t.fields[i]!.type;
    }
  }
}

/**
 * Writes a foreign key into a field of the struct elements of an array (`items.id`): the
 * parent row of element j of row r is drawn from (link, childPosition(r, j)), so it does not
 * depend on batching; the value is cast to the element field's type.
 */
export function fillElementKeys(
  target: Column,
  type: DataType,
  path: string,
  parentField: string,
  link: StepLink,
  rows: Float64Array,
  rnd: RowRandom,
  stepId: string,
): void {
  if (target.shape !== "list" || type.kind !== "array" || type.element.kind !== "struct") {
    throw new RowforgeError(
      "RF_FOREIGN_KEY_INVALID",
      `foreign-key field "${path}" of step ${stepId} is inside an array whose elements are not structs`,
      { hint: "a key inside an array must be a field of its struct elements (items.id)" },
    );
  }
  const parentCount = link.parent.rowCount;
  const at = new Float64Array(target.element.length);
  for (let i = 0; i < rows.length; i++) {
    const first = target.offsets[i]!;
    for (let j = first; j < target.offsets[i + 1]!; j++)
      at[j] = parentCount > 0 ? rnd.at(childPosition(rows[i]!, j - first)).int(parentCount) : 0;
  }
  if (at.length === 0) return;
  const name = topName(parentField);
  const route = path.split(".").slice(1);
  let fieldType: DataType = type.element;
  for (const part of route) {
    const f: { readonly type: DataType } | undefined =
      fieldType.kind === "struct" ? fieldType.fields.find((x) => x.name === part) : undefined;
    if (!f) throw new RowforgeError("RF_FOREIGN_KEY_INVALID", `step ${stepId} has no field "${path}"`);
    fieldType = f.type;
  }
  const col = castColumn(
    parentColumn(link.parent, link.parent.columnsAt(at, [name]).get(name)!, parentField),
    fieldType,
  );
  setNested(target.element, type.element, route, col, stepId, path);
}
