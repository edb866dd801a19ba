import { invalidRegex, unsupportedConstruct } from "../regex/regex-error.ts";
import { classBody, HORIZONTAL_SPACE, VERTICAL_SPACE } from "./java-char-sets.ts";
import { setOperand } from "./java-property.ts";
import { type Fail, type JavaEscape, JavaRegexReader } from "./java-regex-reader.ts";

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

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isAlnum = (c: string): boolean => /^[A-Za-z0-9]$/.test(c);
const hex = (cp: number): string => `\\u{${cp.toString(16)}}`;
const HSPACE = classBody(HORIZONTAL_SPACE, hex);
const VSPACE = classBody(VERTICAL_SPACE, hex);

/** A code point as text that means itself both inside and outside a `v`-flag class. */
const literalText = (cp: number): string => {
  const s = String.fromCodePoint(cp);
  return isAlnum(s) ? s : hex(cp);
};

/** Java syntax for the regex generator: see TranslatedRegex. */
export function toJsV(pattern: string): TranslatedRegex {
  const t = new Translator(pattern);
  t.run();
  t.positions.push(pattern.length);
  return { source: t.out, positions: t.positions, flags: [...t.leadingFlags].sort().join("") };
}

const failJsV =
  (pattern: string): Fail =>
  (kind, message, position, hint) => {
    throw kind === "unsupported"
      ? unsupportedConstruct(pattern, message, position)
      : invalidRegex(pattern, message, position, hint);
  };

class Translator {
  readonly r: JavaRegexReader;
  out = "";
  readonly positions: number[] = [];
  /** Java's COMMENTS flag, `(?x)`: whitespace and `#` comments are not part of the pattern. */
  comments = false;
  /** JavaScript equivalents of the inline flags set before anything else in the pattern. */
  readonly leadingFlags = new Set<string>();

  constructor(src: string) {
    this.r = new JavaRegexReader(src, failJsV(src));
  }

  emit(text: string, pos: number): void {
    this.out += text;
    for (let k = 0; k < text.length; k++) this.positions.push(pos);
  }

  run(): void {
    const r = this.r;
    const src = r.src;
    while (r.i < src.length) {
      const c = src[r.i]!;
      if (this.comments && r.skipComment()) continue;
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
          this.emit(c, r.i++);
          this.quantifierSuffix();
          break;
        case "{": {
          const start = r.i;
          const braces = r.readBraces();
          if (braces) {
            this.emit(braces.text, start);
            this.quantifierSuffix();
          } else {
            this.emit(c, r.i++);
          }
          break;
        }
        case "]":
        case "}":
          this.emit(`\\${c}`, r.i++);
          break;
        default: {
          const cp = src.codePointAt(r.i)!;
          const s = String.fromCodePoint(cp);
          this.emit(s, r.i);
          r.i += s.length;
        }
      }
    }
  }

  /** Lazy `?` is kept; possessive `+` generates the same strings, so it is dropped. */
  private quantifierSuffix(): void {
    const at = this.r.i;
    if (this.r.readQuantifierSuffix() === "lazy") this.emit("?", at);
  }

  private emitAtom(atom: Atom): void {
    if (atom.kind === "char") this.emit(literalText(atom.cp), atom.start);
    else if (atom.kind === "text") this.emit(atom.text, atom.start);
    else {
      for (const [k, cp] of atom.cps.entries()) this.emit(literalText(cp), atom.starts[k]!);
    }
  }

  private groupOpen(): void {
    const start = this.r.i;
    const g = this.r.readGroupOpening();
    switch (g.kind) {
      case "capture":
      case "non-capture":
      case "lookahead":
      case "lookbehind":
      case "named":
      case "unknown":
        this.emit(g.text, start);
        return;
      case "atomic":
        // An atomic group only limits backtracking; as a generator it is a plain group.
        this.emit("(?:", start);
        return;
      case "flags":
        if (!g.scoped && this.out === "") {
          for (const f of g.on) if ("ims".includes(f)) this.leadingFlags.add(f);
          for (const f of g.off) this.leadingFlags.delete(f);
        }
        if (g.on.includes("x")) this.comments = true;
        if (g.off.includes("x")) this.comments = false;
        if (g.scoped) this.emit("(?:", start);
    }
  }

  /** A Java class, emitted as `[[...]&&[...]]` (one bracketed operand per `&&` side). */
  private charClass(): void {
    const r = this.r;
    const src = r.src;
    const start = r.i++;
    let negate = false;
    if (src[r.i] === "^") {
      negate = true;
      r.i++;
    }
    this.emit(negate ? "[^[" : "[[", start);
    let first = true;
    for (;;) {
      if (r.i >= src.length) r.fail("invalid", "unclosed character class", start);
      const c = src[r.i]!;
      if (this.comments && JavaRegexReader.isCommentSpace(c)) {
        r.i++;
        continue;
      }
      if (c === "]" && !first) {
        this.emit("]]", r.i++);
        return;
      }
      first = false;
      if (c === "[") {
        this.charClass();
        continue;
      }
      if (c === "&" && src[r.i + 1] === "&") {
        this.emit("]&&[", r.i);
        r.i += 2;
        continue;
      }
      const atom = this.classAtom();
      if (atom.kind !== "char") {
        this.emitAtom(atom);
        continue;
      }
      const next = src[r.i + 1];
      const isRange =
        src[r.i] === "-" &&
        next !== undefined &&
        next !== "]" &&
        next !== "[" &&
        !(next === "&" && src[r.i + 2] === "&");
      if (!isRange) {
        this.emitAtom(atom);
        continue;
      }
      const dash = r.i++;
      const hi = this.classAtom();
      if (hi.kind !== "char") throw this.rangeEnd(dash);
      if (hi.cp < atom.cp) {
        r.fail("invalid", `character range ${src.slice(atom.start, r.i)} is out of order`, atom.start);
      }
      this.emit(literalText(atom.cp), atom.start);
      this.emit("-", dash);
      this.emit(literalText(hi.cp), hi.start);
    }
  }

  private rangeEnd(dash: number): never {
    return this.r.fail("invalid", "a character range must end with a single character", dash);
  }

  private classAtom(): Atom {
    const r = this.r;
    if (r.src[r.i] === "\\") return this.escape(true);
    const cp = r.src.codePointAt(r.i)!;
    const start = r.i;
    r.i += cp > 0xffff ? 2 : 1;
    return { kind: "char", cp, start };
  }

  /** One escape, read by the shared reader, as `v`-flag text. */
  private escape(inClass: boolean): Atom {
    const e: JavaEscape = this.r.readEscape(inClass);
    const text = (t: string): Atom => ({ kind: "text", text: t, start: e.start });
    switch (e.kind) {
      case "char":
        return e;
      case "quote":
        return e;
      case "shorthand":
        switch (e.letter) {
          case "h":
            return text(`[${HSPACE}]`);
          case "H":
            return text(`[^${HSPACE}]`);
          case "v":
            return text(`[${VSPACE}]`);
          case "V":
            return text(`[^${VSPACE}]`);
          default:
            return text(`\\${e.letter}`);
        }
      case "property":
        return text(setOperand(e.body, e.negated));
      case "anchor":
        return text(e.letter === "A" ? "^" : e.letter === "z" || e.letter === "Z" ? "$" : `\\${e.letter}`);
      case "linebreak":
        return text(`(?:\\r\\n|[${VSPACE}])`);
      case "named-backref":
        return text(e.text);
      case "backref":
        return text(isDigit(this.r.src[this.r.i]) ? `(?:\\${e.group})` : `\\${e.group}`);
    }
  }
}
