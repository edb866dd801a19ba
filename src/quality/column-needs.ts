import type { ColumnNeed } from "../connectors/connector.ts";
import type { ReadField } from "./batch-rows.ts";
import type { RowPredicate } from "./row-predicate.ts";

/** The columns a compiled expression reads, in the shapes it reads them (a struct's fields, an array's sizes). */
export function predicateNeeds(p: RowPredicate, fields: readonly ReadField[]): ColumnNeed[] {
  return p.reads.flatMap((slot, r) => {
    const name = fields[slot]!.name;
    const shape = p.shapes[r]!.shape;
    if (shape === undefined) return [{ path: [name] }];
    if (shape === "size") return [{ path: [name], sizesOnly: true }];
    // A struct read through some of its fields (column-shapes.ts): those fields, whole.
    return shape.kind === "struct" ? shape.fields.map((f) => ({ path: [name, f.name] })) : [{ path: [name] }];
  });
}

/** Whole top-level fields. */
export const fieldNeeds = (fields: readonly ReadField[], slots: readonly number[]): ColumnNeed[] =>
  slots.map((s) => ({ path: [fields[s]!.name] }));

/**
 * What a set of checks reads together: every need once, a column needed whole covering its
 * fields and sizes. Undefined when one of them does not say (it reads the whole records).
 */
export function allNeeds(each: readonly (readonly ColumnNeed[] | undefined)[]): ColumnNeed[] | undefined {
  const byPath = new Map<string, ColumnNeed>();
  for (const needs of each) {
    if (needs === undefined) return undefined;
    for (const n of needs) {
      const key = JSON.stringify(n.path);
      const had = byPath.get(key);
      if (had === undefined || (had.sizesOnly && !n.sizesOnly)) byPath.set(key, n);
    }
  }
  const all = [...byPath.values()];
  const covers = (a: ColumnNeed, b: ColumnNeed) =>
    !a.sizesOnly && a !== b && a.path.length <= b.path.length && a.path.every((p, k) => b.path[k] === p);
  return all.filter((n) => !all.some((m) => covers(m, n)));
}
