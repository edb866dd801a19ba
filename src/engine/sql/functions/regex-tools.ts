/**
 * What the regex functions need beyond translating Java patterns (the compiler's java-regex.ts
 * does that): compiled patterns with their group count, Java replacement strings (`$1`,
 * `${name}`, `\$`), and Java's String.split.
 */
import { JavaRegexError, translateJavaRegex } from "../java-regex.ts";
import { runtimeError } from "./function-helpers.ts";

export interface JavaRegex {
  /** The Java pattern as written. */
  readonly pattern: string;
  readonly source: string;
  readonly flags: string;
  readonly groupCount: number;
  /** A fresh global RegExp (callers own its lastIndex). */
  global(): RegExp;
  /** A non-global RegExp for tests and single finds. */
  readonly re: RegExp;
}

/** Compiles a Java regex for a function, raising a RowforgeError that names it when invalid. */
export function compileRegex(fn: string, pattern: string): JavaRegex {
  try {
    const { source, flags } = translateJavaRegex(pattern);
    const re = new RegExp(source, flags);
    const groupCount = new RegExp(`${source}|`, flags).exec("")!.length - 1;
    return { pattern, source, flags, groupCount, re, global: () => new RegExp(source, `${flags}g`) };
  } catch (e) {
    const why = e instanceof JavaRegexError || e instanceof SyntaxError ? e.message : String(e);
    throw runtimeError(fn, `invalid regular expression ${JSON.stringify(pattern)}: ${why}`);
  }
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
export function applyReplacement(parts: readonly ReplacementPart[], m: RegExpExecArray): string {
  let out = "";
  for (const p of parts) {
    if (typeof p === "string") out += p;
    else if (typeof p === "number") out += m[p] ?? "";
    else out += m.groups?.[p.name] ?? "";
  }
  return out;
}

/** Advances past an empty match by one character (a whole code point in unicode mode). */
export function advanceEmpty(re: RegExp, s: string): void {
  const i = re.lastIndex;
  const cp = re.unicode ? (s.codePointAt(i) ?? 0) : 0;
  re.lastIndex = i + (cp > 0xffff ? 2 : 1);
}

/** Java's String.split with Spark's limit rules (limit <= 0: no limit, trailing empty strings kept). */
export function javaSplit(s: string, rx: JavaRegex, limit: number): string[] {
  if (rx.pattern === "" && s.length > 0) {
    const chars = Array.from(s);
    if (limit <= 0 || limit >= chars.length) return chars;
    return [...chars.slice(0, limit - 1), chars.slice(limit - 1).join("")];
  }
  const re = rx.global();
  const out: string[] = [];
  let index = 0;
  for (;;) {
    if (limit > 0 && out.length >= limit - 1) break;
    const m = re.exec(s);
    if (m === null) break;
    const start = m.index;
    const end = start + m[0].length;
    if (m[0].length === 0) {
      // A zero-width match at the very beginning never yields a leading empty string.
      if (start === 0) {
        advanceEmpty(re, s);
        continue;
      }
      out.push(s.slice(index, start));
      index = end;
      if (start >= s.length) break;
      advanceEmpty(re, s);
      continue;
    }
    out.push(s.slice(index, start));
    index = end;
  }
  out.push(s.slice(index));
  return out;
}
