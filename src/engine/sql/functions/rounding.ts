/**
 * Decimal rounding with Java's rounding modes on (unscaled bigint, scale) pairs, and the exact
 * decimal a double stands for in Spark: its shortest round-trip text (how Spark turns a double
 * into a BigDecimal before rounding or formatting it).
 */
import { decimalToNumber, parseDecimalText, pow10 } from "../values/decimal.ts";

export type RoundingMode = "HALF_UP" | "HALF_EVEN" | "FLOOR" | "CEILING" | "DOWN";

/** `v / d` for d > 0, rounded with `mode`. */
export function divideRounded(v: bigint, d: bigint, mode: RoundingMode): bigint {
  const q = v / d;
  const r = v % d;
  if (r === 0n) return q;
  const negative = v < 0n;
  switch (mode) {
    case "DOWN":
      return q;
    case "FLOOR":
      return negative ? q - 1n : q;
    case "CEILING":
      return negative ? q : q + 1n;
    default: {
      const twice = (negative ? -r : r) * 2n;
      const away = twice > d || (twice === d && (mode === "HALF_UP" || (q & 1n) !== 0n));
      return away ? (negative ? q - 1n : q + 1n) : q;
    }
  }
}

/** Re-expresses `unscaled × 10^-fromScale` with `toScale` fraction digits (negative scales allowed). */
export function rescaleRounded(
  unscaled: bigint,
  fromScale: number,
  toScale: number,
  mode: RoundingMode,
): bigint {
  if (toScale >= fromScale) return unscaled * pow10(toScale - fromScale);
  return divideRounded(unscaled, pow10(fromScale - toScale), mode);
}

export interface ExactDecimal {
  readonly unscaled: bigint;
  readonly scale: number;
}

/** The decimal value of a finite double's shortest text (1.005 → 1005 × 10^-3). */
export function exactDecimalOf(x: number): ExactDecimal {
  if (Number.isSafeInteger(x)) return { unscaled: BigInt(x), scale: 0 };
  const parsed = parseDecimalText(String(x));
  return parsed ?? { unscaled: 0n, scale: 0 };
}

/** A double from an unscaled value and a possibly negative scale. */
export function decimalToDouble(unscaled: bigint, scale: number): number {
  return scale >= 0 ? decimalToNumber(unscaled, scale) : Number(unscaled * pow10(-scale));
}

/** Rounds a double to `scale` fraction digits (negative: tens, hundreds, ...) as Spark's round/bround do. */
export function roundDouble(x: number, scale: number, mode: RoundingMode): number {
  if (!Number.isFinite(x)) return x;
  const d = exactDecimalOf(x);
  if (d.scale <= scale) return x;
  const r = decimalToDouble(rescaleRounded(d.unscaled, d.scale, scale, mode), scale);
  return r === 0 && (x < 0 || Object.is(x, -0)) ? -0 : r;
}

/** Rounds an integer to `scale` (<= 0) decimal places: round(125, -1) = 130. */
export function roundInteger(v: bigint, scale: number, mode: RoundingMode): bigint {
  if (scale >= 0) return v;
  const p = pow10(-scale);
  return divideRounded(v, p, mode) * p;
}

/** Inserts `,` every three digits of a run of integer digits. */
export function groupThousands(digits: string, size = 3): string {
  if (size <= 0 || digits.length <= size) return digits;
  let out = "";
  const first = digits.length % size || size;
  out = digits.slice(0, first);
  for (let i = first; i < digits.length; i += size) out += `,${digits.slice(i, i + size)}`;
  return out;
}

/** Plain digits of |unscaled| with `scale` fraction digits: [integer part, fraction part]. */
export function plainParts(unscaled: bigint, scale: number): [string, string] {
  const abs = (unscaled < 0n ? -unscaled : unscaled).toString();
  if (scale <= 0) return [abs === "0" ? "0" : abs + "0".repeat(-scale), ""];
  const padded = abs.padStart(scale + 1, "0");
  return [padded.slice(0, padded.length - scale), padded.slice(padded.length - scale)];
}
