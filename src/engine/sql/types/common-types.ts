/**
 * Spark's implicit type coercion (non-ANSI mode, Spark 3.5): common types for CASE, IN and
 * comparisons, numeric widening, and the result types of decimal arithmetic.
 */
import { type DataType, DataTypes, type DecimalType, type StructField } from "../../../model/data-type.ts";
import { MAX_DECIMAL_PRECISION } from "../values/decimal.ts";
import { NULL_TYPE, type SqlType } from "./sql-type.ts";

/** Widening order of the non-decimal numeric types. */
const NUMERIC_RANK: Readonly<Record<string, number>> = {
  byte: 1,
  short: 2,
  int: 3,
  long: 4,
  float: 6,
  double: 7,
};

export const isIntegralKind = (t: SqlType): boolean =>
  t.kind === "byte" || t.kind === "short" || t.kind === "int" || t.kind === "long";
export const isFractionalKind = (t: SqlType): boolean => t.kind === "float" || t.kind === "double";
export const isNumericType = (t: SqlType): boolean =>
  isIntegralKind(t) || isFractionalKind(t) || t.kind === "decimal";
export const isAtomicType = (t: SqlType): boolean =>
  t.kind !== "array" && t.kind !== "map" && t.kind !== "struct" && t.kind !== "null" && t.kind !== "interval";

export function sameSqlType(a: SqlType, b: SqlType): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "decimal":
      return a.precision === (b as DecimalType).precision && a.scale === (b as DecimalType).scale;
    case "array":
      return sameSqlType(a.element, (b as typeof a).element);
    case "map":
      return sameSqlType(a.key, (b as typeof a).key) && sameSqlType(a.value, (b as typeof a).value);
    case "struct": {
      const bf = (b as typeof a).fields;
      return (
        a.fields.length === bf.length &&
        a.fields.every((f, i) => f.name === bf[i]!.name && sameSqlType(f.type, bf[i]!.type))
      );
    }
    default:
      return true;
  }
}

/** DECIMAL type bounded to Spark's maximum precision. */
export function boundedDecimal(precision: number, scale: number): DecimalType {
  return DataTypes.decimal(
    Math.min(precision, MAX_DECIMAL_PRECISION),
    Math.min(scale, MAX_DECIMAL_PRECISION),
  );
}

/** The decimal type that holds every value of an integral type (byte → decimal(3,0), ...). */
export function decimalForIntegral(t: SqlType): DecimalType | undefined {
  switch (t.kind) {
    case "byte":
      return DataTypes.decimal(3, 0);
    case "short":
      return DataTypes.decimal(5, 0);
    case "int":
      return DataTypes.decimal(10, 0);
    case "long":
      return DataTypes.decimal(20, 0);
    case "decimal":
      return t;
    default:
      return undefined;
  }
}

export function widerDecimal(a: DecimalType, b: DecimalType): DecimalType {
  const scale = Math.max(a.scale, b.scale);
  const range = Math.max(a.precision - a.scale, b.precision - b.scale);
  return boundedDecimal(range + scale, scale);
}

function commonFields(
  a: readonly StructField[],
  b: readonly StructField[],
  combine: (x: SqlType, y: SqlType) => SqlType | undefined,
): StructField[] | undefined {
  if (a.length !== b.length) return undefined;
  const out: StructField[] = [];
  for (let i = 0; i < a.length; i++) {
    const fa = a[i]!;
    const fb = b[i]!;
    if (fa.name.toLowerCase() !== fb.name.toLowerCase()) return undefined;
    const t = combine(fa.type, fb.type);
    if (t === undefined || t.kind === "null" || t.kind === "interval") return undefined;
    out.push({ name: fa.name, type: t, nullable: fa.nullable || fb.nullable });
  }
  return out;
}

function complexCommon(
  a: SqlType,
  b: SqlType,
  combine: (x: SqlType, y: SqlType) => SqlType | undefined,
): SqlType | undefined {
  const data = (t: SqlType | undefined): DataType | undefined =>
    t === undefined || t.kind === "null" || t.kind === "interval" ? undefined : t;
  if (a.kind === "array" && b.kind === "array") {
    const e = data(combine(a.element, b.element));
    return e && DataTypes.array(e);
  }
  if (a.kind === "map" && b.kind === "map") {
    const k = data(combine(a.key, b.key));
    const v = data(combine(a.value, b.value));
    return k && v && DataTypes.map(k, v);
  }
  if (a.kind === "struct" && b.kind === "struct") {
    const fields = commonFields(a.fields, b.fields, combine);
    return fields && DataTypes.struct(fields);
  }
  return undefined;
}

/** Spark's findTightestCommonType: widening without loss (no decimals, no strings). */
export function tightestCommonType(a: SqlType, b: SqlType): SqlType | undefined {
  if (sameSqlType(a, b)) return a;
  if (a.kind === "null") return b;
  if (b.kind === "null") return a;
  const ra = NUMERIC_RANK[a.kind];
  const rb = NUMERIC_RANK[b.kind];
  if (ra !== undefined && rb !== undefined) return ra >= rb ? a : b;
  if ((a.kind === "date" && b.kind === "timestamp") || (a.kind === "timestamp" && b.kind === "date")) {
    return DataTypes.timestamp;
  }
  return complexCommon(a, b, tightestCommonType);
}

/** The common numeric type of two numeric types, with decimals widened as Spark does. */
export function numericCommonType(a: SqlType, b: SqlType): SqlType | undefined {
  if (!isNumericType(a) || !isNumericType(b)) return undefined;
  if (a.kind === "decimal" || b.kind === "decimal") {
    if (isFractionalKind(a) || isFractionalKind(b)) return DataTypes.double;
    return widerDecimal(decimalForIntegral(a)!, decimalForIntegral(b)!);
  }
  return tightestCommonType(a, b);
}

/** Spark's findWiderTypeForTwo: tightest, then decimals, then promotion to string, then nested. */
export function widerCommonType(a: SqlType, b: SqlType): SqlType | undefined {
  const tight = tightestCommonType(a, b);
  if (tight !== undefined) return tight;
  const numeric = numericCommonType(a, b);
  if (numeric !== undefined) return numeric;
  const promotable = (t: SqlType): boolean => isAtomicType(t) && t.kind !== "binary" && t.kind !== "boolean";
  if ((a.kind === "string" && promotable(b)) || (b.kind === "string" && promotable(a)))
    return DataTypes.string;
  return complexCommon(a, b, widerCommonType);
}

/** The wider common type of all `types` (NULL when empty or all NULL), or undefined when there is none. */
export function widerCommonTypeOf(types: readonly SqlType[]): SqlType | undefined {
  let acc: SqlType | undefined = NULL_TYPE;
  for (const t of types) {
    acc = widerCommonType(acc, t);
    if (acc === undefined) return undefined;
  }
  return acc;
}

/**
 * The type both sides of a comparison are cast to (Spark's rules for binary comparisons):
 * numbers widen; a string meets a date, timestamp or number by being cast to that type
 * (to double against a decimal); a date meets a timestamp as a timestamp.
 */
export function comparisonType(a: SqlType, b: SqlType): SqlType | undefined {
  const tight = tightestCommonType(a, b);
  if (tight !== undefined) return tight;
  const numeric = numericCommonType(a, b);
  if (numeric !== undefined) return numeric;
  if (a.kind === "string" && b.kind === "decimal") return DataTypes.double;
  if (b.kind === "string" && a.kind === "decimal") return DataTypes.double;
  if (a.kind === "string" && isAtomicType(b)) return b;
  if (b.kind === "string" && isAtomicType(a)) return a;
  return complexCommon(a, b, comparisonType);
}

/**
 * Spark's adjustment of decimal result types above 38 digits: keep the integer digits, and
 * give up fraction digits down to a minimum scale of 6.
 */
export function adjustDecimal(precision: number, scale: number): DecimalType {
  if (precision <= MAX_DECIMAL_PRECISION) return DataTypes.decimal(precision, scale);
  const intDigits = precision - scale;
  const minScale = Math.min(scale, 6);
  const adjusted = Math.max(MAX_DECIMAL_PRECISION - intDigits, minScale);
  return DataTypes.decimal(MAX_DECIMAL_PRECISION, adjusted);
}

/** Result type of decimal + - * / % (Spark with precision loss allowed, the default). */
export function decimalResultType(
  op: "+" | "-" | "*" | "/" | "%",
  a: DecimalType,
  b: DecimalType,
): DecimalType {
  const { precision: p1, scale: s1 } = a;
  const { precision: p2, scale: s2 } = b;
  switch (op) {
    case "+":
    case "-": {
      const scale = Math.max(s1, s2);
      return adjustDecimal(Math.max(p1 - s1, p2 - s2) + scale + 1, scale);
    }
    case "*":
      return adjustDecimal(p1 + p2 + 1, s1 + s2);
    case "/": {
      const scale = Math.max(6, s1 + p2 + 1);
      return adjustDecimal(p1 - s1 + s2 + scale, scale);
    }
    case "%": {
      const scale = Math.max(s1, s2);
      return adjustDecimal(Math.min(p1 - s1, p2 - s2) + scale, scale);
    }
  }
}
