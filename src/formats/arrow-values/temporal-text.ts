/** `yyyy-MM-dd` of days since the epoch (proleptic Gregorian, any year). */
export function dateText(days: number): string {
  const c = civil(days);
  const y = c[0]!;
  const m = c[1]!;
  const d = c[2]!;
  const yy = y < 0 ? `-${String(-y).padStart(4, "0")}` : String(y).padStart(4, "0");
  return `${yy}-${m < 10 ? "0" : ""}${m}-${d < 10 ? "0" : ""}${d}`;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** ISO 8601 in UTC with milliseconds (and microseconds when there are any): `2024-05-01T10:00:00.000Z`. */
export function timestampText(micros: number): string {
  const days = Math.floor(micros / 86_400_000_000);
  let rest = micros - days * 86_400_000_000;
  const h = Math.floor(rest / 3_600_000_000);
  rest -= h * 3_600_000_000;
  const m = Math.floor(rest / 60_000_000);
  rest -= m * 60_000_000;
  const s = Math.floor(rest / 1_000_000);
  const frac = rest - s * 1_000_000;
  const fraction = frac % 1000 === 0 ? String(frac / 1000).padStart(3, "0") : String(frac).padStart(6, "0");
  return `${dateText(days)}T${pad2(h)}:${pad2(m)}:${pad2(s)}.${fraction}Z`;
}

const CIVIL = new Int32Array(3);

/** Civil date of a day count into a shared [year, month, day] (proleptic Gregorian): read it before the next call. */
export function civil(days: number): Int32Array {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  CIVIL[0] = yoe + era * 400 + (m <= 2 ? 1 : 0);
  CIVIL[1] = m;
  CIVIL[2] = d;
  return CIVIL;
}
