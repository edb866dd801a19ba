import type { CodePointRanges } from "./code-point-set.ts";

/**
 * The code points a Unicode property escape draws from. The set is the property's code points
 * in the Basic Multilingual Plane (surrogates excluded); a property with none there (a script
 * such as Gothic) uses its code points in the supplementary planes instead. Keeping to the BMP
 * bounds the tables and keeps output in the characters most systems render. Sets are computed
 * once per process from the runtime's own Unicode tables, then cached.
 */
const cache = new Map<string, CodePointRanges>();

/** `\p{key}` or `\p{key=value}`, as the `u`/`v` flags accept it. */
export function propertySource(key: string, value: string | null): string {
  return value === null ? `\\p{${key}}` : `\\p{${key}=${value}}`;
}

export function propertyCodePoints(key: string, value: string | null): CodePointRanges {
  const source = propertySource(key, value);
  const hit = cache.get(source);
  if (hit) return hit;
  const runs = new RegExp(`${source}+`, "gu");
  let out = [...scanBlock(runs, 0, 0xd7ff), ...scanBlock(runs, 0xe000, 0xffff)];
  if (out.length === 0) {
    for (let plane = 1; plane <= 16; plane++) {
      out = out.concat(scanBlock(runs, plane * 0x10000, plane * 0x10000 + 0xffff));
    }
  }
  cache.set(source, out);
  return out;
}

const blockText = new Map<number, string>();

/** All code points start..end as one string; BMP blocks are kept, others rebuilt on demand. */
function textOf(start: number, end: number): string {
  const hit = blockText.get(start);
  if (hit !== undefined) return hit;
  const chunk: number[] = [];
  let text = "";
  for (let cp = start; cp <= end; cp++) {
    chunk.push(cp);
    if (chunk.length === 4096 || cp === end) {
      text += String.fromCodePoint(...chunk);
      chunk.length = 0;
    }
  }
  if (end <= 0xffff) blockText.set(start, text);
  return text;
}

/** Runs of consecutive matching code points in [start, end] (no surrogates inside). */
function scanBlock(runs: RegExp, start: number, end: number): number[] {
  const unit = start >= 0x10000 ? 2 : 1;
  const text = textOf(start, end);
  const out: number[] = [];
  runs.lastIndex = 0;
  for (const m of text.matchAll(runs)) {
    const lo = start + m.index / unit;
    out.push(lo, lo + m[0].length / unit - 1);
  }
  return out;
}
