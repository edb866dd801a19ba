import { RowforgeError } from "../../errors/index.ts";
import { DAY_NAMES, MONTH_NAMES } from "../../util/calendar.ts";

/**
 * Renders values the way users' expressions rendered them before they came to rowforge: dates
 * as JVM timestamp text, decimals as JVM doubles, lists as `[a, b]`. All dates are rendered in
 * UTC, so output never depends on the machine's time zone.
 */

/** A double as the JVM prints it: `3.0`, `0.25`, `1.0E7`, `1.5E-4`. */
export function javaDouble(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (!Number.isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const a = Math.abs(x);
  if (a >= 1e-3 && a < 1e7) {
    const s = String(x);
    return s.includes(".") ? s : `${s}.0`;
  }
  const [mantissa = "0", exp = "0"] = x.toExponential().split("e");
  return `${mantissa.includes(".") ? mantissa : `${mantissa}.0`}E${Number(exp)}`;
}

/** A list as the JVM prints it: `[a, b, c]`. */
export const javaList = (items: readonly string[]): string => `[${items.join(", ")}]`;

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

/** Timestamp text: `2024-03-05 14:22:31.123` (fraction trimmed of trailing zeros, at least one digit). */
export function timestampText(ms: number): string {
  const d = new Date(ms);
  const frac = d.getUTCMilliseconds();
  const fracText = frac === 0 ? "0" : pad(frac, 3).replace(/0+$/, "");
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)} ` +
    `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${fracText}`
  );
}

/** Instant text: `2024-03-05T14:22:31.123Z`, without a fraction when it is zero. */
export function instantText(ms: number): string {
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

/** Date-only text: `2024-03-05`. */
export function localDateText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function field(d: Date, letter: string, count: number, pattern: string): string {
  switch (letter) {
    case "G":
      return d.getUTCFullYear() > 0 ? "AD" : "BC";
    case "y":
    case "u":
    case "Y":
      return count === 2 ? pad(d.getUTCFullYear() % 100, 2) : pad(d.getUTCFullYear(), count);
    case "M":
    case "L": {
      const m = d.getUTCMonth();
      if (count >= 4) return MONTH_NAMES[m] ?? "";
      if (count === 3) return (MONTH_NAMES[m] ?? "").slice(0, 3);
      return pad(m + 1, count);
    }
    case "d":
      return pad(d.getUTCDate(), count);
    case "D": {
      const start = Date.UTC(d.getUTCFullYear(), 0, 1);
      return pad(Math.floor((d.getTime() - start) / 86_400_000) + 1, count);
    }
    case "E": {
      const w = DAY_NAMES[(d.getUTCDay() + 6) % 7] ?? "";
      return count >= 4 ? w : w.slice(0, 3);
    }
    case "a":
      return d.getUTCHours() < 12 ? "AM" : "PM";
    case "H":
      return pad(d.getUTCHours(), count);
    case "k":
      return pad(d.getUTCHours() === 0 ? 24 : d.getUTCHours(), count);
    case "K":
      return pad(d.getUTCHours() % 12, count);
    case "h":
      return pad(d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12, count);
    case "m":
      return pad(d.getUTCMinutes(), count);
    case "s":
      return pad(d.getUTCSeconds(), count);
    case "S":
      return pad(d.getUTCMilliseconds(), 3).padEnd(count, "0").slice(0, count);
    case "Z":
      return count >= 4 ? "GMT" : "+0000";
    case "X":
      return "Z";
    case "x":
      return count === 1 ? "+00" : count === 2 ? "+0000" : "+00:00";
    case "z":
    case "V":
    case "O":
      return "UTC";
    default:
      throw new RowforgeError(
        "RF_VALUE_INVALID",
        `date pattern "${pattern}" uses the letter "${letter}", which rowforge does not format`,
        {
          hint: "use y, M, d, D, E, a, H, h, k, K, m, s, S, Z, X, x, z; put literal text in single quotes",
        },
      );
  }
}

/** One piece of a compiled date pattern: literal text, or a field letter repeated `count` times. */
type PatternPiece = string | { readonly letter: string; readonly count: number };

/** Splits a JVM date pattern into literal text and fields (`'T'` quoted text, `''` a quote). */
function patternPieces(pattern: string): PatternPiece[] {
  const pieces: PatternPiece[] = [];
  let text = "";
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i] ?? "";
    if (c === "'") {
      if (pattern[i + 1] === "'") {
        text += "'";
        i += 2;
        continue;
      }
      let j = i + 1;
      while (j < pattern.length) {
        if (pattern[j] === "'") {
          if (pattern[j + 1] === "'") {
            text += "'";
            j += 2;
            continue;
          }
          break;
        }
        text += pattern[j];
        j++;
      }
      i = j + 1;
      continue;
    }
    if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j++;
      if (text !== "") pieces.push(text);
      text = "";
      pieces.push({ letter: c, count: j - i });
      i = j;
      continue;
    }
    text += c;
    i++;
  }
  if (text !== "") pieces.push(text);
  return pieces;
}

/**
 * A JVM-style date pattern (`yyyy-MM-dd HH:mm:ss`, `'T'` for quoted text, `''` for a quote)
 * read once into a formatter of epoch milliseconds, in UTC. A letter rowforge does not format
 * is reported here, before any value is made.
 */
export function compileJavaDate(pattern: string): (ms: number) => string {
  const pieces = patternPieces(pattern);
  const probe = new Date(0);
  for (const p of pieces) if (typeof p !== "string") field(probe, p.letter, p.count, pattern);
  return (ms) => {
    const d = new Date(ms);
    let out = "";
    for (const p of pieces) out += typeof p === "string" ? p : field(d, p.letter, p.count, pattern);
    return out;
  };
}

/** Formats epoch milliseconds with a JVM-style date pattern, in UTC (see compileJavaDate). */
export const formatJavaDate = (ms: number, pattern: string): string => compileJavaDate(pattern)(ms);

/**
 * Parses a date argument: `yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss[.SSS]`, ISO-8601 with `T` and
 * an optional zone, or epoch milliseconds. Text without a zone is read as UTC.
 */
export function parseDateArg(text: string): number | undefined {
  const t = text.trim();
  if (/^-?\d{9,}$/.test(t)) return Number(t);
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
      t,
    );
  if (!m) return undefined;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "0", zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  ms += Number(frac.padEnd(3, "0").slice(0, 3));
  if (zone && zone !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return Number.isNaN(ms) ? undefined : ms;
}
