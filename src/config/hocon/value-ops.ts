import { type HoconObject, type HoconValue, isHoconObject, newHoconObject } from "./hocon-value.ts";

/** Later keys win; where both sides hold an object, the two are merged the same way. Inputs are not changed. */
export function mergeObjects(earlier: HoconObject, later: HoconObject): HoconObject {
  const out = newHoconObject();
  for (const k of Object.keys(earlier)) out[k] = earlier[k]!;
  for (const k of Object.keys(later)) {
    const a = Object.hasOwn(out, k) ? out[k] : undefined;
    const b = later[k]!;
    out[k] = isHoconObject(a) && isHoconObject(b) ? mergeObjects(a, b) : b;
  }
  return out;
}

/** A deep copy, so that values reached through two substitutions are not the same mutable object. */
export function cloneValue(v: HoconValue): HoconValue {
  if (Array.isArray(v)) return v.map(cloneValue);
  if (!isHoconObject(v)) return v;
  const out = newHoconObject();
  for (const k of Object.keys(v)) out[k] = cloneValue(v[k]!);
  return out;
}

/** How a value is named in a message about mixing kinds. */
export const kindName = (v: HoconValue): string =>
  Array.isArray(v) ? "a list" : isHoconObject(v) ? "an object" : "text";

/** The text a simple value contributes to a string concatenation. */
export const simpleText = (v: HoconValue): string => (v === null ? "null" : String(v));

/** A path as it would be written in a file: elements that need it are quoted. */
export const renderPath = (path: readonly string[]): string =>
  path.map((p) => (/^[A-Za-z0-9_-]+$/.test(p) ? p : JSON.stringify(p))).join(".");
