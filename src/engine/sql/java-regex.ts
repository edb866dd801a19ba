import { RE2JS } from "re2js";
import {
  complement,
  intersect,
  propertyRanges,
  type Ranges,
  rangesAtom,
  rangesBody,
  re2ClassRanges,
} from "./regex-code-points.ts";

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

const SPACE = String.raw`\t\n\x0B\f\r `;
const HSPACE = String.raw` \t\x{A0}\x{1680}\x{180e}\x{2000}-\x{200a}\x{202f}\x{205f}\x{3000}`;
const VSPACE = String.raw`\n\x0B\f\r\x{85}\x{2028}\x{2029}`;
/** Java's `.` without DOTALL: anything but a line terminator. */
const DOT = String.raw`[^\n\r\x{85}\x{2028}\x{2029}]`;
/** Unicode general categories, which RE2 names as JavaScript does. */
const RE2_CATEGORY = /^(L[ultmo]?|M[nce]?|N[dlo]?|P[cdseifo]?|S[mcko]?|Z[slp]?|C[cfso]?)$/;
/** RE2's limit on a repetition count. */
const MAX_REPEAT = 1000;

const POSIX: Readonly<Record<string, string>> = {
  Lower: "a-z",
  Upper: "A-Z",
  ASCII: String.raw`\x00-\x7F`,
  Alpha: "a-zA-Z",
  Digit: "0-9",
  Alnum: "a-zA-Z0-9",
  Punct: String.raw`!-\/:-@\[-\x60\{-~`,
  Graph: "!-~",
  Print: String.raw`\x20-~`,
  Blank: String.raw` \t`,
  Cntrl: String.raw`\x00-\x1F\x7F`,
  XDigit: "0-9a-fA-F",
  Space: SPACE,
};

const UNICODE_ALIASES: Readonly<Record<string, string>> = {
  javalowercase: "Lowercase",
  javauppercase: "Uppercase",
  javawhitespace: "White_Space",
  javaalphabetic: "Alphabetic",
  javaletter: "L",
  javadigit: "Nd",
  alphabetic: "Alphabetic",
  letter: "L",
  digit: "Nd",
  uppercase: "Uppercase",
  lowercase: "Lowercase",
  whitespace: "White_Space",
  white_space: "White_Space",
  punctuation: "P",
  ideographic: "Ideographic",
  control: "Cc",
  hex_digit: "Hex_Digit",
  hexdigit: "Hex_Digit",
};

/** Characters that must be escaped to stand for themselves in an RE2 pattern. */
const SYNTAX = new Set([..."^$\\.*+?()[]{}|/"]);
const CLASS_SYNTAX = new Set([..."\\]-[^:"]);

export class JavaRegexError extends Error {}

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

function codePointEscape(cp: number): string {
  return `\\x{${cp.toString(16)}}`;
}

const backtrackingOnly = (what: string): string =>
  `${what} is not supported: SQL regular expressions run on a linear-time engine (RE2), which cannot express it; rewrite the pattern without it`;

class Translator {
  private readonly p: string;
  private i = 0;
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
    this.p = pattern;
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
    if (this.testOnly) return String.raw`(?:(?:\r\n|[\n\r\x{85}\x{2028}\x{2029}])?\z)`;
    this.captures++;
    this.endGroups.push(this.captures);
    return String.raw`(?:(\r\n|[\n\r\x{85}\x{2028}\x{2029}])?\z)`;
  }

  private get frame(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  private fail(message: string): never {
    throw new JavaRegexError(`${message} at index ${this.i} of the regular expression`);
  }

  translate(): string {
    const p = this.p;
    while (this.i < p.length) {
      const ch = p[this.i]!;
      if (this.frame.extended && /\s/.test(ch)) {
        this.i++;
        continue;
      }
      if (this.frame.extended && ch === "#") {
        while (this.i < p.length && p[this.i] !== "\n") this.i++;
        continue;
      }
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
          this.i++;
          break;
        case "*":
        case "+":
        case "?":
          this.out += ch;
          this.i++;
          this.quantifierSuffix();
          break;
        case "{": {
          const m = /^\{(\d+)(?:,(\d*))?\}/.exec(p.slice(this.i));
          if (m === null) this.fail("illegal repetition {");
          if (Number(m[1]) > MAX_REPEAT || Number(m[2] || 0) > MAX_REPEAT)
            this.fail(
              `a repetition count above ${MAX_REPEAT} (${m[0]}) is not supported by the linear-time engine`,
            );
          this.out += m[0];
          this.i += m[0].length;
          this.quantifierSuffix();
          break;
        }
        case "$":
          this.out += this.inputEnd();
          this.i++;
          break;
        case ".":
          this.out += this.frame.dotall ? "(?s:.)" : DOT;
          this.i++;
          break;
        default: {
          const cp = p.codePointAt(this.i)!;
          const s = String.fromCodePoint(cp);
          this.out += ch === "^" || ch === "|" ? ch : escapeChar(s, false);
          this.i += s.length;
        }
      }
    }
    if (this.frames.length > 1) this.fail("unclosed group");
    return this.out + ")".repeat(this.frame.extraClose);
  }

  /** After a quantifier: keep a lazy `?`, drop a possessive `+`. */
  private quantifierSuffix(): void {
    const next = this.p[this.i];
    if (next === "?") {
      this.out += "?";
      this.i++;
    } else if (next === "+") this.i++;
  }

  private group(): void {
    const rest = this.p.slice(this.i);
    const parent = this.frame;
    const plain = this.plainGroupOpening(rest);
    if (plain !== undefined) {
      this.out += plain.open;
      if (plain.open === "(" || plain.open.startsWith("(?P<")) this.captures++;
      this.i += plain.length;
      this.frames.push({ ...parent, extraClose: 0 });
      return;
    }
    const flags = /^\(\?([idmsuxU]*)(?:-([idmsuxU]*))?([:)])/.exec(rest);
    if (flags === null) this.fail("unknown group construct");
    const on = flags[1] ?? "";
    const off = flags[2] ?? "";
    const js = (f: string): string => [...f].filter((c) => c === "i" || c === "m" || c === "s").join("");
    const extended = on.includes("x") ? true : off.includes("x") ? false : parent.extended;
    const dotall = on.includes("s") ? true : off.includes("s") ? false : parent.dotall;
    const multiline = on.includes("m") ? true : off.includes("m") ? false : parent.multiline;
    const modifier = js(on) + (js(off) ? `-${js(off)}` : "");
    if (flags[3] === ":") {
      this.out += modifier ? `(?${modifier}:` : "(?:";
      this.i += flags[0].length;
      this.frames.push({ extraClose: 0, extended, dotall, multiline });
      return;
    }
    this.i += flags[0].length;
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

  /** `(`, `(?:`, lookbehinds, named groups and atomic groups (as non-capturing): what to emit and how much to skip. */
  private plainGroupOpening(rest: string): { open: string; length: number } | undefined {
    if (!rest.startsWith("(?")) return { open: "(", length: 1 };
    for (const open of ["(?:", "(?<=", "(?<!"]) {
      if (rest.startsWith(open)) return { open, length: open.length };
    }
    if (rest.startsWith("(?=") || rest.startsWith("(?!"))
      this.fail(backtrackingOnly(`lookahead ${rest.slice(0, 3)}...)`));
    if (rest.startsWith("(?>")) return { open: "(?:", length: 3 };
    const named = /^\(\?<([A-Za-z][A-Za-z0-9]*)>/.exec(rest);
    return named === null ? undefined : { open: `(?P<${named[1]}>`, length: named[0].length };
  }

  private readHex(from: number, length: number): number {
    const hex = this.p.slice(from, from + length);
    if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(hex)) this.fail("illegal hexadecimal escape");
    return Number.parseInt(hex, 16);
  }

  /** An escape at `\`; inside a class returns class contents, outside a complete atom. */
  private escape(inClass: boolean): string {
    const p = this.p;
    const c = p[this.i + 1];
    if (c === undefined) this.fail("trailing backslash");
    this.i += 2;
    switch (c) {
      case "Q": {
        const end = p.indexOf("\\E", this.i);
        const literal = p.slice(this.i, end < 0 ? p.length : end);
        this.i = end < 0 ? p.length : end + 2;
        return [...literal].map((x) => escapeChar(x, inClass)).join("");
      }
      case "d":
      case "D":
      case "w":
      case "W":
        return `\\${c}`;
      case "s":
        return inClass ? SPACE : `[${SPACE}]`;
      case "S":
        return inClass ? "\\S" : `[^${SPACE}]`;
      case "h":
        return inClass ? HSPACE : `[${HSPACE}]`;
      case "H":
      case "V":
        if (inClass) this.fail(`\\${c} inside a character class is not supported`);
        return `[^${c === "H" ? HSPACE : VSPACE}]`;
      case "t":
        return "\\t";
      case "n":
        return "\\n";
      case "r":
        return "\\r";
      case "f":
        return "\\f";
      case "a":
        return "\\x07";
      case "e":
        return "\\x1B";
      case "v":
        return inClass ? VSPACE : `[${VSPACE}]`;
      case "c": {
        const letter = p[this.i];
        if (letter === undefined) this.fail("\\c needs a letter");
        this.i++;
        return codePointEscape(letter.charCodeAt(0) ^ 64);
      }
      case "x": {
        if (p[this.i] === "{") {
          const close = p.indexOf("}", this.i);
          if (close < 0) this.fail("unclosed \\x{");
          const cp = this.readHex(this.i + 1, close - this.i - 1);
          this.i = close + 1;
          return codePointEscape(cp);
        }
        const cp = this.readHex(this.i, 2);
        this.i += 2;
        return codePointEscape(cp);
      }
      case "u": {
        const cp = this.readHex(this.i, 4);
        this.i += 4;
        return codePointEscape(cp);
      }
      case "0": {
        const m = /^[0-3]?[0-7]{1,2}|^[0-7]/.exec(p.slice(this.i));
        if (m === null) this.fail("illegal octal escape");
        this.i += m[0].length;
        return codePointEscape(Number.parseInt(m[0], 8));
      }
      case "p":
      case "P":
        return this.property(c === "P", inClass);
      default:
        break;
    }
    if (!inClass) {
      switch (c) {
        case "A":
          return "\\A";
        case "z":
          return "\\z";
        case "Z":
          return this.finalEnd();
        case "R":
          return `(?:\\r\\n|[${VSPACE}])`;
        case "b":
        case "B":
          return `\\${c}`;
        case "k": {
          const m = /^<([A-Za-z][A-Za-z0-9]*)>/.exec(p.slice(this.i));
          if (m === null) this.fail("\\k needs a group name in <...>");
          this.fail(backtrackingOnly(`the backreference \\k${m[0]}`));
          break;
        }
        default:
          break;
      }
      if (/[1-9]/.test(c)) this.fail(backtrackingOnly(`the backreference \\${c}`));
    }
    if (/[A-Za-z0-9]/.test(c)) this.fail(`unsupported escape \\${c}`);
    this.i -= 1;
    const cp = p.codePointAt(this.i)!;
    const s = String.fromCodePoint(cp);
    this.i += s.length;
    return escapeChar(s, inClass);
  }

  private property(negated: boolean, inClass: boolean): string {
    const p = this.p;
    let name: string;
    if (p[this.i] === "{") {
      const close = p.indexOf("}", this.i);
      if (close < 0) this.fail("unclosed \\p{");
      name = p.slice(this.i + 1, close);
      this.i = close + 1;
    } else {
      name = p[this.i] ?? "";
      this.i++;
    }
    const posix = POSIX[name.startsWith("Is") ? name.slice(2) : name];
    if (posix !== undefined) {
      if (inClass) return negated ? rangesBody(complement(re2ClassRanges(`[${posix}]`))) : posix;
      return negated ? `[^${posix}]` : `[${posix}]`;
    }
    const js = this.unicodeProperty(name);
    // General categories RE2 knows by name; other properties and scripts become explicit ranges.
    if (RE2_CATEGORY.test(js)) return `\\${negated ? "P" : "p"}{${js}}`;
    let ranges: Ranges;
    try {
      ranges = propertyRanges(js);
    } catch {
      this.fail(`unknown Unicode property \\p{${name}}`);
    }
    if (negated) ranges = complement(ranges);
    return inClass ? rangesBody(ranges) : rangesAtom(ranges);
  }

  private unicodeProperty(name: string): string {
    const lower = name.toLowerCase();
    if (lower.startsWith("in") && !/^in[a-z]*=/.test(lower) && UNICODE_ALIASES[lower] === undefined) {
      this.fail(`Unicode block \\p{${name}} is not supported`);
    }
    const eq = name.indexOf("=");
    if (eq >= 0) {
      const key = name.slice(0, eq).toLowerCase();
      const value = name.slice(eq + 1);
      if (key === "script" || key === "sc") return `Script=${value}`;
      if (key === "general_category" || key === "gc") return `General_Category=${value}`;
      if (key === "block" || key === "blk") this.fail(`Unicode block \\p{${name}} is not supported`);
      return name;
    }
    const bare = lower.startsWith("is") ? name.slice(2) : name;
    const alias = UNICODE_ALIASES[bare.toLowerCase()] ?? UNICODE_ALIASES[lower];
    if (alias !== undefined) return alias;
    if (/^(L[ultmo]?|M[nce]?|N[dlo]?|P[cdseifo]?|S[mcko]?|Z[slp]?|C[cfson]?)$/.test(bare)) return bare;
    // `IsLatin`, `IsGreek`: scripts.
    if (lower.startsWith("is")) return `Script=${bare}`;
    return bare;
  }

  /** A character class starting at `[`: returns a complete atom. */
  private charClass(): string {
    const p = this.p;
    this.i++; // [
    const negated = p[this.i] === "^";
    if (negated) this.i++;
    const parts: { own: string; nested: string[] }[] = [{ own: "", nested: [] }];
    let first = true;
    for (;;) {
      if (this.i >= p.length) this.fail("unclosed character class");
      const ch = p[this.i]!;
      const part = parts[parts.length - 1]!;
      if (ch === "]" && !first) {
        this.i++;
        break;
      }
      first = false;
      if (ch === "[") {
        part.nested.push(this.charClass());
        continue;
      }
      if (ch === "&" && p[this.i + 1] === "&") {
        this.i += 2;
        parts.push({ own: "", nested: [] });
        continue;
      }
      const atom = this.classAtom();
      if (
        p[this.i] === "-" &&
        p[this.i + 1] !== undefined &&
        p[this.i + 1] !== "]" &&
        p[this.i + 1] !== "["
      ) {
        this.i++;
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
    let set = parts.map((part) => re2ClassRanges(union(part))).reduce(intersect);
    if (negated) set = complement(set);
    return rangesAtom(set);
  }

  /** One character (or escape) inside a class. */
  private classAtom(): string {
    const p = this.p;
    if (p[this.i] === "\\") return this.escape(true);
    const cp = p.codePointAt(this.i)!;
    const s = String.fromCodePoint(cp);
    this.i += s.length;
    return escapeChar(s, true);
  }
}

/**
 * Translates a Java pattern into RE2 syntax; `flags` holds the inline flags set at its very start
 * (`i`, `m`, `s`); `endGroups` the translator's own groups (see Translator.finalEnd), which come
 * after every user group that opens before them. Throws JavaRegexError when the pattern is
 * invalid or uses an unsupported feature.
 */
export function translateJavaRegex(
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
  const { source, flags, endGroups } = translateJavaRegex(pattern, testOnly);
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
