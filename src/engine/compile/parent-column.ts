import { RowforgeError } from "../../errors/index.ts";
import type { DataType } from "../../model/data-type.ts";
import type { Column } from "../columns/column.ts";
import type { CompiledStep } from "./compiled-step.ts";

/** The top-level field of a field path (`body` of `body.owner.id`). */
export const topName = (path: string): string => path.split(".")[0]!;

/** The type of a parent's key field, a nested one (`body.owner.id`) included. */
export function parentFieldType(parent: CompiledStep, path: string): DataType | undefined {
  let t = parent.output.find((o) => o.name === topName(path))?.type;
  for (const part of path.split(".").slice(1))
    t = t?.kind === "struct" ? t.fields.find((f) => f.name === part)?.type : undefined;
  return t;
}

/**
 * The column of a parent's key field: a nested one (`body.owner.id`) is read out of its
 * top-level struct column, never the whole struct.
 */
export function parentColumn(parent: CompiledStep, top: Column, path: string): Column {
  const route = path.split(".").slice(1);
  if (route.length === 0) return top;
  let t: DataType | undefined = parent.output.find(
    (o) => o.name.toLowerCase() === topName(path).toLowerCase(),
  )?.type;
  let current = top;
  for (const part of route) {
    const i = t?.kind === "struct" ? t.fields.findIndex((f) => f.name === part) : -1;
    if (t?.kind !== "struct" || current.shape !== "struct" || i < 0)
      throw new RowforgeError(
        "RF_FOREIGN_KEY_INVALID",
        `foreign-key field "${path}" of step ${parent.id} is not a field of its structs`,
        { hint: "a nested parent key must be a field of structs (not of arrays)" },
      );
    current = current.children[i]!;
    t = t.fields[i]!.type;
  }
  return current;
}
