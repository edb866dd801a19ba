import { didYouMean, type PathSegment } from "../../errors/index.ts";
import {
  type DataType,
  DataTypes,
  type Field,
  formatDataType,
  hasElementField,
  parseDataType,
  SUPPORTED_TYPE_NAMES,
  TYPE_NAME_ALIASES,
} from "../../model/index.ts";
import { expandFieldHelpers, type RawField } from "../helpers/index.ts";
import { isObject, type LoadContext } from "./load-context.ts";
import { readFieldOptions } from "./read-field-options.ts";

export const FIELD_KEYS = ["name", "type", "options", "nullable", "static", "fields"];

type MutableField = { -readonly [K in keyof Field]: Field[K] };

/**
 * Reads the `fields` list of a step (or of a struct field). Helper options (email, sequence,
 * httpUrl, ...) are expanded first, so one written field may become several.
 */
export function readFields(
  ctx: LoadContext,
  raw: unknown,
  path: readonly PathSegment[],
  stepType: string | undefined,
): Field[] {
  const list = ctx.list(raw, path, "fields");
  if (!list) return [];
  const out: Field[] = [];
  const seen = new Map<string, number>();
  list.forEach((item, i) => {
    const p = [...path, i];
    if (!isObject(item)) {
      ctx.error("RF_STRUCTURE", "a field must be a mapping with at least a name", p);
      return;
    }
    const expanded = expandFieldHelpers(
      item as RawField,
      (code, message, rel, hint) => ctx.error(code, message, [...p, ...rel], hint),
      stepType === undefined ? {} : { stepType },
    );
    for (const f of expanded) {
      const field = readExpandedField(ctx, f, p);
      if (!field) continue;
      const before = seen.get(field.name);
      if (before !== undefined) {
        ctx.error("RF_NAME_DUPLICATE", `field "${field.name}" is defined twice (also at index ${before})`, [
          ...p,
          "name",
        ]);
        continue;
      }
      seen.set(field.name, i);
      out.push(field);
    }
  });
  return out;
}

function readExpandedField(ctx: LoadContext, raw: RawField, p: readonly PathSegment[]): Field | undefined {
  ctx.checkKeys(raw, FIELD_KEYS, p, "field");
  const name = ctx.requireString(raw, "name", p, "a field");
  if (name === undefined) return undefined;

  const nested = raw.fields === undefined ? [] : readNestedFields(ctx, raw.fields, [...p, "fields"]);
  const type = readFieldType(ctx, raw, p, nested);
  if (type?.kind === "struct" && type.fields.length === 0) return undefined;
  const nullable =
    raw.nullable === undefined ? true : (ctx.boolean(raw.nullable, [...p, "nullable"]) ?? true);
  const options = readFieldOptions(ctx, raw.options ?? {}, [...p, "options"], type);
  // precision/scale options override the declared decimal type (`decimal` with precision 10, scale 2).
  const finalType =
    type?.kind === "decimal" && (options.precision !== undefined || options.scale !== undefined)
      ? decimalWith(ctx, type, options.precision as number | undefined, options.scale as number | undefined, [
          ...p,
          "options",
        ])
      : type;
  const field: MutableField = {
    name,
    type: finalType ? formatDataType(finalType) : "string",
    nullable,
    options,
    fields: nested,
  };
  if (raw.static !== undefined && raw.static !== null) {
    if (isObject(raw.static) || Array.isArray(raw.static)) {
      ctx.error("RF_OPTION_INVALID", "static expects a single value", [...p, "static"]);
    } else field.static = raw.static as string | number | boolean;
  }
  return field as Field;
}

/** Nested fields are already expanded by the top-level expansion; read them as written. */
function readNestedFields(ctx: LoadContext, raw: unknown, path: readonly PathSegment[]): Field[] {
  return ctx.listOf(raw, path, "fields", (item, at) => {
    if (isObject(item)) return readExpandedField(ctx, item as RawField, at);
    ctx.error("RF_STRUCTURE", "a field must be a mapping with at least a name", at);
    return undefined;
  });
}

function readFieldType(
  ctx: LoadContext,
  raw: RawField,
  p: readonly PathSegment[],
  nested: readonly Field[],
): DataType | undefined {
  const text = raw.type === undefined || raw.type === null ? undefined : ctx.string(raw.type, [...p, "type"]);
  if (nested.length > 0) {
    // An array of arrays (or maps) with its element's own options: its one nested field `element`.
    if (hasElementField({ type: text, fields: nested })) return DataTypes.array(fieldTypeOf(nested[0]!));
    const struct = DataTypes.struct(
      nested.map((f) => ({ name: f.name, type: fieldTypeOf(f), nullable: f.nullable })),
    );
    if (text === undefined || /^\s*struct\b/i.test(text)) return struct;
    if (/^\s*array\b/i.test(text)) return DataTypes.array(struct);
    if (/^\s*map\b/i.test(text) && isMapEntries(nested)) return mapOfEntries(nested);
    ctx.warn(
      "RF_TYPE_INVALID",
      `a field with nested fields is a struct (or an array of structs); type "${text}" is read as a struct of the nested fields`,
      [...p, "type"],
      "write type: struct, or remove the nested fields",
    );
    return struct;
  }
  if (text === undefined) return DataTypes.string;
  const parsed = parseDataType(text);
  if (parsed.ok) {
    if (parsed.type.kind === "struct" && parsed.type.fields.length === 0) {
      ctx.warn("RF_TYPE_INVALID", "a struct field without nested fields produces nothing and is left out", [
        ...p,
        "type",
      ]);
    }
    return parsed.type;
  }
  const suggestion = parsed.name ? didYouMean(parsed.name, Object.keys(TYPE_NAME_ALIASES)) : "";
  ctx.error(
    "RF_TYPE_INVALID",
    `type "${text}" is not supported: ${parsed.message}${suggestion ? `; ${suggestion}` : ""}`,
    [...p, "type"],
    `supported types: ${SUPPORTED_TYPE_NAMES.join(", ")}`,
  );
  return undefined;
}

/** A map field's nested fields when they are its entries: exactly a `key` and a `value` field. */
const isMapEntries = (nested: readonly Field[]): boolean =>
  nested.length === 2 && nested.some((f) => f.name === "key") && nested.some((f) => f.name === "value");

/**
 * A map field whose nested fields are its `key` and its `value` (each with its own type and
 * options: a struct value with fields, an enum key...): `map<K,V>` of their types. Other nested
 * fields under a map type are a struct, as Data Caterer reads them (Kafka `headers`).
 */
function mapOfEntries(nested: readonly Field[]): DataType {
  const entry = (name: string) => fieldTypeOf(nested.find((f) => f.name === name)!);
  return DataTypes.map(entry("key"), entry("value"));
}

function decimalWith(
  ctx: LoadContext,
  type: DataType & { kind: "decimal" },
  precision: number | undefined,
  scale: number | undefined,
  p: readonly PathSegment[],
): DataType {
  const pr = precision ?? type.precision;
  const sc = scale ?? type.scale;
  if (pr < 1 || pr > 38 || sc > pr) {
    ctx.error(
      "RF_TYPE_INVALID",
      `decimal precision ${pr} and scale ${sc} are not valid (precision 1..38, scale at most the precision)`,
      p,
    );
    return type;
  }
  return DataTypes.decimal(pr, sc);
}

function fieldTypeOf(f: Field): DataType {
  const parsed = parseDataType(f.type);
  return parsed.ok ? parsed.type : DataTypes.string;
}
