/**
 * Decimal values as rowforge represents them: a bigint holding the unscaled value, with the
 * precision and scale carried by the static type (decimal(p,s)). Rounding is HALF_UP (half away
 * from zero) as in Spark; a value that does not fit its precision becomes NULL (non-ANSI mode).
 */
import type { DecimalType } from "../../../model/data-type.ts";

export const MAX_DECIMAL_PRECISION = 38;

const POW10: readonly bigint[] = Array.from({ length: 80 }, (_, i) => 10n ** BigInt(i));

/** 10^n as a bigint (n >= 0). */
export function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

/** `v / d` rounded HALF_UP, for d > 0. */
export function divideHalfUp(v: bigint, d: bigint): bigint {
  const q = v / d;
  const r = v % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return v < 0n ? q - 1n : q + 1n;
  return q;
}

/** Changes the scale of an unscaled value, rounding HALF_UP when digits are dropped. */
export function rescaleDecimal(unscaled: bigint, fromScale: number, toScale: number): bigint {
  if (toScale === fromScale) return unscaled;
  if (toScale > fromScale) return unscaled * pow10(toScale - fromScale);
  return divideHalfUp(unscaled, pow10(fromScale - toScale));
}

/** True when the unscaled value has at most `precision` digits. */
export function decimalFits(unscaled: bigint, precision: number): boolean {
  const limit = pow10(precision);
  return unscaled < limit && unscaled > -limit;
}

/** Rescales to `to` and checks its precision: the value, or null when it overflows. */
export function toDecimalType(unscaled: bigint, fromScale: number, to: DecimalType): bigint | null {
  const v = rescaleDecimal(unscaled, fromScale, to.scale);
  return decimalFits(v, to.precision) ? v : null;
}

/** Number of decimal digits of the unscaled value (1 for zero). */
export function decimalDigits(unscaled: bigint): number {
  const abs = unscaled < 0n ? -unscaled : unscaled;
  return abs === 0n ? 1 : abs.toString().length;
}

/** Plain notation with exactly `scale` fraction digits: `-1.50`. */
export function decimalToPlainString(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString();
  let body: string;
  if (scale <= 0) body = digits + "0".repeat(-scale);
  else {
    const padded = digits.padStart(scale + 1, "0");
    body = `${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`;
  }
  return negative ? `-${body}` : body;
}

/**
 * The text Spark's (non-ANSI) CAST(decimal AS STRING) gives: plain notation, except that a value
 * whose adjusted exponent is below -6 is written in scientific notation (`1.0E-7`, `0E-10`).
 */
export function decimalToString(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString();
  const adjusted = digits.length - 1 - scale;
  if (scale >= 0 && adjusted >= -6) return decimalToPlainString(unscaled, scale);
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const exponent = adjusted >= 0 ? `+${adjusted}` : String(adjusted);
  return `${negative ? "-" : ""}${mantissa}E${exponent}`;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses decimal text exactly (`-1.5`, `.5`, `1e3`, `2.50E-2`); null when it is not a number. */
export function parseDecimalText(text: string): { unscaled: bigint; scale: number } | null {
  const m = DECIMAL_TEXT.exec(text);
  if (m === null) return null;
  const intPart = m[2] ?? "";
  const fracPart = m[3] ?? "";
  if (intPart.length === 0 && fracPart.length === 0) return null;
  const exponent = m[4] === undefined ? 0 : Number(m[4]);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 10_000) return null;
  let unscaled = BigInt(`${intPart}${fracPart}` || "0");
  if (m[1] === "-") unscaled = -unscaled;
  let scale = fracPart.length - exponent;
  if (scale < 0) {
    unscaled *= pow10(-scale);
    scale = 0;
  }
  return { unscaled, scale };
}

const isTrimmed = (c: number): boolean => c <= 0x20;

function trimSpaces(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isTrimmed(s.charCodeAt(a))) a++;
  while (b > a && isTrimmed(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** CAST(string AS decimal(p,s)): trims, parses, rounds HALF_UP; null when invalid or too large. */
export function decimalFromString(s: string, to: DecimalType): bigint | null {
  const parsed = parseDecimalText(trimSpaces(s));
  if (parsed === null) return null;
  return toDecimalType(parsed.unscaled, parsed.scale, to);
}

/**
 * CAST(double AS decimal(p,s)): the double's shortest decimal text (as Spark takes it), rounded
 * HALF_UP to the scale; NaN and infinities give null.
 */
export function decimalFromNumber(n: number, to: DecimalType): bigint | null {
  if (!Number.isFinite(n)) return null;
  if (Number.isSafeInteger(n)) return toDecimalType(BigInt(n), 0, to);
  const parsed = parseDecimalText(String(n));
  if (parsed === null) return null;
  return toDecimalType(parsed.unscaled, parsed.scale, to);
}

/** An integer (int as number, long as bigint) as decimal(p,s); null when it does not fit. */
export function decimalFromInteger(v: number | bigint, to: DecimalType): bigint | null {
  return toDecimalType(typeof v === "bigint" ? v : BigInt(v), 0, to);
}

const TWO_POW_53 = 2n ** 53n;

/** The nearest double (correctly rounded, like BigDecimal.doubleValue). */
export function decimalToNumber(unscaled: bigint, scale: number): number {
  if (scale <= 22 && unscaled < TWO_POW_53 && unscaled > -TWO_POW_53) {
    // Both operands are exact doubles, so one IEEE division rounds correctly.
    return scale === 0 ? Number(unscaled) : Number(unscaled) / 10 ** scale;
  }
  return Number(decimalToPlainString(unscaled, scale));
}

/** The integer part, truncated toward zero. */
export function decimalTruncate(unscaled: bigint, scale: number): bigint {
  return scale <= 0 ? unscaled * pow10(-scale) : unscaled / pow10(scale);
}

/** The smallest decimal type that holds the integer `v` exactly (Spark's type for integer literals in decimal arithmetic). */
export function decimalTypeOfInteger(v: number | bigint): DecimalType {
  const digits = decimalDigits(typeof v === "bigint" ? v : BigInt(v));
  return Object.freeze({ kind: "decimal", precision: digits, scale: 0 });
}
