/**
 * Spark's (non-ANSI) string-to-number and string-to-boolean casts: invalid text gives null
 * instead of an error.
 */

// Spark trims whitespace and ISO control characters around integers.
const isIntegerTrim = (c: number): boolean => c <= 0x20 || c === 0x7f;

function trimBy(s: string, trimmed: (c: number) => boolean): string {
  let a = 0;
  let b = s.length;
  while (a < b && trimmed(s.charCodeAt(a))) a++;
  while (b > a && trimmed(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/**
 * The integer part of `[+-]digits[.digits]` (the fraction is checked, then dropped), as a
 * bigint; null when the text is not of that form.
 */
function integerText(s: string): bigint | null {
  const t = trimBy(s, isIntegerTrim);
  if (t.length === 0) return null;
  let i = 0;
  const first = t.charCodeAt(0);
  const negative = first === 0x2d;
  if (negative || first === 0x2b) {
    if (t.length === 1) return null;
    i = 1;
  }
  const start = i;
  while (i < t.length) {
    const c = t.charCodeAt(i);
    if (c === 0x2e) break;
    if (c < 0x30 || c > 0x39) return null;
    i++;
  }
  const digits = t.slice(start, i);
  for (let j = i + 1; j < t.length; j++) {
    const c = t.charCodeAt(j);
    if (c < 0x30 || c > 0x39) return null;
  }
  if (digits.length === 0) return 0n;
  const v = BigInt(digits);
  return negative ? -v : v;
}

const LIMITS = {
  8: [-128n, 127n],
  16: [-32768n, 32767n],
  32: [-2147483648n, 2147483647n],
  64: [-9223372036854775808n, 9223372036854775807n],
} as const;

/** CAST(string AS byte|short|int): null when invalid or out of the type's range. */
export function parseIntegerText(s: string, bits: 8 | 16 | 32): number | null {
  const v = integerText(s);
  if (v === null) return null;
  const [min, max] = LIMITS[bits];
  return v < min || v > max ? null : Number(v);
}

/** CAST(string AS long): null when invalid or out of range. */
export function parseLongText(s: string): bigint | null {
  const v = integerText(s);
  if (v === null) return null;
  const [min, max] = LIMITS[64];
  return v < min || v > max ? null : v;
}

// Java's Double.parseDouble accepts an optional type suffix (d/D/f/F).
const DOUBLE_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[dDfF]?$/;
const JAVA_SPECIAL = /^[+-]?(?:NaN|Infinity)$/;

/** CAST(string AS double): Java's number syntax plus Spark's `inf`/`infinity`/`nan` words. */
export function parseDoubleText(s: string): number | null {
  const t = trimBy(s, (c) => c <= 0x20);
  if (DOUBLE_TEXT.test(t)) {
    const last = t.charCodeAt(t.length - 1);
    return Number(last > 0x39 ? t.slice(0, -1) : t);
  }
  if (JAVA_SPECIAL.test(t)) return t.endsWith("NaN") ? Number.NaN : t[0] === "-" ? -Infinity : Infinity;
  switch (t.toLowerCase()) {
    case "inf":
    case "+inf":
    case "infinity":
    case "+infinity":
      return Number.POSITIVE_INFINITY;
    case "-inf":
    case "-infinity":
      return Number.NEGATIVE_INFINITY;
    case "nan":
      return Number.NaN;
    default:
      return null;
  }
}

const TRUE_WORDS = new Set(["t", "true", "y", "yes", "1"]);
const FALSE_WORDS = new Set(["f", "false", "n", "no", "0"]);

/** CAST(string AS boolean): t/true/y/yes/1 and f/false/n/no/0, any case, trimmed; else null. */
export function parseBooleanText(s: string): boolean | null {
  const t = trimBy(s, isIntegerTrim).toLowerCase();
  if (TRUE_WORDS.has(t)) return true;
  if (FALSE_WORDS.has(t)) return false;
  return null;
}
