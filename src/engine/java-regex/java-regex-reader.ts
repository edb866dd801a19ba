import { didYouMean } from "../../errors/index.ts";
import { countCapturingGroups } from "./count-capturing-groups.ts";
import { KNOWN_PROPERTY_NAMES, resolveJavaProperty } from "./java-property.ts";

/** The escapes of one control character (`\t` tab, `\e` escape, ...) and their code points. */
const CONTROL_ESCAPES: Readonly<Record<string, number>> = { t: 9, n: 10, r: 13, f: 12, a: 7, e: 27 };

/**
 * The one reader of Java regular-expression syntax. It reads escapes (`\Q..\E`, `\x{..}`, octal,
 * `\h \v \R`, `\A \z \Z`, POSIX, `java*` and Unicode properties, backreferences split the way
 * Java splits them), group openings (atomic, named, lookaround, inline flags) and quantifier
 * suffixes into neutral tokens; each target (to-js-v.ts for the regex generator, to-re2.ts for
 * SQL) walks the pattern with it and only decides how a token is written.
 */

export type Shorthand = "d" | "D" | "w" | "W" | "s" | "S" | "h" | "H" | "v" | "V";

export type JavaEscape =
  | { readonly kind: "char"; readonly cp: number; readonly start: number }
  | {
      readonly kind: "quote";
      readonly cps: readonly number[];
      readonly starts: readonly number[];
      readonly start: number;
    }
  | { readonly kind: "shorthand"; readonly letter: Shorthand; readonly start: number }
  | {
      readonly kind: "property";
      /** Contents of a `v`-flag class (`a-z`, `\p{Lowercase}`) for the set before negation. */
      readonly body: string;
      readonly negated: boolean;
      /** An ASCII-only POSIX class whose body is also valid RE2 class syntax. */
      readonly ascii: boolean;
      readonly start: number;
    }
  | { readonly kind: "anchor"; readonly letter: "b" | "B" | "A" | "z" | "Z"; readonly start: number }
  | { readonly kind: "linebreak"; readonly start: number }
  | { readonly kind: "backref"; readonly group: number; readonly start: number }
  | { readonly kind: "named-backref"; readonly name: string; readonly text: string; readonly start: number };

export type GroupOpening =
  | { readonly kind: "capture" | "non-capture" | "atomic"; readonly text: string }
  | { readonly kind: "named"; readonly name: string; readonly text: string }
  | { readonly kind: "lookahead" | "lookbehind"; readonly negative: boolean; readonly text: string }
  /** Inline flags: `(?i)` (scoped false) or `(?i:` (scoped true); only Java's flag letters. */
  | {
      readonly kind: "flags";
      readonly on: string;
      readonly off: string;
      readonly scoped: boolean;
      readonly text: string;
    }
  | { readonly kind: "unknown"; readonly text: string };

/**
 * How a target reports a problem: "invalid" (not Java syntax) or "unsupported" (Java syntax the
 * target cannot express), with the position in the Java pattern and an optional hint.
 */
export type Fail = (
  kind: "invalid" | "unsupported",
  message: string,
  position: number,
  hint?: string,
) => never;

const FLAG_GROUP = /\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)])/y;
const QUANTIFIER_BRACES = /\{(\d+)(?:,(\d*))?\}/y;
const NAMED_GROUP = /\(\?<([A-Za-z][A-Za-z0-9]*)>/y;
/** Java's COMMENTS mode, `(?x)`, ignores these (Java's ASCII whitespace). */
const SPACE_CHARS = /^[ \t\n\x0B\f\r]$/;
export const JAVA_FLAGS = "idmsuxU";

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isAlnum = (c: string): boolean => /^[A-Za-z0-9]$/.test(c);

export class JavaRegexReader {
  readonly src: string;
  i = 0;
  readonly fail: Fail;
  private groups: number | undefined;

  constructor(src: string, fail: Fail) {
    this.src = src;
    this.fail = fail;
  }

  /** Capturing groups in the whole pattern, needed to split `\12` the way Java does. */
  get groupCount(): number {
    this.groups ??= countCapturingGroups(this.src);
    return this.groups;
  }

  /** Whether `c` is whitespace that `(?x)` ignores. */
  static isCommentSpace(c: string): boolean {
    return SPACE_CHARS.test(c);
  }

  /** Under `(?x)`: skips one whitespace character or a `#` comment at i; true when it did. */
  skipComment(): boolean {
    const c = this.src[this.i]!;
    if (SPACE_CHARS.test(c)) {
      this.i++;
      return true;
    }
    if (c === "#") {
      const nl = this.src.indexOf("\n", this.i);
      this.i = nl < 0 ? this.src.length : nl + 1;
      return true;
    }
    return false;
  }

  /** `{n}`, `{n,}` or `{n,m}` at i (consumed), or null (nothing consumed). */
  readBraces(): { readonly text: string; readonly min: number; readonly max: number | undefined } | null {
    QUANTIFIER_BRACES.lastIndex = this.i;
    const m = QUANTIFIER_BRACES.exec(this.src);
    if (m === null) return null;
    this.i += m[0].length;
    return { text: m[0], min: Number(m[1]), max: m[2] ? Number(m[2]) : undefined };
  }

  /** After a quantifier: a lazy `?` or a possessive `+` (consumed), else "". */
  readQuantifierSuffix(): "lazy" | "possessive" | "" {
    const c = this.src[this.i];
    if (c === "?") {
      this.i++;
      return "lazy";
    }
    if (c === "+") {
      this.i++;
      return "possessive";
    }
    return "";
  }

  /** The group opening at `(` (consumed, except an unknown `(?` construct, of which only `(` is). */
  readGroupOpening(): GroupOpening {
    const src = this.src;
    const start = this.i;
    const take = (text: string): string => {
      this.i += text.length;
      return text;
    };
    if (src[start + 1] !== "?") return { kind: "capture", text: take("(") };
    if (src.startsWith("(?:", start)) return { kind: "non-capture", text: take("(?:") };
    if (src.startsWith("(?>", start)) return { kind: "atomic", text: take("(?>") };
    if (src.startsWith("(?=", start)) return { kind: "lookahead", negative: false, text: take("(?=") };
    if (src.startsWith("(?!", start)) return { kind: "lookahead", negative: true, text: take("(?!") };
    if (src.startsWith("(?<=", start)) return { kind: "lookbehind", negative: false, text: take("(?<=") };
    if (src.startsWith("(?<!", start)) return { kind: "lookbehind", negative: true, text: take("(?<!") };
    if (src.startsWith("(?<", start)) {
      NAMED_GROUP.lastIndex = start;
      const m = NAMED_GROUP.exec(src);
      if (m === null)
        this.fail("invalid", "a group name must start with a letter and hold only letters and digits", start);
      return { kind: "named", name: m[1]!, text: take(m[0]) };
    }
    FLAG_GROUP.lastIndex = start;
    const m = FLAG_GROUP.exec(src);
    if (m === null) return { kind: "unknown", text: take("(") };
    const on = m[1] ?? "";
    const off = m[2] ?? "";
    const bad = [...on, ...off].find((f) => !JAVA_FLAGS.includes(f));
    if (bad !== undefined) {
      this.fail(
        "invalid",
        `unknown inline flag "${bad}" in ${m[0]}`,
        start,
        "Java's inline flags are i, d, m, s, u, x and U",
      );
    }
    return { kind: "flags", on, off, scoped: m[3] === ":", text: take(m[0]) };
  }

  /** Reads one escape starting at the backslash. */
  readEscape(inClass: boolean): JavaEscape {
    const src = this.src;
    const start = this.i;
    const d = src[start + 1];
    if (d === undefined) this.fail("invalid", "the pattern ends with a lone backslash", start);
    this.i += 2;
    const char = (cp: number): JavaEscape => ({ kind: "char", cp, start });
    const outsideOnly = (): void => {
      if (inClass) this.fail("invalid", `\\${d} is not allowed inside a character class`, start);
    };
    const control = CONTROL_ESCAPES[d];
    if (control !== undefined) return char(control);
    switch (d) {
      case "0":
        return char(this.octal(start));
      case "x":
        return char(this.hexEscape(start));
      case "u":
        return char(this.unicodeEscape(start));
      case "c": {
        const x = src[this.i];
        if (x === undefined) this.fail("invalid", "\\c must be followed by a control letter", start);
        this.i++;
        return char(x.charCodeAt(0) ^ 64);
      }
      case "d":
      case "D":
      case "w":
      case "W":
      case "s":
      case "S":
      case "h":
      case "H":
      case "v":
      case "V":
        return { kind: "shorthand", letter: d, start };
      case "p":
      case "P":
        return this.property(start, d === "P");
      case "Q":
        return this.quote(start);
      case "b":
        outsideOnly();
        if (src[this.i] === "{") this.fail("unsupported", "boundary \\b{...}", start);
        return { kind: "anchor", letter: "b", start };
      case "B":
      case "A":
      case "z":
      case "Z":
        outsideOnly();
        return { kind: "anchor", letter: d, start };
      case "G":
        this.fail("unsupported", "end-of-previous-match anchor \\G", start);
        break;
      case "X":
        this.fail("unsupported", "grapheme cluster \\X", start);
        break;
      case "N":
        this.fail("unsupported", "named character \\N{...}", start);
        break;
      case "R":
        outsideOnly();
        return { kind: "linebreak", start };
      case "k": {
        outsideOnly();
        const close = src.indexOf(">", this.i);
        if (src[this.i] !== "<" || close < 0) this.fail("invalid", "\\k must be followed by <name>", start);
        this.i = close + 1;
        return {
          kind: "named-backref",
          name: src.slice(start + 3, close),
          text: src.slice(start, this.i),
          start,
        };
      }
      default:
        break;
    }
    if (isDigit(d)) {
      outsideOnly();
      // Java reads as many digits as still name an existing group; the rest are literal digits.
      let n = Number(d);
      while (isDigit(src[this.i]) && n * 10 + Number(src[this.i]) <= this.groupCount)
        n = n * 10 + Number(src[this.i++]);
      return { kind: "backref", group: n, start };
    }
    if (isAlnum(d)) this.fail("invalid", `unknown escape \\${d}`, start);
    const cp = src.codePointAt(start + 1)!;
    this.i = start + 1 + (cp > 0xffff ? 2 : 1);
    return char(cp);
  }

  private octal(start: number): number {
    const src = this.src;
    let digits = "";
    while (digits.length < 3 && /^[0-7]$/.test(src[this.i] ?? "")) {
      if (digits.length === 2 && digits[0]! > "3") break;
      digits += src[this.i++];
    }
    if (digits === "") this.fail("invalid", "\\0 must be followed by octal digits", start);
    return Number.parseInt(digits, 8);
  }

  private hexEscape(start: number): number {
    const src = this.src;
    if (src[this.i] === "{") {
      const close = src.indexOf("}", this.i);
      const digits = close < 0 ? "" : src.slice(this.i + 1, close);
      const cp = Number.parseInt(digits, 16);
      if (!/^[0-9a-fA-F]{1,6}$/.test(digits) || cp > 0x10ffff) {
        this.fail("invalid", "\\x{...} must hold a hexadecimal code point up to 10FFFF", start);
      }
      this.i = close + 1;
      return cp;
    }
    const digits = src.slice(this.i, this.i + 2);
    if (!/^[0-9a-fA-F]{2}$/.test(digits))
      this.fail("invalid", "\\x must be followed by two hex digits", start);
    this.i += 2;
    return Number.parseInt(digits, 16);
  }

  private unicodeEscape(start: number): number {
    const src = this.src;
    const digits = src.slice(this.i, this.i + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(digits))
      this.fail("invalid", "\\u must be followed by four hex digits", start);
    this.i += 4;
    const unit = Number.parseInt(digits, 16);
    const trail = /^\\u(d[c-f][0-9a-f]{2})/i.exec(src.slice(this.i, this.i + 6));
    if (unit >= 0xd800 && unit <= 0xdbff && trail) {
      this.i += 6;
      return 0x10000 + ((unit - 0xd800) << 10) + (Number.parseInt(trail[1]!, 16) - 0xdc00);
    }
    return unit;
  }

  private property(start: number, negated: boolean): JavaEscape {
    const src = this.src;
    let name: string;
    if (src[this.i] === "{") {
      const close = src.indexOf("}", this.i);
      if (close < 0) this.fail("invalid", "unclosed property name", start);
      name = src.slice(this.i + 1, close);
      this.i = close + 1;
    } else {
      name = src[this.i] ?? "";
      this.i++;
    }
    const written = src.slice(start, this.i);
    const res = resolveJavaProperty(name, negated);
    if (res.ok) return { kind: "property", body: res.body, negated: res.negated, ascii: res.ascii, start };
    if (res.kind === "block") this.fail("unsupported", `Unicode block ${written}`, start);
    const near = didYouMean(name, KNOWN_PROPERTY_NAMES);
    return this.fail(
      "invalid",
      `unknown character property ${written}`,
      start,
      near ||
        "use a POSIX name such as \\p{Alpha}, a category such as \\p{Lu}, or a script such as \\p{IsLatin}",
    );
  }

  private quote(start: number): JavaEscape {
    const src = this.src;
    const end = src.indexOf("\\E", this.i);
    const stop = end < 0 ? src.length : end;
    const cps: number[] = [];
    const starts: number[] = [];
    while (this.i < stop) {
      const cp = src.codePointAt(this.i)!;
      cps.push(cp);
      starts.push(this.i);
      this.i += cp > 0xffff ? 2 : 1;
    }
    this.i = end < 0 ? stop : end + 2;
    return { kind: "quote", cps, starts, start };
  }
}
