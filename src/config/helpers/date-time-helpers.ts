import { entry, readWholeNumber } from "./helper-scope.ts";
import type { HelperScope, OptionHelper } from "./helper-types.ts";
import { isMap, readSwitch, show } from "./raw-value.ts";
import { readFlag } from "./string-or-key.ts";
import { parseTimeRange } from "./time-range.ts";

/** Reads `N` or `{days: N}`; undefined when switched off. */
function readDays(value: unknown, scope: HelperScope, fallback: number): number | undefined {
  const sw = readSwitch(value);
  if (sw === "off") return undefined;
  if (sw === "default") return fallback;
  if (isMap(value)) {
    scope.checkKeys(value, ["days"]);
    const days = entry(value, "days");
    if (days === undefined) return fallback;
    return readWholeNumber(scope, days, ["days"], { min: 0, what: "days" }) ?? fallback;
  }
  return readWholeNumber(scope, value, [], { min: 0, what: "the number of days" }) ?? fallback;
}

/**
 * A helper of a number of days (`N` or `{days: N}`, `fallback` by default) bounding dates by
 * `bounds` of it. Relative bounds keep loading deterministic: the engine resolves them against
 * the run's reference time.
 */
const daysHelper = (
  name: string,
  fallback: number,
  hint: string,
  bounds: (days: number) => Readonly<Record<string, string>>,
): OptionHelper => ({
  name,
  hint,
  expand(value, scope) {
    const days = readDays(value, scope, fallback);
    return days === undefined ? {} : bounds(days);
  },
});

export const withinDaysHelper = daysHelper(
  "withinDays",
  30,
  "write withinDays: 30 (the default) or withinDays: {days: 30} for dates in the last N days up to today",
  (days) => ({ min: days === 0 ? "today" : `today-${days}d`, max: "today" }),
);

export const futureDaysHelper = daysHelper(
  "futureDays",
  90,
  "write futureDays: 90 (the default) or futureDays: {days: 90} for dates from today to N days ahead",
  (days) => ({ min: "today", max: days === 0 ? "today" : `today+${days}d` }),
);

export const excludeWeekendsHelper: OptionHelper = {
  name: "excludeWeekends",
  hint: "write excludeWeekends: true to generate only Monday to Friday dates",
  expand: (value, scope) => (readFlag(value, scope) ? { dateExcludeWeekends: true } : {}),
};

const SECONDS_PER_HOUR = 3600;

export const businessHoursHelper: OptionHelper = {
  name: "businessHours",
  hint: "write businessHours: true (9 to 17) or businessHours: {startHour: 8, endHour: 18} with hours 0-23",
  expand(value, scope) {
    const sw = readSwitch(value);
    if (sw === "off") return {};
    let start = 9;
    let end = 17;
    if (isMap(value)) {
      scope.checkKeys(value, ["startHour", "endHour"]);
      const s = entry(value, "startHour");
      const e = entry(value, "endHour");
      const hours = { min: 0, max: 23 };
      const rs =
        s === undefined ? start : readWholeNumber(scope, s, ["startHour"], { ...hours, what: "startHour" });
      const re =
        e === undefined ? end : readWholeNumber(scope, e, ["endHour"], { ...hours, what: "endHour" });
      if (rs !== undefined && re !== undefined) {
        if (re > rs) [start, end] = [rs, re];
        else scope.invalid(`endHour (${re}) must be after startHour (${rs})`);
      }
    } else if (sw !== "default") {
      scope.invalid(`expected true or {startHour, endHour}, got ${show(value)}`);
    }
    // A day within the next 30, then a second inside the hours: the timestamps real users see.
    const sql =
      "TIMESTAMP_SECONDS(UNIX_TIMESTAMP(DATE_ADD(CURRENT_DATE(), CAST(RAND() * 30 AS INT))) + " +
      `CAST(RAND() * ${(end - start) * SECONDS_PER_HOUR} + ${start * SECONDS_PER_HOUR} AS LONG))`;
    return { sql };
  },
};

export const timeBetweenHelper: OptionHelper = {
  name: "timeBetween",
  hint: 'write timeBetween: {start: "09:00", end: "17:00"}, ["09:00", "17:00"] or "09:00-17:00" (HH:mm, 24-hour)',
  expand(value, scope) {
    const range = parseTimeRange(value, scope);
    if (range === undefined) return {};
    const sql =
      "TIMESTAMP_SECONDS(UNIX_TIMESTAMP(CURRENT_DATE()) + " +
      `CAST(RAND() * ${range.endSeconds - range.startSeconds} + ${range.startSeconds} AS LONG))`;
    return { sql };
  },
};
