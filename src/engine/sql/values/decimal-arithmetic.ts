/** Kernels for decimal arithmetic on unscaled bigints, rounding HALF_UP, NULL on overflow. */
import type { DecimalType } from "../../../model/data-type.ts";
import type { Kernel } from "../compile/kernels.ts";
import { decimalFits, divideHalfUp, pow10, rescaleDecimal } from "./decimal.ts";

/** `a op b` for decimals of scales `s1`, `s2`, giving a value of `result` or null. */
export function decimalKernel(
  op: "+" | "-" | "*" | "/" | "%",
  s1: number,
  s2: number,
  result: DecimalType,
): Kernel {
  const { precision, scale } = result;
  const limit = pow10(precision);
  const negLimit = -limit;
  const fit = (v: bigint, fromScale: number): bigint | null => {
    const r = fromScale === scale ? v : rescaleDecimal(v, fromScale, scale);
    return r < limit && r > negLimit ? r : null;
  };
  const common = Math.max(s1, s2);
  const ma = pow10(common - s1);
  const mb = pow10(common - s2);
  // The common cases (same scales, no rounding) avoid extra bigint work per row.
  const sameScales = ma === 1n && mb === 1n && common === scale;
  switch (op) {
    case "+":
      if (sameScales) {
        return (a: bigint, b: bigint) => {
          const r = a + b;
          return r < limit && r > negLimit ? r : null;
        };
      }
      return (a: bigint, b: bigint) => fit(a * ma + b * mb, common);
    case "-":
      if (sameScales) {
        return (a: bigint, b: bigint) => {
          const r = a - b;
          return r < limit && r > negLimit ? r : null;
        };
      }
      return (a: bigint, b: bigint) => fit(a * ma - b * mb, common);
    case "*":
      if (s1 + s2 === scale) {
        return (a: bigint, b: bigint) => {
          const r = a * b;
          return r < limit && r > negLimit ? r : null;
        };
      }
      return (a: bigint, b: bigint) => fit(a * b, s1 + s2);
    case "%":
      return (a: bigint, b: bigint) => (b === 0n ? null : fit((a * ma) % (b * mb), common));
    case "/": {
      // a/10^s1 ÷ b/10^s2 at scale `scale` is a·10^(scale-s1+s2) ÷ b, rounded once.
      const e = scale - s1 + s2;
      const up = pow10(Math.max(e, 0));
      const down = pow10(Math.max(-e, 0));
      return (a: bigint, b: bigint) => {
        if (b === 0n) return null;
        let num = a * up;
        let den = b * down;
        if (den < 0n) {
          num = -num;
          den = -den;
        }
        const q = divideHalfUp(num, den);
        return decimalFits(q, precision) ? q : null;
      };
    }
  }
}

/** Decimal `a DIV b`: the truncated quotient as a long, NULL when dividing by zero. */
export function decimalIntegralDivide(s1: number, s2: number): Kernel {
  const common = Math.max(s1, s2);
  const ma = pow10(common - s1);
  const mb = pow10(common - s2);
  return (a: bigint, b: bigint) => (b === 0n ? null : BigInt.asIntN(64, (a * ma) / (b * mb)));
}
