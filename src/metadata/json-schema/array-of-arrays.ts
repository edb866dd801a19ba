import type { RawField } from "../../config/index.ts";

/** Arrays whose items are arrays are at most this long unless minItems asks for more (nested arrays multiply). */
const NESTED_MAX_ITEMS = 2;

/**
 * An array of arrays: its element is the inner array's own field (`element`, with the inner
 * schema's lengths and options), at any depth and inside arrays of objects.
 */
export function arrayOfArrays(name: string, inner: RawField, given: Record<string, unknown>): RawField {
  // Nested arrays multiply: each level holds at most NESTED_MAX_ITEMS unless minItems asks more.
  const least = Number(given.arrayMinLen ?? 0);
  const options = {
    ...given,
    arrayMaxLen: Math.min(Number(given.arrayMaxLen), Math.max(least, NESTED_MAX_ITEMS)),
  };
  const innerOptions = { ...((inner.options as Record<string, unknown> | undefined) ?? {}) };
  delete innerOptions.enableNull;
  delete innerOptions.nullProb;
  const element = { ...inner, name: "element", nullable: false, options: innerOptions };
  return { name, type: `array<${String(inner.type)}>`, options, fields: [element] };
}
