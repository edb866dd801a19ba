/**
 * Conversions between dates, timestamps, text and epoch numbers: to_date, to_timestamp,
 * date_format, unix_timestamp, from_unixtime, date_trunc, trunc, timestamp_seconds/millis/micros,
 * unix_seconds/millis/micros, unix_date, date_from_unix_date, from_utc_timestamp, to_utc_timestamp.
 */
import { DataTypes } from "../../../model/data-type.ts";
import {
  civilFromDays,
  daysFromCivil,
  floorDiv,
  floorMod,
  MICROS_PER_DAY,
  MICROS_PER_SECOND,
} from "../../../util/calendar.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlRowContext, SqlRunInputs } from "../sql-contract.ts";
import { stringBound } from "../values/value-bounds.ts";
import { compileDatePattern, type DatePattern } from "./date-pattern.ts";
import { dateArg, tsArg, zoneOffsetSeconds } from "./datetime-functions.ts";
import { coerceArg, constantArg, intArg, stringArg } from "./function-args.ts";
import { argBound } from "./function-bounds.ts";
import { argTypeError, runtimeError, sqlError } from "./function-errors.ts";
import { isNullLiteral } from "./implicit-argument-casts.ts";
import { lastValueCache } from "./last-value-cache.ts";
import { type CompiledCall, type CompileFn, functionTable, strict } from "./sql-function.ts";
import { strict1 } from "./strict-evaluators.ts";
import { DATE, L, S, TS } from "./type-shorthands.ts";

const DEFAULT_FORMAT = "yyyy-MM-dd HH:mm:ss";

/** The pattern argument at `i`: compiled once when it is a literal (errors at compile time), else cached per value. */
function patternArg(
  fn: string,
  args: readonly SqlArg[],
  i: number,
): (ctx: SqlRowContext) => DatePattern | null {
  if (i >= args.length) {
    const p = compileDatePattern(DEFAULT_FORMAT);
    return () => p;
  }
  const c = constantArg(fn, args, i, S);
  if (c !== undefined) {
    if (c.value === null) return () => null;
    try {
      const p = compileDatePattern(c.value as string);
      return () => p;
    } catch (e) {
      throw sqlError(fn, (e as Error).message);
    }
  }
  const e = stringArg(fn, args, i);
  const cached = lastValueCache((text: string) => {
    try {
      return compileDatePattern(text);
    } catch (err) {
      throw runtimeError(fn, (err as Error).message);
    }
  });
  return (ctx) => {
    const v = e(ctx);
    return v === null ? null : cached(v as string);
  };
}

/** Microseconds of the first argument: strings parsed with the pattern, dates and timestamps as they are. */
function parsedMicros(fn: string, args: readonly SqlArg[], withPattern: boolean): SqlEvaluator {
  const a = args[0]!;
  if (a.type.kind === "date") return strict1<number>(a.evaluate, (d) => d * MICROS_PER_DAY);
  if (a.type.kind === "timestamp") return a.evaluate;
  if (a.type.kind !== "string" && !isNullLiteral(a))
    throw argTypeError(fn, 0, "string, date or timestamp", a.type);
  if (!withPattern) return coerceArg(fn, args, 0, TS);
  const pattern = patternArg(fn, args, 1);
  return (ctx) => {
    const v = a.evaluate(ctx);
    if (v === null) return null;
    const p = pattern(ctx);
    return p === null ? null : p.parse(v as string);
  };
}

const TRUNC_LEVELS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    YEAR: "YEAR",
    YYYY: "YEAR",
    YY: "YEAR",
    QUARTER: "QUARTER",
    MONTH: "MONTH",
    MM: "MONTH",
    MON: "MONTH",
    WEEK: "WEEK",
    DAY: "DAY",
    DD: "DAY",
    HOUR: "HOUR",
    MINUTE: "MINUTE",
    SECOND: "SECOND",
    MILLISECOND: "MILLISECOND",
    MICROSECOND: "MICROSECOND",
  }),
);

const DATE_LEVELS = new Set(["YEAR", "QUARTER", "MONTH", "WEEK"]);

/** Truncates a day number to the start of its year, quarter, month or ISO week. */
function truncDays(days: number, level: string): number {
  const { year, month } = civilFromDays(days);
  switch (level) {
    case "YEAR":
      return daysFromCivil(year, 1, 1);
    case "QUARTER":
      return daysFromCivil(year, month - ((month - 1) % 3), 1);
    case "MONTH":
      return daysFromCivil(year, month, 1);
    default:
      return days - floorMod(days + 3, 7);
  }
}

const UNIT_MICROS: Readonly<Record<string, number>> = {
  DAY: MICROS_PER_DAY,
  HOUR: 3_600_000_000,
  MINUTE: 60_000_000,
  SECOND: 1_000_000,
  MILLISECOND: 1000,
  MICROSECOND: 1,
};

function truncTimestamp(ts: number, level: string): number {
  if (DATE_LEVELS.has(level)) return truncDays(floorDiv(ts, MICROS_PER_DAY), level) * MICROS_PER_DAY;
  const unit = UNIT_MICROS[level]!;
  return floorDiv(ts, unit) * unit;
}

const levelOf = (s: string): string | undefined => TRUNC_LEVELS.get(s.trim().toUpperCase());

const regionFormatters = new Map<string, Intl.DateTimeFormat>();

/** Offset of a zone at an instant in microseconds: fixed offsets directly, region names through Intl. */
function zoneOffsetMicros(fn: string, zone: string, utcMicros: number): number {
  const fixed = zoneOffsetSeconds(zone);
  if (fixed !== null) return fixed * MICROS_PER_SECOND;
  let f = regionFormatters.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      throw runtimeError(
        fn,
        `unknown time zone "${zone}"; use a region such as 'Europe/Paris' or an offset such as '+02:00'`,
      );
    }
    regionFormatters.set(zone, f);
  }
  const millis = Math.floor(utcMicros / 1000);
  const parts = f.formatToParts(new Date(millis));
  const get = (t: string): number => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return (wall - (millis - floorMod(millis, 1000))) * 1000;
}

function epochToTimestamp(fn: string, args: readonly SqlArg[], scale: number) {
  const a = args[0]!;
  if (a.type.kind === "double" || a.type.kind === "float") {
    return strict1<number>(a.evaluate, (x) => (Number.isFinite(x) ? Math.trunc(x * scale) : null));
  }
  if (a.type.kind === "decimal") {
    const s = a.type.scale;
    return strict1<bigint>(a.evaluate, (v) => {
      const micros = s <= 6 ? v * 10n ** BigInt(6 - s) : v / 10n ** BigInt(s - 6);
      return Number(micros);
    });
  }
  return strict1<bigint>(coerceArg(fn, args, 0, L), (v) => Number(v * BigInt(scale)));
}

/**
 * The bound of a date formatted with the pattern at argument 1 (the default when absent): one
 * pattern letter makes at most 6 characters (a zone offset, a year), quoted text makes itself.
 */
const patternBound = (args: readonly SqlArg[]): number => 3 * argBound(args, 1) + stringBound(64);

/** Formats the microseconds that `microsOf` reads from the first argument with the pattern in the second. */
function compileFormat(microsOf: (fn: string, args: readonly SqlArg[]) => SqlEvaluator): CompileFn {
  return (args, _inputs, fn) => {
    const micros = microsOf(fn, args);
    const pattern = patternArg(fn, args, 1);
    return {
      type: S,
      bound: patternBound(args),
      evaluate: (ctx: SqlRowContext) => {
        const v = micros(ctx);
        if (v === null) return null;
        const p = pattern(ctx);
        return p === null ? null : p.format(v as number);
      },
    };
  };
}

function compileToDate(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  if (args.length === 1) return { type: DATE, evaluate: dateArg(fn, args, 0) };
  return {
    type: DATE,
    evaluate: strict1<number>(parsedMicros(fn, args, true), (m) => floorDiv(m, MICROS_PER_DAY)),
  };
}

function compileToTimestamp(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  return {
    type: TS,
    evaluate: parsedMicros(fn, args, args.length > 1),
  };
}

function compileUnixTimestamp(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string): CompiledCall {
  if (args.length === 0) {
    const now = BigInt(floorDiv(inputs.nowMicros, MICROS_PER_SECOND));
    return { type: L, evaluate: () => now };
  }
  return {
    type: L,
    evaluate: strict1<number>(parsedMicros(fn, args, true), (m) => BigInt(floorDiv(m, MICROS_PER_SECOND))),
  };
}

function compileToUnixTimestamp(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  return {
    type: L,
    evaluate: strict1<number>(parsedMicros(fn, args, true), (m) => BigInt(floorDiv(m, MICROS_PER_SECOND))),
  };
}

/** The truncation level a unit names (the last unit's level kept: units are mostly constants). */
const truncLevel = lastValueCache(levelOf);

function compileTimestampSeconds(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  return {
    type: TS,
    evaluate: epochToTimestamp(fn, args, MICROS_PER_SECOND),
  };
}

function compileUnixDate(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  return {
    type: DataTypes.int,
    evaluate: dateArg(fn, args, 0),
  };
}

function compileDateFromUnixDate(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  return {
    type: DATE,
    evaluate: intArg(fn, args, 0),
  };
}

export const DATETIME_CONVERT_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "to_date(x[, pattern])",
    "fixed",
    ": a date from text (Spark date pattern), a timestamp or a date; NULL when invalid",
    compileToDate,
  ],
  [
    "to_timestamp(x[, pattern])",
    "fixed",
    ": a timestamp from text (Spark date pattern) or a date; NULL when invalid",
    compileToTimestamp,
  ],
  [
    "date_format(ts, pattern)",
    "grows",
    ": formats a timestamp or date with a Spark date pattern",
    compileFormat((fn, args) => tsArg(fn, args, 0)),
  ],
  [
    "unix_timestamp([time, pattern])",
    "fixed",
    "seconds since the epoch of now, of a timestamp/date, or of text parsed with a pattern (default yyyy-MM-dd HH:mm:ss)",
    compileUnixTimestamp,
  ],
  [
    "to_unix_timestamp(time[, pattern])",
    "fixed",
    "seconds since the epoch of a timestamp/date or of text parsed with a pattern",
    compileToUnixTimestamp,
  ],
  [
    "from_unixtime(seconds[, pattern])",
    "grows",
    ": epoch seconds as text (default yyyy-MM-dd HH:mm:ss)",
    compileFormat((fn, args) =>
      strict1<bigint>(coerceArg(fn, args, 0, L), (v) => Number(v) * MICROS_PER_SECOND),
    ),
  ],
  [
    "date_trunc(unit: string, ts: timestamp): timestamp",
    "fixed",
    ": truncates to YEAR, QUARTER, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND, MILLISECOND or MICROSECOND; NULL for other units",
    strict((u: string, ts: number) => {
      const l = truncLevel(u);
      return l === undefined ? null : truncTimestamp(ts, l);
    }),
  ],
  [
    "trunc(date: date, unit: string): date",
    "fixed",
    ": truncates to YEAR, QUARTER, MONTH or WEEK; NULL for other units",
    strict((d: number, u: string) => {
      const l = truncLevel(u);
      return l === undefined || !DATE_LEVELS.has(l) ? null : truncDays(d, l);
    }),
  ],
  [
    "timestamp_seconds(seconds)",
    "fixed",
    "the timestamp that many seconds (fractions allowed) after the epoch",
    compileTimestampSeconds,
  ],
  [
    "timestamp_millis(millis: long): timestamp",
    "fixed",
    "the timestamp that many milliseconds after the epoch",
    strict((v: bigint) => Number(v * 1000n)),
  ],
  [
    "timestamp_micros(micros: long): timestamp",
    "fixed",
    "the timestamp that many microseconds after the epoch",
    strict(Number),
  ],
  [
    "unix_seconds(ts: timestamp): long",
    "fixed",
    "whole seconds since the epoch of a timestamp",
    strict((t: number) => BigInt(floorDiv(t, MICROS_PER_SECOND))),
  ],
  [
    "unix_millis(ts: timestamp): long",
    "fixed",
    "whole milliseconds since the epoch of a timestamp",
    strict((t: number) => BigInt(floorDiv(t, 1000))),
  ],
  [
    "unix_micros(ts: timestamp): long",
    "fixed",
    "microseconds since the epoch of a timestamp",
    strict(BigInt),
  ],
  ["unix_date(date)", "fixed", "days since the epoch of a date", compileUnixDate],
  ["date_from_unix_date(days)", "fixed", "the date that many days after 1970-01-01", compileDateFromUnixDate],
  [
    "from_utc_timestamp(ts: timestamp, zone: string): timestamp",
    "fixed",
    ": shifts a UTC timestamp to the zone's wall-clock time",
    strict((ts: number, z: string) => ts + zoneOffsetMicros("from_utc_timestamp", z, ts)),
  ],
  [
    "to_utc_timestamp(ts: timestamp, zone: string): timestamp",
    "fixed",
    ": reads ts as wall-clock time in the zone and gives UTC",
    strict((ts: number, z: string) => {
      const guess = ts - zoneOffsetMicros("to_utc_timestamp", z, ts);
      return ts - zoneOffsetMicros("to_utc_timestamp", z, guess);
    }),
  ],
]);
