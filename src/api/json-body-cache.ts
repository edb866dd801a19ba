import { deepFreeze } from "../model/index.ts";

/** Bodies longer than this are parsed every time (a previewed schema is a few hundred bytes). */
const MAX_TEXT = 16 * 1024;

/**
 * Validated JSON bodies by their exact text, for routes that opt in (`config: {reusesJsonBody: true}`):
 * a previewing client posts the same body again and again, and the same text always parses and
 * validates to the same value, so a repeat skips the depth scan, JSON.parse with its
 * prototype-poisoning checks, and lets caches downstream key on the body object itself.
 *
 * A body is kept only once it passed the route's schema (`keep`, from the handler), frozen
 * deeply: schema validation runs again on a reused body and finds nothing to coerce or
 * default, and no handler can change what the next request gets. The key is the whole text
 * (a Map compares it in full), so two different bodies never share an entry.
 */
export interface JsonBodyCache {
  /** The kept body parsed from exactly this text, if any. */
  get(text: string): object | undefined;
  /** Notes the text a freshly parsed body came from, so `keep` can file it under that text. */
  parsed(value: unknown, text: string): void;
  /** Keeps a validated body (a no-op for one that was not parsed from a noted text or is kept already). */
  keep(value: unknown): void;
}

export function jsonBodyCache(maxEntries = 64): JsonBodyCache {
  const kept = new Map<string, object>();
  const texts = new WeakMap<object, string>();
  return {
    get(text) {
      const hit = kept.get(text);
      if (hit !== undefined && kept.size >= maxEntries) {
        kept.delete(text);
        kept.set(text, hit);
      }
      return hit;
    },
    parsed(value, text) {
      if (typeof value === "object" && value !== null && text.length <= MAX_TEXT) texts.set(value, text);
    },
    keep(value) {
      if (typeof value !== "object" || value === null) return;
      const text = texts.get(value);
      if (text === undefined) return;
      texts.delete(value);
      deepFreeze(value);
      if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
      kept.set(text, value);
    },
  };
}
