/** String functions: concatenation, case, length, search and character-level transforms. */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlFunction, SqlGrowth, SqlValue } from "../sql-contract.ts";
import { stringBound } from "../values/value-bounds.ts";
import { compileConcat, compileConcatWs } from "./compile-concat.ts";
import {
  argBound,
  argsBound,
  checkValueSize,
  coerceArg,
  constantCount,
  constantText,
  defineFunction,
  intArg,
  strict1,
  strict2,
  strict3,
  stringArg,
  valueLimits,
} from "./function-helpers.ts";
import { utf8Bytes } from "./hash-value.ts";
import {
  initcap,
  levenshtein,
  occurrences,
  reverseString,
  soundex,
  substringIndex,
  translate,
} from "./string-transforms.ts";
import { charIndexOf, charLength, repeatString } from "./text-utils.ts";

const S = DataTypes.string;
const I = DataTypes.int;

/** `reverse` on strings and arrays. */
function compileReverse(args: readonly SqlArg[], fn: string) {
  const a = args[0]!;
  if (a.type.kind === "array") {
    return {
      type: a.type,
      evaluate: strict1<readonly SqlValue[]>(a.evaluate, (v) => [...v].reverse()),
    };
  }
  return { type: S, evaluate: strict1<string>(stringArg(fn, args, 0), reverseString) };
}

function compileLength(args: readonly SqlArg[], fn: string, measure: "chars" | "bytes" | "bits") {
  const a = args[0]!;
  const scale = measure === "bits" ? 8 : 1;
  if (a.type.kind === "binary") {
    return { type: I, evaluate: strict1<Uint8Array>(a.evaluate, (b) => b.length * scale) };
  }
  const e = stringArg(fn, args, 0);
  return {
    type: I,
    evaluate:
      measure === "chars"
        ? strict1<string>(e, charLength)
        : strict1<string>(e, (s) => utf8Bytes(s).length * scale),
  };
}

/** A function of one string; a `grows` one makes at most `factor` times its argument (case mappings: 3). */
const stringToString = (
  names: string | readonly string[],
  growth: SqlGrowth,
  doc: string,
  f: (s: string) => string,
  factor = 1,
) =>
  defineFunction(names, growth, 1, 1, doc, (args, _i, fn) => ({
    type: S,
    bound: argsBound(args, factor),
    evaluate: strict1<string>(stringArg(fn, args, 0), f),
  }));

const stringPredicate = (name: string, doc: string, f: (a: string, b: string) => boolean) =>
  defineFunction(name, "fixed", 2, 2, doc, (args, _i, fn) => ({
    type: DataTypes.boolean,
    evaluate: strict2<string, string>(stringArg(fn, args, 0), stringArg(fn, args, 1), f),
  }));

export const STRING_FUNCTIONS: readonly SqlFunction[] = [
  ...defineFunction(
    "concat",
    "grows",
    0,
    Infinity,
    "concatenates strings (or arrays, or binaries); NULL if any input is NULL",
    (a, inputs, fn) => compileConcat(a, fn, inputs),
  ),
  ...defineFunction(
    "concat_ws",
    "grows",
    1,
    Infinity,
    "joins strings and string arrays with a separator, skipping NULLs",
    (a, inputs, fn) => compileConcatWs(a, fn, inputs),
  ),
  ...stringToString(["upper", "ucase"], "grows", "upper-cases a string", (s) => s.toUpperCase(), 3),
  ...stringToString(["lower", "lcase"], "grows", "lower-cases a string", (s) => s.toLowerCase(), 3),
  ...stringToString(
    "initcap",
    "grows",
    "capitalises each space-separated word, lower-casing the rest",
    initcap,
    3,
  ),
  ...defineFunction("reverse", "input", 1, 1, "reverses a string or an array", (a, _i, fn) =>
    compileReverse(a, fn),
  ),
  ...defineFunction(
    ["length", "char_length", "character_length", "len"],
    "fixed",
    1,
    1,
    "number of characters (bytes for binary)",
    (a, _i, fn) => compileLength(a, fn, "chars"),
  ),
  ...defineFunction("octet_length", "fixed", 1, 1, "number of UTF-8 bytes", (a, _i, fn) =>
    compileLength(a, fn, "bytes"),
  ),
  ...defineFunction("bit_length", "fixed", 1, 1, "number of bits of the UTF-8 bytes", (a, _i, fn) =>
    compileLength(a, fn, "bits"),
  ),
  ...defineFunction(
    "repeat",
    "grows",
    2,
    2,
    "repeats a string n times ('' when n <= 0)",
    (args, inputs, fn) => {
      const limits = valueLimits(inputs);
      const times = constantCount(args, 1);
      return {
        type: S,
        ...(times === undefined ? {} : { bound: argBound(args, 0) * times }),
        evaluate: strict2<string, number>(stringArg(fn, args, 0), intArg(fn, args, 1), (s, n) => {
          if (n > 0) checkValueSize(fn, s.length * n, limits, "string");
          return repeatString(s, n);
        }),
      };
    },
  ),
  ...defineFunction("space", "grows", 1, 1, "a string of n spaces", (args, inputs, fn) => {
    const limits = valueLimits(inputs);
    const n = constantCount(args, 0);
    return {
      type: S,
      ...(n === undefined ? {} : { bound: stringBound(n) }),
      evaluate: strict1<number>(intArg(fn, args, 0), (n) => {
        checkValueSize(fn, n, limits, "string");
        return repeatString(" ", n);
      }),
    };
  }),
  ...defineFunction(
    "instr",
    "fixed",
    2,
    2,
    "1-based position of the first occurrence of substr in str, 0 if absent",
    (args, _i, fn) => ({
      type: I,
      evaluate: strict2<string, string>(
        stringArg(fn, args, 0),
        stringArg(fn, args, 1),
        (s, sub) => charIndexOf(s, sub) + 1,
      ),
    }),
  ),
  ...defineFunction(
    ["locate", "position"],
    "fixed",
    2,
    3,
    "locate(substr, str[, pos]): 1-based position of substr in str at or after pos, 0 if absent",
    (args, _i, fn) => {
      const sub = stringArg(fn, args, 0);
      const s = stringArg(fn, args, 1);
      const pos = args.length > 2 ? intArg(fn, args, 2) : () => 1;
      return {
        type: I,
        evaluate: (ctx) => {
          const p = pos(ctx);
          if (p === null) return 0;
          return strict2<string, string>(sub, s, (x, y) =>
            (p as number) < 1 ? 0 : charIndexOf(y, x, (p as number) - 1) + 1,
          )(ctx);
        },
      };
    },
  ),
  ...defineFunction(
    "translate",
    "grows",
    3,
    3,
    "replaces each character of `from` by the character at the same place in `to` (deleted when `to` is shorter)",
    (args, _i, fn) => ({
      type: S,
      // A character of one UTF-16 unit may become one of two.
      bound: 2 * argBound(args, 0),
      evaluate: strict3<string, string, string>(
        stringArg(fn, args, 0),
        stringArg(fn, args, 1),
        stringArg(fn, args, 2),
        translate,
      ),
    }),
  ),
  ...defineFunction(
    "ascii",
    "fixed",
    1,
    1,
    "code point of the first character (0 for '')",
    (args, _i, fn) => ({
      type: I,
      evaluate: strict1<string>(stringArg(fn, args, 0), (s) => s.codePointAt(0) ?? 0),
    }),
  ),
  ...defineFunction(
    ["chr", "char"],
    "fixed",
    1,
    1,
    "the character with code n % 256 ('' for negative n)",
    (args, _i, fn) => ({
      type: S,
      evaluate: strict1<bigint>(coerceArg(fn, args, 0, DataTypes.long), (n) =>
        n < 0n ? "" : String.fromCharCode(Number(n & 0xffn)),
      ),
    }),
  ),
  ...stringPredicate("startswith", "whether str starts with prefix", (a, b) => a.startsWith(b)),
  ...stringPredicate("endswith", "whether str ends with suffix", (a, b) => a.endsWith(b)),
  ...stringPredicate("contains", "whether str contains substr", (a, b) => a.includes(b)),
  ...defineFunction(
    "replace",
    "grows",
    2,
    3,
    "replaces every occurrence of search by replace (default '')",
    (args, inputs, fn) => {
      const rep = args.length > 2 ? stringArg(fn, args, 2) : () => "";
      const limits = valueLimits(inputs);
      // Every occurrence (of the search text, or at least one character) becomes the replacement.
      const found = argBound(args, 0) / 2 / Math.max(1, constantText(args, 1)?.length ?? 1);
      return {
        type: S,
        bound: argBound(args, 0) + found * argBound(args, 2),
        evaluate: strict3<string, string, string>(
          stringArg(fn, args, 0),
          stringArg(fn, args, 1),
          rep,
          (s, search, r) => {
            if (search.length === 0) return s;
            if (r.length > search.length) {
              const grown = s.length + occurrences(s, search) * (r.length - search.length);
              checkValueSize(fn, grown, limits, "string");
            }
            return s.split(search).join(r);
          },
        ),
      };
    },
  ),
  ...defineFunction(
    "substring_index",
    "input",
    3,
    3,
    "the part of str before the count-th delimiter (after it, counting from the end, when count < 0)",
    (args, _i, fn) => ({
      type: S,
      evaluate: strict3<string, string, number>(
        stringArg(fn, args, 0),
        stringArg(fn, args, 1),
        intArg(fn, args, 2),
        substringIndex,
      ),
    }),
  ),
  ...defineFunction(
    "find_in_set",
    "fixed",
    2,
    2,
    "1-based index of str in a comma-separated list, 0 if absent",
    (args, _i, fn) => ({
      type: I,
      evaluate: strict2<string, string>(stringArg(fn, args, 0), stringArg(fn, args, 1), (s, list) =>
        s.includes(",") ? 0 : list.split(",").indexOf(s) + 1,
      ),
    }),
  ),
  ...defineFunction(
    "elt",
    "input",
    2,
    Infinity,
    "elt(n, s1, s2, ...): the n-th string, NULL when n is out of range",
    (args, _i, fn) => {
      const n = intArg(fn, args, 0);
      const items = args.slice(1).map((_, j) => stringArg(fn, args, j + 1));
      return {
        type: S,
        evaluate: (ctx) => {
          const i = n(ctx);
          if (i === null) return null;
          const e = items[(i as number) - 1];
          return (i as number) < 1 || e === undefined ? null : e(ctx);
        },
      };
    },
  ),
  ...defineFunction(
    "levenshtein",
    "fixed",
    2,
    3,
    "edit distance between two strings (-1 when above the optional threshold)",
    (args, _i, fn) => {
      const threshold = args.length > 2 ? intArg(fn, args, 2) : undefined;
      const base = strict2<string, string>(stringArg(fn, args, 0), stringArg(fn, args, 1), levenshtein);
      if (threshold === undefined) return { type: I, evaluate: base };
      return {
        type: I,
        evaluate: (ctx) => {
          const d = base(ctx);
          const t = threshold(ctx);
          if (d === null || t === null) return null;
          return (d as number) > (t as number) ? -1 : d;
        },
      };
    },
  ),
  ...stringToString("soundex", "input", "the Soundex code of a string", soundex),
];
