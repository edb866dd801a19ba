import type { RawField } from "../../config/index.ts";

/** Arrays are at most this long unless minItems asks for more: maxItems is a limit, not a length. */
export const DEFAULT_MAX_ITEMS = 5;

/**
 * The most items of an array of objects or arrays `depth` arrays deep inside another's items (1
 * for a property of the items' objects), unless its minItems asks for more: nested arrays
 * multiply (a pipeline's stages of jobs of steps were up to 5 x 5 x 5 steps, 16 on average),
 * so each level deeper holds half as many (5, then 2, then 1). Arrays of scalars end a nesting
 * and keep their lengths.
 */
const nestedMaxItems = (depth: number): number => Math.max(1, DEFAULT_MAX_ITEMS >> depth);

/**
 * A property of an array's items as generated there: each array of objects or arrays in it,
 * `depth` arrays deep in the items (arrays inside it one deeper), holds at most
 * nestedMaxItems(depth) items unless its minItems asks for more. Each enclosing array applies
 * it; the outermost's (deepest count, fewest items) holds.
 */
export function nestedShorter(f: RawField, depth: number): RawField {
  const type = String(f.type);
  const isArray = type.startsWith("array");
  const out = Array.isArray(f.fields)
    ? { ...f, fields: (f.fields as RawField[]).map((c) => nestedShorter(c, isArray ? depth + 1 : depth)) }
    : f;
  const o = f.options as Record<string, unknown> | undefined;
  const ofContainers = type === "array" || type.startsWith("array<array");
  if (!ofContainers || typeof o?.arrayMaxLen !== "number") return out;
  const arrayMaxLen = Math.max(Number(o.arrayMinLen ?? 0), Math.min(o.arrayMaxLen, nestedMaxItems(depth)));
  return { ...out, options: { ...o, arrayMaxLen } };
}

/**
 * An array of arrays: its element is the inner array's own field (`element`, with the inner
 * schema's lengths and options), at any depth and inside arrays of objects.
 */
export function arrayOfArrays(name: string, inner: RawField, given: Record<string, unknown>): RawField {
  // Nested arrays multiply: an array of arrays holds as many as one inside another's items.
  const least = Number(given.arrayMinLen ?? 0);
  const options = {
    ...given,
    arrayMaxLen: Math.min(Number(given.arrayMaxLen), Math.max(least, nestedMaxItems(1))),
  };
  const innerOptions = { ...((inner.options as Record<string, unknown> | undefined) ?? {}) };
  delete innerOptions.enableNull;
  delete innerOptions.nullProb;
  const element = nestedShorter({ ...inner, name: "element", nullable: false, options: innerOptions }, 1);
  return { name, type: `array<${String(inner.type)}>`, options, fields: [element] };
}
