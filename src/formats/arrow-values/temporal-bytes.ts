import { civilInto, MICROS_PER_DAY } from "../../util/calendar.ts";
import type { ByteSink } from "./byte-sink.ts";
import { dateText, timestampText } from "./temporal-text.ts";

const DASH = 45;
const COLON = 58;

/**
 * `yyyy-MM-dd` per day, in a direct-mapped cache: generated dates and timestamps fall on a few
 * thousand days, so the civil-date arithmetic runs about once per day rather than per value.
 */
const SLOTS = 4096;
const slotDay = new Float64Array(SLOTS).fill(Number.NaN);
const slotText = new Uint8Array(SLOTS * 10);

/** Puts `yyyy-MM-dd` of `days` at buf[p..p+10); false (nothing written) when the year is outside 0..9999. */
function putYmd(buf: Uint8Array, p: number, days: number): boolean {
  const slot = days & (SLOTS - 1);
  const at = slot * 10;
  if (slotDay[slot] !== days) {
    const c = civilInto(days);
    const y = c[0]!;
    if (y < 0 || y > 9999) return false;
    putDigits(slotText, at, y, 4);
    slotText[at + 4] = DASH;
    putDigits(slotText, at + 5, c[1]!, 2);
    slotText[at + 7] = DASH;
    putDigits(slotText, at + 8, c[2]!, 2);
    slotDay[slot] = days;
  }
  for (let k = 0; k < 10; k++) buf[p + k] = slotText[at + k]!;
  return true;
}

/** `n` (0 <= n < 10^width, whole) as exactly `width` digits at buf[p..). */
function putDigits(buf: Uint8Array, p: number, n: number, width: number): void {
  for (let k = p + width - 1; k >= p; k--) {
    const q = (n / 10) | 0;
    buf[k] = 48 + n - q * 10;
    n = q;
  }
}

/** `yyyy-MM-dd` straight into the sink (years 0..9999; others go through text). */
export function writeDate(out: ByteSink, days: number): void {
  out.ensure(10);
  if (putYmd(out.buf, out.pos, days)) out.pos += 10;
  else out.ascii(dateText(days));
}

/** ISO 8601 UTC with milliseconds (microseconds when present) straight into the sink. */
export function writeTimestamp(out: ByteSink, micros: number): void {
  const days = Math.floor(micros / MICROS_PER_DAY);
  out.ensure(27);
  const buf = out.buf;
  let p = out.pos;
  if (!putYmd(buf, p, days)) {
    out.ascii(timestampText(micros));
    return;
  }
  p += 10;
  const rest = micros - days * MICROS_PER_DAY;
  const seconds = Math.floor(rest / 1_000_000);
  const frac = rest - seconds * 1_000_000;
  const h = (seconds / 3600) | 0;
  const inHour = seconds - h * 3600;
  const min = (inHour / 60) | 0;
  buf[p++] = 84;
  putDigits(buf, p, h, 2);
  buf[p + 2] = COLON;
  putDigits(buf, p + 3, min, 2);
  buf[p + 5] = COLON;
  putDigits(buf, p + 6, inHour - min * 60, 2);
  buf[p + 8] = 46;
  p += 9;
  if (frac % 1000 === 0) {
    putDigits(buf, p, frac / 1000, 3);
    p += 3;
  } else {
    putDigits(buf, p, frac, 6);
    p += 6;
  }
  buf[p++] = 90;
  out.pos = p;
}
