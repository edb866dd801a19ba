/**
 * `date ± n` (days, as date_add/date_sub), and `date|timestamp ± INTERVAL ...`. An interval with
 * only months and days keeps a date a date; one with hours and smaller units gives a timestamp.
 */
import { DataTypes } from "../../../model/data-type.ts";
import {
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  MICROS_PER_DAY,
  splitMicros,
} from "../../../util/calendar.ts";
import { strict2 } from "../functions/strict-evaluators.ts";
import type { SqlValue } from "../sql-contract.ts";
import { isIntegralKind } from "../types/common-types.ts";
import type { IntervalValue, SqlType } from "../types/sql-type.ts";
import { folded, type Typed } from "../types/typed.ts";
import { coerce, typeName } from "./compile-coerce.ts";
import type { CompileEnv } from "./compile-env.ts";

const isDateLike = (t: SqlType): boolean => t.kind === "date" || t.kind === "timestamp";

/** True when `+`/`-` on these operand types is date arithmetic rather than numeric. */
export function isDateArithmetic(l: SqlType, r: SqlType): boolean {
  return isDateLike(l) || isDateLike(r) || l.kind === "interval" || r.kind === "interval";
}

/** Adds calendar months to a day number, clamping the day to the end of the month (Jan 31 + 1 month = Feb 28/29). */
export function addMonthsToDays(days: number, months: number): number {
  if (months === 0) return days;
  const { year, month, day } = civilFromDays(days);
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  return daysFromCivil(y, m, Math.min(day, daysInMonth(y, m)));
}

export function timestampAddInterval(micros: number, iv: IntervalValue, sign: 1 | -1): number {
  let t = micros;
  if (iv.months !== 0) {
    const { days, microsOfDay } = splitMicros(t);
    t = addMonthsToDays(days, sign * iv.months) * MICROS_PER_DAY + microsOfDay;
  }
  return t + sign * (iv.days * MICROS_PER_DAY + iv.micros);
}

const asInterval = (v: SqlValue): IntervalValue => v as unknown as IntervalValue;

export function compileDateArithmetic(
  op: "+" | "-",
  leftIn: Typed,
  rightIn: Typed,
  env: CompileEnv,
  pos: number,
): Typed {
  let left = leftIn;
  let right = rightIn;
  // `n + date` and `INTERVAL + ts` are the same as with the operands swapped.
  if (
    op === "+" &&
    (right.type.kind === "date" || right.type.kind === "timestamp") &&
    left.type.kind !== "date" &&
    left.type.kind !== "timestamp"
  ) {
    [left, right] = [right, left];
  }
  const lt = left.type;
  const rt = right.type;
  const sign: 1 | -1 = op === "+" ? 1 : -1;
  const l = left.evaluate;
  const r = right.evaluate;

  if ((lt.kind === "date" || lt.kind === "timestamp" || lt.kind === "null") && rt.kind === "interval") {
    const withTime = right.constant === undefined || asInterval(right.constant.value).micros !== 0;
    if (lt.kind === "date" && !withTime) {
      const iv = asInterval(right.constant!.value);
      const evaluate = (ctx: Parameters<typeof l>[0]): SqlValue => {
        const d = l(ctx);
        return d === null ? null : addMonthsToDays(d as number, sign * iv.months) + sign * iv.days;
      };
      return folded(DataTypes.date, evaluate, [left, right]);
    }
    const ts = coerce(left, DataTypes.timestamp, env, pos);
    const t = ts.evaluate;
    const evaluate = strict2<number, SqlValue>(t, r, (a, b) => timestampAddInterval(a, asInterval(b), sign));
    return folded(DataTypes.timestamp, evaluate, [ts, right]);
  }

  if (lt.kind === "date" && (isIntegralKind(rt) || rt.kind === "string" || rt.kind === "null")) {
    const days = coerce(right, DataTypes.int, env, pos);
    const d = days.evaluate;
    return folded(
      DataTypes.date,
      strict2<number, number>(l, d, (a, b) => a + sign * b),
      [left, days],
    );
  }

  const hint =
    lt.kind === rt.kind && (lt.kind === "date" || lt.kind === "timestamp")
      ? "use datediff(end, start) for the number of days between dates, or unix_timestamp() for seconds"
      : "add an INTERVAL (ts + INTERVAL 5 MINUTES) to a timestamp, or a number of days to a date";
  throw env.error(pos, `cannot compute ${typeName(lt)} ${op} ${typeName(rt)}`, hint);
}
