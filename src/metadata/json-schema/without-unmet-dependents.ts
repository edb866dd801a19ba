import type { SchemaObject } from "./schema-types.ts";

/**
 * An object schema's properties with those left out (false) that depend on one never written
 * (`dependentRequired`, draft-7 `dependencies` lists: `working-directory` needs `run`, which
 * the oneOf alternative chosen leaves out).
 */
export function withoutUnmetDependents(s: SchemaObject): Record<string, unknown> | undefined {
  const own = s.properties as Record<string, unknown> | undefined;
  if (own === undefined) return own;
  const lists = Object.entries({
    ...((s.dependencies as Record<string, unknown> | undefined) ?? {}),
    ...((s.dependentRequired as Record<string, unknown> | undefined) ?? {}),
  }).filter((e): e is [string, string[]] => Array.isArray(e[1]));
  const out = { ...own };
  const never = (p: string) => out[p] === false || (out[p] === undefined && s.additionalProperties === false);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [p, deps] of lists)
      if (out[p] !== false && out[p] !== undefined && deps.some(never)) {
        out[p] = false;
        changed = true;
      }
  }
  return out;
}
