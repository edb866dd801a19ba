/**
 * The subset of Java's DecimalFormat behind `format_number`: a prefix, a `#,##0.00`-style body
 * (grouping size, minimum integer digits, minimum and maximum fraction digits), a suffix, and
 * `%` (value × 100). Rounding is HALF_EVEN on the exact binary value of a double, as Java does.
 */

import { RowforgeError } from "../../../errors/index.ts";
import { type ExactDecimal, groupThousands, plainParts, rescaleRounded } from "./rounding.ts";

export interface DecimalPattern {
  readonly prefix: string;
  readonly suffix: string;
  readonly grouping: number;
  readonly minInt: number;
  readonly minFrac: number;
  readonly maxFrac: number;
  readonly percent: boolean;
}

/** The pattern `format_number(x, d)` uses. */
export function fixedDecimalsPattern(d: number): DecimalPattern {
  return { prefix: "", suffix: "", grouping: 3, minInt: 1, minFrac: d, maxFrac: d, percent: false };
}

/** Parses a DecimalFormat pattern such as `#,##0.00`, `$#,##0.###`, `0.0%`; throws Error when invalid. */
export function parseDecimalPattern(pattern: string): DecimalPattern {
  const positive = pattern.split(";")[0] ?? "";
  const m = /^([^#0,.]*)([#0,]*)(?:\.([#0]*))?([^#0,.]*)$/.exec(positive);
  if (m === null)
    throw new RowforgeError(
      "RF_SQL_INVALID",
      `${JSON.stringify(pattern)} is not a number pattern such as '#,##0.00'`,
    );
  const intPart = m[2] ?? "";
  const fracPart = m[3] ?? "";
  const unquote = (s: string): string => s.replace(/'([^']*)'/g, "$1");
  const comma = intPart.lastIndexOf(",");
  return {
    prefix: unquote(m[1] ?? ""),
    suffix: unquote(m[4] ?? ""),
    grouping: comma < 0 ? 0 : intPart.length - comma - 1,
    minInt: (intPart.match(/0/g) ?? []).length,
    minFrac: (fracPart.match(/0/g) ?? []).length,
    maxFrac: fracPart.length,
    percent: positive.includes("%"),
  };
}

const view = new DataView(new ArrayBuffer(8));

/** The exact value of a finite double as a decimal (every binary fraction has a finite decimal expansion). */
export function exactBinaryDecimal(x: number): ExactDecimal {
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & 0xfffffffffffffn;
  if (biased !== 0) mantissa |= 1n << 52n;
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  let unscaled: bigint;
  let scale: number;
  if (exponent >= 0) {
    unscaled = mantissa << BigInt(exponent);
    scale = 0;
  } else {
    unscaled = mantissa * 5n ** BigInt(-exponent);
    scale = -exponent;
  }
  return { unscaled: negative ? -unscaled : unscaled, scale };
}

export function formatDecimal(value: ExactDecimal, p: DecimalPattern): string {
  let { unscaled, scale } = value;
  if (p.percent) scale -= 2;
  const negative = unscaled < 0n;
  const rounded = rescaleRounded(negative ? -unscaled : unscaled, scale, p.maxFrac, "HALF_EVEN");
  let [intDigits, frac] = plainParts(rounded, p.maxFrac);
  while (frac.length > p.minFrac && frac.endsWith("0")) frac = frac.slice(0, -1);
  intDigits = intDigits.replace(/^0+/, "");
  if (intDigits.length < p.minInt) intDigits = intDigits.padStart(p.minInt, "0");
  if (intDigits.length === 0 && frac.length === 0) intDigits = "0";
  const body =
    (p.grouping > 0 ? groupThousands(intDigits, p.grouping) : intDigits) +
    (frac.length > 0 ? `.${frac}` : "");
  return `${negative ? "-" : ""}${p.prefix}${body}${p.suffix}`;
}
