import type { CoreOptionRewrite } from "./helper-types.ts";
import { hasOwn } from "./raw-value.ts";

/** The values of a `oneOf` as text: a list, or a comma-separated string. */
export function oneOfTexts(v: unknown): string[] {
  if (typeof v === "string") return v.split(",").map((s) => s.trim());
  if (Array.isArray(v)) return v.map((x) => String(x));
  return [String(v)];
}

/** A oneOf is weighted when every value is written `value->weight`. */
export const isWeightedOneOf = (texts: readonly string[]): boolean =>
  texts.length > 0 && texts.every((t) => t.includes("->"));

const hasExplicitType = (type: unknown): boolean => typeof type === "string" && type.trim() !== "";

/**
 * Weighted `oneOf` stays a core option (the engine draws by weight; no hidden weight field is
 * added). A field without a type takes the type of its first value, which for weighted values is
 * always text, so `string`. The weights themselves are checked where `oneOf` is normalised.
 */
export const weightedOneOfRewrite: CoreOptionRewrite = {
  name: "oneOf",
  applies: (options) => hasOwn(options, "oneOf") && isWeightedOneOf(oneOfTexts(options.oneOf)),
  rewrite: (field) => (hasExplicitType(field.type) ? field : { ...field, type: "string" }),
};
