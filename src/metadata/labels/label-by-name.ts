import { parseBooleanOption } from "../../model/boolean-option.ts";
import type { DataType } from "../../model/data-type.ts";
import type { Field } from "../../model/field.ts";
import type { FieldOptions } from "../../model/field-options.ts";
import { parseDataType } from "../../model/parse-data-type.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import type { LabelKind, LabelMake } from "./name-label.ts";
import { NAME_LABELS } from "./name-labels.ts";

/** What a field may hold, beyond its type: what a label's values must keep within. */
export interface LabelTarget {
  readonly name: string;
  /** The field's type (Spark DDL). */
  readonly type: string;
  /** The longest text it holds (varchar(n), a document's maxLength): longer values are cut. */
  readonly maxLength?: number;
  /** Its values must be distinct. */
  readonly unique?: boolean;
  /**
   * The table (or record) holding it: a bare `name` takes the label its table's entity gives
   * (`products.name` a product name, `categories.name` a category), else a person's name.
   */
  readonly table?: string;
  /** Numbers: the range its values must keep within (a CHECK constraint's, a document's). */
  readonly min?: number;
  readonly max?: number;
}

/** The label a field takes: its name and the field options it gives. */
export interface LabelChoice {
  readonly label: string;
  readonly options: FieldOptions;
}

/** `customerEmail`, `Customer-Email`, `CUSTOMER_EMAIL` → `customer_email`. */
export function snakeName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

/** The kind of type labels know, with the range the type itself holds (numbers). */
function kindOf(type: DataType): { kind: LabelKind; min?: number; max?: number; scale?: number } | undefined {
  switch (type.kind) {
    case "string":
      return { kind: "text" };
    case "byte":
      return { kind: "integer", min: -128, max: 127 };
    case "short":
      return { kind: "integer", min: -32_768, max: 32_767 };
    case "int":
      return { kind: "integer", min: -(2 ** 31), max: 2 ** 31 - 1 };
    case "long":
      return { kind: "integer" };
    case "float":
    case "double":
      return { kind: "float" };
    case "decimal": {
      const top = 10 ** (type.precision - type.scale) - 10 ** -type.scale;
      return { kind: "decimal", min: -top, max: top, scale: type.scale };
    }
    case "date":
    case "timestamp":
      return { kind: type.kind };
    default:
      return undefined;
  }
}

/**
 * The label of a field that comes without a generator: the first row of NAME_LABELS whose
 * pattern matches the name in snake form and that fits the field (its kind of type, its
 * width, its range, its uniqueness); undefined when none does. Numbers keep within the
 * field's range and the type's; text longer than the field is cut (`maxLen`).
 */
export function labelFor(target: LabelTarget): LabelChoice | undefined {
  const parsed = parseDataType(target.type);
  const kind = parsed.ok ? kindOf(parsed.type) : undefined;
  if (!kind) return undefined;
  const snake = snakeName(target.name);
  if (snake === "name" && target.table !== undefined) {
    const { table, ...rest } = target;
    const entity = labelFor({ ...rest, name: `${singular(snakeName(table).split("_").at(-1)!)}_name` });
    if (entity && entity.label !== "username") return entity;
  }
  return firstFitting(snake, kind, target);
}

/** `categories` → `category`, `addresses` → `address`, `products` → `product`. */
const singular = (word: string): string =>
  word.endsWith("ies")
    ? `${word.slice(0, -3)}y`
    : /(ss|sh|ch|x)es$/.test(word)
      ? word.slice(0, -2)
      : word.replace(/s$/, "");

function firstFitting(
  snake: string,
  kind: { kind: LabelKind; min?: number; max?: number; scale?: number },
  target: LabelTarget,
): LabelChoice | undefined {
  for (const row of NAME_LABELS) {
    if (!row.name.test(snake)) continue;
    const numeric = kind.kind === "integer" || kind.kind === "decimal" || kind.kind === "float";
    const make = row.make[kind.kind] ?? (numeric ? row.make.number : undefined);
    if (!make) continue;
    if (target.unique && !row.unique) continue;
    const options = fit(make, kind, target, row.minWidth);
    if (options) return { label: row.label, options };
  }
  return undefined;
}

/** A row's options for this field, or undefined when the field cannot hold its values. */
function fit(
  make: LabelMake,
  kind: { kind: LabelKind; min?: number; max?: number; scale?: number },
  target: LabelTarget,
  minWidth: number | undefined,
): FieldOptions | undefined {
  if (kind.kind === "text") {
    const width = target.maxLength;
    if (make.oneOf) {
      const values = make.oneOf.filter((v) => width === undefined || [...v].length <= width);
      return values.length === 0 ? undefined : { oneOf: values.map((value) => ({ value })) };
    }
    if (width !== undefined && width < (minWidth ?? 1)) return undefined;
    const cut = width !== undefined ? { maxLen: width } : {};
    if (make.uuid) return { uuid: "" };
    if (make.regex !== undefined) return { regex: make.regex };
    if (make.expression !== undefined) return { expression: make.expression, ...cut };
    return undefined;
  }
  if (typeof make.min === "string" || typeof make.max === "string") {
    // Dates and times: a field with a range of its own keeps it.
    if (target.min !== undefined || target.max !== undefined) return undefined;
    return { min: make.min!, max: make.max! };
  }
  if (typeof make.min !== "number" || typeof make.max !== "number") return undefined;
  let min = Math.max(make.min, target.min ?? -Infinity, kind.min ?? -Infinity);
  let max = Math.min(make.max, target.max ?? Infinity, kind.max ?? Infinity);
  // Values are rounded (integers, a decimal's scale, a float label's places): the bounds too,
  // inwards, so a rounded value never passes an exclusive bound the range was made from.
  const round = kind.kind === "float" ? make.round : undefined;
  const places = kind.kind === "integer" ? 0 : kind.kind === "decimal" ? kind.scale : round;
  if (places !== undefined) {
    const unit = 10 ** places;
    min = Number((Math.ceil(min * unit - 1e-9) / unit).toFixed(places));
    max = Number((Math.floor(max * unit + 1e-9) / unit).toFixed(places));
  }
  if (!(min <= max)) return undefined;
  return { min, max, ...(round !== undefined ? { round } : {}) };
}

/** Options that say nothing of a field's values (or only narrow them in ways a label keeps). */
const NEUTRAL_OPTIONS = new Set([
  "maxLen",
  "minLen",
  "min",
  "max",
  "isUnique",
  "isPrimaryKey",
  "primaryKeyPos",
  "clusteringPos",
  "enableNull",
  "nullProb",
  "avgLen",
  "seed",
  "extra",
]);

/**
 * A document's fields (JSON Schema, OpenAPI, Avro, Protobuf, contracts) with labels given to
 * those that have only a type: no generator option, and nothing a label could break (text at
 * least one character long, numbers within their own min/max, dates without a range).
 * Struct fields are labelled inside.
 */
export function labelFields(fields: readonly Field[]): Field[] {
  return fields.map((f) => {
    if (f.fields.length > 0) return { ...f, fields: labelFields(f.fields) };
    if (f.static !== undefined || Object.keys(f.options).some((k) => !NEUTRAL_OPTIONS.has(k))) return f;
    const o = f.options;
    if ((o.minLen ?? 1) > 1) return f;
    const num = (v: number | string | undefined) => (typeof v === "number" ? v : undefined);
    if (
      (o.min !== undefined && num(o.min) === undefined) ||
      (o.max !== undefined && num(o.max) === undefined)
    )
      return f;
    const chosen = labelFor({
      name: f.name,
      type: f.type,
      ...(o.maxLen !== undefined ? { maxLength: o.maxLen } : {}),
      ...(o.isUnique || o.isPrimaryKey ? { unique: true } : {}),
      ...(num(o.min) !== undefined ? { min: num(o.min)! } : {}),
      ...(num(o.max) !== undefined ? { max: num(o.max)! } : {}),
    });
    return chosen ? { ...f, options: { ...o, ...chosen.options } } : f;
  });
}

/**
 * Whether a step's fields without a generator are labelled by name: yes unless the plan's
 * flag `enableGenerateByName` or the step's (or its connection's) option `generateByName` is false.
 */
export const generatesByName = (plan: ResolvedPlan, r: ResolvedStep): boolean =>
  plan.config.flags.enableGenerateByName !== false &&
  parseBooleanOption(r.step.options.generateByName) !== false;
