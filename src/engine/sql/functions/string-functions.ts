/** String functions: concatenation, case, length, search and character-level transforms. */
import type { SqlArg, SqlFunction, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { stringBound } from "../values/value-bounds.ts";
import { compileConcat, compileConcatWs } from "./compile-concat.ts";
import { constantCount, constantText, intArg, stringArg } from "./function-args.ts";
import { argBound, checkValueSize, timesArgs, valueLimits } from "./function-bounds.ts";
import { utf8Bytes } from "./hash-value.ts";
import { type CompiledCall, type CompileFn, functionTable, strict } from "./sql-function.ts";
import { strict1, strict2, strict3 } from "./strict-evaluators.ts";
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
import { I, S } from "./type-shorthands.ts";

const toUpper = (s: string) => s.toUpperCase();
const toLower = (s: string) => s.toLowerCase();

/** `reverse` on strings and arrays. */
function compileReverse(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const a = args[0]!;
  if (a.type.kind === "array") {
    return {
      type: a.type,
      evaluate: strict1<readonly SqlValue[]>(a.evaluate, (v) => [...v].reverse()),
    };
  }
  return { type: S, evaluate: strict1<string>(stringArg(fn, args, 0), reverseString) };
}

function compileLength(measure: "chars" | "bytes" | "bits"): CompileFn {
  return (args, _inputs, fn) => {
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
  };
}

function compileRepeat(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string): CompiledCall {
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
}

function compileSpace(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string): CompiledCall {
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
}

function compileLocate(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
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
}

function compileReplace(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string): CompiledCall {
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
}

function compileElt(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
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
}

function compileLevenshtein(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
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
}

export const STRING_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "concat(parts...)",
    "grows",
    "concatenates strings (or arrays, or binaries); NULL if any input is NULL",
    (a, inputs, fn) => compileConcat(a, fn, inputs),
  ],
  [
    "concat_ws(sep, parts...)",
    "grows",
    "joins strings and string arrays with a separator, skipping NULLs",
    (a, inputs, fn) => compileConcatWs(a, fn, inputs),
  ],
  ["upper|ucase(str: string): string", "grows", "upper-cases a string", strict(toUpper, timesArgs(3))],
  ["lower|lcase(str: string): string", "grows", "lower-cases a string", strict(toLower, timesArgs(3))],
  [
    "initcap(str: string): string",
    "grows",
    "capitalises each space-separated word, lower-casing the rest",
    strict(initcap, timesArgs(3)),
  ],
  ["reverse(str)", "input", "reverses a string or an array", compileReverse],
  [
    "length|char_length|character_length|len(str)",
    "fixed",
    "number of characters (bytes for binary)",
    compileLength("chars"),
  ],
  ["octet_length(str)", "fixed", "number of UTF-8 bytes", compileLength("bytes")],
  ["bit_length(str)", "fixed", "number of bits of the UTF-8 bytes", compileLength("bits")],
  ["repeat(str, n)", "grows", "repeats a string n times ('' when n <= 0)", compileRepeat],
  ["space(n)", "grows", "a string of n spaces", compileSpace],
  [
    "instr(str: string, substr: string): int",
    "fixed",
    "1-based position of the first occurrence of substr in str, 0 if absent",
    strict((s: string, sub: string) => charIndexOf(s, sub) + 1),
  ],
  [
    "locate|position(substr, str[, pos])",
    "fixed",
    ": 1-based position of substr in str at or after pos, 0 if absent",
    compileLocate,
  ],
  [
    "translate(str: string, from: string, to: string): string",
    "grows",
    "replaces each character of `from` by the character at the same place in `to` (deleted when `to` is shorter)",
    strict(
      translate, // A character of one UTF-16 unit may become one of two.
      timesArgs(2),
    ),
  ],
  [
    "ascii(str: string): int",
    "fixed",
    "code point of the first character (0 for '')",
    strict((s: string) => s.codePointAt(0) ?? 0),
  ],
  [
    "chr|char(n: long): string",
    "fixed",
    "the character with code n % 256 ('' for negative n)",
    strict((n: bigint) => (n < 0n ? "" : String.fromCharCode(Number(n & 0xffn)))),
  ],
  [
    "startswith(str: string, prefix: string): boolean",
    "fixed",
    "whether str starts with prefix",
    strict((a: string, b: string) => a.startsWith(b)),
  ],
  [
    "endswith(str: string, suffix: string): boolean",
    "fixed",
    "whether str ends with suffix",
    strict((a: string, b: string) => a.endsWith(b)),
  ],
  [
    "contains(str: string, substr: string): boolean",
    "fixed",
    "whether str contains substr",
    strict((a: string, b: string) => a.includes(b)),
  ],
  [
    "replace(str, search[, replace])",
    "grows",
    "replaces every occurrence of search by replace (default '')",
    compileReplace,
  ],
  [
    "substring_index(str: string, delim: string, count: int): string",
    "input",
    "the part of str before the count-th delimiter (after it, counting from the end, when count < 0)",
    strict(substringIndex),
  ],
  [
    "find_in_set(str: string, list: string): int",
    "fixed",
    "1-based index of str in a comma-separated list, 0 if absent",
    strict((s: string, list: string) => (s.includes(",") ? 0 : list.split(",").indexOf(s) + 1)),
  ],
  [
    "elt(n, str, more...)",
    "input",
    "elt(n, s1, s2, ...): the n-th string, NULL when n is out of range",
    compileElt,
  ],
  [
    "levenshtein(str1, str2[, threshold])",
    "fixed",
    "edit distance between two strings (-1 when above the optional threshold)",
    compileLevenshtein,
  ],
  ["soundex(str: string): string", "input", "the Soundex code of a string", strict(soundex)],
]);
