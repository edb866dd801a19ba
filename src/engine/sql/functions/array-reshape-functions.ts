/**
 * Array reshaping: arrays_zip, flatten, shuffle, slice, sequence, array_repeat, array_compact,
 * array_append, array_prepend.
 */
import { DataTypes } from "../../../model/data-type.ts";
import { MICROS_PER_DAY } from "../../../util/calendar.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { arrayAndElement, arrayArg } from "./array-functions.ts";
import { coerceArg, constantCount, intArg } from "./function-args.ts";
import { argBound, argsBound, checkValueSize, valueLimits } from "./function-bounds.ts";
import { argTypeError, runtimeError, sqlError } from "./function-errors.ts";
import { commonArgType, isNullLiteral } from "./implicit-argument-casts.ts";
import { type CompiledCall, defineFunction, functionTable } from "./sql-function.ts";
import { strict1, strict3 } from "./strict-evaluators.ts";
import { I, L } from "./type-shorthands.ts";

type Values = readonly SqlValue[];

function compileSlice(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const arr = arrayArg(fn, args, 0);
  return {
    type: arr.type,
    evaluate: strict3<Values, number, number>(
      arr.evaluate,
      intArg(fn, args, 1),
      intArg(fn, args, 2),
      (a, start, length) => {
        if (start === 0)
          throw runtimeError(fn, "the start index must not be 0 (indexes start at 1, or -1 from the end)");
        if (length < 0) throw runtimeError(fn, `the length must not be negative, but it is ${length}`);
        const from = start < 0 ? a.length + start : start - 1;
        if (from < 0 || from >= a.length) return [];
        return a.slice(from, Math.min(a.length, from + length));
      },
    ),
  };
}

type Limits = ReturnType<typeof valueLimits>;

function sequenceOf(fn: string, start: number, stop: number, step: number, limits: Limits): number[] {
  if (step === 0 || (step > 0 && start > stop) || (step < 0 && start < stop)) {
    if (start === stop) return [start];
    throw runtimeError(fn, `the step ${step} does not lead from ${start} to ${stop}`);
  }
  const n = Math.floor((stop - start) / step) + 1;
  checkValueSize(fn, n, limits, "array");
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = start + i * step;
  return out;
}

/**
 * sequence(start, stop[, step]) over integers, dates (step in days, default ±1) and timestamps
 * (step in seconds, default ±1 day): intervals cannot be passed to functions in rowforge.
 */
function compileSequence(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string) {
  const limits = valueLimits(inputs);
  const t = commonArgType(args.slice(0, 2));
  if (t === undefined) throw sqlError(fn, "start and stop must have a common type");
  const step = args.length > 2 ? coerceArg(fn, args, 2, L) : undefined;
  const kind = t.kind === "date" || t.kind === "timestamp" || t.kind === "long" ? t.kind : "int";
  if (kind === "int" && !["int", "short", "byte"].includes(t.kind)) {
    throw sqlError(fn, `start and stop must be integers, dates or timestamps, not ${t.kind}`);
  }
  const target = kind === "int" ? I : t;
  const a = coerceArg(fn, args, 0, target);
  const b = coerceArg(fn, args, 1, target);
  // The default step: one (a day for timestamps) towards stop; a given step is a long, in seconds for timestamps.
  const unit = kind === "timestamp" ? MICROS_PER_DAY : 1;
  const stepScale = kind === "timestamp" ? 1_000_000 : 1;
  return {
    type: DataTypes.array(target),
    evaluate: ((ctx) => {
      const x = a(ctx);
      const y = b(ctx);
      if (x === null || y === null) return null;
      const s =
        step === undefined ? ((x as number | bigint) <= (y as number | bigint) ? unit : -unit) : step(ctx);
      if (s === null) return null;
      const by = typeof s === "bigint" ? Number(s) * stepScale : (s as number);
      const out = sequenceOf(fn, Number(x), Number(y), by, limits);
      return kind === "long" ? out.map((v) => BigInt(v)) : out;
    }) satisfies SqlEvaluator,
  };
}

function compileArraysZip(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const arrays = args.map((_, i) => arrayArg(fn, args, i));
  const names = arrays.map((_, i) => String(i));
  const type = DataTypes.array(
    DataTypes.struct(arrays.map((a, i) => ({ name: names[i]!, type: a.type.element, nullable: true }))),
  );
  return {
    type,
    // Each element becomes a struct of one member per array: slots at most double.
    bound: argsBound(args, 2, 16),
    evaluate: ((ctx) => {
      const values: Values[] = [];
      for (const a of arrays) {
        const v = a.evaluate(ctx);
        if (v === null) return null;
        values.push(v as Values);
      }
      const n = Math.max(0, ...values.map((v) => v.length));
      const out: SqlValue[] = [];
      for (let r = 0; r < n; r++) {
        const row: Record<string, SqlValue> = Object.create(null);
        values.forEach((v, i) => {
          row[names[i]!] = v[r] ?? null;
        });
        out.push(row);
      }
      return out;
    }) satisfies SqlEvaluator,
  };
}

function compileFlatten(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string): CompiledCall {
  const arr = arrayArg(fn, args, 0);
  if (arr.type.element.kind !== "array") throw argTypeError(fn, 0, "an array of arrays", arr.type);
  const limits = valueLimits(inputs);
  return {
    type: arr.type.element,
    // The elements of the inner arrays, without the inner arrays.
    bound: argBound(args, 0),
    evaluate: strict1<Values>(arr.evaluate, (a) => {
      let size = 0;
      for (const inner of a) {
        if (inner === null) return null;
        size += (inner as Values).length;
      }
      checkValueSize(fn, size, limits, "array");
      const out: SqlValue[] = [];
      for (const inner of a) for (const x of inner as Values) out.push(x);
      return out;
    }),
  };
}

function compileShuffle(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const arr = arrayArg(fn, args, 0);
  return {
    type: arr.type,
    evaluate: (ctx) => {
      const v = arr.evaluate(ctx);
      if (v === null) return null;
      const out = [...(v as Values)];
      for (let i = out.length - 1; i > 0; i--) {
        const j = ctx.rnd.int(i + 1);
        const tmp = out[i]!;
        out[i] = out[j]!;
        out[j] = tmp;
      }
      return out;
    },
  };
}

function compileArrayRepeat(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string): CompiledCall {
  const e = args[0]!;
  const limits = valueLimits(inputs);
  const n = intArg(fn, args, 1);
  const times = constantCount(args, 1);
  return {
    type: DataTypes.array(isNullLiteral(e) ? DataTypes.string : e.type),
    ...(times === undefined ? {} : { bound: 16 + times * (8 + argBound(args, 0)) }),
    evaluate: (ctx) => {
      const count = n(ctx);
      if (count === null) return null;
      checkValueSize(fn, count as number, limits, "array");
      return new Array<SqlValue>(Math.max(0, count as number)).fill(e.evaluate(ctx));
    },
  };
}

function compileArrayCompact(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const arr = arrayArg(fn, args, 0);
  return { type: arr.type, evaluate: strict1<Values>(arr.evaluate, (a) => a.filter((x) => x !== null)) };
}

export const ARRAY_RESHAPE_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "arrays_zip(array, arrays...)",
    "input",
    "array of structs whose field i comes from array i (fields named 0, 1, ...)",
    compileArraysZip,
  ],
  [
    "flatten(arrays)",
    "grows",
    "concatenates an array of arrays (NULL if any inner array is NULL)",
    compileFlatten,
  ],
  [
    "shuffle(array)",
    "input",
    "a random permutation of the array from the row's random draws",
    compileShuffle,
  ],
  ["slice(array, start, length)", "input", ": start is 1-based (negative from the end)", compileSlice],
  [
    "sequence(start, stop[, step])",
    "grows",
    ": integers, or dates (step in days) or timestamps (step in seconds)",
    compileSequence,
  ],
  ["array_repeat(element, n)", "grows", ": the element n times", compileArrayRepeat],
  ["array_compact(array)", "input", "the array without NULL elements", compileArrayCompact],
  ...arrayWithValue("array_append", "end"),
  ...arrayWithValue("array_prepend", "start"),
]);

/** array_append / array_prepend: the array with one value added at its end or its start. */
function arrayWithValue(name: string, at: "end" | "start"): ReturnType<typeof defineFunction> {
  return defineFunction(
    name,
    "grows",
    2,
    2,
    `the array with the value added at the ${at}`,
    (args, _i, fn) => {
      const { element, array, value } = arrayAndElement(fn, args);
      return {
        type: DataTypes.array(element),
        bound: argsBound(args, 1, 8),
        evaluate: (ctx) => {
          const a = array(ctx);
          if (a === null) return null;
          return at === "end" ? [...(a as Values), value(ctx)] : [value(ctx), ...(a as Values)];
        },
      };
    },
  );
}
