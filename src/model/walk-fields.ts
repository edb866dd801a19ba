import type { Field } from "./field.ts";

/**
 * Visits every field and nested field of a list, parents before children and in document
 * order, without recursion (a request may nest thousands of levels). `visit` receives the
 * context its parent returned (`root` for the top level) and returns the context of the
 * field's own children, or `undefined` to end the walk. Returns false when the walk was ended.
 */
export function walkFields<C extends object>(
  fields: readonly Field[],
  root: C,
  visit: (field: Field, context: C) => C | undefined,
): boolean {
  const stack: [Field, C][] = [];
  const pushAll = (list: readonly Field[], context: C) => {
    for (let i = list.length - 1; i >= 0; i--) stack.push([list[i]!, context]);
  };
  pushAll(fields, root);
  while (stack.length > 0) {
    const [field, context] = stack.pop()!;
    const inner = visit(field, context);
    if (inner === undefined) return false;
    pushAll(field.fields, inner);
  }
  return true;
}
