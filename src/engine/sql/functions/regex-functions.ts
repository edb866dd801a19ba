/** Regular-expression functions (Java regex syntax, see engine/java-regex) and split. */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlFunction, SqlRowContext, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { constantArg, intArg, stringArg } from "./function-args.ts";
import { argBound, checkValueSize, partsBound, valueLimits } from "./function-bounds.ts";
import { runtimeError, sqlError } from "./function-errors.ts";
import { lastValueCache } from "./last-value-cache.ts";
import {
  applyReplacement,
  compileRegex,
  type JavaRegex,
  javaSplit,
  parseJavaReplacement,
  type ReplacementPart,
} from "./regex-tools.ts";
import { type CompileFn, functionTable } from "./sql-function.ts";
import { strict2, strict3, strictN } from "./strict-evaluators.ts";
import { charLength } from "./text-utils.ts";
import { I, S } from "./type-shorthands.ts";

interface RegexArg {
  readonly at: (ctx: SqlRowContext) => JavaRegex | null;
  /** Set when the pattern is a literal. */
  readonly constant?: JavaRegex | null;
}

/** The regex argument at `i`: compiled once when it is a literal, else per distinct value. */
function regexArg(fn: string, args: readonly SqlArg[], i: number): RegexArg {
  const c = constantArg(fn, args, i, S);
  if (c !== undefined) {
    const rx = c.value === null ? null : compileRegex(fn, c.value as string);
    return { at: () => rx, constant: rx };
  }
  const e = stringArg(fn, args, i);
  const cached = lastValueCache((p: string) => compileRegex(fn, p));
  return {
    at: (ctx) => {
      const p = e(ctx);
      return p === null ? null : cached(p as string);
    },
  };
}

/** Every match replaced; `prefix` characters come before the result (checked with it against the budget). */
function replaceAll(
  s: string,
  rx: JavaRegex,
  parts: readonly ReplacementPart[],
  fits: (length: number) => void,
  prefix = 0,
): string {
  let out = "";
  let last = 0;
  for (const m of rx.matches(s)) {
    out += s.slice(last, m.index) + applyReplacement(parts, m);
    last = m.index + m[0].length;
    // Checked as it grows: a replacement longer than its match grows the text by every match.
    fits(prefix + out.length + s.length - last);
  }
  return out + s.slice(last);
}

function compileRegexpReplace(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string) {
  const limits = valueLimits(inputs);
  const fits = (length: number) => checkValueSize(fn, length, limits, "string");
  const s = stringArg(fn, args, 0);
  const rx = regexArg(fn, args, 1);
  const repConst = constantArg(fn, args, 2, S);
  const rep = stringArg(fn, args, 2);
  const posConst = args.length > 3 ? constantArg(fn, args, 3, I) : { value: 1 };
  if (posConst !== undefined && posConst.value !== null && (posConst.value as number) < 1) {
    throw sqlError(fn, `the position must be 1 or more, but it is ${posConst.value as number}`);
  }
  const pos = args.length > 3 ? intArg(fn, args, 3) : () => 1;
  const partsCache = new Map<JavaRegex, Map<string, ReplacementPart[]>>();
  const partsOf = (r: JavaRegex, text: string): ReplacementPart[] => {
    let byText = partsCache.get(r);
    if (byText === undefined) {
      if (partsCache.size > 64) partsCache.clear();
      byText = new Map();
      partsCache.set(r, byText);
    }
    let parts = byText.get(text);
    if (parts === undefined) {
      if (byText.size > 64) byText.clear();
      parts = parseJavaReplacement(fn, text, r.groupCount);
      byText.set(text, parts);
    }
    return parts;
  };
  const constRx = rx.constant;
  if (constRx && repConst !== undefined && repConst.value !== null)
    partsOf(constRx, repConst.value as string);
  // Every character, and the empty match after it, may become the replacement, whose group
  // references (two characters each at least) copy at most the whole text each.
  const matches = argBound(args, 0) / 2 + 1;
  return {
    type: S,
    bound: argBound(args, 0) + matches * argBound(args, 2) + (argBound(args, 0) * argBound(args, 2)) / 4,
    evaluate: strictN<unknown>([s, rx.at, rep, pos], ([v, rv, t, pv]) => {
      const [str, r, p] = [v as string, rv as JavaRegex, pv as number];
      if (p < 1) throw runtimeError(fn, `the position must be 1 or more, but it is ${p}`);
      if (p > str.length) return str;
      const parts = partsOf(r, t as string);
      if (p === 1) return replaceAll(str, r, parts, fits);
      const head = str.slice(0, p - 1);
      return head + replaceAll(str.slice(p - 1), r, parts, fits, head.length);
    }),
  };
}

function checkGroup(fn: string, rx: JavaRegex, idx: number): void {
  if (idx < 0) throw runtimeError(fn, `the group index must not be negative, but it is ${idx}`);
  if (idx > rx.groupCount) {
    throw runtimeError(fn, `the pattern has ${rx.groupCount} group(s), but group ${idx} was asked for`);
  }
}

function compileExtract(all: boolean): CompileFn {
  return (args, _inputs, fn) => {
    const s = stringArg(fn, args, 0);
    const rx = regexArg(fn, args, 1);
    const idx = args.length > 2 ? intArg(fn, args, 2) : () => 1;
    const idxConst = args.length > 2 ? constantArg(fn, args, 2, I) : { value: 1 };
    if (rx.constant && idxConst !== undefined && idxConst.value !== null) {
      checkGroup(fn, rx.constant, idxConst.value as number);
    }
    return {
      type: all ? DataTypes.array(S) : S,
      ...(all ? { bound: partsBound(args) } : {}),
      evaluate: strict3<string, JavaRegex, number>(s, rx.at, idx, (str, r, g) => {
        checkGroup(fn, r, g);
        if (!all) {
          const m = r.exec(str);
          return m === null ? "" : (m[g] ?? "");
        }
        const out: SqlValue[] = [];
        for (const m of r.matches(str)) out.push(m[g] ?? "");
        return out;
      }),
    };
  };
}

function compileRegexProbe(
  type: typeof S | typeof I | typeof DataTypes.boolean,
  probe: (s: string, rx: JavaRegex) => SqlValue,
): CompileFn {
  return (args, _inputs, fn) => {
    const s = stringArg(fn, args, 0);
    const rx = regexArg(fn, args, 1);
    return {
      type,
      evaluate: strict2<string, JavaRegex>(s, rx.at, probe),
    };
  };
}

function countMatches(s: string, rx: JavaRegex): number {
  let n = 0;
  for (const _ of rx.matches(s)) n++;
  return n;
}

function compileSplit(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const s = stringArg(fn, args, 0);
  const rx = regexArg(fn, args, 1);
  const limit = args.length > 2 ? intArg(fn, args, 2) : () => -1;
  return {
    type: DataTypes.array(S),
    bound: partsBound(args),
    evaluate: strict3<string, JavaRegex, number>(s, rx.at, limit, javaSplit),
  };
}

export const REGEX_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "regexp_replace(str, regex, rep[, pos])",
    "grows",
    ": replaces every match (Java regex; $1 and ${name} in rep) from 1-based pos",
    compileRegexpReplace,
  ],
  [
    "regexp_extract(str, regex[, idx=1])",
    "input",
    ": group idx of the first match, '' when none",
    compileExtract(false),
  ],
  ["regexp_extract_all(str, regex[, idx=1])", "input", ": group idx of every match", compileExtract(true)],
  [
    "rlike|regexp_like|regexp(str, regex)",
    "fixed",
    "whether the regex matches somewhere in str",
    compileRegexProbe(DataTypes.boolean, (s, r) => r.test(s)),
  ],
  [
    "regexp_count(str, regex)",
    "fixed",
    "number of matches of the regex in str",
    compileRegexProbe(I, countMatches),
  ],
  [
    "regexp_substr(str, regex)",
    "input",
    "the first match of the regex, NULL when none",
    compileRegexProbe(S, (s, r) => r.exec(s)?.[0] ?? null),
  ],
  [
    "regexp_instr(str, regex[, idx])",
    "fixed",
    "1-based position of the first match, 0 when none",
    compileRegexProbe(I, (s, r) => {
      const m = r.exec(s);
      return m === null ? 0 : charLength(s.slice(0, m.index)) + 1;
    }),
  ],
  [
    "split(str, regex[, limit])",
    "input",
    ": splits around matches; limit > 0 caps the number of parts",
    compileSplit,
  ],
]);
