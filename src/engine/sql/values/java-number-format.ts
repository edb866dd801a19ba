/**
 * Doubles and floats written as Spark writes them when casting to string: plain notation with
 * at least one fraction digit between 10^-3 and 10^7 (`1.0`, `0.001`, `1234567.5`), computerised
 * scientific notation outside (`1.0E7`, `1.5E-4`), and `NaN`, `Infinity`, `-Infinity`.
 */

/** Shortest round-trip digits and decimal exponent of a finite, non-zero number. */
function shortestDigits(exponential: string): { digits: string; exponent: number } {
  const e = exponential.indexOf("e");
  const mantissa = exponential.slice(0, e).replace("-", "");
  return { digits: mantissa.replace(".", ""), exponent: Number(exponential.slice(e + 1)) };
}

function javaStyle(value: number, exponential: string): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "Infinity";
  if (value === Number.NEGATIVE_INFINITY) return "-Infinity";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  const { digits, exponent } = shortestDigits(exponential);
  if (abs >= 1e-3 && abs < 1e7) {
    if (exponent >= 0) {
      const intPart = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
      const frac = digits.slice(exponent + 1);
      return `${sign}${intPart}.${frac.length > 0 ? frac : "0"}`;
    }
    return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  }
  const frac = digits.slice(1);
  return `${sign}${digits[0]}.${frac.length > 0 ? frac : "0"}E${exponent}`;
}

/** Java's Double.toString. */
export function javaDoubleToString(value: number): string {
  return javaStyle(value, Number.isFinite(value) ? value.toExponential() : "");
}

/** Java's Float.toString for a value that is exactly a float32. */
export function javaFloatToString(value: number): string {
  if (!Number.isFinite(value) || value === 0) return javaStyle(value, "");
  for (let p = 1; p <= 9; p++) {
    const text = value.toExponential(p - 1);
    if (Math.fround(Number(text)) === value) return javaStyle(value, text);
  }
  return javaStyle(value, value.toExponential());
}
