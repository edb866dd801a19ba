import { RowforgeError } from "../../errors/index.ts";
import { RELATIVE_TIME } from "../../model/relative-time.ts";
import { MICROS_PER_DAY, parseDateString, parseTimestampString } from "../../util/calendar.ts";

const UNIT_MICROS: Readonly<Record<string, number>> = {
  s: 1_000_000,
  m: 60_000_000,
  h: 3_600_000_000,
  d: MICROS_PER_DAY,
  w: 7 * MICROS_PER_DAY,
};

/** A date bound as days since the epoch: absolute `yyyy-MM-dd` or relative `today-30d`. */
export function dateBound(value: string | number, nowMicros: number): number {
  if (typeof value === "number") return Math.floor(value);
  const rel = relativeMicros(value, nowMicros);
  if (rel !== undefined) return Math.floor(rel / MICROS_PER_DAY);
  const days = parseDateString(value);
  if (days === null) throw new RowforgeError("RF_INTERNAL", `unchecked date bound "${value}"`);
  return days;
}

/** A timestamp bound in microseconds: absolute text, a date, or relative `now-2h`. */
export function timestampBound(value: string | number, nowMicros: number): number {
  if (typeof value === "number") return value;
  const rel = relativeMicros(value, nowMicros);
  if (rel !== undefined) return rel;
  const micros = parseTimestampString(value);
  if (micros === null) throw new RowforgeError("RF_INTERNAL", `unchecked timestamp bound "${value}"`);
  return micros;
}

function relativeMicros(value: string, nowMicros: number): number | undefined {
  const m = RELATIVE_TIME.exec(value.trim());
  if (!m) return undefined;
  const base =
    m[1]!.toLowerCase() === "today" ? Math.floor(nowMicros / MICROS_PER_DAY) * MICROS_PER_DAY : nowMicros;
  if (!m[2]) return base;
  const delta = Number(m[3]) * UNIT_MICROS[m[4]!.toLowerCase()]!;
  return m[2] === "-" ? base - delta : base + delta;
}
