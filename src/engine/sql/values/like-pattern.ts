/**
 * SQL LIKE patterns: `_` matches one character, `%` any run of characters (newlines too), the
 * escape character makes the next `_`, `%` or escape character literal. Simple shapes become
 * string tests (equality, prefix, suffix, substring); the rest a pattern of the linear-time
 * engine (RE2) built once, so `%a%a%a%a%b` cannot backtrack for seconds on a long value.
 */
import { RE2JS } from "re2js";

export type StringTest = (s: string) => boolean;

const REGEX_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/** A test for `pattern`, or an error message when the escape character is misused. */
export function likeMatcher(pattern: string, escapeChar: string): StringTest | string {
  // Tokens: literal runs and wildcards.
  const parts: (string | "%" | "_")[] = [];
  let literal = "";
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === escapeChar) {
      const next = chars[i + 1];
      if (next !== "_" && next !== "%" && next !== escapeChar) {
        return next === undefined
          ? `the LIKE pattern "${pattern}" ends with the escape character`
          : `in the LIKE pattern "${pattern}" the escape character may only precede _, % or itself, not "${next}"`;
      }
      literal += next;
      i++;
      continue;
    }
    if (ch === "%" || ch === "_") {
      if (literal) parts.push(literal);
      literal = "";
      parts.push(ch === "%" ? "%" : "_");
      continue;
    }
    literal += ch;
  }
  if (literal) parts.push(literal);
  return matcherFor(parts);
}

function matcherFor(parts: readonly string[]): StringTest {
  const isWild = (p: string | undefined): boolean => p === "%";
  const hasOne = parts.includes("_");
  if (!hasOne) {
    // Collapse runs of % (they mean the same as one).
    const shape = parts.filter((p, i) => !(p === "%" && parts[i - 1] === "%"));
    if (shape.length === 0) return (s) => s.length === 0;
    if (shape.length === 1) {
      const only = shape[0]!;
      return isWild(only) ? () => true : (s) => s === only;
    }
    if (shape.length === 2) {
      const [a, b] = shape as [string, string];
      if (isWild(b)) return (s) => s.startsWith(a);
      if (isWild(a)) return (s) => s.endsWith(b);
    }
    if (shape.length === 3 && isWild(shape[0]) && isWild(shape[2])) {
      const mid = shape[1]!;
      return (s) => s.includes(mid);
    }
    if (shape.length === 3 && isWild(shape[1])) {
      const [a, , c] = shape as [string, string, string];
      return (s) => s.length >= a.length + c.length && s.startsWith(a) && s.endsWith(c);
    }
  }
  const source = parts
    .map((p) => (p === "%" ? "(?s:.*)" : p === "_" ? "(?s:.)" : p.replace(REGEX_SYNTAX, "\\$&")))
    .join("");
  const re = RE2JS.compile(source);
  return (s) => re.testExact(s);
}
