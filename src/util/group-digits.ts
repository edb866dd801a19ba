/**
 * A whole number with commas between thousands, as `toLocaleString("en-US")` writes it, without
 * the first call's cost of loading the locale data (about 15 ms of every CLI run). Other
 * numbers are left to toLocaleString.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let out = "";
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    out = out === "" ? part : `${part},${out}`;
  }
  return n < 0 ? `-${out}` : out;
}
