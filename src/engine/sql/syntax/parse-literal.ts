/**
 * Literal forms of the expression language: numbers with Spark's typing rules, typed literals
 * (DATE, TIMESTAMP, X'..') and INTERVAL units.
 */
import { type DataType, DataTypes } from "../../../model/data-type.ts";
import { MICROS_PER_DAY } from "../../../util/calendar.ts";
import type { SqlValue } from "../sql-contract.ts";
import { decimalDigits, MAX_DECIMAL_PRECISION, parseDecimalText } from "../values/decimal.ts";

export interface NumberLiteral {
  readonly type: DataType;
  readonly value: SqlValue;
}

const INT_MIN = -2147483648n;
const INT_MAX = 2147483647n;
const LONG_MIN = -9223372036854775808n;
const LONG_MAX = 9223372036854775807n;

function integerLiteral(text: string, negative: boolean): bigint | null {
  if (!/^\d+$/.test(text)) return null;
  const v = BigInt(text);
  return negative ? -v : v;
}

/**
 * Types a number as Spark does: `10` int (long, then decimal when larger), `10L` long, `10S`
 * short, `10Y` byte, `1.5` decimal(2,1), `1.5BD` decimal, `1.5D`/`1e3` double, `1.5F` float.
 * Returns a message when the number is out of the range of its suffix type.
 */
export function numberLiteral(raw: string, negative: boolean): NumberLiteral | string {
  const lower = raw.toLowerCase();
  const sign = negative ? "-" : "";
  if (lower.endsWith("bd")) return decimalLiteral(sign + raw.slice(0, -2));
  const suffix = lower[lower.length - 1]!;
  const body = /[lsydf]/.test(suffix) ? raw.slice(0, -1) : raw;
  switch (suffix) {
    case "l": {
      const v = integerLiteral(body, negative);
      if (v === null || v < LONG_MIN || v > LONG_MAX) return `${sign}${raw} is not a valid long literal`;
      return { type: DataTypes.long, value: v };
    }
    case "s":
    case "y": {
      const v = integerLiteral(body, negative);
      const [min, max] = suffix === "s" ? [-32768n, 32767n] : [-128n, 127n];
      if (v === null || v < min || v > max) {
        return `${sign}${raw} is not a valid ${suffix === "s" ? "short" : "byte"} literal`;
      }
      return { type: suffix === "s" ? DataTypes.short : DataTypes.byte, value: Number(v) };
    }
    case "d":
      return { type: DataTypes.double, value: Number(sign + body) };
    case "f":
      return { type: DataTypes.float, value: Math.fround(Number(sign + body)) };
    default:
      break;
  }
  if (/[eE]/.test(raw)) return { type: DataTypes.double, value: Number(sign + raw) };
  if (raw.includes(".")) return decimalLiteral(sign + raw);
  const v = integerLiteral(raw, negative)!;
  if (v >= INT_MIN && v <= INT_MAX) return { type: DataTypes.int, value: Number(v) };
  if (v >= LONG_MIN && v <= LONG_MAX) return { type: DataTypes.long, value: v };
  return decimalLiteral(sign + raw);
}

function decimalLiteral(text: string): NumberLiteral | string {
  const parsed = parseDecimalText(text);
  if (parsed === null) return `${text} is not a valid decimal literal`;
  // Spark types a decimal literal by its digits: 0.01 is decimal(2,2), 10.00 decimal(4,2).
  const precision = Math.max(decimalDigits(parsed.unscaled), parsed.scale);
  if (precision > MAX_DECIMAL_PRECISION) {
    return `${text} has more than ${MAX_DECIMAL_PRECISION} digits; write it as a double (${text}D)`;
  }
  return { type: DataTypes.decimal(precision, parsed.scale), value: parsed.unscaled };
}

const MICROS: Readonly<Record<string, number>> = {
  day: MICROS_PER_DAY,
  hour: 3_600_000_000,
  minute: 60_000_000,
  second: 1_000_000,
  millisecond: 1_000,
  microsecond: 1,
};

export const INTERVAL_UNITS: readonly string[] = [
  "year",
  "month",
  "week",
  "day",
  "hour",
  "minute",
  "second",
  "millisecond",
  "microsecond",
];

/** The singular unit name of `word` (`SECONDS` → `second`), or undefined. */
export function intervalUnit(word: string): string | undefined {
  const lower = word.toLowerCase();
  const singular = lower.endsWith("s") ? lower.slice(0, -1) : lower;
  return INTERVAL_UNITS.includes(singular) ? singular : undefined;
}

export interface IntervalParts {
  months: number;
  days: number;
  micros: number;
}

/** Adds `amount` of `unit` to `parts`; a message when the amount cannot be used with the unit. */
export function addIntervalUnit(parts: IntervalParts, amount: number, unit: string): string | undefined {
  if (!Number.isFinite(amount)) return `invalid interval amount ${amount}`;
  if (unit === "year" || unit === "month") {
    if (!Number.isInteger(amount)) return `an interval of ${unit}s must be a whole number`;
    parts.months += unit === "year" ? amount * 12 : amount;
    return undefined;
  }
  if ((unit === "week" || unit === "day") && Number.isInteger(amount)) {
    parts.days += unit === "week" ? amount * 7 : amount;
    return undefined;
  }
  const micros = unit === "week" ? 7 * MICROS.day! : MICROS[unit]!;
  parts.micros += Math.round(amount * micros);
  return undefined;
}

/** Parses `'1 day 2 hours'` (an optional leading `interval` word); a message when invalid. */
export function parseIntervalText(text: string): IntervalParts | string {
  const words = text.trim().split(/\s+/);
  if (words[0]?.toLowerCase() === "interval") words.shift();
  if (words.length === 0 || words.length % 2 !== 0)
    return `"${text}" is not an interval such as '1 day 2 hours'`;
  const parts: IntervalParts = { months: 0, days: 0, micros: 0 };
  for (let i = 0; i < words.length; i += 2) {
    const amount = Number(words[i]);
    const unit = intervalUnit(words[i + 1]!);
    if (unit === undefined || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(words[i]!)) {
      return `"${text}" is not an interval such as '1 day 2 hours'`;
    }
    const problem = addIntervalUnit(parts, amount, unit);
    if (problem !== undefined) return problem;
  }
  return parts;
}
