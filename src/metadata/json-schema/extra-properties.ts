import { compileRegex, hashString, RowRandom } from "../../engine/index.ts";
import { pointerToken } from "./json-pointer.ts";
import { jsRegex, unanchored } from "./schema-patterns.ts";
import { invalid, type SchemaObject, type SchemaScope } from "./schema-types.ts";

const isObject = (v: unknown): v is SchemaObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** Entries a map-like object (only patternProperties or additionalProperties) is given beyond its minimum. */
const MAP_ENTRIES = 2;
/** Names of properties no pattern shapes (additionalProperties): short lower-case words. */
const FREE_NAME = "[a-z][a-z0-9_]{2,9}";
/** Names drawn for one source before it is judged unable to give a usable one. */
const TRIES = 64;

/** A property an object schema does not declare but is written with: its name, its schema, whether always. */
export interface ExtraProperty {
  readonly name: string;
  readonly schema: unknown;
  readonly required: boolean;
  /** Where its schema is in the document: the first pattern it matches, or additionalProperties. */
  readonly at: string;
}

/**
 * The properties an object is written with beyond those it declares: an object defined by
 * `patternProperties` or an `additionalProperties` schema (a map: GitHub workflow jobs,
 * compose services) gets a few entries, and one whose `minProperties` its declared
 * properties cannot reach gets as many as it lacks. Each name is drawn (the same for every
 * row) from a pattern, or as a short word for additionalProperties, and kept only if it is
 * new, meets `propertyNames` and is a usable field name; its schema is that of every pattern
 * it matches, else additionalProperties. The first ones up to `minProperties` are required,
 * the others optional; `maxProperties` caps them.
 */
export function extraProperties(
  s: SchemaObject,
  declared: readonly string[],
  scope: SchemaScope,
  at: string,
): ExtraProperty[] {
  const patterns = isObject(s.patternProperties)
    ? Object.entries(s.patternProperties).filter(([, sub]) => sub !== false)
    : [];
  const additional = s.additionalProperties;
  const freeSchema =
    additional === undefined || additional === true ? {} : isObject(additional) ? additional : undefined;
  const min = typeof s.minProperties === "number" ? s.minProperties : 0;
  const max = typeof s.maxProperties === "number" ? s.maxProperties : Number.POSITIVE_INFINITY;
  const needed = Math.max(0, min - declared.length);
  const mapLike =
    declared.length === 0 &&
    (patterns.length > 0 || (isObject(additional) && Object.keys(additional).length > 0));
  const wanted = Math.min(
    max - declared.length,
    mapLike ? Math.max(needed, min > 0 ? min : 1) + MAP_ENTRIES - 1 : needed,
  );
  if (wanted <= 0) return [];
  // Sources of names: each pattern, then (when allowed) free names.
  const sources = [
    ...patterns.map(([p]) => unanchored(p)),
    ...(freeSchema !== undefined ? [nameRegex(s.propertyNames)] : []),
  ];
  if (sources.length === 0)
    return needed > 0
      ? refuse(scope, at, `needs ${min} properties but declares ${declared.length} and allows no others`)
      : [];
  const names = new Set(declared);
  const out: ExtraProperty[] = [];
  const rnd = new RowRandom(hashString(at, 28));
  const listed =
    isObject(s.propertyNames) && Array.isArray(s.propertyNames.enum) ? s.propertyNames.enum : undefined;
  // A pattern the generator cannot draw from (lookarounds) gives no names; the others still do.
  const generators = sources.flatMap((p) => {
    try {
      return [compileRegex(p)];
    } catch {
      return [];
    }
  });
  if (generators.length === 0 && !listed)
    return needed > 0
      ? refuse(scope, at, `needs ${min} properties, and none of its name patterns can be generated`)
      : [];
  const tries = listed ? listed.length : sources.length * TRIES;
  for (let k = 0; out.length < wanted && k < tries; k++) {
    const name = listed ? String(listed[k]) : generators[k % generators.length]!.generate(rnd.at(k));
    if (names.has(name) || !usableName(name) || !meetsPropertyNames(name, s.propertyNames)) continue;
    const matching = patterns.filter(([p]) => matches(p, name));
    const schema = matching.length > 0 ? { allOf: matching.map(([, sub]) => sub) } : freeSchema;
    if (schema === undefined) continue;
    names.add(name);
    out.push({ name, schema, required: out.length < needed, at: extraAt(at, matching[0]?.[0]) });
  }
  if (out.length < needed)
    refuse(
      scope,
      at,
      `needs ${min} properties, and rowforge found only ${declared.length + out.length} names its patterns and propertyNames allow`,
    );
  return out;
}

/** The pointer to the schema of a property the object does not declare: its pattern's, else additionalProperties. */
export const extraAt = (at: string, pattern: string | undefined): string =>
  pattern === undefined ? `${at}/additionalProperties` : `${at}/patternProperties/${pointerToken(pattern)}`;

function refuse(scope: SchemaScope, at: string, what: string): never {
  throw invalid(scope, at, what, "declare the properties the object needs, or list the field in the step");
}

/** The regex free names are drawn from: propertyNames' pattern when it has one. */
function nameRegex(propertyNames: unknown): string {
  return isObject(propertyNames) && typeof propertyNames.pattern === "string"
    ? unanchored(propertyNames.pattern)
    : FREE_NAME;
}

const matches = (pattern: string, name: string): boolean => jsRegex(pattern).test(name);

/** A name rowforge can make a field of: not empty, no dot (a nested path) or backtick, printable. */
const usableName = (name: string): boolean => name !== "" && !/[.`\u0000-\u001f]/.test(name);

/** Whether a name meets the simple keywords of `propertyNames` (pattern, lengths, enum, const). */
function meetsPropertyNames(name: string, p: unknown): boolean {
  if (p === undefined || p === true) return true;
  if (!isObject(p)) return false;
  if (typeof p.pattern === "string" && !matches(p.pattern, name)) return false;
  if (typeof p.maxLength === "number" && [...name].length > p.maxLength) return false;
  if (typeof p.minLength === "number" && [...name].length < p.minLength) return false;
  if (Array.isArray(p.enum) && !p.enum.includes(name)) return false;
  if (p.const !== undefined && p.const !== name) return false;
  return true;
}
