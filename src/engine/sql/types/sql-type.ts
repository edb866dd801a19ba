/**
 * The compiler's view of types: the model's data types plus the two types only an expression
 * can have, the type of an untyped NULL literal and that of an interval literal.
 */
import { type DataType, DataTypes, formatDataType } from "../../../model/data-type.ts";

/** The type of a bare `NULL`: it takes the type its context needs. */
export interface NullType {
  readonly kind: "null";
}
/** The type of `INTERVAL 5 SECOND`: only usable added to or subtracted from a date or timestamp. */
export interface IntervalType {
  readonly kind: "interval";
}

export type SqlType = DataType | NullType | IntervalType;

export const NULL_TYPE: NullType = Object.freeze({ kind: "null" });
export const INTERVAL_TYPE: IntervalType = Object.freeze({ kind: "interval" });

export const isNullType = (t: SqlType): t is NullType => t.kind === "null";
export const isDataType = (t: SqlType): t is DataType => t.kind !== "null" && t.kind !== "interval";

/** The value of an interval: calendar months, days and microseconds, each possibly negative. */
export interface IntervalValue {
  readonly months: number;
  readonly days: number;
  readonly micros: number;
}

export function formatSqlType(t: SqlType): string {
  if (t.kind === "null") return "null";
  if (t.kind === "interval") return "interval";
  return formatDataType(t);
}

/** The data type a value of type `t` has outside the compiler (a bare NULL becomes a string). */
export function toDataType(t: SqlType): DataType {
  return isDataType(t) ? t : DataTypes.string;
}
