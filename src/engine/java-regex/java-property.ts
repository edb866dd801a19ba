/**
 * Java character-property names (`\p{Alpha}`, `\p{javaLowerCase}`, `\p{IsLatin}`, `\p{gc=Lu}`),
 * one table for every target: each resolves to the body of a `v`-flag class (to-js-v.ts writes it
 * as it is; to-re2.ts names general categories and writes the rest as code point ranges).
 * The POSIX names keep Java's default meaning: ASCII only.
 */
const POSIX: Readonly<Record<string, string>> = {
  lower: "a-z",
  upper: "A-Z",
  ascii: "\\x00-\\x7F",
  alpha: "a-zA-Z",
  digit: "0-9",
  alnum: "a-zA-Z0-9",
  punct: "\\x21-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7E",
  graph: "\\x21-\\x7E",
  print: "\\x20-\\x7E",
  blank: "\\x20\\t",
  cntrl: "\\x00-\\x1F\\x7F",
  xdigit: "0-9a-fA-F",
  space: "\\x20\\t\\n\\x0B\\f\\r",
};

/** Java's `java.lang.Character` predicates; a value starting with `\p` is a single property. */
const JAVA_PREDICATES: Readonly<Record<string, string>> = {
  javalowercase: "\\p{Lowercase}",
  javauppercase: "\\p{Uppercase}",
  javatitlecase: "\\p{Lt}",
  javadigit: "\\p{Nd}",
  javaletter: "\\p{L}",
  javaletterordigit: "\\p{L}\\p{Nd}",
  javaalphabetic: "\\p{Alphabetic}",
  javaideographic: "\\p{Ideographic}",
  javaspacechar: "\\p{Z}",
  javawhitespace: "[\\t-\\r\\x1C-\\x20\\p{Z}]--[\\xA0\\u2007\\u202F]",
  javamirrored: "\\p{Bidi_Mirrored}",
  javaisocontrol: "\\x00-\\x1F\\x7F-\\x9F",
  javaunicodeidentifierstart: "\\p{ID_Start}",
  javaunicodeidentifierpart: "\\p{ID_Continue}",
};

/** Java's binary properties written `\p{IsName}` (normalised: lower case, no `_`, `-` or space). */
const JAVA_BINARY: Readonly<Record<string, string>> = {
  alphabetic: "\\p{Alphabetic}",
  control: "\\p{Cc}",
  digit: "\\p{Nd}",
  emoji: "\\p{Emoji}",
  emojipresentation: "\\p{Emoji_Presentation}",
  emojimodifier: "\\p{Emoji_Modifier}",
  emojimodifierbase: "\\p{Emoji_Modifier_Base}",
  emojicomponent: "\\p{Emoji_Component}",
  extendedpictographic: "\\p{Extended_Pictographic}",
  hexdigit: "\\p{Nd}\\p{Hex_Digit}",
  ideographic: "\\p{Ideographic}",
  joincontrol: "\\p{Join_Control}",
  letter: "\\p{L}",
  lowercase: "\\p{Lowercase}",
  noncharactercodepoint: "\\p{Noncharacter_Code_Point}",
  titlecase: "\\p{Lt}",
  punctuation: "\\p{P}",
  uppercase: "\\p{Uppercase}",
  whitespace: "\\p{White_Space}",
  word: "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}",
  alnum: "\\p{Alphabetic}\\p{Nd}",
};

/** Names offered in "did you mean" suggestions. */
export const KNOWN_PROPERTY_NAMES: readonly string[] = [
  "Lower",
  "Upper",
  "ASCII",
  "Alpha",
  "Digit",
  "Alnum",
  "Punct",
  "Graph",
  "Print",
  "Blank",
  "Cntrl",
  "XDigit",
  "Space",
  "javaLowerCase",
  "javaUpperCase",
  "javaTitleCase",
  "javaDigit",
  "javaLetter",
  "javaLetterOrDigit",
  "javaAlphabetic",
  "javaIdeographic",
  "javaSpaceChar",
  "javaWhitespace",
  "javaMirrored",
  "javaISOControl",
  "IsAlphabetic",
  "IsLetter",
  "IsDigit",
  "IsLowercase",
  "IsUppercase",
  "IsWhite_Space",
  "IsPunctuation",
  "IsLatin",
  "IsGreek",
  "IsCyrillic",
  "IsHan",
  "L",
  "Lu",
  "Ll",
  "Lt",
  "Lm",
  "Lo",
  "M",
  "N",
  "Nd",
  "P",
  "S",
  "Z",
];

export type JavaPropertyResult =
  | {
      readonly ok: true;
      /** Contents of a `v`-flag class: `a-z`, `\p{Lowercase}`, `\p{L}\p{Nd}`, or a set expression. */
      readonly body: string;
      /** Whether the set is the complement of `body` (Java's `\P`, or a property defined as one). */
      readonly negated: boolean;
      /** An ASCII POSIX class, whose body is plain ranges and escapes (valid RE2 class syntax too). */
      readonly ascii: boolean;
    }
  | { readonly ok: false; readonly kind: "unknown" | "block" };

const isValidJs = (operand: string): boolean => {
  try {
    new RegExp(operand, "v");
    return true;
  } catch {
    return false;
  }
};

const normalise = (s: string): string => s.toLowerCase().replace(/[\s_-]/g, "");

/** Tries the name as written, then with each `_`-separated word capitalised (Java ignores case). */
function jsValue(key: string, value: string): string | undefined {
  const words = value.split("_");
  const candidates = [
    value,
    words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join("_"),
    value.toUpperCase(),
  ];
  for (const c of candidates) if (isValidJs(`\\p{${key}=${c}}`)) return c;
  return undefined;
}

/** A class body as one `v`-flag class operand: `\p{...}`, `\P{...}`, `[...]` or `[^...]`. */
export function setOperand(body: string, negated: boolean): string {
  if (/^\\p\{[^}]*\}$/.test(body)) return negated ? `\\P${body.slice(2)}` : body;
  return `[${negated ? "^" : ""}${body}]`;
}

/** The set Java's `\p{name}` (or `\P{name}` when `negated`) stands for, once for every target. */
export function resolveJavaProperty(name: string, negated: boolean): JavaPropertyResult {
  const set = (body: string, invert = false, ascii = false): JavaPropertyResult => ({
    ok: true,
    body,
    negated: negated !== invert,
    ascii,
  });
  const posix = POSIX[name.toLowerCase()];
  if (posix !== undefined) return set(posix, false, true);
  const predicate = JAVA_PREDICATES[name.toLowerCase()];
  if (predicate !== undefined) return set(predicate);
  if (/^in[A-Z_]/i.test(name) && !isValidJs(`\\p{${name}}`)) return { ok: false, kind: "block" };

  const eq = name.indexOf("=");
  if (eq >= 0) {
    const key = normalise(name.slice(0, eq));
    const raw = name.slice(eq + 1);
    if (key === "block" || key === "blk") return { ok: false, kind: "block" };
    const jsKey =
      key === "script" || key === "sc"
        ? "Script"
        : key === "scriptextensions" || key === "scx"
          ? "Script_Extensions"
          : key === "generalcategory" || key === "gc"
            ? "General_Category"
            : undefined;
    const value = jsKey === undefined ? undefined : jsValue(jsKey, raw);
    if (jsKey === undefined || value === undefined) return { ok: false, kind: "unknown" };
    return set(`\\p{${jsKey}=${value}}`);
  }

  if (/^is./i.test(name)) {
    const rest = name.slice(2);
    const binary = JAVA_BINARY[normalise(rest)];
    if (binary !== undefined) return set(binary);
    if (normalise(rest) === "assigned") return set("\\p{Cn}", true);
    const isPosix = POSIX[rest.toLowerCase()];
    if (isPosix !== undefined) return set(isPosix, false, true);
    const category = jsValue("General_Category", rest);
    if (category !== undefined) return set(`\\p{${category}}`);
    const script = jsValue("Script", rest);
    if (script !== undefined) return set(`\\p{Script=${script}}`);
    return { ok: false, kind: "unknown" };
  }

  const plain = `\\p{${name}}`;
  if (isValidJs(plain)) return set(plain);
  return { ok: false, kind: "unknown" };
}
