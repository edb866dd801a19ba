import type { RawField } from "../../config/index.ts";
import { DEFAULT_TEXT_MAX_LEN } from "../../model/text-length.ts";
import { excludedOf, excludedPatternsOf } from "./apply-not.ts";
import { arrayOfArrays, DEFAULT_MAX_ITEMS, nestedShorter } from "./array-of-arrays.ts";
import { conditionalFields } from "./conditional-fields.ts";
import { extraAt, extraProperties } from "./extra-properties.ts";
import { pointerToken } from "./json-pointer.ts";
import { metOtherwise } from "./met-otherwise.ts";
import { avoid, MAX_LISTED, numberOptions } from "./number-options.ts";
import { OPTIONAL_ABSENT_PROB, optionalCut, thinOptional } from "./optional-properties.ts";
import { mergeSchemas, refsOf, resolveSchema } from "./resolve-schema.ts";
import { TYPED_FORMATS } from "./schema-formats.ts";
import { avoidsPatterns, distinctStrings, jsRegex } from "./schema-patterns.ts";
import { scalarType, typeOf } from "./schema-type.ts";
import {
  alternativesOf,
  invalid,
  noValue,
  noValueHere,
  type SchemaObject,
  type SchemaScope,
} from "./schema-types.ts";
import { stringOptions } from "./string-options.ts";
import { tupleAsList } from "./tuple-as-list.ts";
import { withoutUnmetDependents } from "./without-unmet-dependents.ts";

/** The type of a free-form object (no properties): written as an empty object. */
const FREE_FORM = "map<string,string>";

/**
 * The field a property's schema is generated as (a step's `fields` entry as users write it):
 * its type, nullability and the options that keep every value inside the schema. `required`
 * false makes it nullable (the value is still always given, which any schema allows); a type
 * that admits `null` (`type: [x, "null"]`, OpenAPI `nullable: true`) also gets some nulls.
 */
export function schemaField(
  name: string,
  raw: unknown,
  required: boolean,
  scope: SchemaScope,
  refs: readonly string[],
  at: string,
): RawField | undefined {
  const resolved = resolveSchema(raw, scope, refs, at);
  // An alternative (anyOf, oneOf) that recurses without end gives way to the next one.
  const candidates = [resolved, ...alternativesOf(resolved)];
  for (const [i, s] of candidates.entries()) {
    try {
      return typedField(name, s, required, scope, at);
    } catch (e) {
      if (!noValueHere(e) || i === candidates.length - 1) throw e;
    }
  }
  return undefined;
}

function typedField(
  name: string,
  s: SchemaObject,
  required: boolean,
  scope: SchemaScope,
  at: string,
): RawField | undefined {
  const { type, allowsNull } = typeOf(s);
  const field = valueField(name, s, type, scope, at);
  if (field === undefined) return undefined;
  const options = { ...((field.options as Record<string, unknown> | undefined) ?? {}) };
  if (allowsNull) options.enableNull = true;
  if (scope.optionalAbsent && field.static === undefined && options.nullProb !== 1) {
    // Null fields are left out of the output: an optional property is absent now and then, a
    // required one always there.
    if (required) delete options.enableNull;
    else {
      options.enableNull = true;
      options.nullProb = OPTIONAL_ABSENT_PROB;
    }
  }
  return {
    ...field,
    nullable: !required || allowsNull,
    ...(Object.keys(options).length > 0 ? { options } : {}),
  };
}

/** The fields of an object schema's properties, in their order. */
export function objectFields(given: SchemaObject, scope: SchemaScope, at: string): RawField[] {
  let s = metOtherwise(given, scope, at);
  // if/then/else: per row where the `if` is a test of properties, else the `then` branch always.
  const conditional =
    s.if !== undefined
      ? conditionalFields(s, at, (name, sub, required, pointer) =>
          schemaField(name, sub, required, scope, refsOf(s), pointer),
        )
      : undefined;
  if (s.if !== undefined && !conditional) {
    const { if: cond, then, else: _, ...rest } = s;
    s = mergeSchemas(
      mergeSchemas(rest, resolveSchema(cond, scope, refsOf(s), `${at}/if`)),
      resolveSchema(then, scope, refsOf(s), `${at}/then`),
    );
  }
  const props = withoutUnmetDependents(s);
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  // An object that counts its properties (minProperties) or ties them together
  // (dependentRequired) gets all of them, so leaving one out never breaks it.
  const allPresent =
    scope.optionalAbsent === true &&
    ((typeof s.minProperties === "number" && s.minProperties > required.size) ||
      s.dependentRequired !== undefined ||
      s.dependencies !== undefined);
  const patterns = Object.entries(
    typeof s.patternProperties === "object" && s.patternProperties !== null
      ? (s.patternProperties as Record<string, unknown>)
      : {},
  ).map(([p, sub]) => [new RegExp(p, "u"), sub, p] as const);
  const out: RawField[] = [];
  const optionals: RawField[] = [];
  const placed = new Set<string>();
  const put = (name: string) => {
    placed.add(name);
    out.push(
      ...conditional!.fields.filter(
        (f) => f.name === name || f.name === `${name}__then` || f.name === `${name}__else`,
      ),
    );
  };
  for (const [name, own] of Object.entries((props ?? {}) as Record<string, unknown>)) {
    if (own === false) continue;
    if (conditional?.replaced.has(name)) {
      put(name);
      continue;
    }
    // A property whose name a patternProperties pattern matches meets that schema too.
    const matching = patterns.filter(([re]) => re.test(name)).map(([, sub]) => sub);
    const sub = matching.length > 0 ? { allOf: [own, ...matching] } : own;
    const f = optionalCut(required.has(name), scope, () =>
      schemaField(
        name,
        sub,
        required.has(name) || allPresent,
        scope,
        refsOf(s),
        `${at}/properties/${pointerToken(name)}`,
      ),
    );
    if (f) out.push(f);
    if (f && !required.has(name)) optionals.push(f);
  }
  for (const name of conditional?.replaced ?? []) if (!placed.has(name)) put(name);
  // maxProperties: the required properties and the first optional ones up to it.
  if (typeof s.maxProperties === "number" && !conditional && out.length > s.maxProperties) {
    let optional = s.maxProperties - out.filter((f) => required.has(String(f.name))).length;
    const kept = out.filter((f) => required.has(String(f.name)) || optional-- > 0);
    out.splice(0, out.length, ...kept);
  }
  // Properties it requires but does not declare: of the schema of the patterns they match, else additionalProperties.
  const declared = new Set(Object.keys(props ?? {}));
  const undeclared = [...required].filter((n) => !declared.has(n) && !conditional?.replaced.has(n));
  for (const name of undeclared) {
    const matching = patterns.filter(([re]) => re.test(name));
    const other = s.additionalProperties === undefined ? true : s.additionalProperties;
    const sub = matching.length > 0 ? { allOf: matching.map(([, sub]) => sub) } : other;
    if (sub === false)
      throw noValue(
        scope,
        at,
        `requires ${name}, which it does not declare and its additionalProperties: false forbids, so no object is valid`,
      );
    declared.add(name);
    const f = schemaField(name, sub, true, scope, refsOf(s), extraAt(at, matching[0]?.[2]));
    if (f) out.push(f);
  }
  // Properties it does not declare: the entries of a map-like object, those minProperties asks for.
  for (const extra of extraProperties(s, [...declared], scope, at)) {
    const f = optionalCut(extra.required, scope, () =>
      schemaField(extra.name, extra.schema, extra.required, scope, refsOf(s), extra.at),
    );
    if (f) out.push(f);
    if (f && !extra.required) optionals.push(f);
  }
  thinOptional(optionals.filter((f) => out.includes(f)));
  return out;
}

function valueField(
  name: string,
  s: SchemaObject,
  type: string,
  scope: SchemaScope,
  at: string,
): RawField | undefined {
  const values = Array.isArray(s.enum) ? (s.enum as unknown[]).filter((v) => v !== null) : undefined;
  const excluded = excludedOf(s);
  if (s.const !== undefined && s.const !== null && typeof s.const !== "object")
    return { name, type: scalarType(type, s), static: s.const } as RawField;
  if (values !== undefined && type !== "object" && type !== "array") {
    if (values.length === 0) throw invalid(scope, at, "allows no value (an empty enum)");
    // A column has one type: of values of several (true, false, ""), those of the field's type.
    const own = values.filter((v) =>
      typeof v === "number" ? type === "integer" || type === "number" : typeof v === type,
    );
    return { name, type: scalarType(type, s), options: { oneOf: own.length > 0 ? own : values } };
  }
  switch (type) {
    case "string": {
      const options = stringOptions(s, scope, at);
      const drawn =
        typeof options.regex === "string"
          ? options.regex
          : `[A-Za-z0-9]{${options.minLen ?? 1},${options.maxLen ?? DEFAULT_TEXT_MAX_LEN}}`;
      const kept = Array.isArray(options.oneOf)
        ? (options.oneOf as string[]).every((v) => !excludedPatternsOf(s).some((p) => jsRegex(p).test(v)))
        : options.static !== undefined ||
          options.uuid !== undefined ||
          avoidsPatterns(drawn, excludedPatternsOf(s));
      if (!kept)
        throw invalid(
          scope,
          at,
          `has not: {pattern: ${excludedPatternsOf(s).join(" | ")}} that the strings it generates may match`,
          "narrow the string with a pattern of its own that keeps clear of it, or list the field with an sql option",
        );
      // A typed format (date, date-time) keeps its type unless a pattern gave the values.
      const patterned = options.regex !== undefined || options.oneOf !== undefined;
      return { name, type: (!patterned && TYPED_FORMATS[String(s.format)]) || "string", options };
    }
    case "integer":
    case "number":
      return {
        name,
        type: scalarType(type, s),
        options: avoid(
          numberOptions(s, type === "integer", scope, at),
          excluded,
          type === "integer",
          scope,
          at,
        ),
      };
    case "boolean":
      return { name, type: "boolean" };
    case "null":
      return { name, type: "string", options: { enableNull: true, nullProb: 1 } };
    case "array":
      return arrayField(name, s, scope, at);
    case "object": {
      const fields = objectFields(s, scope, at);
      // A free-form object (no properties) is written as an empty object.
      if (fields.length === 0) return { name, type: FREE_FORM, options: { mapMinSize: 0, mapMaxSize: 0 } };
      return { name, type: "struct", fields };
    }
    default:
      throw invalid(scope, at, `has type "${type}", which JSON Schema does not define`);
  }
}

function arrayField(name: string, given: SchemaObject, scope: SchemaScope, at: string): RawField {
  const { s, itemsRaw } = tupleAsList(given);
  const itemAt = `${at}/items`;
  try {
    return arrayOf(name, s, resolveSchema(itemsRaw, scope, refsOf(s), itemAt), scope, at);
  } catch (e) {
    // An array whose items recurse without end is empty where it may be (its recursion cut there).
    if (!noValueHere(e) || (typeof s.minItems === "number" && s.minItems > 0)) throw e;
    return { name, type: "array<string>", options: { arrayMinLen: 0, arrayMaxLen: 0 } };
  }
}

function arrayOf(
  name: string,
  s: SchemaObject,
  given: SchemaObject,
  scope: SchemaScope,
  at: string,
): RawField {
  const itemAt = `${at}/items`;
  let items = given;
  let minItems = typeof s.minItems === "number" ? s.minItems : 0;
  let maxItems = Math.min(
    typeof s.maxItems === "number" ? s.maxItems : Number.POSITIVE_INFINITY,
    Math.max(minItems, DEFAULT_MAX_ITEMS),
  );
  if (s.contains !== undefined) {
    // Every element meets `contains`: at least minContains of them (and at most maxContains) do.
    items = mergeSchemas(items, resolveSchema(s.contains, scope, refsOf(s), `${at}/contains`));
    const least = typeof s.minContains === "number" ? s.minContains : 1;
    minItems = Math.max(minItems, least);
    if (typeof s.maxContains === "number") maxItems = Math.min(maxItems, s.maxContains);
    if (typeof s.maxItems !== "number") maxItems = Math.max(maxItems, minItems);
    if (minItems > maxItems)
      throw invalid(scope, at, `needs between ${minItems} and ${maxItems} items, which is none`);
  }
  const options: Record<string, unknown> = { arrayMinLen: minItems, arrayMaxLen: maxItems };
  const element = schemaField("element", items, true, scope, refsOf(items), itemAt);
  if (element === undefined) throw invalid(scope, itemAt, "allows no array element");
  if (element.type === "struct") {
    // Objects with few fields repeat: distinct items are kept by writing at most one (or minItems).
    if (s.uniqueItems === true) options.arrayMaxLen = Math.max(minItems, Math.min(maxItems, 1));
    return {
      name,
      type: "array",
      options,
      fields: (element.fields as RawField[]).map((f) => nestedShorter(f, 1)),
    };
  }
  if (String(element.type).startsWith("array")) return arrayOfArrays(name, element, options);
  // Free-form objects are written empty: distinct items are kept by writing at most one.
  if (element.type === FREE_FORM && s.uniqueItems === true)
    options.arrayMaxLen = Math.max(minItems, Math.min(maxItems, 1));
  const elementOptions = { ...((element.options as Record<string, unknown> | undefined) ?? {}) };
  delete elementOptions.enableNull;
  const listed =
    element.static !== undefined
      ? [element.static]
      : Array.isArray(elementOptions.oneOf)
        ? (elementOptions.oneOf as unknown[])
        : undefined;
  const unique = s.uniqueItems === true;
  if (listed) {
    delete elementOptions.oneOf;
    if (unique) {
      if (listed.length < minItems)
        throw invalid(
          scope,
          at,
          `needs ${minItems} distinct items but its items allow ${listed.length} values`,
        );
      options.arrayUniqueFrom = listed;
    } else options.arrayOneOf = listed;
  } else if (unique && element.type === "string" && element.static === undefined && !elementOptions.uuid) {
    // Strings of a pattern (or short text) repeat: distinct ones are drawn from a pool of them.
    const drawn =
      typeof elementOptions.regex === "string"
        ? elementOptions.regex
        : `[A-Za-z0-9]{${elementOptions.minLen ?? 1},${elementOptions.maxLen ?? DEFAULT_TEXT_MAX_LEN}}`;
    const pool = distinctStrings(drawn, Math.min(MAX_LISTED, Math.max(64, 8 * maxItems)));
    if (pool.length < minItems)
      throw invalid(scope, at, `needs ${minItems} distinct items but its items allow ${pool.length} values`);
    options.arrayUniqueFrom = pool;
    delete elementOptions.regex;
    delete elementOptions.minLen;
    delete elementOptions.maxLen;
  } else if (unique && element.type !== "string" && element.type !== "double") {
    // Integers in a small range repeat: draw distinct ones from the whole range.
    const { min, max } = { min: Number(elementOptions.min ?? 0), max: Number(elementOptions.max ?? 100_000) };
    if (max - min + 1 <= MAX_LISTED) {
      if (max - min + 1 < minItems)
        throw invalid(
          scope,
          at,
          `needs ${minItems} distinct items but its items allow ${max - min + 1} values`,
        );
      options.arrayUniqueFrom = Array.from({ length: max - min + 1 }, (_, i) => min + i);
      delete elementOptions.min;
      delete elementOptions.max;
    }
  }
  return { name, type: `array<${element.type}>`, options: { ...elementOptions, ...options } };
}
