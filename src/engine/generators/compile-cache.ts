import { compileFakerExpression, type FakerExpression } from "../faker/index.ts";
import { compileRegex, type RegexGenerator } from "../regex/index.ts";

const MAX_ENTRIES = 512;

/** A small least-recently-used map: compiled regexes and expressions are pure, so plans share them. */
function lru<V>(): { get(key: string, make: () => V): V } {
  const map = new Map<string, V>();
  return {
    get(key, make) {
      const hit = map.get(key);
      if (hit !== undefined) {
        map.delete(key);
        map.set(key, hit);
        return hit;
      }
      const value = make();
      if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
      map.set(key, value);
      return value;
    },
  };
}

const regexes = lru<RegexGenerator>();
const expressions = lru<FakerExpression>();

export const cachedRegex = (pattern: string): RegexGenerator =>
  regexes.get(pattern, () => compileRegex(pattern));

export const cachedFakerExpression = (
  expr: string,
  locale: string | undefined,
  refDate: number,
): FakerExpression =>
  expressions.get(`${locale ?? ""}\u0000${refDate}\u0000${expr}`, () =>
    compileFakerExpression(expr, { ...(locale ? { locale } : {}), refDate }),
  );
