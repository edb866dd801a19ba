/**
 * What the regex functions need beyond translating Java patterns (the engine/java-regex
 * does that): compiled patterns with their group count, Java replacement strings (`$1`,
 * `${name}`, `\$`), and Java's String.split.
 */
import type { RE2JS } from "re2js";
import { compileJavaPattern, JavaRegexError } from "../../java-regex/index.ts";
import { runtimeError } from "./function-errors.ts";

/** One match: `[0]` the text, `[i]` group i (undefined when it took no part), like a RegExpExecArray. */
export interface RegexMatch {
  readonly [group: number]: string | undefined;
  readonly 0: string;
  readonly index: number;
  readonly groups: Readonly<Record<string, string | undefined>> | undefined;
}

/** A Java regex compiled for the linear-time engine (RE2): no input can make it backtrack. */
export interface JavaRegex {
  /** The Java pattern as written. */
  readonly pattern: string;
  readonly groupCount: number;
  /** Whether it matches somewhere in s. */
  test(s: string): boolean;
  /** The first match, or null. */
  exec(s: string): RegexMatch | null;
  /** Every match, as Java's Matcher.find() walks them (after an empty match, one code point on). */
  matches(s: string): Iterable<RegexMatch>;
}

/**
 * The match the matcher stands on, in the user's terms: their groups only, and the text cut back
 * before a final line terminator that a `$` consumed (see compileJavaPattern).
 */
function matchOf(
  m: ReturnType<RE2JS["matcher"]>,
  input: string,
  userGroups: readonly number[],
  endGroups: readonly number[],
  names: Record<string, number>,
): RegexMatch {
  const start = m.start();
  let end = m.end();
  for (const g of endGroups) {
    const at = m.start(g);
    if (at >= 0 && at < end) end = at;
  }
  // A group around the `$` ends where the match now ends.
  const text = (g: number): string | undefined => {
    const from = m.start(g);
    return from < 0 ? undefined : input.slice(from, Math.min(m.end(g), end));
  };
  const out: (string | undefined)[] = [input.slice(start, end)];
  for (let g = 1; g < userGroups.length; g++) out.push(text(userGroups[g]!));
  let groups: Record<string, string | undefined> | undefined;
  for (const name in names) {
    groups ??= {};
    groups[name] = text(names[name]!);
  }
  return Object.assign(out as unknown as { 0: string }, { index: start, groups });
}

/** Compiles a Java regex for a function, raising a RowforgeError that names it when invalid. */
export function compileRegex(fn: string, pattern: string): JavaRegex {
  let compiled: ReturnType<typeof compileJavaPattern>;
  try {
    compiled = compileJavaPattern(pattern);
  } catch (e) {
    const why = e instanceof JavaRegexError ? e.message : String(e);
    throw runtimeError(fn, `invalid regular expression ${JSON.stringify(pattern)}: ${why}`);
  }
  const { re, endGroups } = compiled;
  // userGroups[g] is the RE2 number of the user's group g (index 0: the whole match).
  const userGroups: number[] = [0];
  for (let g = 1; g <= re.groupCount(); g++) if (!endGroups.includes(g)) userGroups.push(g);
  const names = re.namedGroups();
  let tester: RE2JS | undefined;
  return {
    pattern,
    groupCount: userGroups.length - 1,
    test: (s) => {
      tester ??= compileJavaPattern(pattern, true).re;
      return tester.test(s);
    },
    exec(s) {
      const m = re.matcher(s);
      return m.find() ? matchOf(m, s, userGroups, endGroups, names) : null;
    },
    *matches(s) {
      const m = re.matcher(s);
      while (m.find()) yield matchOf(m, s, userGroups, endGroups, names);
    },
  };
}

export type ReplacementPart = string | number | { readonly name: string };

/** Parses a Java replacement string (`$1`, `${name}`, `\` escapes) against a regex's groups. */
export function parseJavaReplacement(fn: string, rep: string, groupCount: number): ReplacementPart[] {
  const parts: ReplacementPart[] = [];
  let lit = "";
  const flush = (): void => {
    if (lit) parts.push(lit);
    lit = "";
  };
  for (let i = 0; i < rep.length; i++) {
    const c = rep[i]!;
    if (c === "\\") {
      i++;
      if (i >= rep.length)
        throw runtimeError(fn, "the replacement ends with a lone backslash; write \\\\ for a backslash");
      lit += rep[i];
    } else if (c === "$") {
      if (rep[i + 1] === "{") {
        const close = rep.indexOf("}", i + 2);
        if (close < 0) throw runtimeError(fn, "unclosed ${name} group reference in the replacement");
        flush();
        parts.push({ name: rep.slice(i + 2, close) });
        i = close;
        continue;
      }
      const d = rep.charCodeAt(i + 1) - 48;
      if (!(d >= 0 && d <= 9)) {
        throw runtimeError(
          fn,
          "a $ in the replacement must be followed by a group number or {name}; write \\$ for a dollar sign",
        );
      }
      if (d > groupCount)
        throw runtimeError(fn, `the replacement refers to group ${d}, but the pattern has ${groupCount}`);
      let g = d;
      i++;
      // Further digits extend the number while it still names an existing group.
      while (i + 1 < rep.length) {
        const nd = rep.charCodeAt(i + 1) - 48;
        if (!(nd >= 0 && nd <= 9) || g * 10 + nd > groupCount) break;
        g = g * 10 + nd;
        i++;
      }
      flush();
      parts.push(g);
    } else lit += c;
  }
  flush();
  return parts;
}

/** Builds the replacement text of one match. */
export function applyReplacement(parts: readonly ReplacementPart[], m: RegexMatch): string {
  let out = "";
  for (const p of parts) {
    if (typeof p === "string") out += p;
    else if (typeof p === "number") out += m[p] ?? "";
    else out += m.groups?.[p.name] ?? "";
  }
  return out;
}

/** Java's String.split with Spark's limit rules (limit <= 0: no limit, trailing empty strings kept). */
export function javaSplit(s: string, rx: JavaRegex, limit: number): string[] {
  if (rx.pattern === "" && s.length > 0) {
    const chars = Array.from(s);
    if (limit <= 0 || limit >= chars.length) return chars;
    return [...chars.slice(0, limit - 1), chars.slice(limit - 1).join("")];
  }
  const out: string[] = [];
  let index = 0;
  for (const m of rx.matches(s)) {
    if (limit > 0 && out.length >= limit - 1) break;
    const end = m.index + m[0].length;
    // A zero-width match at the very beginning never yields a leading empty string.
    if (end === 0) continue;
    out.push(s.slice(index, m.index));
    index = end;
  }
  out.push(s.slice(index));
  return out;
}
