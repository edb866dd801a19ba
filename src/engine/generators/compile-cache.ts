import { lru } from "../../util/lru.ts";
import { compileFakerExpression, type FakerExpression } from "../faker/index.ts";
import { compileRegex, type RegexGenerator } from "../regex/index.ts";

const MAX_ENTRIES = 512;

// Compiled regexes and expressions are pure, so plans share them.
const regexes = lru<RegexGenerator>(MAX_ENTRIES);
const expressions = lru<FakerExpression>(MAX_ENTRIES);

export const cachedRegex = (pattern: string): RegexGenerator =>
  regexes.get(pattern, () => compileRegex(pattern));

export const cachedFakerExpression = (
  expr: string,
  locale: string | undefined,
  refDate: number,
  maxStringLength: number,
): FakerExpression =>
  expressions.get(`${locale ?? ""}\u0000${refDate}\u0000${maxStringLength}\u0000${expr}`, () =>
    compileFakerExpression(expr, { ...(locale ? { locale } : {}), refDate, maxStringLength }),
  );
