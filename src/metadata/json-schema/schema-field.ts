import type { RawField } from "../../config/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { DEFAULT_TEXT_MAX_LEN, textAvgLen, textMaxLen } from "../../model/text-length.ts";
import { applyNot, excludedOf, excludedPatternsOf } from "./apply-not.ts";
import { conditionalFields } from "./conditional-fields.ts";
import { extraProperties } from "./extra-properties.ts";
import { conditionsOf, mergeSchemas, refsOf, resolveSchema } from "./resolve-schema.ts";
import {
  alwaysMatches,
  avoidsPatterns,
  distinctStrings,
  jsRegex,
  patternStrings,
  patternsOf,
  withoutLookarounds,
} from "./schema-patterns.ts";
import {
  alternativesOf,
  invalid,
  noValue,
  noValueHere,
  type SchemaObject,
  type SchemaScope,
} from "./schema-types.ts";

/** Arrays are at most this long unless minItems asks for more: maxItems is a limit, not a length. */
const DEFAULT_MAX_ITEMS = 5;
/**
 * The most items of an array of objects or arrays `depth` arrays deep inside another's items (1
 * for a property of the items' objects), unless its minItems asks for more: nested arrays
 * multiply (a pipeline's stages of jobs of steps were up to 5 x 5 x 5 steps, 16 on average),
 * so each level deeper holds half as many (5, then 2, then 1). Arrays of scalars end a nesting
 * and keep their lengths.
 */
const nestedMaxItems = (depth: number): number => Math.max(1, DEFAULT_MAX_ITEMS >> depth);
/** How often an optional property is left out when the output leaves null fields out. */
const OPTIONAL_ABSENT_PROB = 0.2;
/**
 * About how many optional properties an object with many of them is written with: each is left
 * out more often (a configuration schema declares hundreds, a real document sets a few).
 */
const OPTIONAL_PRESENT = 8;
/** The type of a free-form object (no properties): written as an empty object. */
const FREE_FORM = "map<string,string>";
/** Integer ranges up to this many values are listed when multipleOf or uniqueItems needs them. */
const MAX_LISTED = 1000;

/**
 * Generators for the string formats JSON Schema names. Each gives values the format's
 * validators accept; emails and UUIDs use rowforge's helpers, the others a regex.
 */
const FORMATS: Readonly<Record<string, Record<string, unknown>>> = {
  email: { regex: "[a-z]{2,10}(\\.[a-z]{2,10})?@(example|mail|test)\\.(com|org|net)" },
  "idn-email": { regex: "[a-z]{2,10}@(example|mail|test)\\.(com|org|net)" },
  uuid: { uuid: "" },
  uri: { regex: "https://(www\\.)?[a-z]{3,12}\\.(com|org|net|io)(/[a-z0-9]{1,10}){0,3}" },
  "uri-reference": { regex: "/[a-z0-9]{1,10}(/[a-z0-9]{1,10}){0,2}" },
  iri: { regex: "https://[a-z]{3,12}\\.(com|org|net)(/[a-z0-9]{1,10}){0,3}" },
  url: { regex: "https://(www\\.)?[a-z]{3,12}\\.(com|org|net|io)(/[a-z0-9]{1,10}){0,3}" },
  ipv4: {
    regex:
      "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}",
  },
  ipv6: { regex: "[0-9a-f]{1,4}(:[0-9a-f]{1,4}){7}" },
  hostname: { regex: "[a-z][a-z0-9]{1,10}(\\.[a-z][a-z0-9]{1,10}){0,2}\\.(com|org|net)" },
  "idn-hostname": { regex: "[a-z][a-z0-9]{1,10}\\.(com|org|net)" },
  time: { regex: "([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z" },
  duration: { regex: "P[1-9][0-9]?D(T[1-9]H)?" },
  byte: { regex: "([A-Za-z0-9+/]{4}){1,8}" },
  "json-pointer": { regex: "(/[a-z0-9]{1,8}){0,3}" },
  "relative-json-pointer": { regex: "[0-9](/[a-z0-9]{1,8}){0,2}" },
  "uri-template": { regex: "https://[a-z]{3,12}\\.(com|org)/[a-z]{1,8}/\\{[a-z]{1,8}\\}" },
  "iri-reference": { regex: "/[a-z0-9]{1,10}(/[a-z0-9]{1,10}){0,2}" },
  regex: { regex: "[a-z]{1,8}(\\.\\*)?" },
};

/**
 * Formats whose values are judged as a whole, not by a regex (a regular expression compiles):
 * the strings of a pattern given beside them are kept when they pass.
 */
const FORMAT_CHECKS: Readonly<Record<string, (v: string) => boolean>> = {
  regex: (v) => {
    try {
      new RegExp(v, "u");
      return true;
    } catch {
      return false;
    }
  },
};

/** Formats that are types of their own in rowforge. */
const TYPED_FORMATS: Readonly<Record<string, string>> = { date: "date", "date-time": "timestamp" };
/** A value of each typed format as the JSON output writes it: a pattern it meets keeps the type. */
const TYPED_SAMPLES: Readonly<Record<string, string>> = {
  date: "2026-03-11",
  "date-time": "2026-03-11T23:08:03.944Z",
};

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
  ).map(([p, sub]) => [new RegExp(p, "u"), sub] as const);
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
      schemaField(name, sub, required.has(name) || allPresent, scope, refsOf(s), `${at}/properties/${name}`),
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
    const matching = patterns.filter(([re]) => re.test(name)).map(([, sub]) => sub);
    const other = s.additionalProperties === undefined ? true : s.additionalProperties;
    const sub = matching.length > 0 ? { allOf: matching } : other;
    if (sub === false)
      throw noValue(
        scope,
        at,
        `requires ${name}, which it does not declare and its additionalProperties: false forbids, so no object is valid`,
      );
    declared.add(name);
    const f = schemaField(name, sub, true, scope, refsOf(s), `${at}/required/${name}`);
    if (f) out.push(f);
  }
  // Properties it does not declare: the entries of a map-like object, those minProperties asks for.
  for (const extra of extraProperties(s, [...declared], scope, at)) {
    const f = optionalCut(extra.required, scope, () =>
      schemaField(
        extra.name,
        extra.schema,
        extra.required,
        scope,
        refsOf(s),
        `${at}/properties/${extra.name}`,
      ),
    );
    if (f) out.push(f);
    if (f && !extra.required) optionals.push(f);
  }
  thinOptional(optionals.filter((f) => out.includes(f)));
  return out;
}

/**
 * Optional properties of an object that has more than about OPTIONAL_PRESENT / (1 -
 * OPTIONAL_ABSENT_PROB) of them are each left out more often, so about OPTIONAL_PRESENT are
 * written per object: rows stay the size of real documents. Required properties, and those
 * an object counting its properties (minProperties) keeps, are not optional here.
 */
function thinOptional(optional: readonly RawField[]): void {
  const absent = Math.round((1 - OPTIONAL_PRESENT / optional.length) * 1000) / 1000;
  if (absent <= OPTIONAL_ABSENT_PROB) return;
  for (const f of optional) {
    const o = f.options as Record<string, unknown> | undefined;
    if (o?.nullProb === OPTIONAL_ABSENT_PROB) o.nullProb = absent;
  }
}

/**
 * An object schema with the if/then/else it has besides its own `if` (allOf parts with one
 * each) met by their `else`: the `if` negated where rowforge keeps to its negation (not
 * required: never written; not a const, enum, type or pattern), so the `then` never applies.
 * One whose `if` has no such negation (or whose negation clashes, a required property) is
 * met by its `then` where that only requires properties (metByThen), else left unmet.
 */
function metOtherwise(given: SchemaObject, scope: SchemaScope, at: string): SchemaObject {
  let s = given;
  for (const c of conditionsOf(given)) {
    if (typeof c.if !== "object" || c.if === null) continue;
    try {
      const negated = applyNot({ ...s, not: c.if }, scope, `${at}/if`);
      s =
        c.else === undefined
          ? negated
          : mergeSchemas(negated, resolveSchema(c.else, scope, refsOf(s), `${at}/else`));
    } catch (e) {
      if (!isRowforgeError(e)) throw e;
      s = metByThen(s, c, scope, at);
    }
  }
  return s;
}

/** The keywords of a `then` that only requires properties (with its annotations). */
const REQUIRED_ONLY = new Set(["required", "title", "description", "$comment", "$$comment", "$$description"]);

/**
 * An object schema with an if/then whose `if` it cannot keep from holding met by its `then`
 * where that only requires properties (merged: they are always written, so the `then` holds
 * whether the `if` does or not): `version` required unless `dynamic` lists it is met by always
 * writing `version`. A `then` that constrains values could clash with the other parts (each
 * branch of a `type` switch met at once), so it is left unmet, as is one that clashes.
 */
function metByThen(s: SchemaObject, c: SchemaObject, scope: SchemaScope, at: string): SchemaObject {
  const then = c.then;
  if (typeof then !== "object" || then === null) return s;
  if (Object.keys(then).some((k) => !REQUIRED_ONLY.has(k))) return s;
  try {
    return mergeSchemas(s, resolveSchema(then, scope, refsOf(s), `${at}/then`));
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
    return s;
  }
}

/**
 * An object schema's properties with those left out (false) that depend on one never written
 * (`dependentRequired`, draft-7 `dependencies` lists: `working-directory` needs `run`, which
 * the oneOf alternative chosen leaves out).
 */
function withoutUnmetDependents(s: SchemaObject): Record<string, unknown> | undefined {
  const own = s.properties as Record<string, unknown> | undefined;
  if (own === undefined) return own;
  const lists = Object.entries({
    ...((s.dependencies as Record<string, unknown> | undefined) ?? {}),
    ...((s.dependentRequired as Record<string, unknown> | undefined) ?? {}),
  }).filter((e): e is [string, string[]] => Array.isArray(e[1]));
  const out = { ...own };
  const never = (p: string) => out[p] === false || (out[p] === undefined && s.additionalProperties === false);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [p, deps] of lists)
      if (out[p] !== false && out[p] !== undefined && deps.some(never)) {
        out[p] = false;
        changed = true;
      }
  }
  return out;
}

/**
 * A property's field, counted against the step's fields left: an optional one is left out
 * when none are left, and when its schema recurses without end (its recursion cut there); a
 * required one is refused then.
 */
function optionalCut(
  required: boolean,
  scope: SchemaScope,
  field: () => RawField | undefined,
): RawField | undefined {
  if (!required && scope.fieldsLeft !== undefined && scope.fieldsLeft.n <= 0) return undefined;
  let made: RawField | undefined;
  try {
    made = field();
  } catch (e) {
    if (required || !noValueHere(e)) throw e;
    return undefined;
  }
  // Its own properties were counted as they were made.
  if (made && scope.fieldsLeft) scope.fieldsLeft.n--;
  return made;
}

function typeOf(s: SchemaObject): { type: string; allowsNull: boolean } {
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  const allowsNull = types.includes("null") || s.nullable === true;
  const given = types.find((t) => t !== "null");
  // OpenAPI's integer formats on a number: whole numbers.
  if (given === "number" && (s.format === "int32" || s.format === "int64"))
    return { type: "integer", allowsNull };
  if (given) return { type: given, allowsNull };
  const sample = s.const ?? (Array.isArray(s.enum) ? s.enum.find((v) => v !== null) : undefined);
  if (sample !== undefined)
    return {
      type: typeof sample === "number" ? (Number.isInteger(sample) ? "integer" : "number") : typeof sample,
      allowsNull,
    };
  if (s.properties !== undefined) return { type: "object", allowsNull };
  if (s.items !== undefined || s.prefixItems !== undefined) return { type: "array", allowsNull };
  if (s.minimum !== undefined || s.maximum !== undefined) return { type: "number", allowsNull };
  return { type: types.includes("null") ? "null" : "string", allowsNull };
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

function scalarType(type: string, s: SchemaObject): string {
  if (type === "integer") {
    const big = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].some(
      (v) => typeof v === "number" && Math.abs(v) > 2 ** 31 - 1,
    );
    return big || s.format === "int64" ? "long" : "int";
  }
  if (type === "number") return "double";
  if (type === "boolean") return "boolean";
  return TYPED_FORMATS[String(s.format)] ?? "string";
}

function stringOptions(s: SchemaObject, scope: SchemaScope, at: string): Record<string, unknown> {
  const format = typeof s.format === "string" ? FORMATS[s.format] : undefined;
  const [pattern, ...more] = patternsOf(s);
  if (pattern !== undefined) {
    const patterns = [pattern, ...more] as const;
    // A format's values that all meet the patterns too are the better values (emails, URIs, dates).
    if (typeof format?.regex === "string" && patterns.every((p) => alwaysMatches(format.regex as string, p)))
      return { ...format };
    const typed = TYPED_SAMPLES[String(s.format)];
    if (typed !== undefined && patterns.every((p) => jsRegex(p).test(typed))) return {};
    const min = typeof s.minLength === "number" ? s.minLength : undefined;
    const max = typeof s.maxLength === "number" ? s.maxLength : undefined;
    const strings = patternStrings(
      patterns,
      min,
      max,
      excludedPatternsOf(s),
      FORMAT_CHECKS[String(s.format)],
    );
    if ("regex" in strings) return { regex: strings.regex };
    if (strings.values.length === 0)
      throw invalid(
        scope,
        at,
        `has ${patterns.length > 1 ? `patterns (${patterns.join(" and ")})` : `a pattern (${pattern})`}${min !== undefined || max !== undefined ? ` and lengths ${min ?? 0}..${max ?? "any"}` : ""} that no string rowforge drew from ${patterns.length > 1 ? "them" : "it"}${patterns.some((p) => withoutLookarounds(p) !== undefined) ? " (its lookarounds, which the generator does not read, taken out)" : ""} meets`,
        "give the string a pattern of the lengths it allows and without lookarounds, or list the field with an sql option",
      );
    return { oneOf: strings.values };
  }
  if (format) return { ...format };
  if (TYPED_FORMATS[String(s.format)]) return {};
  const min = typeof s.minLength === "number" ? s.minLength : undefined;
  const max = typeof s.maxLength === "number" ? s.maxLength : undefined;
  const minLen = min ?? Math.min(1, max ?? 1);
  if (max === 0) return { static: "" };
  // Without a maxLength the generators' default (20, or minLen) applies: a label by name
  // (src/metadata/labels) may then write longer values, as the schema allows.
  if (max === undefined) return { minLen };
  const maxLen = textMaxLen(minLen, max);
  const avgLen = textAvgLen(minLen, maxLen);
  return { minLen, maxLen, ...(avgLen !== undefined ? { avgLen } : {}) };
}

/** The lowest and highest allowed numbers, draft 4 (boolean exclusive*) and draft 6+ (numeric) alike. */
function bounds(s: SchemaObject, integer: boolean): { min: number | undefined; max: number | undefined } {
  const step = (v: number) => (integer ? 1 : Math.max(Math.abs(v) * 1e-9, 1e-6));
  let min = typeof s.minimum === "number" ? s.minimum : undefined;
  let max = typeof s.maximum === "number" ? s.maximum : undefined;
  if (s.exclusiveMinimum === true && min !== undefined) min += step(min);
  if (s.exclusiveMaximum === true && max !== undefined) max -= step(max);
  if (typeof s.exclusiveMinimum === "number") {
    const m = s.exclusiveMinimum + step(s.exclusiveMinimum);
    min = min === undefined ? m : Math.max(min, m);
  }
  if (typeof s.exclusiveMaximum === "number") {
    const m = s.exclusiveMaximum - step(s.exclusiveMaximum);
    max = max === undefined ? m : Math.min(max, m);
  }
  if (integer) {
    if (min !== undefined) min = Math.ceil(min);
    if (max !== undefined) max = Math.floor(max);
  }
  return { min, max };
}

/** The generators' default range is 0..100000: a bound given on one side moves the other with it. */
function numberOptions(
  s: SchemaObject,
  integer: boolean,
  scope: SchemaScope,
  at: string,
): Record<string, unknown> {
  let { min, max } = bounds(s, integer);
  if (min === undefined && max !== undefined) min = Math.min(0, max - 100_000);
  if (max === undefined && min !== undefined) max = Math.max(100_000, min + 100_000);
  const options: Record<string, unknown> = {};
  const multipleOf = typeof s.multipleOf === "number" && s.multipleOf > 0 ? s.multipleOf : undefined;
  if (multipleOf !== undefined) {
    const lo = Math.ceil((min ?? 0) / multipleOf);
    const hi = Math.floor((max ?? 100_000) / multipleOf);
    if (hi < lo) throw invalid(scope, at, `has no multiple of ${multipleOf} between ${min} and ${max}`);
    const decimals = Math.round(-Math.log10(multipleOf));
    if (!integer && decimals > 0 && Math.abs(10 ** -decimals - multipleOf) < 1e-12) {
      // A multiple of 0.01 is a number rounded to 2 places inside the multiples' range.
      return {
        min: Number((lo * multipleOf).toFixed(decimals)),
        max: Number((hi * multipleOf).toFixed(decimals)),
        round: decimals,
      };
    }
    // The multiples in the range, or MAX_LISTED of them spread evenly over a wider one.
    const count = Math.min(hi - lo + 1, MAX_LISTED);
    const step = count === 1 ? 0 : (hi - lo) / (count - 1);
    return {
      oneOf: Array.from({ length: count }, (_, i) =>
        Number(((lo + Math.round(i * step)) * multipleOf).toFixed(10)),
      ),
    };
  }
  if (min !== undefined) options.min = min;
  if (max !== undefined) options.max = max;
  if (min !== undefined && max !== undefined && min > max)
    throw invalid(scope, at, `allows no number (minimum ${min} above maximum ${max})`);
  return options;
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

/**
 * A tuple (`prefixItems`, draft-4 `items: [...]`) as an array rowforge generates, whose items
 * are all alike: no longer than minItems (or 1), its items meet the schemas of those
 * positions and the schema of the other items (`items` beside prefixItems, `additionalItems`)
 * too, so they are valid whether or not the validator reads prefixItems (a schema without
 * `$schema` is read as draft-07 by most).
 */
function tupleAsList(s: SchemaObject): { s: SchemaObject; itemsRaw: unknown } {
  const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined;
  if (!tuple) return { s, itemsRaw: s.items };
  const rest = Array.isArray(s.prefixItems) ? s.items : s.additionalItems;
  const length = Math.min(
    typeof s.maxItems === "number" ? s.maxItems : Number.POSITIVE_INFINITY,
    Math.max(1, typeof s.minItems === "number" ? s.minItems : 0),
  );
  const others = typeof rest === "object" && rest !== null ? [rest] : [];
  return { s: { ...s, maxItems: length }, itemsRaw: { allOf: [...tuple.slice(0, length), ...others] } };
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

/**
 * Number options that never give an excluded value (`not: {const: 5}`): a listed value is
 * dropped; an integer range keeps the larger side of an excluded value inside it.
 */
function avoid(
  options: Record<string, unknown>,
  excluded: readonly unknown[],
  integer: boolean,
  scope: SchemaScope,
  at: string,
): Record<string, unknown> {
  const numbers = excluded.filter((x): x is number => typeof x === "number");
  if (numbers.length === 0) return options;
  if (Array.isArray(options.oneOf)) {
    const left = (options.oneOf as unknown[]).filter((v) => !numbers.includes(v as number));
    if (left.length === 0) throw invalid(scope, at, "allows no number once its not is applied");
    return { ...options, oneOf: left };
  }
  if (!integer) return options;
  let min = Number(options.min ?? 0);
  let max = Number(options.max ?? 100_000);
  for (const x of [...numbers].sort((a, b) => a - b)) {
    if (x < min || x > max) continue;
    if (x - min >= max - x) max = x - 1;
    else min = x + 1;
  }
  if (min > max) throw invalid(scope, at, "allows no number once its not is applied");
  return { ...options, min, max };
}

/**
 * A property of an array's items as generated there: each array of objects or arrays in it,
 * `depth` arrays deep in the items (arrays inside it one deeper), holds at most
 * nestedMaxItems(depth) items unless its minItems asks for more. Each enclosing array applies
 * it; the outermost's (deepest count, fewest items) holds.
 */
function nestedShorter(f: RawField, depth: number): RawField {
  const type = String(f.type);
  const isArray = type.startsWith("array");
  const out = Array.isArray(f.fields)
    ? { ...f, fields: (f.fields as RawField[]).map((c) => nestedShorter(c, isArray ? depth + 1 : depth)) }
    : f;
  const o = f.options as Record<string, unknown> | undefined;
  const ofContainers = type === "array" || type.startsWith("array<array");
  if (!ofContainers || typeof o?.arrayMaxLen !== "number") return out;
  const arrayMaxLen = Math.max(Number(o.arrayMinLen ?? 0), Math.min(o.arrayMaxLen, nestedMaxItems(depth)));
  return { ...out, options: { ...o, arrayMaxLen } };
}

/**
 * An array of arrays: its element is the inner array's own field (`element`, with the inner
 * schema's lengths and options), at any depth and inside arrays of objects.
 */
function arrayOfArrays(name: string, inner: RawField, given: Record<string, unknown>): RawField {
  // Nested arrays multiply: an array of arrays holds as many as one inside another's items.
  const least = Number(given.arrayMinLen ?? 0);
  const options = {
    ...given,
    arrayMaxLen: Math.min(Number(given.arrayMaxLen), Math.max(least, nestedMaxItems(1))),
  };
  const innerOptions = { ...((inner.options as Record<string, unknown> | undefined) ?? {}) };
  delete innerOptions.enableNull;
  delete innerOptions.nullProb;
  const element = nestedShorter({ ...inner, name: "element", nullable: false, options: innerOptions }, 1);
  return { name, type: `array<${String(inner.type)}>`, options, fields: [element] };
}
