import { isObject, type SourceDocument } from "../../config/index.ts";
import { formatPath, type PathSegment, type SourceLocation } from "../../errors/index.ts";

/**
 * Where a step (and a field inside it) is written: the first mapping named `stepName` in a
 * `steps` list anywhere in the document (task files, unified files, plans with inline steps).
 */
export function locateStep(
  doc: SourceDocument,
  stepName: string,
  field?: string,
  /** A key inside the step instead (`["count", "records"]`), when it is written. */
  key?: readonly PathSegment[],
): SourceLocation {
  const file = doc.file === undefined ? {} : { file: doc.file };
  const found = findStep(doc.value, [], stepName);
  if (!found) return file;
  let path = found.path;
  let node: unknown = found.step;
  for (const part of field?.split(".").filter((x) => x !== "") ?? []) {
    const fields = isObject(node) && Array.isArray(node.fields) ? node.fields : undefined;
    const i = fields?.findIndex((f) => isObject(f) && f.name === part) ?? -1;
    if (!fields || i < 0) break;
    path = [...path, "fields", i];
    node = fields[i];
  }
  if (key) path = [...path, ...key];
  return { ...doc.locate(path, "value"), ...file, path: formatPath(path) };
}

function findStep(
  node: unknown,
  path: PathSegment[],
  stepName: string,
): { step: unknown; path: PathSegment[] } | undefined {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const r = findStep(node[i], [...path, i], stepName);
      if (r) return r;
    }
    return undefined;
  }
  if (!isObject(node)) return undefined;
  if (Array.isArray(node.steps)) {
    const i = node.steps.findIndex((s) => isObject(s) && s.name === stepName);
    if (i >= 0) return { step: node.steps[i], path: [...path, "steps", i] };
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === "fields" || k === "options") continue;
    const r = findStep(v, [...path, k], stepName);
    if (r) return r;
  }
  return undefined;
}
