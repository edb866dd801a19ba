import { type DataType, isNumeric } from "../../model/index.ts";

import { RELATIVE_TIME } from "../../model/relative-time.ts";

const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

export type BoundResult =
  | { readonly ok: true; readonly value: number | string }
  | { readonly ok: false; readonly reason: string };

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [
    31,
    y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return d <= days[m - 1]!;
}

/**
 * Data Caterer passes date bounds to Spark SQL, so users write `now()`, `today()`,
 * `current_date()` or `current_timestamp()`: they are the run's reference time.
 */
function sqlNow(s: string): string {
  const m = /^(now|today|current_date|current_timestamp)\s*(?:\(\s*\))?$/i.exec(s);
  if (!m) return s;
  const f = m[1]!.toLowerCase();
  return f === "today" || f === "current_date" ? "today" : "now";
}

/**
 * Normalises a `min`/`max` value for a field type: a number for numeric types, the text for
 * dates and timestamps (absolute or relative), checked. Decimal text is kept as text so no
 * digits are lost.
 */
export function readBound(raw: unknown, type: DataType): BoundResult {
  if (isNumeric(type)) {
    const text = typeof raw === "string" ? raw.trim() : raw;
    const n =
      typeof text === "number" ? text : typeof text === "string" && text !== "" ? Number(text) : Number.NaN;
    if (!Number.isFinite(n)) return { ok: false, reason: `expected a number for a ${type.kind} field` };
    if (type.kind === "decimal" && typeof text === "string") return { ok: true, value: text };
    return { ok: true, value: n };
  }
  switch (type.kind) {
    case "date":
    case "timestamp": {
      if (typeof raw !== "string") {
        return {
          ok: false,
          reason: `expected a ${type.kind} written as text (yyyy-MM-dd${type.kind === "timestamp" ? " HH:mm:ss" : ""}) or today-30d / now-1h`,
        };
      }
      const s = sqlNow(raw.trim());
      if (RELATIVE_TIME.test(s)) return { ok: true, value: s };
      const m = (type.kind === "date" ? DATE : TIMESTAMP).exec(s);
      if (!m || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
        return {
          ok: false,
          reason:
            type.kind === "date"
              ? "expected a date yyyy-MM-dd or a relative date such as today-30d"
              : "expected a timestamp yyyy-MM-dd HH:mm:ss or a relative time such as now-2h",
        };
      }
      return { ok: true, value: s };
    }
    default:
      return {
        ok: false,
        reason: `min and max apply to numbers, dates and timestamps, not to ${type.kind} fields`,
      };
  }
}

/** A sortable number for an absolute bound (relative bounds give undefined: they are checked at run time). */
export function boundOrder(value: number | string): number | undefined {
  if (typeof value === "number") return value;
  if (RELATIVE_TIME.test(value)) return undefined;
  const n = Number(value);
  if (Number.isFinite(n)) return n;
  const t = Date.parse(
    value.length === 10
      ? `${value}T00:00:00Z`
      : `${value.replace(" ", "T")}${/Z|[+-]\d{2}:?\d{2}$/.test(value) ? "" : "Z"}`,
  );
  return Number.isFinite(t) ? t : undefined;
}
