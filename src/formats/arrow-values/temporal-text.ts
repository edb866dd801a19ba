import { civilInto, MICROS_PER_DAY } from "../../util/calendar.ts";

/** `yyyy-MM-dd` of days since the epoch (proleptic Gregorian, any year). */
export function dateText(days: number): string {
  const c = civilInto(days);
  const y = c[0]!;
  const m = c[1]!;
  const d = c[2]!;
  const yy = y < 0 ? `-${String(-y).padStart(4, "0")}` : String(y).padStart(4, "0");
  return `${yy}-${m < 10 ? "0" : ""}${m}-${d < 10 ? "0" : ""}${d}`;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** ISO 8601 in UTC with milliseconds (and microseconds when there are any): `2024-05-01T10:00:00.000Z`. */
export function timestampText(micros: number): string {
  const days = Math.floor(micros / MICROS_PER_DAY);
  let rest = micros - days * MICROS_PER_DAY;
  const h = Math.floor(rest / 3_600_000_000);
  rest -= h * 3_600_000_000;
  const m = Math.floor(rest / 60_000_000);
  rest -= m * 60_000_000;
  const s = Math.floor(rest / 1_000_000);
  const frac = rest - s * 1_000_000;
  const fraction = frac % 1000 === 0 ? String(frac / 1000).padStart(3, "0") : String(frac).padStart(6, "0");
  return `${dateText(days)}T${pad2(h)}:${pad2(m)}:${pad2(s)}.${fraction}Z`;
}
