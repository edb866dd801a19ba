import type { ColumnDescription } from "../../../connectors/table-description.ts";
import { regexMaxLength } from "../../../engine/index.ts";
import { isRowforgeError } from "../../../errors/index.ts";
import type { DataType } from "../../../model/data-type.ts";
import { parseDataType } from "../../../model/parse-data-type.ts";
import { DEFAULT_TEXT_MAX_LEN, textMaxLen } from "../../../model/text-length.ts";
import type { ColumnRules, RuleBound } from "./check-rules.ts";

/** The generators' default range of numbers of each type (what a one-sided CHECK widens from). */
const DEFAULT_RANGE: Readonly<Record<string, readonly [number, number]>> = {
  byte: [0, 127],
  short: [0, 1000],
};
const DEFAULT_SPAN: readonly [number, number] = [0, 100_000];
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

/** The field options a column's CHECK rules give it, and what a label may still add. */
export interface CheckOptions {
  readonly options: Record<string, unknown>;
  /** Whether a label by name may still give the values (the rules only bound them). */
  readonly labelAllowed: boolean;
  /** Numbers: the range a label must keep within; text: the width it must fit. */
  readonly range?: { readonly min?: number; readonly max?: number };
  readonly maxLength?: number;
  /** What was made of the rules, for `validate` (`min 0.01`, `one of a, b`). */
  readonly note: string;
}

const numericKinds = new Set(["byte", "short", "int", "long", "float", "double", "decimal"]);

/**
 * Turns what CHECK constraints ask of a column into field options, within its type, width and
 * precision: allowed values become `oneOf` (keeping the column's own enum values and dropping
 * refused ones), ranges `min`/`max` (exclusive ends moved by the type's step, the other end
 * widened from the generators' default when only one is given), lengths `minLen`/`maxLen`,
 * patterns `regex`. A string result says why the rules cannot be honoured.
 */
export function checkOptions(c: ColumnDescription, rules: ColumnRules): CheckOptions | string {
  const parsed = c.type === undefined ? undefined : parseDataType(c.type);
  if (!parsed?.ok) return `column ${c.name} is not generated`;
  const type = parsed.type;
  // An enum column's labels are its values: a CHECK narrows them.
  if (rules.values !== undefined || (c.values !== undefined && c.values.length > 0))
    return valueOptions(c, type, rules);
  if (type.kind === "string") return textOptions(c, rules);
  if (numericKinds.has(type.kind)) return numberOptions(type, rules);
  if (type.kind === "date" || type.kind === "timestamp") return timeOptions(type.kind, rules);
  return `rowforge does not bound ${type.kind} columns`;
}

function valueOptions(c: ColumnDescription, type: DataType, rules: ColumnRules): CheckOptions | string {
  const cast = (v: string | number | boolean): string | number | boolean | undefined => {
    if (type.kind === "boolean") return typeof v === "boolean" ? v : undefined;
    if (numericKinds.has(type.kind)) {
      const n = typeof v === "number" ? v : Number(v);
      return Number.isFinite(n) ? n : undefined;
    }
    if (type.kind === "date" || type.kind === "timestamp")
      return typeof v === "string" ? timeText(type.kind, v) : undefined;
    return typeof v === "string" ? v : String(v);
  };
  const values = (rules.values ?? c.values!).map(cast);
  if (values.some((v) => v === undefined)) return `its values are not ${type.kind} values`;
  const inRange = (v: string | number | boolean) =>
    typeof v !== "number" ||
    ((rules.min === undefined || above(v, rules.min)) && (rules.max === undefined || below(v, rules.max)));
  const pattern = rules.regex !== undefined ? safeRegExp(rules.regex) : undefined;
  const kept = (values as (string | number | boolean)[]).filter(
    (v, i, all) =>
      all.indexOf(v) === i &&
      !(rules.notValues ?? []).some((n) => cast(n) === v) &&
      (c.values === undefined || c.values.includes(String(v))) &&
      inRange(v) &&
      (typeof v !== "string" ||
        ((rules.minLen === undefined || [...v].length >= rules.minLen) &&
          [...v].length <= Math.min(rules.maxLen ?? Infinity, c.maxLength ?? Infinity) &&
          (pattern === undefined || pattern.test(v)))),
  );
  if (kept.length === 0) return "no value satisfies it together with the column's other constraints";
  return {
    options: { oneOf: kept.map((value) => ({ value })) },
    labelAllowed: false,
    note: `one of ${kept.join(", ")}`,
  };
}

function textOptions(c: ColumnDescription, rules: ColumnRules): CheckOptions | string {
  if (rules.min !== undefined || rules.max !== undefined) return "it orders text values";
  const width = Math.min(rules.maxLen ?? Infinity, c.maxLength ?? Infinity);
  const minLen = Math.max(rules.minLen ?? 1, (rules.notValues ?? []).includes("") ? 1 : 0, 1);
  if (minLen > width) return `it asks for at least ${minLen} characters in a column of ${width}`;
  if (rules.regex !== undefined) {
    let longest: number;
    try {
      longest = regexMaxLength(rules.regex);
    } catch (e) {
      if (!isRowforgeError(e)) throw e;
      return `its pattern ${rules.regex} is not one rowforge generates (${e.message})`;
    }
    if (longest > width)
      return `its pattern ${rules.regex} makes values up to ${longest} characters, wider than ${width}`;
    return { options: { regex: rules.regex }, labelAllowed: false, note: `regex ${rules.regex}` };
  }
  const maxLen =
    textMaxLen(minLen, width === Infinity ? undefined : width) ?? Math.max(minLen, DEFAULT_TEXT_MAX_LEN);
  const note = [
    minLen > 1 ? `minLen ${minLen}` : "",
    rules.maxLen !== undefined ? `maxLen ${maxLen}` : "",
    (rules.notValues ?? []).length > 0 ? `not ${rules.notValues!.map((v) => `'${v}'`).join(", ")}` : "",
  ].filter((x) => x !== "");
  return {
    options: { ...(minLen > 1 ? { minLen } : {}), maxLen },
    // A label could give a refused value (a status the CHECK excludes): only '' is safe to refuse.
    labelAllowed: minLen <= 1 && (rules.notValues ?? []).every((v) => v === ""),
    ...(width < Infinity ? { maxLength: width } : {}),
    note: note.join(", ") || "text",
  };
}

function numberOptions(type: DataType, rules: ColumnRules): CheckOptions | string {
  if (rules.minLen !== undefined || rules.maxLen !== undefined || rules.regex !== undefined)
    return "it treats a number as text";
  if ([rules.min, rules.max].some((b) => b !== undefined && typeof b.value !== "number"))
    return "it compares a number with text";
  const scale = type.kind === "decimal" ? type.scale : undefined;
  const integer = type.kind !== "decimal" && type.kind !== "float" && type.kind !== "double";
  const step = (v: number) =>
    integer ? 1 : scale !== undefined ? 10 ** -scale : Math.max(Math.abs(v) * 1e-9, 1e-9);
  const typeTop =
    type.kind === "decimal"
      ? 10 ** (type.precision - type.scale) - 10 ** -type.scale
      : type.kind === "byte"
        ? 127
        : type.kind === "short"
          ? 32_767
          : type.kind === "int"
            ? 2 ** 31 - 1
            : Number.MAX_SAFE_INTEGER;
  const inward = (b: RuleBound | undefined, up: boolean): number | undefined => {
    if (b === undefined) return undefined;
    const v = b.value as number;
    const moved = b.exclusive ? (up ? v + step(v) : v - step(v)) : v;
    if (integer) return up ? Math.ceil(moved) : Math.floor(moved);
    if (scale !== undefined) {
      const unit = 10 ** scale;
      return Number(
        ((up ? Math.ceil(moved * unit - 1e-9) : Math.floor(moved * unit + 1e-9)) / unit).toFixed(scale),
      );
    }
    return moved;
  };
  let min = inward(rules.min, true);
  let max = inward(rules.max, false);
  for (const n of rules.notValues ?? []) {
    if (typeof n !== "number") return "it refuses a value that is not a number";
    if (n === min) min = inward({ value: n, exclusive: true }, true);
    else if (n === max) max = inward({ value: n, exclusive: true }, false);
    else if ((min === undefined || n > min) && (max === undefined || n < max))
      return `it refuses ${n}, inside the range rowforge generates`;
  }
  const [lo, hi] = DEFAULT_RANGE[type.kind] ?? DEFAULT_SPAN;
  const span = Math.min(hi - lo, typeTop);
  if (min === undefined) min = max !== undefined && max < lo ? max - span : lo;
  if (max === undefined)
    max = min > Math.min(hi, typeTop) ? Math.min(min + span, typeTop) : Math.min(hi, typeTop);
  min = Math.max(min, -typeTop);
  max = Math.min(max, typeTop);
  if (min > max) return `no ${type.kind} value lies between ${min} and ${max}`;
  return {
    options: { min, max },
    labelAllowed: true,
    range: { min, max },
    note: `min ${min}, max ${max}`,
  };
}

function timeOptions(kind: "date" | "timestamp", rules: ColumnRules): CheckOptions | string {
  if (
    rules.minLen !== undefined ||
    rules.maxLen !== undefined ||
    rules.regex !== undefined ||
    rules.notValues
  )
    return `it asks of a ${kind} what rowforge does not bound`;
  const bound = (b: RuleBound | undefined, up: boolean): string | undefined => {
    if (b === undefined) return undefined;
    if (typeof b.value !== "string") return undefined;
    const unit = kind === "date" ? "d" : "s";
    if (b.value === "now" || b.value === "today") {
      const base = kind === "date" ? "today" : b.value;
      return b.exclusive ? `${base}${up ? "+" : "-"}1${unit}` : base;
    }
    const ms = Date.parse(timeText(kind, b.value) ?? "");
    if (!Number.isFinite(ms)) return undefined;
    const moved = b.exclusive ? ms + (up ? 1 : -1) * (kind === "date" ? DAY_MS : 1000) : ms;
    return formatTime(kind, moved);
  };
  let min = bound(rules.min, true);
  let max = bound(rules.max, false);
  if ((rules.min && !min) || (rules.max && !max))
    return `it compares a ${kind} with something that is not a ${kind}`;
  // One absolute end: a year from it (a relative one leaves the default year before now).
  if (min && !max)
    max = /^(now|today)/.test(min)
      ? `${kind === "date" ? "today" : "now"}+52w`
      : formatTime(kind, Date.parse(min) + YEAR_MS);
  if (max && !min && !/^(now|today)/.test(max)) min = formatTime(kind, Date.parse(max) - YEAR_MS);
  return {
    options: { ...(min ? { min } : {}), ...(max ? { max } : {}) },
    labelAllowed: false,
    note: [min ? `min ${min}` : "", max ? `max ${max}` : ""].filter((x) => x).join(", "),
  };
}

const above = (v: number, b: RuleBound) => (b.exclusive ? v > (b.value as number) : v >= (b.value as number));
const below = (v: number, b: RuleBound) => (b.exclusive ? v < (b.value as number) : v <= (b.value as number));

/** A date or timestamp literal as the field options write it (UTC), or undefined. */
function timeText(kind: "date" | "timestamp", text: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([+-]\d{2}(?::?\d{2})?|Z)?)?$/.exec(
    text.trim(),
  );
  if (!m) return undefined;
  if (kind === "date") return m[1];
  const zone = m[3] === undefined ? "Z" : m[3] === "Z" ? "Z" : m[3].length === 3 ? `${m[3]}:00` : m[3];
  const ms = Date.parse(`${m[1]}T${m[2] ?? "00:00:00"}${zone}`);
  return Number.isFinite(ms) ? formatTime(kind, ms) : undefined;
}

function formatTime(kind: "date" | "timestamp", ms: number): string {
  const iso = new Date(ms).toISOString();
  return kind === "date" ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** A JavaScript RegExp of a database pattern, to test values against; undefined when JavaScript reads it otherwise. */
function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return undefined;
  }
}
