import { isUnresolved, type ObjectNode, objectNode, type ValueNode } from "./value-node.ts";

/**
 * Gives `value` to `key` of `target` with the rules for a repeated key: a later object merges
 * into an earlier object, a later non-object replaces whatever was there, and anything whose
 * kind depends on a substitution is kept as a layer to decide once substitutions are resolved.
 */
export function assignField(
  target: ObjectNode,
  key: string,
  value: ValueNode,
  fieldPath: readonly string[] | undefined,
): void {
  const existing = target.fields.get(key);
  if (existing === undefined || value.kind === "simple" || value.kind === "array") {
    target.fields.set(key, value);
    return;
  }
  if (value.kind === "object" && existing.kind === "object") {
    for (const [k, v] of value.fields)
      assignField(existing, k, v, fieldPath === undefined ? undefined : [...fieldPath, k]);
    if (value.definedAt !== undefined) existing.definedAt = value.definedAt;
    return;
  }
  if (value.kind === "object" && !isUnresolved(existing)) {
    target.fields.set(key, value);
    return;
  }
  if (existing.kind === "merge") {
    existing.layers.push(value);
    if (value.definedAt !== undefined) existing.definedAt = value.definedAt;
    return;
  }
  const merge: ValueNode = { kind: "merge", layers: [existing, value], fieldPath, pos: value.pos };
  if (value.definedAt !== undefined) merge.definedAt = value.definedAt;
  target.fields.set(key, merge);
}

/** `a.b.c = v` is `a { b { c = v } }`: wraps `value` in one object per leading path element. */
export function assignPath(
  target: ObjectNode,
  path: readonly string[],
  value: ValueNode,
  basePath: readonly string[] | undefined,
): void {
  let node = value;
  for (let k = path.length - 1; k > 0; k--) {
    const wrapper = objectNode(value.pos);
    if (value.definedAt !== undefined) wrapper.definedAt = value.definedAt;
    wrapper.fields.set(path[k]!, node);
    node = wrapper;
  }
  const fieldPath = basePath === undefined ? undefined : [...basePath, path[0]!];
  assignField(target, path[0]!, node, fieldPath);
}
