import { RE2JS } from "re2js";
import { RowforgeError } from "../../errors/index.ts";
import { complementRanges, intersectRanges } from "../regex/code-point-set.ts";
import { rangesAtom, rangesBody, re2ClassRanges, vClassRanges } from "./code-point-ranges.ts";
import {
  classBody,
  HORIZONTAL_SPACE,
  JAVA_SPACE,
  LINE_TERMINATORS,
  VERTICAL_SPACE,
} from "./java-char-sets.ts";
import { type Fail, type JavaEscape, JavaRegexReader } from "./java-regex-reader.ts";

/**
 * Translates Java regular expressions (what Spark's RLIKE, regexp_extract, regexp_replace and
 * split take) into RE2 syntax, for a linear-time engine (re2js): no pattern can make a match
 * backtrack for seconds and hold the event loop or a worker.
 *
 * Covered: inline flags (global and scoped), \Q..\E, \A \z, \s \h \v \R, Java's `.` (no line
 * terminator unless (?s)), POSIX and Unicode \p{..} classes (binary properties and scripts as
 * explicit code point ranges), nested classes and && intersections (computed as ranges), octal
 * and \x{..} escapes, named groups, lookbehind without groups inside, possessive quantifiers and
 * atomic groups (approximated by their ordinary forms).
 *
 * Refused with a JavaRegexError naming the construct (RE2 has no way to run them in linear
 * time): backreferences \1 and \k<name>, lookahead (?= (?!, repetition counts above 1000.
 * Not covered: \G, \X, \p{InBlock}.
 * `$` (without (?m)) and \Z keep Java's "or before a final line terminator" by consuming the
 * terminator (see Translator.finalEnd). Difference from Java: with (?m), `^` and `$` see only \n
 * as a line end.
 */

const hex = (cp: number): string => `\\x{${cp.toString(16)}}`;
const SPACE = classBody(JAVA_SPACE, hex);
const HSPACE = classBody(HORIZONTAL_SPACE, hex);
const VSPACE = classBody(VERTICAL_SPACE, hex);
const TERMINATORS = classBody(LINE_TERMINATORS, hex);
/** Java's `.` without DOTALL: anything but a line terminator. */
const DOT = `[^${TERMINATORS}]`;
/** Unicode general categories, which RE2 names as JavaScript does. */
const RE2_CATEGORY =
  /^\\p\{(?:General_Category=)?(L[ultmo]?|M[nce]?|N[dlo]?|P[cdseifo]?|S[mcko]?|Z[slp]?|C[cfso]?)\}$/;
/** RE2's limit on a repetition count. */
const MAX_REPEAT = 1000;

/** Characters that must be escaped to stand for themselves in an RE2 pattern. */
const SYNTAX = new Set([..."^$\\.*+?()[]{}|/"]);
const CLASS_SYNTAX = new Set([..."\\]-[^:"]);

/** A Java pattern the linear-time engine cannot run: invalid, or a construct RE2 cannot express. */
export class JavaRegexError extends RowforgeError {
  constructor(message: string) {
    super("RF_REGEX_INVALID", message);
  }
}

interface Frame {
  /** Extra `)` to close for scoped inline flags opened inside this group. */
  extraClose: number;
  extended: boolean;
  /** Java's DOTALL, (?s): `.` matches line terminators too. */
  dotall: boolean;
  /** Java's MULTILINE, (?m): `^` and `$` at line ends too. */
  multiline: boolean;
}

const escapeChar = (ch: string, inClass: boolean): string =>
  (inClass ? CLASS_SYNTAX : SYNTAX).has(ch) ? `\\${ch}` : ch;

const literal = (cp: number, inClass: boolean): string => {
  const s = String.fromCodePoint(cp);
  return cp < 0x20 || cp === 0x7f || (cp >= 0xd800 && cp <= 0xdfff) ? hex(cp) : escapeChar(s, inClass);
};

const backtrackingOnly = (what: string): string =>
  `${what} is not supported: SQL regular expressions run on a linear-time engine (RE2), which cannot express it; rewrite the pattern without it`;

const failRe2: Fail = (kind, message, position) => {
  throw new JavaRegexError(
    `${message}${kind === "unsupported" ? " is not supported" : ""} at index ${position} of the regular expression`,
  );
};

class Translator {
  private readonly r: JavaRegexReader;
  private out = "";
  flags = "";
  private readonly frames: Frame[] = [{ extraClose: 0, extended: false, dotall: false, multiline: false }];

  /** Whether the result only answers "is there a match" (then `$` may consume a final line terminator). */
  private readonly testOnly: boolean;
  /** Capturing groups emitted so far (the user's and the translator's own). */
  private captures = 0;
  /** RE2 numbers of the groups that capture a final line terminator for `$` and \Z. */
  readonly endGroups: number[] = [];

  constructor(pattern: string, testOnly: boolean) {
    this.r = new JavaRegexReader(pattern, failRe2);
    this.testOnly = testOnly;
  }

  /** Java's `$`: with (?m) at a line end, else as \Z. */
  private inputEnd(): string {
    return this.frame.multiline ? "(?m:$)" : this.finalEnd();
  }

  /**
   * Java's \Z: the end, or before a final line terminator. RE2 has no lookahead, so the terminator
   * is consumed: a yes/no test needs nothing more; a match captures it in a group of its own
   * (listed in endGroups), and the match is cut back to where that group starts.
   */
  private finalEnd(): string {
    if (this.testOnly) return `(?:(?:\\r\\n|[${TERMINATORS}])?\\z)`;
    this.captures++;
    this.endGroups.push(this.captures);
    return `(?:(\\r\\n|[${TERMINATORS}])?\\z)`;
  }

  private get frame(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  private fail(message: string): never {
    return failRe2("invalid", message, this.r.i);
  }

  translate(): string {
    const r = this.r;
    const p = r.src;
    while (r.i < p.length) {
      const ch = p[r.i]!;
      if (this.frame.extended && r.skipComment()) continue;
      switch (ch) {
        case "\\":
          this.out += this.escape(false);
          break;
        case "[":
          this.out += this.charClass();
          break;
        case "(":
          this.group();
          break;
        case ")":
          if (this.frames.length === 1) this.fail("unmatched )");
          this.out += ")".repeat(this.frame.extraClose + 1);
          this.frames.pop();
          r.i++;
          break;
        case "*":
        case "+":
        case "?":
          this.out += ch;
          r.i++;
          this.quantifierSuffix();
          break;
        case "{": {
          const braces = r.readBraces();
          if (braces === null) this.fail("illegal repetition {");
          if (braces.min > MAX_REPEAT || (braces.max ?? 0) > MAX_REPEAT)
            this.fail(
              `a repetition count above ${MAX_REPEAT} (${braces.text}) is not supported by the linear-time engine`,
            );
          this.out += braces.text;
          this.quantifierSuffix();
          break;
        }
        case "$":
          this.out += this.inputEnd();
          r.i++;
          break;
        case ".":
          this.out += this.frame.dotall ? "(?s:.)" : DOT;
          r.i++;
          break;
        default: {
          const cp = p.codePointAt(r.i)!;
          const s = String.fromCodePoint(cp);
          this.out += ch === "^" || ch === "|" ? ch : escapeChar(s, false);
          r.i += s.length;
        }
      }
    }
    if (this.frames.length > 1) this.fail("unclosed group");
    return this.out + ")".repeat(this.frame.extraClose);
  }

  /** After a quantifier: keep a lazy `?`, drop a possessive `+`. */
  private quantifierSuffix(): void {
    if (this.r.readQuantifierSuffix() === "lazy") this.out += "?";
  }

  private group(): void {
    const parent = this.frame;
    const g = this.r.readGroupOpening();
    const open = (text: string, captures: boolean): void => {
      this.out += text;
      if (captures) this.captures++;
      this.frames.push({ ...parent, extraClose: 0 });
    };
    switch (g.kind) {
      case "capture":
        open("(", true);
        return;
      case "named":
        open(`(?P<${g.name}>`, true);
        return;
      case "non-capture":
      case "atomic":
        open("(?:", false);
        return;
      case "lookbehind":
        open(g.text, false);
        return;
      case "lookahead":
        this.fail(backtrackingOnly(`lookahead ${g.text}...)`));
        break;
      case "unknown":
        this.fail("unknown group construct");
        break;
      case "flags":
        break;
    }
    if (g.kind !== "flags") return;
    const { on, off } = g;
    const js = (f: string): string => [...f].filter((c) => c === "i" || c === "m" || c === "s").join("");
    const extended = on.includes("x") ? true : off.includes("x") ? false : parent.extended;
    const dotall = on.includes("s") ? true : off.includes("s") ? false : parent.dotall;
    const multiline = on.includes("m") ? true : off.includes("m") ? false : parent.multiline;
    const modifier = js(on) + (js(off) ? `-${js(off)}` : "");
    if (g.scoped) {
      this.out += modifier ? `(?${modifier}:` : "(?:";
      this.frames.push({ extraClose: 0, extended, dotall, multiline });
      return;
    }
    parent.extended = extended;
    parent.dotall = dotall;
    parent.multiline = multiline;
    if (this.out.length === 0 && this.frames.length === 1 && js(off) === "") {
      // Flags at the very start apply to the whole pattern.
      for (const f of js(on)) if (!this.flags.includes(f)) this.flags += f;
      return;
    }
    if (modifier) {
      this.out += `(?${modifier}:`;
      parent.extraClose++;
    }
  }

  /** An escape, read by the shared reader: inside a class returns class contents, outside a complete atom. */
  private escape(inClass: boolean): string {
    const e: JavaEscape = this.r.readEscape(inClass);
    switch (e.kind) {
      case "char":
        return literal(e.cp, inClass);
      case "quote":
        return e.cps.map((cp) => literal(cp, inClass)).join("");
      case "shorthand":
        switch (e.letter) {
          case "d":
          case "D":
          case "w":
          case "W":
            return `\\${e.letter}`;
          case "s":
            return inClass ? SPACE : `[${SPACE}]`;
          case "S":
            return inClass ? "\\S" : `[^${SPACE}]`;
          case "h":
            return inClass ? HSPACE : `[${HSPACE}]`;
          case "v":
            return inClass ? VSPACE : `[${VSPACE}]`;
          default: {
            const set = e.letter === "H" ? HORIZONTAL_SPACE : VERTICAL_SPACE;
            return inClass ? rangesBody(complementRanges(set)) : `[^${classBody(set, hex)}]`;
          }
        }
      case "property":
        return this.property(e, inClass);
      case "anchor":
        return e.letter === "Z" ? this.finalEnd() : `\\${e.letter}`;
      case "linebreak":
        return `(?:\\r\\n|[${VSPACE}])`;
      case "backref":
        return this.fail(backtrackingOnly(`the backreference \\${e.group}`));
      case "named-backref":
        return this.fail(backtrackingOnly(`the backreference ${e.text}`));
    }
  }

  private property(e: JavaEscape & { kind: "property" }, inClass: boolean): string {
    if (e.ascii) {
      // POSIX classes are ASCII ranges and escapes, valid RE2 class syntax as they are.
      if (inClass) return e.negated ? rangesBody(complementRanges(re2ClassRanges(`[${e.body}]`))) : e.body;
      return e.negated ? `[^${e.body}]` : `[${e.body}]`;
    }
    // General categories RE2 knows by name; other properties and scripts become explicit ranges.
    const category = RE2_CATEGORY.exec(e.body);
    if (category !== null) return `\\${e.negated ? "P" : "p"}{${category[1]}}`;
    let ranges = vClassRanges(e.body);
    if (e.negated) ranges = complementRanges(ranges);
    return inClass ? rangesBody(ranges) : rangesAtom(ranges);
  }

  /** A character class starting at `[`: returns a complete atom. */
  private charClass(): string {
    const r = this.r;
    const p = r.src;
    r.i++; // [
    const negated = p[r.i] === "^";
    if (negated) r.i++;
    const parts: { own: string; nested: string[] }[] = [{ own: "", nested: [] }];
    let first = true;
    for (;;) {
      if (r.i >= p.length) this.fail("unclosed character class");
      const ch = p[r.i]!;
      const part = parts[parts.length - 1]!;
      if (this.frame.extended && JavaRegexReader.isCommentSpace(ch)) {
        r.i++;
        continue;
      }
      if (ch === "]" && !first) {
        r.i++;
        break;
      }
      first = false;
      if (ch === "[") {
        part.nested.push(this.charClass());
        continue;
      }
      if (ch === "&" && p[r.i + 1] === "&") {
        r.i += 2;
        parts.push({ own: "", nested: [] });
        continue;
      }
      const atom = this.classAtom();
      if (p[r.i] === "-" && p[r.i + 1] !== undefined && p[r.i + 1] !== "]" && p[r.i + 1] !== "[") {
        r.i++;
        const upper = this.classAtom();
        part.own += `${atom}-${upper}`;
      } else part.own += atom;
    }
    const union = (part: { own: string; nested: string[] }): string => {
      if (part.nested.length === 0) return `[${part.own}]`;
      const alternatives = part.own ? [`[${part.own}]`, ...part.nested] : part.nested;
      return alternatives.length === 1 ? alternatives[0]! : `(?:${alternatives.join("|")})`;
    };
    const only = parts[0]!;
    if (parts.length === 1 && only.nested.length === 0) return `[${negated ? "^" : ""}${only.own}]`;
    if (parts.length === 1 && !negated) return union(only);
    // Intersections and negated unions have no RE2 syntax: computed as explicit ranges.
    let set = parts.map((part) => re2ClassRanges(union(part))).reduce(intersectRanges);
    if (negated) set = complementRanges(set);
    return rangesAtom(set);
  }

  /** One character (or escape) inside a class. */
  private classAtom(): string {
    const r = this.r;
    if (r.src[r.i] === "\\") return this.escape(true);
    const cp = r.src.codePointAt(r.i)!;
    const s = String.fromCodePoint(cp);
    r.i += s.length;
    return escapeChar(s, true);
  }
}

/**
 * Translates a Java pattern into RE2 syntax; `flags` holds the inline flags set at its very start
 * (`i`, `m`, `s`); `endGroups` the translator's own groups (see Translator.finalEnd), which come
 * after every user group that opens before them. Throws JavaRegexError when the pattern is
 * invalid or uses an unsupported feature.
 */
export function toRe2(
  pattern: string,
  testOnly = false,
): { source: string; flags: string; endGroups: readonly number[] } {
  const t = new Translator(pattern, testOnly);
  const source = t.translate();
  return { source, flags: t.flags, endGroups: t.endGroups };
}

/**
 * Compiles a Java pattern for the linear-time engine; throws JavaRegexError naming what is wrong.
 * `testOnly`: the pattern only answers whether it matches (RLIKE).
 */
export function compileJavaPattern(
  pattern: string,
  testOnly = false,
): { re: RE2JS; endGroups: readonly number[] } {
  const { source, flags, endGroups } = toRe2(pattern, testOnly);
  let bits = RE2JS.LOOKBEHINDS;
  if (flags.includes("i")) bits |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes("m")) bits |= RE2JS.MULTILINE;
  if (flags.includes("s")) bits |= RE2JS.DOTALL;
  try {
    return { re: RE2JS.compile(source, bits), endGroups };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new JavaRegexError(
      why.includes("lookbehind") ? `${why} (a lookbehind may not contain groups, nor $ or \\Z)` : why,
    );
  }
}

/** A compiled Java pattern that answers whether it matches (RLIKE): see compileJavaPattern. */
export function compileJavaRegex(pattern: string, testOnly = false): RE2JS {
  return compileJavaPattern(pattern, testOnly).re;
}
