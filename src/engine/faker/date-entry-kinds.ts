import { RowforgeError } from "../../errors/index.ts";
import { MILLIS_PER_DAY } from "../../util/calendar.ts";
import type { FakerEntry } from "./faker-entry.ts";
import { datePattern } from "./faker-size.ts";
import { compileJavaDate, formatJavaDate } from "./java-text.ts";
import { constant } from "./locale-draw.ts";
import { dateArg, futureMs, intArg, isIntText, now, offsetSpan, pastMs, unitArg } from "./table-support.ts";

/**
 * The date methods of the expression table (past, future, between, birthday), each rendered
 * the way its provider renders a moment; dates count from the run's reference date.
 */

const DAY_MS = MILLIS_PER_DAY;
export const YEAR_MS = 365 * DAY_MS;

type DateRender = (ms: number) => string;

/** The arguments of past/future read: the span in ms, the minimum distance from the run date, the pattern. */
interface Offset {
  readonly atMost: number;
  readonly minimum: number;
  readonly pattern: string | undefined;
}

/** past/future's argument forms (), ('atMost','UNIT'), ('atMost','minimum','UNIT'), (..., 'pattern'). */
function offsetArgs(a: readonly string[]): Offset {
  if (a.length < 2) return { atMost: YEAR_MS, minimum: 0, pattern: undefined };
  const withMinimum = a.length === 4 || (a.length === 3 && isIntText(a[1]));
  const unit = unitArg(a, withMinimum ? 2 : 1);
  const atMost = intArg(a, 0) * unit;
  const minimum = withMinimum ? intArg(a, 1) * unit : 0;
  const pattern = a.length === 4 ? a[3] : a.length === 3 && !withMinimum ? a[2] : undefined;
  if (minimum >= atMost) {
    throw new RowforgeError("RF_RANGE_INVERTED", `minimum ${a[1]} is not below atMost ${a[0]}`);
  }
  return { atMost, minimum, pattern };
}

/** The pattern's formatter when one is given, else the method's own rendering. */
const renderWith = (pattern: string | undefined, render: DateRender): DateRender =>
  pattern === undefined ? render : compileJavaDate(pattern);

/** past/future with the argument forms of offsetArgs. */
export function relativeDate(direction: "past" | "future", render: DateRender): FakerEntry {
  return {
    arity: [0, 2, 3, 4],
    usage: "'atMost','UNIT' or 'atMost','minimum','UNIT', optionally followed by a 'pattern'",
    size: datePattern(3, 2),
    doc: `a moment in the ${direction} of the run date (within 365 days when no arguments are given)`,
    faker: (f, a) => {
      const { atMost, minimum, pattern } = offsetArgs(a);
      const ms =
        direction === "past" ? pastMs(f, now(f), atMost, minimum) : futureMs(f, now(f), atMost, minimum);
      return pattern === undefined ? render(ms) : formatJavaDate(ms, pattern);
    },
    compiled: (_k, a, ref) => {
      const { atMost, minimum, pattern } = offsetArgs(a);
      const out = renderWith(pattern, render);
      // The moments pastMs/futureMs give: `span` of them, counted away from the run date.
      const span = offsetSpan(atMost, minimum);
      if (direction === "past") {
        const latest = ref - minimum - 1;
        return (rnd) => out(latest - rnd.int(span));
      }
      const earliest = ref + minimum + 1;
      return (rnd) => out(earliest + rnd.int(span));
    },
  };
}

/** The arguments of between read: the first moment, how many follow it, the pattern. */
function betweenArgs(a: readonly string[]): { from: number; span: number; pattern: string | undefined } {
  const from = dateArg(a, 0);
  const to = dateArg(a, 1);
  if (to < from)
    throw new RowforgeError("RF_RANGE_INVERTED", `date range ${a[0]} .. ${a[1]} ends before it starts`);
  return { from, span: to - from, pattern: a.length === 3 ? (a[2] ?? "") : undefined };
}

export function betweenDates(render: DateRender): FakerEntry {
  return {
    arity: [2, 3],
    usage: "'from','to' (dates such as '2024-01-31 00:00:00'), optionally a 'pattern'",
    size: datePattern(2),
    doc: "a moment between two dates",
    faker: (f, a) => {
      const { from, span, pattern } = betweenArgs(a);
      const ms = span === 0 ? from : from + f.number.int(span - 1);
      return pattern === undefined ? render(ms) : formatJavaDate(ms, pattern);
    },
    compiled: (_k, a) => {
      const { from, span, pattern } = betweenArgs(a);
      const out = renderWith(pattern, render);
      return span === 0 ? constant(out(from)) : (rnd) => out(from + rnd.int(span));
    },
  };
}

/** The arguments of birthday read against the run date: the first day (epoch days), how many follow, the pattern. */
function birthdayArgs(
  a: readonly string[],
  ref: number,
): { first: number; days: number; pattern: string | undefined } {
  const ranged = a.length >= 2;
  const minAge = ranged ? intArg(a, 0) : 18;
  const maxAge = ranged ? intArg(a, 1) : 65;
  if (maxAge < minAge)
    throw new RowforgeError("RF_RANGE_INVERTED", `age range ${minAge}..${maxAge} is inverted`);
  const d = new Date(ref);
  const yearsBack = (y: number): number =>
    Math.floor(Date.UTC(d.getUTCFullYear() - y, d.getUTCMonth(), d.getUTCDate()) / DAY_MS);
  const first = yearsBack(maxAge);
  const pattern = a.length === 1 ? a[0] : a.length === 3 ? a[2] : undefined;
  return { first, days: Math.max(0, yearsBack(minAge) - first), pattern };
}

export function birthday(render: DateRender): FakerEntry {
  return {
    arity: [0, 1, 2, 3],
    usage: "'minAge','maxAge' and/or a 'pattern'",
    size: (a) => datePattern(a.length === 1 ? 0 : 2)(a),
    doc: "a date of birth for an age of 18-65 years (or the range given), at midnight",
    faker: (f, a) => {
      const { first, days, pattern } = birthdayArgs(a, now(f));
      const day = days > 0 ? first + f.number.int(days - 1) : first;
      return pattern === undefined ? render(day * DAY_MS) : formatJavaDate(day * DAY_MS, pattern);
    },
    compiled: (_k, a, ref) => {
      const { first, days, pattern } = birthdayArgs(a, ref);
      const out = renderWith(pattern, render);
      return days > 0 ? (rnd) => out((first + rnd.int(days)) * DAY_MS) : constant(out(first * DAY_MS));
    },
  };
}
