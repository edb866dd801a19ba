import { didYouMean, RowforgeError } from "../../errors/index.ts";
import type { Field } from "../../model/field.ts";
import { type Column, isNullAt, markNull } from "../columns/column.ts";

/** A field whose values name which of its sibling fields is set (`oneOfFields`), by index among the siblings. */
export interface FieldChoice {
  readonly selector: number;
  /** The sibling each name of the selector's `oneOf` stands for. */
  readonly members: ReadonlyMap<string, number>;
}

/**
 * The choices among sibling fields (a struct's, or a step's top-level ones): each field with
 * `oneOfFields` and its `oneOf` values, which must name fields beside it. `where` names the
 * siblings' parent in messages.
 */
export function fieldChoices(fields: readonly Field[], where: string): FieldChoice[] {
  const out: FieldChoice[] = [];
  fields.forEach((f, selector) => {
    if (f.options.oneOfFields !== true) return;
    const members = new Map<string, number>();
    for (const { value } of f.options.oneOf ?? []) {
      const name = String(value);
      const k = fields.findIndex((x) => x.name === name);
      if (k < 0 || k === selector)
        throw new RowforgeError(
          "RF_OPTION_INVALID",
          `${where}field "${f.name}" has oneOfFields, but its oneOf value "${name}" is not a field beside it`,
          {
            hint:
              didYouMean(
                name,
                fields.map((x) => x.name),
              ) || "its oneOf values must be the names of the fields it chooses between",
          },
        );
      members.set(name, k);
    }
    out.push({ selector, members });
  });
  return out;
}

/**
 * Leaves set only the chosen member of each choice: a row's other members are marked null
 * (all of them when the selector is null). Columns not generated (undefined) are skipped.
 */
export function applyChoices(choices: readonly FieldChoice[], cols: readonly (Column | undefined)[]): void {
  for (const { selector, members } of choices) {
    const sel = cols[selector];
    if (sel?.shape !== "scalar") continue;
    const names = sel.values as string[];
    for (const [name, k] of members) {
      const col = cols[k];
      if (!col) continue;
      for (let i = 0; i < col.length; i++) if (isNullAt(sel, i) || names[i] !== name) markNull(col, i);
    }
  }
}
