import { isRowforgeError, RowforgeError } from "../../errors/index.ts";
import { applyNot, EXCLUDED, NOT_PATTERNS } from "./apply-not.ts";
import { displayRef } from "./bundle-refs.ts";
import { neverMatches, oneOfCandidates, oneOfUnsatisfiable } from "./choose-alternative.ts";
import { enumWithin } from "./enum-within.ts";
import { MORE_PATTERNS } from "./schema-patterns.ts";
import {
  invalid,
  NO_VALUE,
  noValue,
  noValueHere,
  OTHERS,
  type SchemaObject,
  type SchemaScope,
} from "./schema-types.ts";

const isObject = (v: unknown): v is SchemaObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** Fields a step read from a document is given before its optional properties are left out (below the default maxNestedFields). */
export const DOCUMENT_FIELDS = 800;

/**
 * A schema with its `$ref` followed (siblings of the `$ref` kept, as 2019-09 and later read
 * them), `allOf` merged into one, and `oneOf`/`anyOf` reduced to one alternative: the union of
 * their values when every alternative is a `const` or `enum`, else the first alternative (a
 * value of the first alternative is what rowforge generates). `refs` are the references being
 * expanded above this schema: meeting one again is a cycle, refused, since a generated value
 * must be finite.
 */
export function resolveSchema(
  schema: unknown,
  scope: SchemaScope,
  refs: readonly string[],
  at: string,
): SchemaObject {
  if (schema === true || schema === undefined) return {};
  if (schema === false) throw noValue(scope, at, "is false: it allows no value");
  if (!isObject(schema)) {
    throw invalid(scope, at, `is ${JSON.stringify(schema)}, not a schema object`);
  }
  let s: SchemaObject = schema;
  let seen = refs;
  while (typeof s.$ref === "string") {
    const ref = s.$ref;
    if (seen.includes(ref)) {
      // Callers cut the recursion where the schema allows it (noValueHere); else this refusal stands.
      throw new RowforgeError(
        "RF_METADATA_SCHEMA_INVALID",
        `${scope.where}: the schema at ${at || "#"} refers to itself through ${[...seen.slice(seen.indexOf(ref)), ref].map(displayRef).join(" -> ")}: a recursive schema has no finite value to generate`,
        {
          hint: "make the recursive property optional (or its array may be empty), or list the step's fields",
          cause: NO_VALUE,
        },
      );
    }
    seen = [...seen, ref];
    const { $ref: _, ...siblings } = s;
    const target = lookUp(ref, scope, at);
    if (!isObject(target))
      throw invalid(scope, at, `refers to ${displayRef(ref)}, which is not a schema object`);
    s = { ...target, ...siblings };
  }
  if (
    s.nullable !== undefined &&
    (scope.readsNullable === false ||
      (s.type === undefined && [s.allOf, s.oneOf, s.anyOf].some(Array.isArray)))
  ) {
    // OpenAPI 3.0's nullable widens a type; beside allOf/oneOf/anyOf without one, null still has
    // to meet them; in OpenAPI 3.1 it is no keyword.
    const { nullable: _, ...rest } = s;
    s = rest;
  }
  if (Array.isArray(s.allOf)) {
    const { allOf, ...rest } = s;
    // A part's own oneOf/anyOf is a choice of the whole: it is made beside every other part (below).
    const lifted: Record<string, unknown> = {};
    const own = (allOf as unknown[]).map((part) => {
      if (!isObject(part) || part.$ref !== undefined) return part;
      const keys = (["oneOf", "anyOf"] as const).filter(
        (k) => Array.isArray(part[k]) && rest[k] === undefined && lifted[k] === undefined,
      );
      for (const k of keys) lifted[k] = part[k];
      return Object.fromEntries(Object.entries(part).filter(([k]) => !(keys as string[]).includes(k)));
    });
    const parts = [resolveSchema(rest, scope, seen, at)];
    for (const [i, part] of own.entries()) parts.push(resolveSchema(part, scope, seen, `${at}/allOf/${i}`));
    const types = sharedTypes(parts);
    if (types?.length === 0)
      throw noValue(
        scope,
        `${at}/allOf`,
        `is an allOf of the types ${parts.flatMap((p) => (p.type === undefined ? [] : [JSON.stringify(p.type)])).join(" and ")}, which no value has at once`,
      );
    s = closedTo(parts.reduce(mergeSchemas), parts);
    // Parts typed differently (number and integer, [string, null] and string): the types they share.
    if (types && parts.filter((p) => p.type !== undefined).length > 1)
      s = { ...s, type: types.length === 1 ? types[0] : types };
    s = { ...s, ...lifted };
  }
  for (const key of ["oneOf", "anyOf"] as const) {
    const alternatives = s[key];
    if (!Array.isArray(alternatives) || alternatives.length === 0) continue;
    const { [key]: _, ...rest } = s;
    const resolved = finiteAlternatives(alternatives, key, scope, seen, at);
    const listed = resolved.every((a) => a.const !== undefined || Array.isArray(a.enum))
      ? resolved.map((a) => (a.const !== undefined ? [a.const] : (a.enum as unknown[])))
      : undefined;
    // oneOf: a value listed by two alternatives matches both, so it is left out.
    const values = listed
      ?.flat()
      .filter(
        (v, i, all) =>
          all.findIndex((x) => JSON.stringify(x) === JSON.stringify(v)) === i &&
          (key === "anyOf" ||
            listed.filter((l) => l.some((x) => JSON.stringify(x) === JSON.stringify(v))).length === 1),
      );
    const nonNull = resolved.filter((a) => a.type !== "null");
    const nullable = nonNull.length < resolved.length ? { nullable: true } : {};
    const base = resolveSchema(rest, scope, seen, at);
    const merged = (c: SchemaObject) => mergeSchemas(base, { ...c, ...nullable });
    // Alternatives the schema around them allows (an if met always, a sibling allOf part) come first.
    const fits = (c: SchemaObject) => !neverMatches(c, base);
    const ordered = [...resolved.filter(fits), ...resolved.filter((c) => !fits(c))];
    // A oneOf value must match exactly one alternative: one that no other can match is chosen.
    let candidates = values
      ? [merged({ enum: values })]
      : key === "oneOf"
        ? oneOfCandidates(
            ordered,
            merged,
            () => noValue(scope, `${at}/oneOf`, oneOfUnsatisfiable(resolved)),
            (a) => itemsOf(a, scope, `${at}/oneOf`),
          )
        : ordered.filter((a) => a.type !== "null").map(merged);
    // One that requires a property only null is not written where null fields are left out, unless all do.
    const writable = (c: SchemaObject) => !(scope.optionalAbsent && requiresNull(c));
    if (candidates.some(writable)) candidates = candidates.filter(writable);
    const [chosen = {}, ...others] = candidates;
    // The others, in order, for a caller whose chosen one recurses without end (alternativesOf).
    s = others.length > 0 ? { ...chosen, [OTHERS]: others } : chosen;
  }
  s = enumWithin(applyNot(s, scope, at), scope, at);
  return seen.length === 0 ? s : { ...s, [REFS]: seen };
}

/** An array schema's items resolved, to tell alternatives apart by them; undefined when there are none or they cannot be read. */
function itemsOf(s: SchemaObject, scope: SchemaScope, at: string): SchemaObject | undefined {
  if (!isObject(s.items)) return undefined;
  try {
    return resolveSchema(s.items, scope, refsOf(s), `${at}/items`);
  } catch (e) {
    if (isRowforgeError(e)) return undefined;
    throw e;
  }
}

/** Whether an object schema requires a property whose only value is null. */
function requiresNull(s: SchemaObject): boolean {
  const props = isObject(s.properties) ? s.properties : {};
  return (Array.isArray(s.required) ? (s.required as string[]) : []).some((p) => {
    const v = props[p];
    return isObject(v) && (v.type === "null" || v.const === null);
  });
}

/** The types every part of an allOf allows (an integer is a number too); undefined when none names one. */
function sharedTypes(parts: readonly SchemaObject[]): string[] | undefined {
  let shared: string[] | undefined;
  for (const p of parts) {
    const own = Array.isArray(p.type)
      ? (p.type as string[])
      : typeof p.type === "string"
        ? [p.type]
        : undefined;
    if (!own) continue;
    const widened = own.includes("number") ? [...own, "integer"] : own;
    shared = shared === undefined ? widened : shared.filter((t) => widened.includes(t));
  }
  return shared === undefined ? undefined : [...new Set(shared)];
}

/**
 * The alternatives of a oneOf/anyOf resolved, those that refer back to a schema being
 * expanded (or allow no value) left out, and for anyOf those rowforge cannot generate:
 * refused only when no alternative is left.
 */
function finiteAlternatives(
  alternatives: readonly unknown[],
  key: string,
  scope: SchemaScope,
  seen: readonly string[],
  at: string,
): SchemaObject[] {
  let recursion: unknown;
  const out: SchemaObject[] = [];
  alternatives.forEach((a, i) => {
    try {
      out.push(resolveSchema(a, scope, seen, `${at}/${key}/${i}`));
    } catch (e) {
      // anyOf: an alternative rowforge cannot generate gives way to the others.
      const skipped =
        noValueHere(e) || (key === "anyOf" && isRowforgeError(e) && e.code === "RF_METADATA_SCHEMA_INVALID");
      if (!skipped) throw e;
      recursion ??= e;
    }
  });
  if (out.length === 0 && recursion) throw recursion;
  return out;
}

/**
 * The if/then/else of an object schema besides its own `if` (allOf parts with one each,
 * merged): `{if, then, else}` each.
 */
const CONDITIONS = "\u0000conditions";
export const conditionsOf = (s: SchemaObject): readonly SchemaObject[] =>
  Array.isArray(s[CONDITIONS]) ? (s[CONDITIONS] as SchemaObject[]) : [];

/** The references expanded to reach a schema, kept on it so its children detect cycles. */
export const REFS = "\u0000refs";
export const refsOf = (s: SchemaObject): readonly string[] => (s[REFS] as string[] | undefined) ?? [];

function lookUp(ref: string, scope: SchemaScope, at: string): unknown {
  if (!ref.startsWith("#")) {
    throw invalid(
      scope,
      at,
      `refers to ${ref}: only references inside the same document (#/...) are read`,
      "copy the referenced schema into $defs (or definitions, components/schemas) of this document",
    );
  }
  let node: unknown = scope.root;
  const pointer = ref.slice(1);
  for (const raw of pointer.split("/").slice(1)) {
    const part = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    node = isObject(node) ? node[part] : Array.isArray(node) ? node[Number(part)] : undefined;
    if (node === undefined)
      throw invalid(scope, at, `refers to ${displayRef(ref)}, which is not in the document`);
  }
  return node;
}

/**
 * An allOf part with `additionalProperties: false` sees only its own properties: the merged
 * schema never writes a property such a part does not declare (a required one is left to
 * the refusal of the value it cannot have).
 */
function closedTo(merged: SchemaObject, parts: readonly SchemaObject[]): SchemaObject {
  const closed = parts.filter((p) => p.additionalProperties === false && p.patternProperties === undefined);
  if (closed.length === 0 || !isObject(merged.properties)) return merged;
  const required = new Set(Array.isArray(merged.required) ? (merged.required as string[]) : []);
  const properties: Record<string, unknown> = { ...merged.properties };
  for (const name of Object.keys(properties))
    if (!required.has(name) && closed.some((p) => !isObject(p.properties) || !(name in p.properties)))
      properties[name] = false;
  return { ...merged, properties };
}

/** Two schemas a value must both satisfy (allOf), as one: the narrower bound of each keyword wins. */
export function mergeSchemas(a: SchemaObject, b: SchemaObject): SchemaObject {
  const out: Record<string, unknown> = { ...a };
  // The alternatives kept on `a` are alternatives of `a` alone.
  delete out[OTHERS];
  if (a.if !== undefined && b.if !== undefined) {
    // Two if/then/else: `b`'s is the schema's own, `a`'s is kept beside it (conditionsOf).
    const { if: cond, then, else: otherwise } = a;
    out[CONDITIONS] = [...conditionsOf(a), { if: cond, then, else: otherwise }];
    delete out.then;
    delete out.else;
  }
  for (const [k, v] of Object.entries(b)) {
    const old = out[k];
    if (old === undefined) out[k] = v;
    else if (k === "properties" && isObject(old) && isObject(v)) {
      const props: Record<string, unknown> = { ...old };
      for (const [p, sub] of Object.entries(v))
        props[p] = props[p] === undefined ? sub : { allOf: [props[p], sub] };
      out[k] = props;
    } else if (k === "required" && Array.isArray(old) && Array.isArray(v))
      out[k] = [...new Set([...old, ...v])];
    else if ((k === "minimum" || k === "minLength" || k === "minItems") && typeof old === "number")
      out[k] = Math.max(old, v as number);
    else if ((k === "maximum" || k === "maxLength" || k === "maxItems") && typeof old === "number")
      out[k] = Math.min(old, v as number);
    else if (k === "enum" && Array.isArray(old) && Array.isArray(v)) {
      const both = old.filter((x) => v.some((y) => JSON.stringify(x) === JSON.stringify(y)));
      out[k] = both;
    } else if (k === "pattern" && typeof old === "string" && old !== v)
      // A value meets both patterns: the second is kept beside the first.
      out[MORE_PATTERNS] = [...new Set([...((out[MORE_PATTERNS] as string[] | undefined) ?? []), v])];
    else if (k === REFS || k === EXCLUDED || k === NOT_PATTERNS || k === MORE_PATTERNS || k === CONDITIONS)
      out[k] = [...new Set([...(old as unknown[]), ...(v as unknown[])])];
    else out[k] = v;
  }
  return out;
}
