import { compileRegex, hashString, RowRandom } from "../../engine/index.ts";
import { DEFAULT_TEXT_MAX_LEN, textMaxLen } from "../../model/text-length.ts";

/**
 * A JSON Schema pattern as rowforge's generator reads it: the `^...$` anchors go (a pattern
 * matches anywhere; rowforge generates whole strings), and what ECMAScript reads literally but
 * the generator's Java-flavoured syntax would not is escaped: `[` inside a class (a nested
 * class in Java) and `&&` there, a `{` that starts no quantifier and a lone `}`.
 */
export function unanchored(pattern: string): string {
  // Each alternative of `^a$|^b$` is anchored on its own.
  return javaLiterals(topLevelAlternatives(pattern).map(withoutAnchors).join("|"));
}

function withoutAnchors(pattern: string): string {
  let p = pattern;
  if (p.startsWith("^")) p = p.slice(1);
  if (p.endsWith("$") && !p.endsWith("\\$")) p = p.slice(0, -1);
  return p;
}

/** A pattern split at its `|` outside groups and classes. */
function topLevelAlternatives(p: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push(p.slice(from, i));
      from = i + 1;
    }
  }
  out.push(p.slice(from));
  return out;
}

function javaLiterals(p: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === "\\") {
      out += c + (p[i + 1] ?? "");
      i++;
    } else if (inClass) {
      if (c === "]") inClass = false;
      out += c === "[" ? "\\[" : c === "&" && p[i + 1] === "&" ? "\\&" : c;
    } else if (c === "[") {
      inClass = true;
      out += c;
      if (p[i + 1] === "^") out += p[++i];
    } else if (c === "{" && !/^\{\d+(,\d*)?\}/.test(p.slice(i))) out += "\\{";
    else if (c === "}" && !/\{\d+(,\d*)?$/.test(p.slice(0, i))) out += "\\}";
    else out += c;
  }
  return out;
}

/** Strings drawn from a generator's regex to judge whether it keeps clear of excluded patterns. */
const SAMPLES = 256;

/**
 * Whether strings generated from `regex` (rowforge's generator: a pattern, a format's regex,
 * or `[A-Za-z0-9]{min,max}` for plain text) keep clear of every `not: {pattern}`: judged on
 * a few hundred of them, drawn the same way every time.
 */
export function avoidsPatterns(regex: string, excluded: readonly string[]): boolean {
  if (excluded.length === 0) return true;
  const tests = excluded.map(jsRegex);
  const generator = compileRegex(regex);
  const rnd = new RowRandom(hashString(regex, 28));
  for (let i = 0; i < SAMPLES; i++) {
    const s = generator.generate(rnd.at(i));
    if (tests.some((t) => t.test(s))) return false;
  }
  return true;
}

/** A JSON Schema pattern as a JavaScript RegExp: with the u flag where it parses so, else without (as most documents are written). */
export function jsRegex(pattern: string): RegExp {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return new RegExp(pattern);
  }
}

/** Up to `count` distinct strings of a regex, drawn the same way every time (fewer when its space is smaller). */
export function distinctStrings(regex: string, count: number): string[] {
  const generator = compileRegex(regex);
  const rnd = new RowRandom(hashString(regex, 29));
  const out = new Set<string>();
  for (let i = 0; out.size < count && i < count * 4; i++) out.add(generator.generate(rnd.at(i)));
  return [...out];
}

/** Whether every string drawn from `regex` (a few hundred, the same every time) matches the JSON Schema `pattern`. */
export function alwaysMatches(regex: string, pattern: string): boolean {
  const test = jsRegex(pattern);
  return drawsOnly(regex, (v) => test.test(v));
}

/** A pattern that is one repeated atom (`[a-z0-9-]+`, `(\\w*)`), a class or `.` or an escape: its repetition. */
const REPEATED_ATOM = /^(\(?)(\[(?:\\.|[^\]\\])+\]|\\[dwsDWS]|\\p\{[^}]+\}|\.)(\*|\+|\{(\d+),(\d*)\})(\)?)$/;

/**
 * A pattern of one repeated atom with the string's minLength/maxLength as its repetition
 * (`[a-z]+` with maxLength 30 is `[a-z]{1,30}`, with minLength 2 only `[a-z]{2,20}`: a maxLength
 * up to TEXT_MAX_LEN_CEILING, else the generators' default length, unless minLength asks more),
 * so its strings meet both; other patterns as they are.
 */
export function withLength(
  pattern: string,
  minLength: number | undefined,
  maxLength: number | undefined,
): string {
  if (minLength === undefined && maxLength === undefined) return pattern;
  const m = REPEATED_ATOM.exec(pattern);
  if (!m) return pattern;
  const [, open, atom, quantifier, qMin, qMax, close] = m;
  const least = quantifier === "+" ? 1 : quantifier === "*" ? 0 : Number(qMin);
  const most =
    quantifier === "+" || quantifier === "*" || qMax === "" ? Number.POSITIVE_INFINITY : Number(qMax);
  const lo = Math.max(least, minLength ?? 0);
  const hi = Math.min(most, textMaxLen(lo, maxLength) ?? Math.max(lo, DEFAULT_TEXT_MAX_LEN));
  if (open !== "(" && close === ")") return pattern;
  return hi < lo ? pattern : `${open}${atom}{${lo},${hi}}${close}`;
}

/** Strings drawn for a pattern whose generator's strings do not all meet it, of which those that do are its values. */
const POOL_DRAWS = 4000;
/** Values of such a pattern: a pool of distinct ones. */
const POOL_SIZE = 500;

/**
 * Patterns a string meets besides its `pattern` (a merged allOf part's, an anyOf
 * alternative's), kept on the schema so that none is lost when schemas are merged.
 */
export const MORE_PATTERNS = "\u0000patterns";
/** Every pattern a string schema asks its values to match: its own and those merged into it. */
export const patternsOf = (s: Readonly<Record<string, unknown>>): string[] => [
  ...(typeof s.pattern === "string" ? [s.pattern] : []),
  ...(Array.isArray(s[MORE_PATTERNS]) ? (s[MORE_PATTERNS] as string[]) : []),
];

/**
 * How strings of JSON Schema patterns (all met at once, with the string's minLength/maxLength)
 * are generated: the first pattern as rowforge's generator reads it (`regex`) when every
 * string drawn from it (a few hundred, the same every time) meets them all and the lengths;
 * else a pool of values (`values`): strings drawn from each pattern and from all of them one
 * after the other (`^https?://` then `\w\.ya?ml$`), their lookarounds (`(?!\s*$).+`,
 * `[a-z.]*(?<!\.)`), which the generator cannot read, taken out, kept when they meet every
 * pattern whole and the lengths (`^$|^[a-z]+$` with minLength 1) and match none of the
 * `excluded` patterns (`not: {pattern}`), and that `accepts` (the string's format) takes. An
 * empty pool: no string drawn meets them.
 */
export function patternStrings(
  patterns: readonly [string, ...string[]],
  minLength: number | undefined,
  maxLength: number | undefined,
  excluded: readonly string[] = [],
  accepts?: (v: string) => boolean,
): { regex: string } | { values: string[] } {
  const bare = patterns.map((p) => withoutLookarounds(p) ?? p);
  const lookarounds = bare.some((b, i) => b !== patterns[i]);
  const regexOf = (b: string) => withLength(unanchored(b), minLength, maxLength);
  const regex = regexOf(bare[0]!);
  if (
    !lookarounds &&
    patterns.length === 1 &&
    accepts === undefined &&
    minLength === undefined &&
    maxLength === undefined &&
    excluded.length === 0
  )
    return { regex };
  const tests = patterns.map(jsRegex);
  const avoided = excluded.map(jsRegex);
  const fits = (v: string) =>
    tests.every((t) => t.test(v)) &&
    (accepts === undefined || accepts(v)) &&
    !avoided.some((x) => x.test(v)) &&
    [...v].length >= (minLength ?? 0) &&
    [...v].length <= (maxLength ?? Number.POSITIVE_INFINITY);
  if (!lookarounds && drawsOnly(regex, fits)) return { regex };
  // One after the other: those anchored at the start first, those at the end last.
  const place = (b: string) => (b.startsWith("^") ? 0 : b.endsWith("$") ? 2 : 1);
  const joined = [...bare].sort((a, b) => place(a) - place(b)).map((b) => `(${unanchored(b)})`);
  const sources = patterns.length === 1 ? [regex] : [...bare.map(regexOf), joined.join("")];
  const pool = new Set(sources.flatMap((r) => distinctStrings(r, POOL_DRAWS).filter(fits)));
  return { values: [...pool].slice(0, POOL_SIZE) };
}

/** Whether every string drawn from `regex` (a few hundred, the same every time) passes `test`. */
function drawsOnly(regex: string, test: (v: string) => boolean): boolean {
  const generator = compileRegex(regex);
  const rnd = new RowRandom(hashString(regex, 30));
  for (let i = 0; i < SAMPLES; i++) if (!test(generator.generate(rnd.at(i)))) return false;
  return true;
}

/** A pattern with its lookaround groups (`(?=`, `(?!`, `(?<=`, `(?<!`) taken out; undefined when it has none. */
export function withoutLookarounds(pattern: string): string | undefined {
  let out = "";
  let found = false;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      out += c + (pattern[i + 1] ?? "");
      i++;
    } else if (inClass) {
      if (c === "]") inClass = false;
      out += c;
    } else if (c === "[") {
      inClass = true;
      out += c;
    } else if (c === "(" && /^\(\?<?[=!]/.test(pattern.slice(i))) {
      found = true;
      i = groupEnd(pattern, i);
    } else out += c;
  }
  return found ? out : undefined;
}

/** The index of the `)` closing the group opened at `start`. */
function groupEnd(p: string, start: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = start; i < p.length; i++) {
    const c = p[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return p.length;
}
