import { RE2JS } from "re2js";
import { MAX_CODE_POINT } from "../regex/code-point-set.ts";

/**
 * Code point sets for the Java-to-RE2 translation (to-re2.ts), as sorted inclusive ranges [lo, hi, lo, hi, ...]:
 * what RE2 has no syntax for (binary Unicode properties, class intersection, negated classes
 * inside classes) is computed once and written out as explicit ranges. Sets are cached by source.
 */
export type Ranges = readonly number[];

let everything: string | undefined;

/** Every code point but the surrogates, in order, as one string (built once, about 2 MB). */
function allCodePoints(): string {
  if (everything !== undefined) return everything;
  const parts: string[] = [];
  const chunk: number[] = [];
  for (let cp = 0; cp <= MAX_CODE_POINT; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    chunk.push(cp);
    if (chunk.length === 4096) {
      parts.push(String.fromCodePoint(...chunk));
      chunk.length = 0;
    }
  }
  parts.push(String.fromCodePoint(...chunk));
  everything = parts.join("");
  return everything;
}

const cache = new Map<string, Ranges>();
const MAX_CACHED = 256;

function cached(key: string, compute: () => Ranges): Ranges {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = compute();
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}

/** Runs of consecutive code points of allCodePoints() (UTF-16 index and length), as ranges. */
function scan(runs: (text: string) => Iterable<{ index: number; length: number }>): Ranges {
  const text = allCodePoints();
  const out: number[] = [];
  for (const r of runs(text)) {
    const end = r.index + r.length;
    const lo = text.codePointAt(r.index)!;
    const lastUnit = text.charCodeAt(end - 1);
    const hi = text.codePointAt(end - (lastUnit >= 0xdc00 && lastUnit <= 0xdfff ? 2 : 1))!;
    // A run across the surrogate gap is contiguous in the text but not in code points.
    if (lo < 0xd800 && hi > 0xdfff) out.push(lo, 0xd7ff, 0xe000, hi);
    else out.push(lo, hi);
  }
  return out;
}

/** The code points of a `v`-flag class body (`\\p{Lowercase}`, `[\\p{Z}]--[\\xA0]`): Java properties for RE2. */
export function vClassRanges(body: string): Ranges {
  return cached(`v:${body}`, () => {
    const re = new RegExp(`[${body}]+`, "gv");
    return scan((text) => [...text.matchAll(re)].map((m) => ({ index: m.index, length: m[0].length })));
  });
}

/**
 * The code points an RE2 single-character pattern (a class, an alternation of classes) matches.
 * The translator's classes are also valid JavaScript once `\x{..}` is written `\u{..}`, so the
 * scan runs on the native engine (a hundred times faster); re2js scans what JavaScript refuses.
 */
export function re2ClassRanges(source: string): Ranges {
  return cached(`c:${source}`, () => {
    let native: RegExp | undefined;
    try {
      native = new RegExp(`(?:${asJavaScript(source)})+`, "gu");
    } catch {
      native = undefined;
    }
    if (native !== undefined) {
      const re = native;
      return scan((text) => [...text.matchAll(re)].map((m) => ({ index: m.index, length: m[0].length })));
    }
    const re = RE2JS.compile(`(?:${source})+`);
    return scan(function* (text) {
      const m = re.matcher(text);
      while (m.find()) yield { index: m.start(), length: m.end() - m.start() };
    });
  });
}

/** An RE2 class source in JavaScript `u` syntax: escapes read in pairs, so `\\x{41}` stays a backslash and text. */
function asJavaScript(source: string): string {
  return source.replace(/\\(x\{([0-9a-fA-F]+)\}|:|[\s\S])/g, (all, _e: string, hex: string | undefined) =>
    hex !== undefined ? `\\u{${hex}}` : all === "\\:" ? ":" : all,
  );
}

const hex = (cp: number): string => `\\x{${cp.toString(16)}}`;

/** The ranges as the inside of an RE2 class (`\x{61}-\x{7a}...`); a class of nothing when empty. */
export function rangesBody(r: Ranges): string {
  let out = "";
  for (let i = 0; i < r.length; i += 2)
    out += r[i] === r[i + 1] ? hex(r[i]!) : `${hex(r[i]!)}-${hex(r[i + 1]!)}`;
  return out;
}

/** The ranges as a complete RE2 atom (a class; one that matches nothing when the set is empty). */
export function rangesAtom(r: Ranges): string {
  return r.length === 0 ? String.raw`[^\x00-\x{10ffff}]` : `[${rangesBody(r)}]`;
}
