/**
 * The one calendar module: calendar arithmetic (Hinnant's civil-date algorithms), month and day
 * names, and the string forms of dates and timestamps, in pure integer arithmetic on the
 * proleptic Gregorian calendar (UTC only). Dates are days since 1970-01-01; timestamps are
 * microseconds since 1970-01-01T00:00:00Z. The engine, the SQL functions and the formats all
 * read it from here.
 */

export const MICROS_PER_SECOND = 1_000_000;
export const MICROS_PER_DAY = 86_400_000_000;
export const MILLIS_PER_DAY = 86_400_000;

export const floorDiv = (a: number, b: number): number => Math.floor(a / b);
export const floorMod = (a: number, b: number): number => a - Math.floor(a / b) * b;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1..12, day 1..31; not validated). */
export function daysFromCivil(year: number, month: number, day: number): number {
  // Shift the year to start in March so the leap day is the last day of the "year".
  const y = month <= 2 ? year - 1 : year;
  const era = floorDiv(y, 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = floorDiv(153 * mp + 2, 5) + day - 1;
  const doe = yoe * 365 + floorDiv(yoe, 4) - floorDiv(yoe, 100) + doy;
  return era * 146097 + doe - 719468;
}

const CIVIL = new Float64Array(3);

/**
 * The proleptic Gregorian date of a day number into a shared [year, month, day], allocating
 * nothing (for per-value loops): read it before the next call.
 */
export function civilInto(days: number): Float64Array {
  const z = days + 719468;
  const era = floorDiv(z, 146097);
  const doe = z - era * 146097;
  const yoe = floorDiv(doe - floorDiv(doe, 1460) + floorDiv(doe, 36524) - floorDiv(doe, 146096), 365);
  const doy = doe - (365 * yoe + floorDiv(yoe, 4) - floorDiv(yoe, 100));
  const mp = floorDiv(5 * doy + 2, 153);
  const day = doy - floorDiv(153 * mp + 2, 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  CIVIL[0] = yoe + era * 400 + (month <= 2 ? 1 : 0);
  CIVIL[1] = month;
  CIVIL[2] = day;
  return CIVIL;
}

/** The proleptic Gregorian date of a day number. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const c = civilInto(days);
  return { year: c[0]!, month: c[1]!, day: c[2]! };
}

/** English month names, January first: the text of Java's and Spark's `MMMM` / `MMM` patterns. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** English day names, Monday first (ISO order): the text of `EEEE` / `EEE`. */
export const DAY_NAMES = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0);
}

/** Days since epoch of a valid date, or null when the month or day is out of range. */
export function validDate(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

/** Splits micros into (days since epoch, micros within the day), flooring toward -infinity. */
export function splitMicros(micros: number): { days: number; microsOfDay: number } {
  const days = floorDiv(micros, MICROS_PER_DAY);
  return { days, microsOfDay: micros - days * MICROS_PER_DAY };
}

const isSpace = (c: number): boolean => c <= 0x20;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Trims ASCII whitespace and control characters at both ends, as a Spark string cast does. */
function trimAll(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isSpace(s.charCodeAt(a))) a++;
  while (b > a && isSpace(s.charCodeAt(b - 1))) b--;
  return s.slice(a, b);
}

interface DatePart {
  readonly days: number;
  /** Index just after the date part; the caller decides whether anything may follow. */
  readonly end: number;
  /** Number of segments read (1 = yyyy, 2 = yyyy-mm, 3 = yyyy-mm-dd). */
  readonly segments: number;
}

/** Reads `[+-]yyyy[-[m]m[-[d]d]]` at the start of `s`, stopping at a space or `T` after the day. */
function readDatePart(s: string): DatePart | null {
  const seg = [1, 1, 1];
  let sign = 1;
  let j = 0;
  if (s[0] === "-" || s[0] === "+") {
    sign = s[0] === "-" ? -1 : 1;
    j = 1;
  }
  let i = 0;
  let value = 0;
  let digits = 0;
  const validDigits = (segment: number, n: number): boolean =>
    segment === 0 ? n >= 4 && n <= 7 : n > 0 && n <= 2;
  while (j < s.length && i < 3) {
    const c = s.charCodeAt(j);
    if (c === 0x20 || c === 0x54 /* T */) break;
    if (i < 2 && c === 0x2d /* - */) {
      if (!validDigits(i, digits)) return null;
      seg[i] = value;
      value = 0;
      digits = 0;
      i++;
    } else if (isDigit(c)) {
      value = value * 10 + (c - 48);
      digits++;
    } else {
      return null;
    }
    j++;
  }
  if (!validDigits(i, digits)) return null;
  seg[i] = value;
  const days = validDate(sign * seg[0]!, seg[1]!, seg[2]!);
  return days === null ? null : { days, end: j, segments: i + 1 };
}

/**
 * Spark's CAST(string AS DATE): `yyyy`, `yyyy-[m]m`, `yyyy-[m]m-[d]d`, then optionally a space
 * or `T` followed by anything (ignored). Surrounding whitespace is trimmed; invalid → null.
 */
export function parseDateString(s: string): number | null {
  const t = trimAll(s);
  if (t.length === 0) return null;
  const d = readDatePart(t);
  if (d === null) return null;
  // `yyyy` and `yyyy-mm` must be the whole input.
  if (d.segments < 3 && d.end < t.length) return null;
  return d.days;
}

/** Reads 1..maxDigits digits at `pos`; returns [value, next index] or null. */
function readInt(s: string, pos: number, maxDigits: number): [number, number] | null {
  let v = 0;
  let j = pos;
  while (j < s.length && j - pos < maxDigits && isDigit(s.charCodeAt(j))) {
    v = v * 10 + (s.charCodeAt(j) - 48);
    j++;
  }
  return j === pos ? null : [v, j];
}

/** Parses a zone suffix (`Z`, `UTC`, `GMT`, `UT`, `±H[H][[:]mm]`, optionally after `UTC`/`GMT`); returns the offset in seconds. */
function parseZone(z: string): number | null {
  let rest = z;
  for (const prefix of ["UTC", "GMT", "UT"]) {
    if (rest.toUpperCase().startsWith(prefix)) {
      rest = rest.slice(prefix.length);
      if (rest.length === 0) return 0;
      break;
    }
  }
  if (rest === "Z" || rest === "z") return 0;
  const sign = rest[0] === "+" ? 1 : rest[0] === "-" ? -1 : 0;
  if (sign === 0) return null;
  const m = /^(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?$/.exec(rest.slice(1));
  if (m === null) return null;
  const h = Number(m[1]);
  const mi = m[2] === undefined ? 0 : Number(m[2]);
  const se = m[3] === undefined ? 0 : Number(m[3]);
  if (h > 18 || mi > 59 || se > 59) return null;
  return sign * (h * 3600 + mi * 60 + se);
}

/**
 * Spark's CAST(string AS TIMESTAMP) in UTC: a date (as for dates), then optionally `T` or a
 * space and `HH:mm[:ss[.fraction]]` (fraction digits beyond microseconds are truncated), then
 * an optional zone (`Z`, `±HH:mm`, `±HHmm`, `±HH`, `UTC`, `GMT`). Invalid → null.
 */
export function parseTimestampString(s: string): number | null {
  const t = trimAll(s);
  if (t.length === 0) return null;
  const d = readDatePart(t);
  if (d === null) return null;
  if (d.end === t.length) return d.days * MICROS_PER_DAY;
  if (d.segments < 3) return null;
  let j = d.end + 1; // skip the ' ' or 'T'
  if (j === t.length) return d.days * MICROS_PER_DAY;
  const hh = readInt(t, j, 2);
  if (hh === null || t[hh[1]] !== ":") return null;
  const mm = readInt(t, hh[1] + 1, 2);
  if (mm === null) return null;
  j = mm[1];
  let ss = 0;
  let frac = 0;
  if (t[j] === ":") {
    const r = readInt(t, j + 1, 2);
    if (r === null) return null;
    ss = r[0];
    j = r[1];
    if (t[j] === ".") {
      j++;
      let digits = 0;
      while (j < t.length && isDigit(t.charCodeAt(j))) {
        if (digits < 6) frac = frac * 10 + (t.charCodeAt(j) - 48);
        digits++;
        j++;
      }
      for (let k = digits; k < 6; k++) frac *= 10;
    }
  }
  if (hh[0] > 23 || mm[0] > 59 || ss > 59) return null;
  let offsetSeconds = 0;
  const zone = t.slice(j).trimStart();
  if (zone.length > 0) {
    const z = parseZone(zone);
    if (z === null) return null;
    offsetSeconds = z;
  }
  const seconds = hh[0] * 3600 + mm[0] * 60 + ss - offsetSeconds;
  return d.days * MICROS_PER_DAY + seconds * MICROS_PER_SECOND + frac;
}

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

/** `yyyy` as Spark prints it: four digits, a sign beyond 9999 or before year 0. */
export function formatYear(year: number): string {
  if (year < 0) return `-${pad(-year, 4)}`;
  if (year > 9999) return `+${year}`;
  return pad(year, 4);
}

/** `yyyy-MM-dd`. */
export function formatDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${formatYear(year)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The fraction of a second as `.ffffff` without trailing zeros, or "" when zero. */
export function formatFraction(microsOfSecond: number): string {
  if (microsOfSecond === 0) return "";
  return `.${pad(microsOfSecond, 6).replace(/0+$/, "")}`;
}

/** `yyyy-MM-dd HH:mm:ss` plus `.fraction` (no trailing zeros) when the fraction is nonzero. */
export function formatTimestamp(micros: number): string {
  const { days, microsOfDay } = splitMicros(micros);
  const secs = Math.floor(microsOfDay / MICROS_PER_SECOND);
  const frac = microsOfDay - secs * MICROS_PER_SECOND;
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  return `${formatDate(days)} ${pad(h, 2)}:${pad(m, 2)}:${pad(secs % 60, 2)}${formatFraction(frac)}`;
}
