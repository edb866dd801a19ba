/** Character-level string transforms of the string functions, as Spark computes them. */
import { hasSurrogates } from "./text-utils.ts";

/** Lower-cases, then upper-cases the first letter of every space-separated word. */
export function initcap(s: string): string {
  const lower = s.toLowerCase();
  let out = "";
  let start = true;
  for (const ch of lower) {
    out += start ? ch.toUpperCase() : ch;
    start = ch === " ";
  }
  return out;
}

export function translate(s: string, from: string, to: string): string {
  const dict = new Map<string, string>();
  const toChars = Array.from(to);
  Array.from(from).forEach((c, i) => {
    if (!dict.has(c)) dict.set(c, toChars[i] ?? "");
  });
  let out = "";
  for (const c of s) out += dict.get(c) ?? c;
  return out;
}

/** How many times `search` (not empty) occurs in `s`, without overlaps (as split finds it). */
export function occurrences(s: string, search: string): number {
  let n = 0;
  for (let at = s.indexOf(search); at >= 0; at = s.indexOf(search, at + search.length)) n++;
  return n;
}

export function substringIndex(s: string, delim: string, count: number): string {
  if (delim.length === 0 || count === 0) return "";
  // Occurrences may overlap, as they do in Spark.
  if (count > 0) {
    let at = -1;
    for (let k = 0; k < count; k++) {
      at = s.indexOf(delim, at + 1);
      if (at < 0) return s;
    }
    return s.slice(0, at);
  }
  let at = s.length - delim.length + 1;
  for (let k = 0; k < -count; k++) {
    if (at - 1 < 0) return s;
    at = s.lastIndexOf(delim, at - 1);
    if (at < 0) return s;
  }
  return s.slice(at + delim.length);
}

export function levenshtein(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const curr = [i];
    for (let j = 1; j <= y.length; j++) {
      curr[j] = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    prev = curr;
  }
  return prev[y.length]!;
}

// Soundex codes of A..Z; '7' marks H and W, which do not separate equal codes.
const SOUNDEX_CODES = "01230127022455012623017202";

export function soundex(s: string): string {
  if (s.length === 0) return "";
  const upper = (c: number): number => (c >= 97 && c <= 122 ? c - 32 : c);
  const first = upper(s.charCodeAt(0));
  if (first < 65 || first > 90) return s;
  let out = String.fromCharCode(first);
  let last = SOUNDEX_CODES[first - 65]!;
  for (let i = 1; i < s.length && out.length < 4; i++) {
    const c = upper(s.charCodeAt(i));
    if (c < 65 || c > 90) {
      last = "0";
      continue;
    }
    const code = SOUNDEX_CODES[c - 65]!;
    if (code === "7") continue;
    if (code !== "0" && code !== last) out += code;
    last = code;
  }
  return out.padEnd(4, "0");
}

export function reverseString(s: string): string {
  return hasSurrogates(s) ? Array.from(s).reverse().join("") : s.split("").reverse().join("");
}
