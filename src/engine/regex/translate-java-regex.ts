import { didYouMean } from "../../errors/index.ts";
import { countCapturingGroups } from "./count-capturing-groups.ts";
import { javaPropertyOperand, KNOWN_PROPERTY_NAMES } from "./java-property.ts";
import { invalidRegex, unsupportedConstruct } from "./regex-error.ts";

/**
 * Rewrites a Java-flavoured pattern into JavaScript syntax for the `v` flag, so one real parser
 * reads it. Java's classes (union `[a[b]]`, intersection `&&`, literal `]` first, unescaped
 * punctuation) are re-emitted as `v`-flag classes with every punctuation character escaped;
 * Java-only escapes (`\Q..\E`, `\x{..}`, octal `\0..`, `\h`, `\v`, `\R`, `\A`, `\z`, POSIX and
 * `java*` properties) become their JavaScript equivalents; possessive quantifiers lose their
 * `+`, atomic groups become plain groups, and inline flags are dropped: they never change
 * which strings match, except `(?x)`, whose whitespace and `#` comments are removed here.
 */
export interface TranslatedRegex {
  /** The pattern in JavaScript syntax for the `v` flag. */
  readonly source: string;
  /** `positions[i]` is the index in the Java pattern that output character i came from. */
  readonly positions: readonly number[];
  /**
   * JavaScript flags (`i`, `m`, `s`) for inline flags at the very start of the pattern, such as
   * `(?i)`: a matcher built from `source` needs them; the generator does not.
   */
  readonly flags: string;
}

type Atom =
  | { readonly kind: "char"; readonly cp: number; readonly start: number }
  | { readonly kind: "text"; readonly text: string; readonly start: number }
  | { readonly kind: "quote"; readonly cps: readonly number[]; readonly starts: readonly number[] };

const HORIZONTAL_SPACE = "\\x20\\t\\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000";
const VERTICAL_SPACE = "\\n\\x0B\\f\\r\\x85\\u2028\\u2029";
const SPACE_CHARS = /^[ \t\n\x0B\f\r]$/;
const FLAG_GROUP = /\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)])/y;
const QUANTIFIER_BRACES = /\{\d+(?:,\d*)?\}/y;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isAlnum = (c: string): boolean => /^[A-Za-z0-9]$/.test(c);
const hex = (cp: number): string => `\\u{${cp.toString(16)}}`;

/** A code point as text that means itself both inside and outside a `v`-flag class. */
const literalText = (cp: number): string => {
  const s = String.fromCodePoint(cp);
  return isAlnum(s) ? s : hex(cp);
};

export function translateJavaRegex(pattern: string): TranslatedRegex {
  const t = new Translator(pattern);
  t.run();
  t.positions.push(pattern.length);
  return { source: t.out, positions: t.positions, flags: [...t.leadingFlags].sort().join("") };
}

class Translator {
  readonly src: string;
  readonly groupCount: number;
  i = 0;
  out = "";
  readonly positions: number[] = [];
  /** Java's COMMENTS flag, `(?x)`: whitespace and `#` comments are not part of the pattern. */
  comments = false;
  /** JavaScript equivalents of the inline flags set before anything else in the pattern. */
  readonly leadingFlags = new Set<string>();

  constructor(src: string) {
    this.src = src;
    this.groupCount = countCapturingGroups(src);
  }

  emit(text: string, pos: number): void {
    this.out += text;
    for (let k = 0; k < text.length; k++) this.positions.push(pos);
  }

  run(): void {
    const src = this.src;
    while (this.i < src.length) {
      const c = src[this.i]!;
      if (this.comments && this.skipComment()) continue;
      switch (c) {
        case "\\":
          this.emitAtom(this.escape(false));
          break;
        case "[":
          this.charClass();
          break;
        case "(":
          this.groupOpen();
          break;
        case "*":
        case "+":
        case "?":
          this.emit(c, this.i++);
          this.quantifierSuffix();
          break;
        case "{": {
          QUANTIFIER_BRACES.lastIndex = this.i;
          const m = QUANTIFIER_BRACES.exec(src);
          if (m) {
            this.emit(m[0], this.i);
            this.i += m[0].length;
            this.quantifierSuffix();
          } else {
            this.emit(c, this.i++);
          }
          break;
        }
        case "]":
        case "}":
          this.emit(`\\${c}`, this.i++);
          break;
        default: {
          const cp = src.codePointAt(this.i)!;
          const s = String.fromCodePoint(cp);
          this.emit(s, this.i);
          this.i += s.length;
        }
      }
    }
  }

  private skipComment(): boolean {
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

  /** Lazy `?` is kept; possessive `+` generates the same strings, so it is dropped. */
  private quantifierSuffix(): void {
    const c = this.src[this.i];
    if (c === "+") this.i++;
    else if (c === "?") this.emit("?", this.i++);
  }

  private emitAtom(atom: Atom): void {
    if (atom.kind === "char") this.emit(literalText(atom.cp), atom.start);
    else if (atom.kind === "text") this.emit(atom.text, atom.start);
    else {
      for (const [k, cp] of atom.cps.entries()) this.emit(literalText(cp), atom.starts[k]!);
    }
  }

  private groupOpen(): void {
    const src = this.src;
    const start = this.i;
    if (src[start + 1] !== "?") {
      this.emit("(", this.i++);
      return;
    }
    for (const opener of ["(?:", "(?=", "(?!", "(?<=", "(?<!"]) {
      if (src.startsWith(opener, start)) {
        this.emit(opener, start);
        this.i += opener.length;
        return;
      }
    }
    if (src.startsWith("(?>", start)) {
      // An atomic group only limits backtracking; as a generator it is a plain group.
      this.emit("(?:", start);
      this.i += 3;
      return;
    }
    if (src.startsWith("(?<", start)) {
      const close = src.indexOf(">", start);
      const end = close < 0 ? start + 3 : close + 1;
      this.emit(src.slice(start, end), start);
      this.i = end;
      return;
    }
    FLAG_GROUP.lastIndex = start;
    const m = FLAG_GROUP.exec(src);
    if (!m) {
      this.emit("(", this.i++);
      return;
    }
    const on = m[1] ?? "";
    const off = m[2] ?? "";
    const bad = [...on, ...off].find((f) => !"idmsuxU".includes(f));
    if (bad !== undefined) {
      throw invalidRegex(
        this.src,
        `unknown inline flag "${bad}" in ${m[0]}`,
        start,
        "Java's inline flags are i, d, m, s, u, x and U",
      );
    }
    if (m[3] === ")" && this.out === "") {
      for (const f of on) if ("ims".includes(f)) this.leadingFlags.add(f);
      for (const f of off) this.leadingFlags.delete(f);
    }
    if (on.includes("x")) this.comments = true;
    if (off.includes("x")) this.comments = false;
    if (m[3] === ":") this.emit("(?:", start);
    this.i += m[0].length;
  }

  /** A Java class, emitted as `[[...]&&[...]]` (one bracketed operand per `&&` side). */
  private charClass(): void {
    const src = this.src;
    const start = this.i++;
    let negate = false;
    if (src[this.i] === "^") {
      negate = true;
      this.i++;
    }
    this.emit(negate ? "[^[" : "[[", start);
    let first = true;
    for (;;) {
      if (this.i >= src.length) throw invalidRegex(src, "unclosed character class", start);
      const c = src[this.i]!;
      if (this.comments && SPACE_CHARS.test(c)) {
        this.i++;
        continue;
      }
      if (c === "]" && !first) {
        this.emit("]]", this.i++);
        return;
      }
      first = false;
      if (c === "[") {
        this.charClass();
        continue;
      }
      if (c === "&" && src[this.i + 1] === "&") {
        this.emit("]&&[", this.i);
        this.i += 2;
        continue;
      }
      const atom = this.classAtom();
      if (atom.kind !== "char") {
        this.emitAtom(atom);
        continue;
      }
      const next = src[this.i + 1];
      const isRange =
        src[this.i] === "-" &&
        next !== undefined &&
        next !== "]" &&
        next !== "[" &&
        !(next === "&" && src[this.i + 2] === "&");
      if (!isRange) {
        this.emitAtom(atom);
        continue;
      }
      const dash = this.i++;
      const hi = this.classAtom();
      if (hi.kind !== "char")
        throw invalidRegex(src, "a character range must end with a single character", dash);
      if (hi.cp < atom.cp) {
        throw invalidRegex(
          src,
          `character range ${src.slice(atom.start, this.i)} is out of order`,
          atom.start,
        );
      }
      this.emit(literalText(atom.cp), atom.start);
      this.emit("-", dash);
      this.emit(literalText(hi.cp), hi.start);
    }
  }

  private classAtom(): Atom {
    if (this.src[this.i] === "\\") return this.escape(true);
    const cp = this.src.codePointAt(this.i)!;
    const start = this.i;
    this.i += cp > 0xffff ? 2 : 1;
    return { kind: "char", cp, start };
  }

  /** Reads one escape starting at the backslash. */
  private escape(inClass: boolean): Atom {
    const src = this.src;
    const start = this.i;
    const d = src[start + 1];
    if (d === undefined) throw invalidRegex(src, "the pattern ends with a lone backslash", start);
    this.i += 2;
    const char = (cp: number): Atom => ({ kind: "char", cp, start });
    const text = (t: string): Atom => ({ kind: "text", text: t, start });
    const outsideOnly = (): void => {
      if (inClass) throw invalidRegex(src, `\\${d} is not allowed inside a character class`, start);
    };
    switch (d) {
      case "t":
        return char(9);
      case "n":
        return char(10);
      case "r":
        return char(13);
      case "f":
        return char(12);
      case "a":
        return char(7);
      case "e":
        return char(27);
      case "0":
        return char(this.octal(start));
      case "x":
        return char(this.hexEscape(start));
      case "u":
        return char(this.unicodeEscape(start));
      case "c": {
        const x = src[this.i];
        if (x === undefined) throw invalidRegex(src, "\\c must be followed by a control letter", start);
        this.i++;
        return char(x.charCodeAt(0) ^ 64);
      }
      case "d":
      case "D":
      case "w":
      case "W":
      case "s":
      case "S":
        return text(`\\${d}`);
      case "h":
        return text(`[${HORIZONTAL_SPACE}]`);
      case "H":
        return text(`[^${HORIZONTAL_SPACE}]`);
      case "v":
        return text(`[${VERTICAL_SPACE}]`);
      case "V":
        return text(`[^${VERTICAL_SPACE}]`);
      case "p":
      case "P":
        return text(this.property(start, d === "P"));
      case "Q":
        return this.quote();
      case "b":
        outsideOnly();
        if (src[this.i] === "{") throw unsupportedConstruct(src, "boundary \\b{...}", start);
        return text("\\b");
      case "B":
        outsideOnly();
        return text("\\B");
      case "A":
        outsideOnly();
        return text("^");
      case "z":
      case "Z":
        outsideOnly();
        return text("$");
      case "G":
        throw unsupportedConstruct(src, "end-of-previous-match anchor \\G", start);
      case "X":
        throw unsupportedConstruct(src, "grapheme cluster \\X", start);
      case "N":
        throw unsupportedConstruct(src, "named character \\N{...}", start);
      case "R":
        outsideOnly();
        return text(`(?:\\r\\n|[${VERTICAL_SPACE}])`);
      case "k": {
        outsideOnly();
        const close = src.indexOf(">", this.i);
        if (src[this.i] !== "<" || close < 0)
          throw invalidRegex(src, "\\k must be followed by <name>", start);
        this.i = close + 1;
        return text(src.slice(start, this.i));
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
      return text(isDigit(src[this.i]) ? `(?:\\${n})` : `\\${n}`);
    }
    if (isAlnum(d)) throw invalidRegex(src, `unknown escape \\${d}`, start);
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
    if (digits === "") throw invalidRegex(src, "\\0 must be followed by octal digits", start);
    return Number.parseInt(digits, 8);
  }

  private hexEscape(start: number): number {
    const src = this.src;
    if (src[this.i] === "{") {
      const close = src.indexOf("}", this.i);
      const digits = close < 0 ? "" : src.slice(this.i + 1, close);
      const cp = Number.parseInt(digits, 16);
      if (!/^[0-9a-fA-F]{1,6}$/.test(digits) || cp > 0x10ffff) {
        throw invalidRegex(src, "\\x{...} must hold a hexadecimal code point up to 10FFFF", start);
      }
      this.i = close + 1;
      return cp;
    }
    const digits = src.slice(this.i, this.i + 2);
    if (!/^[0-9a-fA-F]{2}$/.test(digits))
      throw invalidRegex(src, "\\x must be followed by two hex digits", start);
    this.i += 2;
    return Number.parseInt(digits, 16);
  }

  private unicodeEscape(start: number): number {
    const src = this.src;
    const digits = src.slice(this.i, this.i + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(digits))
      throw invalidRegex(src, "\\u must be followed by four hex digits", start);
    this.i += 4;
    const unit = Number.parseInt(digits, 16);
    const trail = /^\\u(d[c-f][0-9a-f]{2})/i.exec(src.slice(this.i, this.i + 6));
    if (unit >= 0xd800 && unit <= 0xdbff && trail) {
      this.i += 6;
      return 0x10000 + ((unit - 0xd800) << 10) + (Number.parseInt(trail[1]!, 16) - 0xdc00);
    }
    return unit;
  }

  private property(start: number, negated: boolean): string {
    const src = this.src;
    let name: string;
    if (src[this.i] === "{") {
      const close = src.indexOf("}", this.i);
      if (close < 0) throw invalidRegex(src, "unclosed property name", start);
      name = src.slice(this.i + 1, close);
      this.i = close + 1;
    } else {
      name = src[this.i] ?? "";
      this.i++;
    }
    const written = src.slice(start, this.i);
    const res = javaPropertyOperand(name, negated);
    if (res.ok) return res.text;
    if (res.kind === "block") throw unsupportedConstruct(src, `Unicode block ${written}`, start);
    const near = didYouMean(name, KNOWN_PROPERTY_NAMES);
    throw invalidRegex(
      src,
      `unknown character property ${written}`,
      start,
      near ||
        "use a POSIX name such as \\p{Alpha}, a category such as \\p{Lu}, or a script such as \\p{IsLatin}",
    );
  }

  private quote(): Atom {
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
    return { kind: "quote", cps, starts };
  }
}
