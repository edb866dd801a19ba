/**
 * Spark's CAST in non-ANSI mode: invalid input and overflow give NULL (numbers narrowing between
 * integral types wrap, doubles to integers truncate and saturate), never an error at run time.
 * Impossible casts (a number to a date, an array to an int) are refused when compiling.
 */
import { RowforgeError } from "../../../errors/index.ts";
import {
  type DataType,
  type DataTypeKind,
  type DecimalType,
  formatDataType,
  isNumeric,
  sameDataType,
} from "../../../model/data-type.ts";
import { MICROS_PER_DAY, parseDateString, parseTimestampString } from "../../../util/calendar.ts";
import type { SqlValue } from "../sql-contract.ts";
import {
  decimalFromInteger,
  decimalFromNumber,
  decimalFromString,
  decimalToNumber,
  decimalTruncate,
  pow10,
  toDecimalType,
} from "../values/decimal.ts";
import { compileFormatter } from "../values/format-value.ts";
import {
  parseBooleanText,
  parseDoubleText,
  parseIntegerText,
  parseLongText,
} from "../values/parse-number-text.ts";

export type CastFn = (v: SqlValue) => SqlValue;

const MICROS_PER_SECOND = 1_000_000;
const LONG_MAX = 9223372036854775807n;
const LONG_MIN = -9223372036854775808n;
const TWO_POW_63 = 2 ** 63;

const identity: CastFn = (v) => v;
const alwaysNull: CastFn = () => null;

/** Java's (int) conversion of a double: NaN → 0, saturating at the int range. */
export function doubleToInt(d: number): number {
  if (Number.isNaN(d)) return 0;
  if (d >= 2147483647) return 2147483647;
  if (d <= -2147483648) return -2147483648;
  return Math.trunc(d) | 0;
}

/** Java's (long) conversion of a double: NaN → 0, saturating at the long range. */
export function doubleToLong(d: number): bigint {
  if (Number.isNaN(d)) return 0n;
  if (d >= TWO_POW_63) return LONG_MAX;
  if (d <= -TWO_POW_63) return LONG_MIN;
  return BigInt(Math.trunc(d));
}

type Bits = 8 | 16 | 32;

/** Wraps an integer-valued number to a signed width, as Java's narrowing conversions do. */
export function wrapInt(v: number, bits: Bits): number {
  if (bits === 32) return v | 0;
  return bits === 16 ? ((v | 0) << 16) >> 16 : ((v | 0) << 24) >> 24;
}

const isSmallIntegral = (t: DataType): boolean => t.kind === "int" || t.kind === "short" || t.kind === "byte";

function toIntegral(from: DataType, bits: Bits): CastFn | undefined {
  if (isSmallIntegral(from)) return (v) => wrapInt(v as number, bits);
  switch (from.kind) {
    case "long":
      return (v) => Number(BigInt.asIntN(bits, v as bigint));
    case "float":
    case "double":
      return (v) => wrapInt(doubleToInt(v as number), bits);
    case "decimal": {
      const scale = from.scale;
      return (v) => Number(BigInt.asIntN(bits, decimalTruncate(v as bigint, scale)));
    }
    case "boolean":
      return (v) => (v ? 1 : 0);
    case "string":
      return (v) => parseIntegerText(v as string, bits);
    case "timestamp":
      // Seconds since the epoch, wrapped to the width (floor division, like Spark).
      return (v) => Number(BigInt.asIntN(bits, BigInt(Math.floor((v as number) / MICROS_PER_SECOND))));
    default:
      return undefined;
  }
}

function toLong(from: DataType): CastFn | undefined {
  if (isSmallIntegral(from)) return (v) => BigInt(v as number);
  switch (from.kind) {
    case "float":
    case "double":
      return (v) => doubleToLong(v as number);
    case "decimal": {
      const scale = from.scale;
      return (v) => BigInt.asIntN(64, decimalTruncate(v as bigint, scale));
    }
    case "boolean":
      return (v) => (v ? 1n : 0n);
    case "string":
      return (v) => parseLongText(v as string);
    case "timestamp":
      return (v) => BigInt(Math.floor((v as number) / MICROS_PER_SECOND));
    default:
      return undefined;
  }
}

function toDouble(from: DataType): CastFn | undefined {
  if (isSmallIntegral(from) || from.kind === "float") return identity;
  switch (from.kind) {
    case "long":
      return (v) => Number(v as bigint);
    case "decimal": {
      const scale = from.scale;
      return (v) => decimalToNumber(v as bigint, scale);
    }
    case "boolean":
      return (v) => (v ? 1 : 0);
    case "string":
      return (v) => parseDoubleText(v as string);
    case "timestamp":
      return (v) => (v as number) / MICROS_PER_SECOND;
    default:
      return undefined;
  }
}

function toFloat(from: DataType): CastFn | undefined {
  if (from.kind === "double") return (v) => Math.fround(v as number);
  const d = toDouble(from);
  if (d === undefined) return undefined;
  return (v) => {
    const x = d(v);
    return x === null ? null : Math.fround(x as number);
  };
}

function toDecimal(from: DataType, to: DecimalType): CastFn | undefined {
  if (isSmallIntegral(from) || from.kind === "long")
    return (v) => decimalFromInteger(v as number | bigint, to);
  switch (from.kind) {
    case "float":
    case "double":
      return (v) => decimalFromNumber(v as number, to);
    case "decimal": {
      const scale = from.scale;
      return (v) => toDecimalType(v as bigint, scale, to);
    }
    case "boolean":
      return (v) => decimalFromInteger(v ? 1 : 0, to);
    case "string":
      return (v) => decimalFromString(v as string, to);
    case "timestamp":
      return (v) => toDecimalType(BigInt(v as number), 6, to);
    default:
      return undefined;
  }
}

function toBoolean(from: DataType): CastFn | undefined {
  switch (from.kind) {
    case "int":
    case "short":
    case "byte":
    case "float":
    case "double":
    case "timestamp":
      return (v) => v !== 0;
    case "long":
    case "decimal":
      return (v) => v !== 0n;
    case "string":
      return (v) => parseBooleanText(v as string);
    default:
      return undefined;
  }
}

function toDate(from: DataType): CastFn | undefined {
  switch (from.kind) {
    case "string":
      return (v) => parseDateString(v as string);
    case "timestamp":
      return (v) => Math.floor((v as number) / MICROS_PER_DAY);
    default:
      return undefined;
  }
}

function toTimestamp(from: DataType): CastFn | undefined {
  if (isSmallIntegral(from)) return (v) => (v as number) * MICROS_PER_SECOND;
  switch (from.kind) {
    case "string":
      return (v) => parseTimestampString(v as string);
    case "date":
      return (v) => (v as number) * MICROS_PER_DAY;
    case "long":
      return (v) => Number(v as bigint) * MICROS_PER_SECOND;
    case "float":
    case "double":
      return (v) => (Number.isFinite(v) ? Math.trunc((v as number) * MICROS_PER_SECOND) : null);
    case "decimal": {
      const scale = from.scale;
      return scale <= 6
        ? (v) => Number((v as bigint) * pow10(6 - scale))
        : (v) => Number((v as bigint) / pow10(scale - 6));
    }
    case "boolean":
      return (v) => (v ? 1 : 0);
    default:
      return undefined;
  }
}

const utf8 = new TextEncoder();

function toBinary(from: DataType): CastFn | undefined {
  switch (from.kind) {
    case "string":
      return (v) => utf8.encode(v as string);
    case "byte":
    case "short":
    case "int":
    case "long": {
      const size = from.kind === "byte" ? 1 : from.kind === "short" ? 2 : from.kind === "int" ? 4 : 8;
      return (v) => {
        let x = BigInt.asUintN(size * 8, BigInt(v as number | bigint));
        const out = new Uint8Array(size);
        for (let i = size - 1; i >= 0; i--) {
          out[i] = Number(x & 0xffn);
          x >>= 8n;
        }
        return out;
      };
    }
    default:
      return undefined;
  }
}

function toArray(from: DataType, element: DataType): CastFn | undefined {
  if (from.kind !== "array") return undefined;
  const inner = castOrUndefined(from.element, element);
  if (inner === undefined) return undefined;
  return (v) => (v as readonly SqlValue[]).map(inner);
}

function toMap(from: DataType, key: DataType, value: DataType): CastFn | undefined {
  if (from.kind !== "map") return undefined;
  const k = castOrUndefined(from.key, key);
  const x = castOrUndefined(from.value, value);
  if (k === undefined || x === undefined) return undefined;
  return (v) => {
    const out = new Map<SqlValue, SqlValue>();
    for (const [a, b] of v as ReadonlyMap<SqlValue, SqlValue>) out.set(k(a), x(b));
    return out;
  };
}

function toStruct(from: DataType, to: Extract<DataType, { kind: "struct" }>): CastFn | undefined {
  if (from.kind !== "struct" || from.fields.length !== to.fields.length) return undefined;
  const parts: { from: string; to: string; cast: CastFn }[] = [];
  for (let i = 0; i < to.fields.length; i++) {
    const source = from.fields[i]!;
    const target = to.fields[i]!;
    const cast = castOrUndefined(source.type, target.type);
    if (cast === undefined) return undefined;
    parts.push({ from: source.name, to: target.name, cast });
  }
  return (v) => {
    const record = v as { readonly [field: string]: SqlValue };
    const out: { [field: string]: SqlValue } = Object.create(null);
    for (const p of parts) out[p.to] = p.cast(record[p.from] ?? null);
    return out;
  };
}

type CastTo<K extends DataTypeKind> = (
  from: DataType,
  to: Extract<DataType, { kind: K }>,
) => CastFn | undefined;

/** The cast to each kind of type from a given type, undefined where Spark refuses it. */
const CASTS_TO: { readonly [K in DataTypeKind]: CastTo<K> } = {
  string: (from) => compileFormatter(from),
  boolean: toBoolean,
  byte: (from) => toIntegral(from, 8),
  short: (from) => toIntegral(from, 16),
  int: (from) => toIntegral(from, 32),
  long: toLong,
  float: toFloat,
  double: toDouble,
  decimal: toDecimal,
  date: toDate,
  timestamp: toTimestamp,
  binary: toBinary,
  array: (from, to) => toArray(from, to.element),
  map: (from, to) => toMap(from, to.key, to.value),
  struct: toStruct,
};

/** The cast of a non-null value (which may still give null), or undefined when Spark refuses the cast. */
function castNonNull(from: DataType, to: DataType): CastFn | undefined {
  if (sameDataType(from, to)) return identity;
  // A date is NULL as any number or boolean (Spark, non-ANSI).
  if (from.kind === "date" && (isNumeric(to) || to.kind === "boolean")) return alwaysNull;
  return (CASTS_TO[to.kind] as CastTo<DataTypeKind>)(from, to);
}

function castOrUndefined(from: DataType, to: DataType): CastFn | undefined {
  const inner = castNonNull(from, to);
  if (inner === undefined || inner === identity) return inner;
  return (v) => (v === null ? null : inner(v));
}

/** True when Spark accepts CAST(from AS to) (in non-ANSI mode). */
export function canCast(from: DataType, to: DataType): boolean {
  return castNonNull(from, to) !== undefined;
}

/**
 * Compiles CAST(x AS to) for values of type `from`. NULL gives NULL. Throws RF_SQL_INVALID
 * when Spark does not allow the cast.
 */
export function compileCast(from: DataType, to: DataType): CastFn {
  const cast = castOrUndefined(from, to);
  if (cast === undefined) {
    throw new RowforgeError(
      "RF_SQL_INVALID",
      `cannot cast ${formatDataType(from)} to ${formatDataType(to)}`,
      { hint: "cast through a type both sides accept (for example string), or use a conversion function" },
    );
  }
  return cast;
}
