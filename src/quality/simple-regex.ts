/**
 * A Java regular expression of the simplest shape (`ACC[0-9]{8}`, `^[A-Z]{2}-\d{4}$`): a
 * sequence of ASCII characters, escapes (`\d`, `\w`, `\s`, `\.`), `.` and classes
 * (`[a-z0-9_]`, `[^,]`), each once or a fixed number of times (`{n}`), optionally anchored at
 * the start (`^`) and the end (`$`). It matches ASCII UTF-8 bytes directly, as Java's find()
 * would match the string; anything else (alternation, other quantifiers, groups, flags) is not
 * this shape (undefined), and the caller uses the full regex engine.
 */
export interface SimpleRegex {
  /**
   * Whether `bytes[start..end)` has a match: true, false, or undefined when the text is not
   * ASCII or holds a line terminator where `$` would treat it specially (the caller decides).
   */
  test(bytes: Uint8Array, start: number, end: number): boolean | undefined;
  /** The same for text known to be ASCII (its bytes are not looked at for that again). */
  testAscii(bytes: Uint8Array, start: number, end: number): boolean | undefined;
}

const set = (test: (c: number) => boolean): Uint8Array => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) t[c] = test(c) ? 1 : 0;
  return t;
};
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWord = (c: number) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
// Java's \s: [ \t\n\x0B\f\r].
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
const CLASSES: Readonly<Record<string, (c: number) => boolean>> = {
  d: isDigit,
  D: (c) => !isDigit(c),
  w: isWord,
  W: (c) => !isWord(c),
  s: isSpace,
  S: (c) => !isSpace(c),
};
const META = new Set([..."\\^$.|?*+()[]{}"]);
const isPunct = (ch: string) => ch.length === 1 && ch.charCodeAt(0) < 128 && !/[A-Za-z0-9]/.test(ch);

class NotSimple extends Error {}
const no = (): never => {
  throw new NotSimple();
};

/** The compiled shape: one membership table per position (fixed counts repeated). */
function parse(p: string): { atoms: Uint8Array[]; start: boolean; end: boolean } {
  let i = 0;
  let start = false;
  let end = false;
  if (p.startsWith("^")) {
    start = true;
    i = 1;
  }
  const atoms: Uint8Array[] = [];
  const escaped = (ch: string | undefined): Uint8Array => {
    if (ch === undefined) return no();
    const cls = CLASSES[ch];
    if (cls) return set(cls);
    if (!isPunct(ch)) return no();
    const code = ch.charCodeAt(0);
    return set((c) => c === code);
  };
  while (i < p.length) {
    const ch = p[i]!;
    let atom: Uint8Array;
    if (ch === "$" && i === p.length - 1) {
      end = true;
      i++;
      break;
    }
    if (ch === "\\") {
      atom = escaped(p[i + 1]);
      i += 2;
    } else if (ch === ".") {
      atom = set((c) => c !== 10 && c !== 13);
      i++;
    } else if (ch === "[") {
      i++;
      const negate = p[i] === "^";
      if (negate) i++;
      const members = new Uint8Array(128);
      // A class starting with ] (literal in some dialects) is left to the full engine.
      if (p[i] === "]") no();
      while (i < p.length && p[i] !== "]") {
        let lo: Uint8Array;
        let loCode = -1;
        const c = p[i]!;
        if (c === "[" || (c === "&" && p[i + 1] === "&")) no();
        if (c === "\\") {
          lo = escaped(p[i + 1]);
          const e = p[i + 1]!;
          if (!CLASSES[e]) loCode = e.charCodeAt(0);
          i += 2;
        } else {
          if (c.charCodeAt(0) >= 128) no();
          loCode = c.charCodeAt(0);
          lo = set((x) => x === loCode);
          i++;
        }
        if (p[i] === "-" && p[i + 1] !== undefined && p[i + 1] !== "]" && loCode >= 0) {
          const h = p[i + 1]!;
          if (h === "\\" || h === "[" || h.charCodeAt(0) >= 128) no();
          const hiCode = h.charCodeAt(0);
          if (hiCode < loCode) no();
          for (let x = loCode; x <= hiCode; x++) members[x] = 1;
          i += 2;
        } else for (let x = 0; x < 128; x++) if (lo[x]) members[x] = 1;
      }
      if (p[i] !== "]") no();
      i++;
      atom = negate ? set((x) => members[x] === 0) : members;
    } else if (META.has(ch) || ch.charCodeAt(0) >= 128) {
      return no();
    } else {
      const code = ch.charCodeAt(0);
      atom = set((c) => c === code);
      i++;
    }
    let count = 1;
    if (p[i] === "{") {
      const m = /^\{(\d{1,4})\}/.exec(p.slice(i));
      if (!m) return no();
      count = Number(m[1]);
      i += m[0].length;
    }
    if (p[i] !== undefined && "?*+{".includes(p[i]!)) return no();
    for (let k = 0; k < count; k++) atoms.push(atom);
  }
  if (i < p.length) no();
  return { atoms, start, end };
}

/** The simple form of a Java pattern, or undefined when it has another shape. */
export function simpleRegex(pattern: string): SimpleRegex | undefined {
  let shape: ReturnType<typeof parse>;
  try {
    shape = parse(pattern);
  } catch (e) {
    if (e instanceof NotSimple) return undefined;
    throw e;
  }
  const { atoms, start: anchoredStart, end: anchoredEnd } = shape;
  const width = atoms.length;
  const matchAscii = (bytes: Uint8Array, start: number, end: number): boolean | undefined => {
    // Java's $ also matches before a final line terminator: left to the full engine.
    if (anchoredEnd)
      for (let k = start; k < end; k++) if (bytes[k] === 10 || bytes[k] === 13) return undefined;
    const len = end - start;
    if (len < width) return false;
    const first = anchoredEnd ? len - width : 0;
    const last = anchoredStart ? 0 : len - width;
    if (anchoredStart && anchoredEnd && len !== width) return false;
    for (let p = first; p <= last; p++) {
      let j = 0;
      while (j < width && atoms[j]![bytes[start + p + j]!] === 1) j++;
      if (j === width) return true;
    }
    return false;
  };
  return {
    test(bytes, start, end) {
      for (let k = start; k < end; k++) if (bytes[k]! >= 0x80) return undefined;
      return matchAscii(bytes, start, end);
    },
    testAscii: matchAscii,
  };
}
