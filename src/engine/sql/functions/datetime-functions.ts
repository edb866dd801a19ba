/**
 * Date and time parts and arithmetic (UTC): year ... second, date_add/date_sub, datediff,
 * add_months, months_between, last_day, next_day, make_date, make_timestamp, date_part,
 * current_date/current_timestamp/now (the run's fixed reference time).
 */
import { DataTypes } from "../../../model/data-type.ts";
import {
  civilFromDays,
  DAY_NAMES,
  daysFromCivil,
  daysInMonth,
  floorDiv,
  floorMod,
  MICROS_PER_DAY,
  MICROS_PER_SECOND,
  MONTH_NAMES,
  validDate,
} from "../../../util/calendar.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlRunInputs } from "../sql-contract.ts";
import { coerceArg, constantArg, intArg, stringArg } from "./function-args.ts";
import { sqlError } from "./function-errors.ts";
import { lastValueCache } from "./last-value-cache.ts";
import { type CompiledCall, defineFunction, functionTable, strict } from "./sql-function.ts";
import { strict1, strict2, strictN } from "./strict-evaluators.ts";
import { DATE, I, TS } from "./type-shorthands.ts";

export const dateArg = (fn: string, args: readonly SqlArg[], i: number): SqlEvaluator =>
  coerceArg(fn, args, i, DATE);
export const tsArg = (fn: string, args: readonly SqlArg[], i: number): SqlEvaluator =>
  coerceArg(fn, args, i, TS);

/** ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekOfYear(days: number): number {
  const isoDow = floorMod(days + 3, 7) + 1;
  const thursday = days - isoDow + 4;
  const { year } = civilFromDays(thursday);
  return Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1;
}

export const dayOfWeekSunday1 = (days: number): number => floorMod(days + 4, 7) + 1;
export const weekdayMonday0 = (days: number): number => floorMod(days + 3, 7);
export const dayOfYear = (days: number): number => days - daysFromCivil(civilFromDays(days).year, 1, 1) + 1;

export function addMonths(days: number, months: number): number {
  const { year, month, day } = civilFromDays(days);
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  return daysFromCivil(y, m, Math.min(day, daysInMonth(y, m)));
}

export function lastDayOfMonth(days: number): number {
  const { year, month } = civilFromDays(days);
  return daysFromCivil(year, month, daysInMonth(year, month));
}

/** Spark's months_between: whole months when the days of month match or both are month ends, else 31-day months. */
export function monthsBetween(t1: number, t2: number, roundOff: boolean): number {
  const d1 = floorDiv(t1, MICROS_PER_DAY);
  const d2 = floorDiv(t2, MICROS_PER_DAY);
  const c1 = civilFromDays(d1);
  const c2 = civilFromDays(d2);
  const monthDiff = (c1.year - c2.year) * 12 + c1.month - c2.month;
  if (c1.day === c2.day || (lastDayOfMonth(d1) === d1 && lastDayOfMonth(d2) === d2)) return monthDiff;
  const s1 = Math.floor((t1 - d1 * MICROS_PER_DAY) / MICROS_PER_SECOND);
  const s2 = Math.floor((t2 - d2 * MICROS_PER_DAY) / MICROS_PER_SECOND);
  const diff = monthDiff + ((c1.day - c2.day) * 86400 + s1 - s2) / (31 * 86400);
  return roundOff ? Math.round(diff * 1e8) / 1e8 : diff;
}

/** Monday = 0 ... Sunday = 6 for 'MO'/'MON'/'MONDAY' (any case), or undefined. */
export function dayOfWeekIndex(name: string): number | undefined {
  const n = name.trim().toUpperCase();
  const i = DAY_NAMES.findIndex((d) => {
    const u = d.toUpperCase();
    return n === u || n === u.slice(0, 3) || n === u.slice(0, 2);
  });
  return i < 0 ? undefined : i;
}

function nextDay(days: number, target: number): number {
  const current = weekdayMonday0(days);
  const delta = floorMod(target - current - 1, 7) + 1;
  return days + delta;
}

const microsOfDay = (ts: number): number => ts - floorDiv(ts, MICROS_PER_DAY) * MICROS_PER_DAY;

const datePart = (names: string | readonly string[], doc: string, f: (days: number) => number) =>
  defineFunction(names, "fixed", 1, 1, doc, (args, _i, fn) => ({
    type: I,
    evaluate: strict1<number>(dateArg(fn, args, 0), f),
  }));

const timePart = (name: string, doc: string, f: (microsOfDay: number) => number) =>
  defineFunction(name, "fixed", 1, 1, doc, (args, _i, fn) => ({
    type: I,
    evaluate: strict1<number>(tsArg(fn, args, 0), (ts) => f(microsOfDay(ts))),
  }));

/** make_timestamp's seconds: decimal(16,6) microseconds; 60 is allowed with no fraction (next minute). */
function makeTimestamp(xs: readonly number[], secMicros: bigint): number | null {
  const [y, mo, d, h, mi] = xs as [number, number, number, number, number];
  const days = validDate(y, mo, d);
  if (days === null || h < 0 || h > 23 || mi < 0 || mi > 59) return null;
  if (secMicros < 0n || secMicros > 60_000_000n) return null;
  return days * MICROS_PER_DAY + (h * 3600 + mi * 60) * MICROS_PER_SECOND + Number(secMicros);
}

export function zoneOffsetSeconds(zone: string): number | null {
  const z = zone.trim().toUpperCase();
  if (z === "UTC" || z === "Z" || z === "GMT" || z === "UT" || z === "ETC/UTC" || z === "ETC/GMT") return 0;
  const m = /^(?:UTC|GMT|UT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(z);
  if (m === null) return null;
  const secs = Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60;
  return m[1] === "-" ? -secs : secs;
}

type PartFn = (ts: number) => number | bigint;

const PART_ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    YEAR: "YEAR",
    Y: "YEAR",
    YEARS: "YEAR",
    YR: "YEAR",
    YRS: "YEAR",
    YEAROFWEEK: "YEAROFWEEK",
    QUARTER: "QUARTER",
    QTR: "QUARTER",
    MONTH: "MONTH",
    MON: "MONTH",
    MONS: "MONTH",
    MONTHS: "MONTH",
    WEEK: "WEEK",
    W: "WEEK",
    WEEKS: "WEEK",
    DAY: "DAY",
    D: "DAY",
    DAYS: "DAY",
    DAYOFWEEK: "DAYOFWEEK",
    DOW: "DAYOFWEEK",
    DAYOFWEEK_ISO: "DAYOFWEEK_ISO",
    DOW_ISO: "DAYOFWEEK_ISO",
    DOY: "DOY",
    HOUR: "HOUR",
    H: "HOUR",
    HOURS: "HOUR",
    HR: "HOUR",
    HRS: "HOUR",
    MINUTE: "MINUTE",
    M: "MINUTE",
    MIN: "MINUTE",
    MINS: "MINUTE",
    MINUTES: "MINUTE",
    SECOND: "SECOND",
    S: "SECOND",
    SEC: "SECOND",
    SECONDS: "SECOND",
    SECS: "SECOND",
  }),
);

const days = (ts: number): number => floorDiv(ts, MICROS_PER_DAY);
const PARTS: Readonly<Record<string, PartFn>> = {
  YEAR: (ts) => civilFromDays(days(ts)).year,
  YEAROFWEEK: (ts) => {
    const d = days(ts);
    return civilFromDays(d - (floorMod(d + 3, 7) + 1) + 4).year;
  },
  QUARTER: (ts) => Math.floor((civilFromDays(days(ts)).month - 1) / 3) + 1,
  MONTH: (ts) => civilFromDays(days(ts)).month,
  WEEK: (ts) => isoWeekOfYear(days(ts)),
  DAY: (ts) => civilFromDays(days(ts)).day,
  DAYOFWEEK: (ts) => dayOfWeekSunday1(days(ts)),
  DAYOFWEEK_ISO: (ts) => weekdayMonday0(days(ts)) + 1,
  DOY: (ts) => dayOfYear(days(ts)),
  HOUR: (ts) => Math.floor(microsOfDay(ts) / 3_600_000_000),
  MINUTE: (ts) => Math.floor(microsOfDay(ts) / 60_000_000) % 60,
  SECOND: (ts) => BigInt(microsOfDay(ts) % 60_000_000),
};

function compileDatePart(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const field = constantArg(fn, args, 0, DataTypes.string);
  if (field === undefined || field.value === null)
    throw sqlError(fn, "the field (first argument) must be a string literal such as 'YEAR'");
  const name = PART_ALIASES.get((field.value as string).trim().toUpperCase());
  if (name === undefined) {
    throw sqlError(
      fn,
      `unknown field ${JSON.stringify(field.value)}; use YEAR, QUARTER, MONTH, WEEK, DAY, DAYOFWEEK, DAYOFWEEK_ISO, DOY, HOUR, MINUTE or SECOND`,
    );
  }
  const part = PARTS[name]!;
  if (name === "SECOND") {
    return { type: DataTypes.decimal(8, 6), evaluate: strict1<number>(tsArg(fn, args, 1), (ts) => part(ts)) };
  }
  return { type: I, evaluate: strict1<number>(tsArg(fn, args, 1), (ts) => part(ts)) };
}

function compileMonthsBetween(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const round = args.length > 2 ? coerceArg(fn, args, 2, DataTypes.boolean) : () => true;
  return {
    type: DataTypes.double,
    evaluate: strictN([tsArg(fn, args, 0), tsArg(fn, args, 1), round], (xs) =>
      monthsBetween(xs[0] as number, xs[1] as number, xs[2] as boolean),
    ),
  };
}

function compileNextDay(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const index = lastValueCache(dayOfWeekIndex);
  return {
    type: DATE,
    evaluate: strict2<number, string>(dateArg(fn, args, 0), stringArg(fn, args, 1), (d, name) => {
      const target = index(name);
      return target === undefined ? null : nextDay(d, target);
    }),
  };
}

function compileMakeTimestamp(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const ints = [0, 1, 2, 3, 4].map((i) => intArg(fn, args, i));
  const sec = coerceArg(fn, args, 5, DataTypes.decimal(16, 6));
  const zone = args.length > 6 ? stringArg(fn, args, 6) : () => "UTC";
  const offset = lastValueCache(zoneOffsetSeconds);
  return {
    type: TS,
    evaluate: strictN([...ints, sec, zone], (xs) => {
      const o = offset(xs[6] as string);
      const ts = makeTimestamp(xs.slice(0, 5) as number[], xs[5] as bigint);
      return o === null || ts === null ? null : ts - o * MICROS_PER_SECOND;
    }),
  };
}

function compileCurrentDate(_a: readonly SqlArg[], inputs: SqlRunInputs, _fn: string): CompiledCall {
  const d = floorDiv(inputs.nowMicros, MICROS_PER_DAY);
  return { type: DATE, evaluate: () => d };
}

function compileCurrentTimestamp(_a: readonly SqlArg[], inputs: SqlRunInputs, _fn: string): CompiledCall {
  const t = inputs.nowMicros;
  return { type: TS, evaluate: () => t };
}

function compileCurrentTimezone(_args: readonly SqlArg[], _inputs: SqlRunInputs, _fn: string): CompiledCall {
  return {
    type: DataTypes.string,
    evaluate: () => "UTC",
  };
}

export const DATETIME_FUNCTIONS: readonly SqlFunction[] = functionTable([
  ...datePart("year", "the year of a date", (d) => civilFromDays(d).year),
  ...datePart(
    "quarter",
    "the quarter (1-4) of a date",
    (d) => Math.floor((civilFromDays(d).month - 1) / 3) + 1,
  ),
  ...datePart("month", "the month (1-12) of a date", (d) => civilFromDays(d).month),
  ...datePart(["day", "dayofmonth"], "the day of the month of a date", (d) => civilFromDays(d).day),
  ...datePart("dayofweek", "day of the week, 1 = Sunday ... 7 = Saturday", dayOfWeekSunday1),
  ...datePart("weekday", "day of the week, 0 = Monday ... 6 = Sunday", weekdayMonday0),
  ...datePart("dayofyear", "day of the year (1-366)", dayOfYear),
  ...datePart("weekofyear", "ISO 8601 week of the year (1-53)", isoWeekOfYear),
  ...timePart("hour", "the hour (0-23) of a timestamp", (m) => Math.floor(m / 3_600_000_000)),
  ...timePart("minute", "the minute (0-59) of a timestamp", (m) => Math.floor(m / 60_000_000) % 60),
  ...timePart("second", "the second (0-59) of a timestamp", (m) => Math.floor(m / 1_000_000) % 60),
  [
    "date_part|datepart('FIELD', source)",
    "fixed",
    ": a field (YEAR, MONTH, DAY, HOUR, SECOND, DOW, ...) of a date or timestamp",
    compileDatePart,
  ],
  [
    "dayname(date: date): string",
    "fixed",
    "three-letter day name (Mon ... Sun)",
    strict((d: number) => DAY_NAMES[weekdayMonday0(d)]!.slice(0, 3)),
  ],
  [
    "monthname(date: date): string",
    "fixed",
    "three-letter month name (Jan ... Dec)",
    strict((d: number) => MONTH_NAMES[civilFromDays(d).month - 1]!.slice(0, 3)),
  ],
  [
    "date_add|dateadd(start: date, n: int): date",
    "fixed",
    ": n days after start",
    strict((d: number, n: number) => d + n),
  ],
  [
    "date_sub(start: date, n: int): date",
    "fixed",
    ": n days before start",
    strict((d: number, n: number) => d - n),
  ],
  [
    "datediff|date_diff(end: date, start: date): int",
    "fixed",
    ": days from start to end",
    strict((a: number, b: number) => a - b),
  ],
  [
    "add_months(start: date, n: int): date",
    "fixed",
    ": same day n months later (clamped to the month's end)",
    strict(addMonths),
  ],
  [
    "months_between(t1, t2[, roundOff=true])",
    "fixed",
    ": months from t2 to t1, rounded to 8 digits",
    compileMonthsBetween,
  ],
  ["last_day(date: date): date", "fixed", "the last day of the date's month", strict(lastDayOfMonth)],
  [
    "next_day(start, 'MON')",
    "fixed",
    ": the first such weekday after start; NULL for an unknown day name",
    compileNextDay,
  ],
  ["make_date(year: int, month: int, day: int): date", "fixed", "; NULL when invalid", strict(validDate)],
  [
    "make_timestamp(year, month, day, hour, min, sec[, zone])",
    "fixed",
    "; sec may have a fraction; NULL when invalid",
    compileMakeTimestamp,
  ],
  [
    "current_date|curdate()",
    "fixed",
    "the run's reference date (fixed for the whole run)",
    compileCurrentDate,
  ],
  [
    "current_timestamp|now|localtimestamp()",
    "fixed",
    "the run's reference time (fixed for the whole run)",
    compileCurrentTimestamp,
  ],
  ["current_timezone()", "fixed", "the session time zone: always UTC in rowforge", compileCurrentTimezone],
]);
