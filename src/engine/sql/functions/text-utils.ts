/**
 * Character-level string helpers. Spark counts characters as Unicode code points, JS strings
 * are UTF-16: strings without surrogates take the fast path of plain indexing.
 */

const SURROGATE = /[\uD800-\uDFFF]/;
export const hasSurrogates = (s: string): boolean => SURROGATE.test(s);

/** Number of code points. */
export function charLength(s: string): number {
  if (!hasSurrogates(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The code points of `s` in [start, end) (code-point indexes, clamped). */
export function charSlice(s: string, start: number, end: number): string {
  if (!hasSurrogates(s)) return s.slice(Math.max(0, start), Math.max(0, end));
  return Array.from(s).slice(Math.max(0, start), Math.max(0, end)).join("");
}

/** Code-point index of `sub` in `s` at or after code-point `from`, or -1. */
export function charIndexOf(s: string, sub: string, from = 0): number {
  if (!hasSurrogates(s)) return s.indexOf(sub, from);
  const units = Array.from(s);
  const unitStart = units.slice(0, from).join("").length;
  const at = s.indexOf(sub, unitStart);
  return at < 0 ? -1 : charLength(s.slice(0, at));
}

/**
 * Spark's `substring(s, pos, len)`: 1-based, 0 means 1, negative counts from the end;
 * a negative or zero length gives "".
 */
export function sqlSubstring(s: string, pos: number, len: number): string {
  const n = charLength(s);
  let start = pos > 0 ? pos - 1 : pos < 0 ? n + pos : 0;
  const end = start + len;
  start = Math.max(start, 0);
  if (start >= end) return "";
  return charSlice(s, start, end);
}

/** `count` copies of `s`, refusing results that would not fit in memory. */
export function repeatString(s: string, count: number, limit = 1 << 28): string {
  if (count <= 0 || s.length === 0) return "";
  if (s.length * count > limit) throw new RangeError(`the result would be longer than ${limit} characters`);
  return s.repeat(count);
}

/** Pads (or truncates) to `len` code points; the pad repeats and is cut where the length is reached. */
export function padString(s: string, len: number, pad: string, left: boolean): string {
  const n = charLength(s);
  if (len <= n || pad.length === 0) return charSlice(s, 0, Math.max(0, len));
  const need = len - n;
  const padChars = charLength(pad);
  const fill = charSlice(pad.repeat(Math.ceil(need / padChars)), 0, need);
  return left ? fill + s : s + fill;
}

/** Removes the characters of `chars` (a set) from the chosen ends. */
export function trimChars(s: string, chars: string, leading: boolean, trailing: boolean): string {
  const set = new Set(Array.from(chars));
  const cs = Array.from(s);
  let a = 0;
  let b = cs.length;
  if (leading) while (a < b && set.has(cs[a]!)) a++;
  if (trailing) while (b > a && set.has(cs[b - 1]!)) b--;
  return cs.slice(a, b).join("");
}

/** Trims ASCII spaces only, as Spark's trim functions without a character set do. */
export function trimSpaces(s: string, leading: boolean, trailing: boolean): string {
  let a = 0;
  let b = s.length;
  if (leading) while (a < b && s.charCodeAt(a) === 32) a++;
  if (trailing) while (b > a && s.charCodeAt(b - 1) === 32) b--;
  return s.slice(a, b);
}
