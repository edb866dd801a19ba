/**
 * The one Java-regex translator: Java syntax is read once (java-regex-reader.ts, with one table
 * of properties and character sets) and written for a target:
 * - "js-v": JavaScript syntax for the `v` flag, for the regex generator (engine/regex), with the
 *   position in the Java pattern of every output character;
 * - "re2": RE2 syntax for the linear-time engine (re2js) behind SQL's RLIKE, regexp_* and split.
 * The regex generator takes the js-v side alone (to-js-v.ts), so the RE2 side and re2js load only
 * with the SQL compiler.
 */
import { type TranslatedRegex, toJsV } from "./to-js-v.ts";
import { toRe2 } from "./to-re2.ts";

export type { TranslatedRegex } from "./to-js-v.ts";
export { compileJavaPattern, compileJavaRegex, JavaRegexError } from "./to-re2.ts";

/** The RE2 translation: `endGroups` are the translator's own groups (see to-re2.ts). */
export interface Re2Regex {
  readonly source: string;
  readonly flags: string;
  readonly endGroups: readonly number[];
}

export type JavaRegexTarget =
  | { readonly target: "js-v" }
  /** `testOnly`: the pattern only answers whether it matches (RLIKE). */
  | { readonly target: "re2"; readonly testOnly?: boolean };

export function translateJavaRegex(pattern: string, options: { readonly target: "js-v" }): TranslatedRegex;
export function translateJavaRegex(
  pattern: string,
  options: { readonly target: "re2"; readonly testOnly?: boolean },
): Re2Regex;
export function translateJavaRegex(pattern: string, options: JavaRegexTarget): TranslatedRegex | Re2Regex {
  return options.target === "js-v" ? toJsV(pattern) : toRe2(pattern, options.testOnly ?? false);
}
