/** Adapters over the compiler's cast table for evaluators and constant values. */
import type { DataType } from "../../../model/data-type.ts";
import type { SqlEvaluator, SqlValue } from "../sql-contract.ts";
import { compileCast } from "../types/cast-conversions.ts";

/** Wraps an evaluator with a cast; nulls stay null. */
export function castEvaluator(e: SqlEvaluator, from: DataType, to: DataType): SqlEvaluator {
  const cast = compileCast(from, to);
  return (ctx) => {
    const v = e(ctx);
    return v === null ? null : cast(v);
  };
}

/** Casts one value (compile-time constants). */
export function castValue(v: SqlValue, from: DataType, to: DataType): SqlValue {
  return v === null ? null : compileCast(from, to)(v);
}

/** A reusable caster of single values (nulls stay null). */
export function valueCaster(from: DataType, to: DataType): (v: SqlValue) => SqlValue {
  const cast = compileCast(from, to);
  return (v) => (v === null ? null : cast(v));
}
