import { jsRegex, patternsOf } from "./schema-patterns.ts";
import { noValue, type SchemaObject, type SchemaScope } from "./schema-types.ts";

/**
 * A schema whose `enum` keeps only the values that meet the keywords beside it: its patterns
 * (its own and those merged into it), string lengths and number bounds. A value of an enum is
 * generated as it is listed, so a listed value another keyword refuses would be an invalid row
 * (a task's `anyOf` of 259 names beside the chosen alternative's `pattern: ^PowerShell@2$`).
 * When the keywords leave none, the schema has no value here (an optional property is left out,
 * an anyOf alternative gives way); an enum listed empty by the user stays as it is, refused by
 * its field.
 */
export function enumWithin(s: SchemaObject, scope: SchemaScope, at: string): SchemaObject {
  if (!Array.isArray(s.enum) || s.enum.length === 0) return s;
  const patterns = patternsOf(s).map((p) => jsRegex(p));
  const num = (k: string) => (typeof s[k] === "number" ? (s[k] as number) : undefined);
  const [minLength, maxLength, minimum, maximum] = [
    num("minLength"),
    num("maxLength"),
    num("minimum"),
    num("maximum"),
  ];
  // Draft 4 writes exclusive bounds as booleans beside minimum/maximum, later drafts as numbers.
  const [exclusiveMin, exclusiveMax] = [
    s.exclusiveMinimum === true ? minimum : num("exclusiveMinimum"),
    s.exclusiveMaximum === true ? maximum : num("exclusiveMaximum"),
  ];
  const meets = (v: unknown): boolean => {
    if (typeof v === "string") {
      const length = [...v].length;
      return (
        patterns.every((re) => re.test(v)) &&
        (minLength === undefined || length >= minLength) &&
        (maxLength === undefined || length <= maxLength)
      );
    }
    if (typeof v === "number")
      return (
        (minimum === undefined || v >= minimum) &&
        (maximum === undefined || v <= maximum) &&
        (exclusiveMin === undefined || v > exclusiveMin) &&
        (exclusiveMax === undefined || v < exclusiveMax)
      );
    return true;
  };
  const kept = (s.enum as unknown[]).filter(meets);
  if (kept.length === s.enum.length) return s;
  if (kept.length === 0)
    throw noValue(
      scope,
      at,
      `lists values (${(s.enum as unknown[])
        .slice(0, 5)
        .map((v) => JSON.stringify(v))
        .join(", ")}${s.enum.length > 5 ? ", ..." : ""}) none of which meets the keywords beside them (${[
        ...patternsOf(s).map((p) => `pattern ${p}`),
        ...["minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].filter(
          (k) => s[k] !== undefined,
        ),
      ].join(", ")}), so it allows no value`,
    );
  return { ...s, enum: kept };
}
