/**
 * Builders for the function library's tests: literal and column arguments, lambdas, and a
 * one-row evaluation context with a fixed "now" and a seeded random cursor.
 */

import { RowRandom } from "../../../src/engine/rng/index.ts";
import type {
  SqlArg,
  SqlFunction,
  SqlRowContext,
  SqlRunInputs,
  SqlValue,
} from "../../../src/engine/sql/index.ts";
import { SQL_FUNCTIONS } from "../../../src/engine/sql/sql-compiler.ts";
import { RowforgeError } from "../../../src/errors/index.ts";
import { type DataType, DataTypes } from "../../../src/model/data-type.ts";

export const T = DataTypes;

/** 2024-03-15T10:30:45.123456Z */
export const TEST_NOW_MICROS = Date.UTC(2024, 2, 15, 10, 30, 45, 123) * 1000 + 456;
export const TEST_INPUTS: SqlRunInputs = { nowMicros: TEST_NOW_MICROS, timeZone: "UTC" };

function inferType(v: SqlValue): DataType {
  if (typeof v === "string") return T.string;
  if (typeof v === "bigint") return T.long;
  if (typeof v === "boolean") return T.boolean;
  if (typeof v === "number") return Number.isInteger(v) ? T.int : T.double;
  if (v instanceof Uint8Array) return T.binary;
  throw new RowforgeError("RF_INTERNAL", "give composite test values an explicit type");
}

/** A literal argument (constant-folded by functions that precompile). */
export function lit(value: SqlValue, type: DataType = inferType(value)): SqlArg {
  return { type, evaluate: () => value, constant: { value } };
}

/** A non-literal argument: the same value, but the function cannot see it at compile time. */
export function col(value: SqlValue, type: DataType = inferType(value)): SqlArg {
  return { type, evaluate: () => value };
}

/** The untyped NULL literal as the compiler passes it: string-typed, constant null. */
export const NULL: SqlArg = { type: T.string, evaluate: () => null, constant: { value: null } };

/** A lambda whose body is a JS function; its result type is computed from the parameter types. */
export function lambda(
  arity: number,
  body: (params: readonly SqlValue[]) => SqlValue,
  resultType: (paramTypes: readonly DataType[]) => DataType,
): SqlArg {
  return {
    type: T.string,
    evaluate: () => null,
    lambda: {
      arity,
      bind: (paramTypes) => ({
        type: resultType(paramTypes),
        invoke: (_ctx, params) => body(params),
        bound: Number.POSITIVE_INFINITY,
      }),
    },
  };
}

export function fn(name: string): SqlFunction {
  const f = SQL_FUNCTIONS.get(name);
  if (f === undefined) throw new RowforgeError("RF_INTERNAL", `no function ${name}`);
  return f;
}

export function ctxAt(row = 0, key = 7): SqlRowContext {
  return { values: [], row, rnd: new RowRandom(key).at(row), built: 0 };
}

/** Compiles and evaluates once; also checks the arity bounds like the compiler would. */
export function run(name: string, args: readonly SqlArg[], ctx: SqlRowContext = ctxAt()): SqlValue {
  return compile(name, args).evaluate(ctx);
}

export function compile(name: string, args: readonly SqlArg[]) {
  const f = fn(name);
  if (args.length < f.minArgs || args.length > f.maxArgs) {
    throw new RowforgeError("RF_VALUE_INVALID", `${name} takes ${f.minArgs}..${f.maxArgs} arguments`);
  }
  return f.compile(args, TEST_INPUTS);
}

export const typeOf = (name: string, args: readonly SqlArg[]): DataType => compile(name, args).type;

/** Runs with every argument as a literal, then as a column: both paths must agree. */
export function runBoth(name: string, values: readonly SqlValue[], types?: readonly DataType[]): SqlValue {
  const typeAt = (v: SqlValue, i: number): DataType => types?.[i] ?? (v === null ? T.string : inferType(v));
  const a = run(
    name,
    values.map((v, i) => (v === null && types?.[i] === undefined ? NULL : lit(v, typeAt(v, i)))),
  );
  const b = run(
    name,
    values.map((v, i) => col(v, typeAt(v, i))),
  );
  if (!sameValue(a, b)) throw new Error(`${name}: literal ${String(a)} vs column ${String(b)}`);
  return a;
}

function sameValue(a: SqlValue, b: SqlValue): boolean {
  return (
    JSON.stringify(a, (_k, v) => (typeof v === "bigint" ? `${v}n` : v instanceof Map ? [...v] : v)) ===
    JSON.stringify(b, (_k, v) => (typeof v === "bigint" ? `${v}n` : v instanceof Map ? [...v] : v))
  );
}
