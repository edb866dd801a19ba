/**
 * The contract between rowforge's Spark SQL expression compiler, its function library and
 * the engine. Everything an expression sees at run time is a plain JS value:
 *
 * | Spark type        | JS value                                                     |
 * |-------------------|--------------------------------------------------------------|
 * | string            | string                                                       |
 * | int/short/byte    | number (integer, wrapped to the type's width on overflow)    |
 * | long              | bigint (wrapped with BigInt.asIntN(64))                      |
 * | float/double      | number                                                       |
 * | decimal(p,s)      | bigint: the unscaled value; the scale is the static type's   |
 * | boolean           | boolean                                                      |
 * | date              | number: days since 1970-01-01                                |
 * | timestamp         | number: microseconds since 1970-01-01T00:00:00Z              |
 * | binary            | Uint8Array                                                   |
 * | array<T>          | readonly SqlValue[]                                          |
 * | map<K,V>          | ReadonlyMap<SqlValue, SqlValue> (insertion ordered)          |
 * | struct<...>       | a null-prototype object keyed by field name                  |
 * | NULL of any type  | null                                                         |
 */
import type { DataType } from "../../model/data-type.ts";
import type { RowRandom } from "../rng/index.ts";

export type SqlValue =
  | string
  | number
  | bigint
  | boolean
  | Uint8Array
  | readonly SqlValue[]
  | ReadonlyMap<SqlValue, SqlValue>
  | { readonly [field: string]: SqlValue }
  | null;

/** What the engine gives an expression for one row. One instance is reused across rows. */
export interface SqlRowContext {
  /** Current row's input values, indexed by the slot the scope resolved. */
  values: readonly SqlValue[];
  /** The row index inside the step (0-based): Spark's `__index_inc`. */
  row: number;
  /** Random draws of this row for this expression (rand(), uuid(), shuffle()): positioned by the engine. */
  rnd: RowRandom;
  /**
   * Bytes of the values the expression has built for this row so far (see values/value-budget.ts):
   * the engine sets it to 0 for each row, and a row that builds more than maxBytesPerRow is refused.
   */
  built: number;
}

/** Run-wide inputs fixed at compile time. */
export interface SqlRunInputs {
  /** The run's reference time ("now"), microseconds since the epoch, UTC. current_date/current_timestamp use it. */
  readonly nowMicros: number;
  /** Session time zone for date/time functions; rowforge uses UTC. */
  readonly timeZone: "UTC";
  /** The generation budget's limits on expressions and on the values functions build (defaults when absent). */
  readonly limits?: SqlLimits;
}

/** Limits from the generation budget: checked when parsing, and on the values an expression builds. */
export interface SqlLimits {
  /** Characters of one string result (repeat, space, lpad, rpad, concat, ||, ...). */
  readonly maxStringLength: number;
  /** Elements of one array result (array_repeat, sequence, ...). */
  readonly maxArrayLength: number;
  /** Bytes of all the values an expression builds for one row, and of its result with all it holds. */
  readonly maxBytesPerRow: number;
  /** Characters of the expression. */
  readonly maxSqlLength: number;
  /** Nesting depth of the expression. */
  readonly maxSqlDepth: number;
}

export interface SqlBinding {
  readonly slot: number;
  readonly type: DataType;
  /** The most bytes the field's value takes with all it holds (see values/value-budget.ts), when known. */
  readonly bound?: number;
}

/** Resolves the top-level identifiers an expression may reference (case-insensitive, like Spark). */
export interface SqlScope {
  resolve(name: string): SqlBinding | undefined;
  /** All names in scope, for "did you mean". */
  names(): readonly string[];
}

/** A compiled expression: evaluate once per row, allocation-light. */
export type SqlEvaluator = (ctx: SqlRowContext) => SqlValue;

export interface CompiledSql {
  readonly text: string;
  readonly type: DataType;
  readonly evaluate: SqlEvaluator;
  /** The most bytes a value takes with all it holds, from the bounds of what it reads; Infinity when unknown. */
  readonly bound: number;
}

/** An argument of a function call as the function library sees it at compile time. */
export interface SqlArg {
  readonly type: DataType;
  readonly evaluate: SqlEvaluator;
  /** Set when the argument is a literal (lets functions precompile patterns, formats, ...). */
  readonly constant?: { readonly value: SqlValue };
  /** The most bytes the argument's value takes with all it holds, when known. */
  readonly bound?: number;
  /** Set when the argument is a lambda `x -> ...` / `(acc, x) -> ...`. */
  readonly lambda?: SqlLambda;
}

/** A lambda argument: the library binds parameter types, then calls `body` per element. */
export interface SqlLambda {
  readonly arity: number;
  /**
   * Compiles the body for the given parameter types (and, when known, the most bytes each
   * parameter's values take); returns the result type, an invoker and the bound of the results.
   */
  bind(
    paramTypes: readonly DataType[],
    paramBounds?: readonly number[],
  ): {
    readonly type: DataType;
    readonly invoke: (ctx: SqlRowContext, params: readonly SqlValue[]) => SqlValue;
    readonly bound: number;
  };
}

/**
 * How large a function's result can be next to its arguments, for the generation budget:
 * - `fixed`: bounded by a constant whatever the sizes of the arguments (numbers, dates,
 *   booleans, hashes, names of days);
 * - `input`: never more characters (strings), bytes (binaries), elements (arrays) or entries
 *   (maps) than its largest argument or than its lambda's results (slices, picks, copies,
 *   element-wise maps and folds);
 * - `grows`: can be larger than every argument (repeat, padding, concatenation, encodings,
 *   constructors). Its result is checked against maxStringLength / maxArrayLength, before it is
 *   built wherever its size follows from the arguments.
 * Every result that is not `fixed` also counts against the budget of the row (maxBytesPerRow).
 */
export type SqlGrowth = "fixed" | "input" | "grows";

/** One entry of the function table. */
export interface SqlFunction {
  /** Lower-case Spark name; aliases are separate entries pointing at the same implementation. */
  readonly name: string;
  readonly growth: SqlGrowth;
  readonly minArgs: number;
  readonly maxArgs: number; // Infinity for variadic
  /**
   * Type-checks and compiles a call. Returns the result type and evaluator, or throws a
   * RowforgeError (RF_SQL_INVALID) that names the function, the argument and the expected type.
   * Implementations follow Spark semantics: NULL in → NULL out unless Spark says otherwise,
   * 1-based element_at with negative indexes from the end, and so on.
   */
  compile(
    args: readonly SqlArg[],
    inputs: SqlRunInputs,
  ): {
    readonly type: DataType;
    readonly evaluate: SqlEvaluator;
    /**
     * The most bytes a result takes with all it holds, where the function knows it better than
     * its growth class does (lambdas, sizes given by constants); see compile-call.ts.
     */
    readonly bound?: number;
  };
  /** One line for docs and "did you mean". */
  readonly doc: string;
}
