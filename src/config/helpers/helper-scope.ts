import { didYouMean, formatPath, type PathSegment } from "../../errors/index.ts";
import { parseBooleanOption } from "../../model/boolean-option.ts";
import type { HelperReport, HelperScope, RawOptions } from "./helper-types.ts";
import { hasOwn, show } from "./raw-value.ts";

/** A scope that reports at `["options", option, ...sub]` with the helper's accepted forms as the hint. */
export function helperScope(
  fieldName: string,
  option: string,
  hint: string,
  report: HelperReport,
): HelperScope {
  const where = (sub: readonly PathSegment[]) =>
    `field "${fieldName}", option ${formatPath([option, ...sub])}`;
  return {
    fieldName,
    option,
    invalid(message, sub = []) {
      report("RF_HELPER_INVALID", `${where(sub)}: ${message}`, ["options", option, ...sub], hint);
    },
    checkKeys(map, known, sub = []) {
      for (const key of Object.keys(map)) {
        if (known.includes(key)) continue;
        const near = didYouMean(key, known);
        report(
          "RF_KEY_UNKNOWN",
          `${where(sub)}: unknown key "${key}"${near ? ` (${near})` : ""}; it is ignored`,
          ["options", option, ...sub, key],
          `the keys of ${option} are ${known.join(", ")}`,
        );
      }
    },
  };
}

/** Reads map[key] when the key is present (and not null), otherwise gives `undefined`. */
export const entry = (map: RawOptions, key: string): unknown =>
  hasOwn(map, key) && map[key] !== null ? map[key] : undefined;

const WHOLE = /^[+-]?\d+$/;

/** A whole number (a YAML integer or its text) within [min, max]; reports and gives undefined otherwise. */
export function readWholeNumber(
  scope: HelperScope,
  v: unknown,
  sub: readonly PathSegment[],
  range: { readonly min?: number; readonly max?: number; readonly what: string },
): number | undefined {
  let n: number | undefined;
  if (typeof v === "number" && Number.isSafeInteger(v)) n = v;
  else if (typeof v === "string" && WHOLE.test(v.trim())) n = Number(v.trim());
  const inRange =
    n !== undefined &&
    Number.isSafeInteger(n) &&
    (range.min === undefined || n >= range.min) &&
    (range.max === undefined || n <= range.max);
  if (inRange) return n;
  scope.invalid(`${range.what} must be a whole number${rangeText(range)}, got ${show(v)}`, sub);
  return undefined;
}

function rangeText(range: { readonly min?: number; readonly max?: number }): string {
  if (range.min !== undefined && range.max !== undefined) return ` from ${range.min} to ${range.max}`;
  if (range.min !== undefined) return ` of ${range.min} or more`;
  return "";
}

/** A whole number of any size (sequence starts and steps are 64-bit), as its decimal text. */
export function readLongText(
  scope: HelperScope,
  v: unknown,
  sub: readonly PathSegment[],
  what: string,
): string | undefined {
  if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
  if (typeof v === "bigint") return String(v);
  if (typeof v === "string" && WHOLE.test(v.trim())) {
    const b = BigInt(v.trim());
    if (b >= -(2n ** 63n) && b < 2n ** 63n) return String(b);
  }
  scope.invalid(`${what} must be a whole number, got ${show(v)}`, sub);
  return undefined;
}

/** Text: a string, or a number written as text (`prefix: 2024`). */
export function readText(
  scope: HelperScope,
  v: unknown,
  sub: readonly PathSegment[],
  what: string,
): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  scope.invalid(`${what} must be text, got ${show(v)}`, sub);
  return undefined;
}

/** true/false, their text in any case, or a number (non-zero is true). */
export function readBoolean(
  scope: HelperScope,
  v: unknown,
  sub: readonly PathSegment[],
  what: string,
): boolean | undefined {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") {
    const b = parseBooleanOption(v);
    if (b !== undefined) return b;
  }
  scope.invalid(`${what} must be true or false, got ${show(v)}`, sub);
  return undefined;
}

/** A report that prefixes every path, for problems found inside nested fields. */
export const prefixReport =
  (report: HelperReport, prefix: readonly PathSegment[]): HelperReport =>
  (code, message, path, hint) =>
    report(code, message, [...prefix, ...path], hint);
