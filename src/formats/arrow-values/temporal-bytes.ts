import type { ByteSink } from "./byte-sink.ts";
import { civil, dateText, timestampText } from "./temporal-text.ts";

const DASH = 45;
const COLON = 58;

/** `yyyy-MM-dd` straight into the sink (years 0..9999; others go through text). */
export function writeDate(out: ByteSink, days: number): void {
  const c = civil(days);
  const y = c[0]!;
  if (y < 0 || y > 9999) out.ascii(dateText(days));
  else writeYmd(out, y, c[1]!, c[2]!);
}

function writeYmd(out: ByteSink, y: number, m: number, d: number): void {
  out.padded(y, 4);
  out.byte(DASH);
  out.padded(m, 2);
  out.byte(DASH);
  out.padded(d, 2);
}

/** ISO 8601 UTC with milliseconds (microseconds when present) straight into the sink. */
export function writeTimestamp(out: ByteSink, micros: number): void {
  const days = Math.floor(micros / 86_400_000_000);
  const c = civil(days);
  const y = c[0]!;
  if (y < 0 || y > 9999) {
    out.ascii(timestampText(micros));
    return;
  }
  writeYmd(out, y, c[1]!, c[2]!);
  let rest = micros - days * 86_400_000_000;
  const h = Math.floor(rest / 3_600_000_000);
  rest -= h * 3_600_000_000;
  const min = Math.floor(rest / 60_000_000);
  rest -= min * 60_000_000;
  const s = Math.floor(rest / 1_000_000);
  const frac = rest - s * 1_000_000;
  out.byte(84);
  out.padded(h, 2);
  out.byte(COLON);
  out.padded(min, 2);
  out.byte(COLON);
  out.padded(s, 2);
  out.byte(46);
  if (frac % 1000 === 0) out.padded(frac / 1000, 3);
  else out.padded(frac, 6);
  out.byte(90);
}
