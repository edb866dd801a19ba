import { textAvgLen, textMaxLen } from "../../model/text-length.ts";
import { excludedPatternsOf } from "./apply-not.ts";
import { FORMAT_CHECKS, FORMATS, TYPED_FORMATS, TYPED_SAMPLES } from "./schema-formats.ts";
import { alwaysMatches, jsRegex, patternStrings, patternsOf, withoutLookarounds } from "./schema-patterns.ts";
import { invalid, type SchemaObject, type SchemaScope } from "./schema-types.ts";

/**
 * The options of a string property's field: the values of its format, of its patterns (drawn
 * strings that meet them all, or one regex), else lengths within minLength..maxLength.
 */
export function stringOptions(s: SchemaObject, scope: SchemaScope, at: string): Record<string, unknown> {
  const format = typeof s.format === "string" ? FORMATS[s.format] : undefined;
  const [pattern, ...more] = patternsOf(s);
  if (pattern !== undefined) {
    const patterns = [pattern, ...more] as const;
    // A format's values that all meet the patterns too are the better values (emails, URIs, dates).
    if (typeof format?.regex === "string" && patterns.every((p) => alwaysMatches(format.regex as string, p)))
      return { ...format };
    const typed = TYPED_SAMPLES[String(s.format)];
    if (typed !== undefined && patterns.every((p) => jsRegex(p).test(typed))) return {};
    const min = typeof s.minLength === "number" ? s.minLength : undefined;
    const max = typeof s.maxLength === "number" ? s.maxLength : undefined;
    const strings = patternStrings(
      patterns,
      min,
      max,
      excludedPatternsOf(s),
      FORMAT_CHECKS[String(s.format)],
    );
    if ("regex" in strings) return { regex: strings.regex };
    if (strings.values.length === 0)
      throw invalid(
        scope,
        at,
        `has ${patterns.length > 1 ? `patterns (${patterns.join(" and ")})` : `a pattern (${pattern})`}${min !== undefined || max !== undefined ? ` and lengths ${min ?? 0}..${max ?? "any"}` : ""} that no string rowforge drew from ${patterns.length > 1 ? "them" : "it"}${patterns.some((p) => withoutLookarounds(p) !== undefined) ? " (its lookarounds, which the generator does not read, taken out)" : ""} meets`,
        "give the string a pattern of the lengths it allows and without lookarounds, or list the field with an sql option",
      );
    return { oneOf: strings.values };
  }
  if (format) return { ...format };
  if (TYPED_FORMATS[String(s.format)]) return {};
  const min = typeof s.minLength === "number" ? s.minLength : undefined;
  const max = typeof s.maxLength === "number" ? s.maxLength : undefined;
  const minLen = min ?? Math.min(1, max ?? 1);
  if (max === 0) return { static: "" };
  // Without a maxLength the generators' default (20, or minLen) applies: a label by name
  // (src/metadata/labels) may then write longer values, as the schema allows.
  if (max === undefined) return { minLen };
  const maxLen = textMaxLen(minLen, max);
  const avgLen = textAvgLen(minLen, maxLen);
  return { minLen, maxLen, ...(avgLen !== undefined ? { avgLen } : {}) };
}
