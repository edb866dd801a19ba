/** Substrings, padding and trimming. */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlFunction, SqlRunInputs } from "../sql-contract.ts";
import { stringBound } from "../values/value-bounds.ts";
import { constantCount, intArg, stringArg } from "./function-args.ts";
import { argsBound, checkValueSize, valueLimits } from "./function-bounds.ts";
import { runtimeError } from "./function-errors.ts";
import { type CompiledCall, type CompileFn, functionTable, strict } from "./sql-function.ts";
import { strict1, strict2, strict3 } from "./strict-evaluators.ts";
import { charLength, charSlice, padString, sqlSubstring, trimChars, trimSpaces } from "./text-utils.ts";
import { S } from "./type-shorthands.ts";

const INT_MAX = 2147483647;

/** Byte-level substring with the same index rules as strings. */
function binarySubstring(b: Uint8Array, pos: number, len: number): Uint8Array {
  let start = pos > 0 ? pos - 1 : pos < 0 ? b.length + pos : 0;
  const end = start + len;
  start = Math.max(start, 0);
  return start >= end ? new Uint8Array(0) : b.slice(start, Math.min(end, b.length));
}

function compileSubstring(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const pos = intArg(fn, args, 1);
  const len = args.length > 2 ? intArg(fn, args, 2) : () => INT_MAX;
  if (args[0]!.type.kind === "binary") {
    return { type: DataTypes.binary, evaluate: strict3(args[0]!.evaluate, pos, len, binarySubstring) };
  }
  return { type: S, evaluate: strict3(stringArg(fn, args, 0), pos, len, sqlSubstring) };
}

function compilePad(left: boolean): CompileFn {
  return (args, inputs, fn) => {
    const pad = args.length > 2 ? stringArg(fn, args, 2) : () => " ";
    const limits = valueLimits(inputs);
    const length = constantCount(args, 1);
    return {
      type: S,
      // len characters, each of at most two UTF-16 units.
      ...(length === undefined ? {} : { bound: stringBound(2 * length) }),
      evaluate: strict3<string, number, string>(
        stringArg(fn, args, 0),
        intArg(fn, args, 1),
        pad,
        (s, n, p) => {
          checkValueSize(fn, n, limits, "string");
          return padString(s, n, p, left);
        },
      ),
    };
  };
}

function compileTrim(leading: boolean, trailing: boolean): CompileFn {
  return (args, _inputs, fn) => {
    const s = stringArg(fn, args, 0);
    if (args.length === 1) {
      return { type: S, evaluate: strict1<string>(s, (x) => trimSpaces(x, leading, trailing)) };
    }
    return {
      type: S,
      evaluate: strict2<string, string>(s, stringArg(fn, args, 1), (x, chars) =>
        trimChars(x, chars, leading, trailing),
      ),
    };
  };
}

function splitPart(fn: string) {
  return (s: string, delim: string, part: number): string => {
    if (part === 0)
      throw runtimeError(
        fn,
        "the part number must not be 0 (parts are numbered from 1, or from -1 at the end)",
      );
    const parts = delim.length === 0 ? [s] : s.split(delim);
    const p = part > 0 ? parts[part - 1] : parts[parts.length + part];
    return p ?? "";
  };
}

function overlay(s: string, replacement: string, pos: number, len: number): string {
  const n = charLength(replacement);
  const length = len < 0 ? n : len;
  return charSlice(s, 0, pos - 1) + replacement + charSlice(s, pos - 1 + length, charLength(s));
}

function compileSplitPart(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  return {
    type: S,
    evaluate: strict3<string, string, number>(
      stringArg(fn, args, 0),
      stringArg(fn, args, 1),
      intArg(fn, args, 2),
      splitPart(fn),
    ),
  };
}

function compileOverlay(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const len = args.length > 3 ? intArg(fn, args, 3) : () => -1;
  const s = stringArg(fn, args, 0);
  const r = stringArg(fn, args, 1);
  const pos = intArg(fn, args, 2);
  return {
    type: S,
    bound: argsBound(args),
    evaluate: (ctx) => {
      const l = len(ctx);
      if (l === null) return null;
      return strict3<string, string, number>(s, r, pos, (x, y, p) => overlay(x, y, p, l as number))(ctx);
    },
  };
}

export const STRING_SLICE_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "substring|substr(str, pos[, len])",
    "input",
    ": 1-based, pos 0 acts as 1, negative pos counts from the end",
    compileSubstring,
  ],
  [
    "left(str: string, len: int): string",
    "input",
    "the leftmost len characters ('' when len <= 0)",
    strict((s: string, n: number) => (n <= 0 ? "" : sqlSubstring(s, 1, n))),
  ],
  [
    "right(str: string, len: int): string",
    "input",
    "the rightmost len characters ('' when len <= 0)",
    strict((s: string, n: number) => (n <= 0 ? "" : sqlSubstring(s, -n, INT_MAX))),
  ],
  [
    "lpad(str, len[, pad])",
    "grows",
    "left-pads to len characters with pad (default ' '); longer strings are cut to len",
    compilePad(true),
  ],
  [
    "rpad(str, len[, pad])",
    "grows",
    "right-pads to len characters with pad (default ' '); longer strings are cut to len",
    compilePad(false),
  ],
  [
    "trim(str[, chars])",
    "input",
    ": removes spaces (or the given characters) at both ends",
    compileTrim(true, true),
  ],
  [
    "btrim(str[, chars])",
    "input",
    ": removes spaces (or the given characters) at both ends",
    compileTrim(true, true),
  ],
  [
    "ltrim(str[, chars])",
    "input",
    ": removes leading spaces (or the given characters)",
    compileTrim(true, false),
  ],
  [
    "rtrim(str[, chars])",
    "input",
    ": removes trailing spaces (or the given characters)",
    compileTrim(false, true),
  ],
  [
    "split_part(str, delim, n)",
    "input",
    ": the n-th part (negative from the end), '' when out of range",
    compileSplitPart,
  ],
  ["overlay(str, replace, pos[, len])", "grows", ": replaces len characters at 1-based pos", compileOverlay],
]);
