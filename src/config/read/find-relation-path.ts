import type { PathSegment } from "../../errors/index.ts";
import type { ForeignKeyRelation } from "../../model/index.ts";
import { isObject } from "./load-context.ts";
import { parseRelationString } from "./read-foreign-key.ts";

/** The part of a foreign key a relation is: its source, or one of its generate or delete targets. */
export type RelationRole = "source" | "generate" | "delete";

/**
 * Where a foreign-key relation is written in a document: the path of the first relation in
 * `role` that names the same data source, step and fields, in any `foreignKeys` list (a plan's
 * `sinkOptions`, a unified file's top level, a request's plan) or old-style map. Problems found
 * after reading (a relation checked against the steps, or against the columns read from a
 * table) are located with it, wherever the file kept the foreign key.
 */
export function findRelationPath(
  value: unknown,
  rel: ForeignKeyRelation,
  role: RelationRole,
  path: readonly PathSegment[] = [],
): PathSegment[] | undefined {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findRelationPath(value[i], rel, role, [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (value.foreignKeys !== undefined) {
    const found = inForeignKeys(value.foreignKeys, rel, role, [...path, "foreignKeys"]);
    if (found) return found;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === "foreignKeys" || k === "fields" || k === "options") continue;
    const found = findRelationPath(v, rel, role, [...path, k]);
    if (found) return found;
  }
  return undefined;
}

function inForeignKeys(
  list: unknown,
  rel: ForeignKeyRelation,
  role: RelationRole,
  path: readonly PathSegment[],
): PathSegment[] | undefined {
  if (isObject(list)) {
    // The old map form: {"ds.step.field": ["ds.child.field", ...]}.
    for (const [key, targets] of Object.entries(list)) {
      if (role === "source" && names(key, rel)) return [...path, key];
      if (role !== "generate") continue;
      const items = Array.isArray(targets) ? targets : [targets];
      const j = items.findIndex((t) => names(t, rel));
      if (j >= 0) return Array.isArray(targets) ? [...path, key, j] : [...path, key];
    }
    return undefined;
  }
  if (!Array.isArray(list)) return undefined;
  for (let i = 0; i < list.length; i++) {
    const fk = list[i];
    if (!isObject(fk)) continue;
    if (role === "source") {
      if (names(fk.source, rel)) return [...path, i, "source"];
      continue;
    }
    const targets = fk[role];
    if (!Array.isArray(targets)) continue;
    const j = targets.findIndex((t) => names(t, rel));
    if (j >= 0) return [...path, i, role, j];
  }
  return undefined;
}

/** Whether a written relation (text or mapping) names the relation. */
function names(raw: unknown, rel: ForeignKeyRelation): boolean {
  const written = typeof raw === "string" ? parseRelationString(raw) : isObject(raw) ? raw : undefined;
  if (!written || written.dataSource !== rel.dataSource || written.step !== rel.step) return false;
  const fields =
    typeof written.fields === "string"
      ? written.fields.split(",").map((f) => f.trim())
      : Array.isArray(written.fields)
        ? written.fields
        : [];
  return fields.length === rel.fields.length && fields.every((f, i) => f === rel.fields[i]);
}

/**
 * The path of one part of a relation written at `at`: its `dataSource`, its `step` or its
 * `fields[i]` when it is a mapping; the text itself when it is written as `ds.step.field`.
 */
export function relationPartPath(
  value: unknown,
  at: readonly PathSegment[],
  part: "dataSource" | "step" | { readonly field: number },
): PathSegment[] {
  let node: unknown = value;
  for (const seg of at) node = child(node, seg);
  if (!isObject(node)) return [...at];
  if (typeof part === "string") return node[part] === undefined ? [...at] : [...at, part];
  return Array.isArray(node.fields) ? [...at, "fields", part.field] : [...at, "fields"];
}

const child = (node: unknown, seg: PathSegment): unknown =>
  Array.isArray(node) ? node[Number(seg)] : isObject(node) ? node[String(seg)] : undefined;
