/**
 * Translates Java regular expressions (what Spark's RLIKE, regexp_extract, regexp_replace and
 * split take) into JavaScript RegExp sources with the `u` flag. Covered: inline flags (global
 * and scoped), \Q..\E, \A \z \Z, Java's `$`, \s \h \v \R, POSIX and Unicode \p{..} classes,
 * nested classes and && intersections, octal and \x{..} escapes, possessive quantifiers and
 * atomic groups (both approximated by their backtracking forms). Not covered: \G, \X, \p{InBlock}.
 */

const LINE_END = String.raw`(?:\r\n|[\n\r\u0085\u2028\u2029])`;
const INPUT_END = String.raw`(?![\s\S])`;
const SPACE = String.raw`\t\n\x0B\f\r `;
const HSPACE = String.raw` \t\xA0\u1680\u180e\u2000-\u200a\u202f\u205f\u3000`;
const VSPACE = String.raw`\n\x0B\f\r\x85\u2028\u2029`;

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

/** Characters that must be escaped to stand for themselves in a `u`-mode pattern. */
const SYNTAX = new Set([..."^$\\.*+?()[]{}|/"]);
const CLASS_SYNTAX = new Set([..."\\]-[^"]);

export class JavaRegexError extends Error {}

interface Frame {
  /** Extra `)` to close for scoped inline flags opened inside this group. */
  extraClose: number;
  extended: boolean;
}

const escapeChar = (ch: string, inClass: boolean): string =>
  (inClass ? CLASS_SYNTAX : SYNTAX).has(ch) ? `\\${ch}` : ch;

function codePointEscape(cp: number): string {
  return `\\u{${cp.toString(16)}}`;
}

class Translator {
  private readonly p: string;
  private i = 0;
  private out = "";
  flags = "";
  private readonly frames: Frame[] = [{ extraClose: 0, extended: false }];

  constructor(pattern: string) {
    this.p = pattern;
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
          const m = /^\{\d+(?:,\d*)?\}/.exec(p.slice(this.i));
          if (m === null) this.fail("illegal repetition {");
          this.out += m[0];
          this.i += m[0].length;
          this.quantifierSuffix();
          break;
        }
        case "$":
          this.out += this.flags.includes("m") ? "$" : `(?=${LINE_END}?${INPUT_END})`;
          this.i++;
          break;
        default: {
          const cp = p.codePointAt(this.i)!;
          const s = String.fromCodePoint(cp);
          this.out += ch === "^" || ch === "." || ch === "|" ? ch : escapeChar(s, false);
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
      this.i += plain.length;
      this.frames.push({ extraClose: 0, extended: parent.extended });
      return;
    }
    const flags = /^\(\?([idmsuxU]*)(?:-([idmsuxU]*))?([:)])/.exec(rest);
    if (flags === null) this.fail("unknown group construct");
    const on = flags[1] ?? "";
    const off = flags[2] ?? "";
    const js = (f: string): string => [...f].filter((c) => c === "i" || c === "m" || c === "s").join("");
    const extended = on.includes("x") ? true : off.includes("x") ? false : parent.extended;
    const modifier = js(on) + (js(off) ? `-${js(off)}` : "");
    if (flags[3] === ":") {
      this.out += modifier ? `(?${modifier}:` : "(?:";
      this.i += flags[0].length;
      this.frames.push({ extraClose: 0, extended });
      return;
    }
    this.i += flags[0].length;
    parent.extended = extended;
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

  /** `(`, `(?:`, lookarounds, named groups and atomic groups (as non-capturing): what to emit and how much to skip. */
  private plainGroupOpening(rest: string): { open: string; length: number } | undefined {
    if (!rest.startsWith("(?")) return { open: "(", length: 1 };
    for (const open of ["(?:", "(?=", "(?!", "(?<=", "(?<!"]) {
      if (rest.startsWith(open)) return { open, length: open.length };
    }
    if (rest.startsWith("(?>")) return { open: "(?:", length: 3 };
    const named = /^\(\?<([A-Za-z][A-Za-z0-9]*)>/.exec(rest);
    return named === null ? undefined : { open: named[0], length: named[0].length };
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
      case "v":
        return inClass ? VSPACE : `[${VSPACE}]`;
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
          return `(?<![\\s\\S])`;
        case "z":
          return INPUT_END;
        case "Z":
          return `(?=${LINE_END}?${INPUT_END})`;
        case "R":
          return `(?:\\r\\n|[${VSPACE}])`;
        case "b":
        case "B":
          return `\\${c}`;
        case "k": {
          const m = /^<([A-Za-z][A-Za-z0-9]*)>/.exec(p.slice(this.i));
          if (m === null) this.fail("\\k needs a group name in <...>");
          this.i += m[0].length;
          return `\\k${m[0]}`;
        }
        default:
          break;
      }
      if (/[1-9]/.test(c)) return `\\${c}`;
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
      if (inClass) {
        if (negated) this.fail(`\\P{${name}} inside a character class is not supported`);
        return posix;
      }
      return negated ? `[^${posix}]` : `[${posix}]`;
    }
    const js = this.unicodeProperty(name);
    return `\\${negated ? "P" : "p"}{${js}}`;
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
    const union = (part: { own: string; nested: string[] }, negate: boolean): string => {
      if (part.nested.length === 0) return `[${negate ? "^" : ""}${part.own}]`;
      if (negate) this.fail("a negated character class with nested classes is not supported");
      const alternatives = part.own ? [`[${part.own}]`, ...part.nested] : part.nested;
      return alternatives.length === 1 ? alternatives[0]! : `(?:${alternatives.join("|")})`;
    };
    if (parts.length === 1) return union(parts[0]!, negated);
    if (negated) this.fail("a negated character class with && is not supported");
    const [head, ...rest] = parts.map((part) => union(part, false));
    return `(?:${rest.map((r) => `(?=${r})`).join("")}${head})`;
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

/** Translates a Java pattern; throws JavaRegexError when it is invalid or uses an unsupported feature. */
export function translateJavaRegex(pattern: string): { source: string; flags: string } {
  const t = new Translator(pattern);
  const source = t.translate();
  const flags = `${t.flags}u`;
  try {
    new RegExp(source, flags);
  } catch (e) {
    throw new JavaRegexError(e instanceof Error ? e.message : String(e));
  }
  return { source, flags };
}

/** A JS RegExp for a Java pattern (`extraFlags` such as "g" are added). */
export function compileJavaRegex(pattern: string, extraFlags = ""): RegExp {
  const { source, flags } = translateJavaRegex(pattern);
  return new RegExp(source, flags + extraFlags);
}
