import { jsRegex } from "./schema-patterns.ts";
import { alternativesOf, type SchemaObject } from "./schema-types.ts";

const typesOf = (s: SchemaObject): string[] | undefined => {
  const t = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : undefined;
  if (t) return t.filter((x) => x !== "null");
  if (s.properties !== undefined || s.required !== undefined) return ["object"];
  if (s.items !== undefined) return ["array"];
  return undefined;
};
const valuesOf = (s: SchemaObject): unknown[] | undefined =>
  s.const !== undefined ? [s.const] : Array.isArray(s.enum) ? (s.enum as unknown[]) : undefined;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const props = (s: SchemaObject): Readonly<Record<string, unknown>> =>
  typeof s.properties === "object" && s.properties !== null ? (s.properties as Record<string, unknown>) : {};
const required = (s: SchemaObject): string[] => (Array.isArray(s.required) ? (s.required as string[]) : []);

/** The schema of an array's items, resolved (its references followed); undefined when it has none or it cannot be read. */
export type ItemsOf = (s: SchemaObject) => SchemaObject | undefined;
const ownItems: ItemsOf = (s) =>
  typeof s.items === "object" && s.items !== null && !Array.isArray(s.items)
    ? (s.items as SchemaObject)
    : undefined;
const onlyArrays = (s: SchemaObject): boolean => typesOf(s)?.every((t) => t === "array") === true;

/**
 * Whether no value generated from `a` can satisfy `b` (as far as a few sure signs tell):
 * different types, listed values with none in common, a property `b` requires that `a`
 * never writes, a property both list values for with none in common, number ranges apart, or
 * arrays `a` never leaves empty whose items never match `b`'s.
 */
export function neverMatches(a: SchemaObject, b: SchemaObject, itemsOf: ItemsOf = ownItems): boolean {
  const ta = typesOf(a);
  const tb = typesOf(b);
  if (onlyArrays(a) && onlyArrays(b) && typeof a.minItems === "number" && a.minItems >= 1) {
    const [ia, ib] = [itemsOf(a), itemsOf(b)];
    if (ia !== undefined && ib !== undefined && neverMatches(ia, ib, itemsOf)) return true;
  }
  if (ta && tb) {
    // An integer is a number too.
    const widened = (t: string[]) =>
      t.includes("number") || t.includes("integer") ? [...t, "integer", "number"] : t;
    if (!widened(ta).some((t) => widened(tb).includes(t))) return true;
  }
  const va = valuesOf(a);
  const vb = valuesOf(b);
  if (va && vb && !va.some((x) => vb.some((y) => same(x, y)))) return true;
  if (
    va &&
    tb &&
    va.every((x) => !tb.includes(jsonType(x)) && !(tb.includes("number") && jsonType(x) === "integer"))
  )
    return true;
  const pa = props(a);
  const pb = props(b);
  if (required(b).some((p) => pa[p] === undefined || pa[p] === false)) return true;
  if (required(a).some((p) => !allows(b, p))) return true;
  for (const [p, sb] of Object.entries(pb)) {
    const sa = pa[p];
    if (typeof sa !== "object" || sa === null || typeof sb !== "object" || sb === null) continue;
    if (!required(a).includes(p)) continue;
    // A property both type, with no type in common.
    const [own, other] = [typesOf(sa as SchemaObject), typesOf(sb as SchemaObject)];
    if (own && other && !own.some((t) => other.includes(t) || (t === "integer" && other.includes("number"))))
      return true;
    const xa = valuesOf(sa as SchemaObject);
    const xb = valuesOf(sb as SchemaObject);
    if (xa && xb && !xa.some((x) => xb.some((y) => same(x, y)))) return true;
  }
  const n = (s: SchemaObject, k: string) => (typeof s[k] === "number" ? (s[k] as number) : undefined);
  const [amin, amax, bmin, bmax] = [n(a, "minimum"), n(a, "maximum"), n(b, "minimum"), n(b, "maximum")];
  if (amax !== undefined && bmin !== undefined && amax < bmin) return true;
  if (amin !== undefined && bmax !== undefined && amin > bmax) return true;
  return false;
}

/** Whether an object schema allows a property: it declares it, a pattern matches it, or it allows others. */
function allows(s: SchemaObject, p: string): boolean {
  // A property given false (a not: {required: [p]}) is forbidden however open the object is.
  if (props(s)[p] !== undefined) return props(s)[p] !== false;
  if (s.additionalProperties !== false) return true;
  const patterns =
    typeof s.patternProperties === "object" && s.patternProperties !== null ? s.patternProperties : {};
  return Object.keys(patterns).some((re) => jsRegex(re).test(p));
}

function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/**
 * The alternatives of a `oneOf` that may be generated, each merged (`merged`) with the schema
 * around it, in order: those whose values can satisfy no other alternative (a value must
 * match exactly one). Where another alternative requires a property this one does not, that
 * property is never written, which sets them apart. When none can be told apart, the first;
 * when no value can match exactly one (an alternative that every value of each other one
 * matches too), `unsatisfiable` is thrown.
 */
export function oneOfCandidates(
  alternatives: readonly SchemaObject[],
  merged: (a: SchemaObject) => SchemaObject,
  unsatisfiable: () => Error,
  itemsOf: ItemsOf = ownItems,
): SchemaObject[] {
  const candidates = alternatives.filter((a) => a.type !== "null");
  const apart: SchemaObject[] = [];
  for (const a of candidates) {
    let m = merged(a);
    // An alternative that is itself a choice (a nested oneOf/anyOf) matches through any of its own.
    const others = alternatives.filter((b) => b !== a).flatMap((b) => [b, ...alternativesOf(b)]);
    for (const b of others) {
      if (neverMatches(m, b, itemsOf)) continue;
      m = onlyArrays(m) && onlyArrays(b) ? itemsApart(m, b, itemsOf) : apartFrom(m, b);
    }
    if (others.every((b) => neverMatches(m, b, itemsOf))) apart.push(m);
  }
  if (apart.length > 0) return apart;
  if (candidates.length > 0 && candidates.every((a) => alternatives.some((b) => b !== a && covers(b, a))))
    throw unsatisfiable();
  return candidates.slice(0, 1).map(merged);
}

/** `m` set apart from `b`: a property `b` requires never written, else one `b` does not allow or types otherwise (setApart). */
function apartFrom(m: SchemaObject, b: SchemaObject): SchemaObject {
  const own = new Set(required(m));
  const lacking = required(b).find((p) => !own.has(p));
  if (lacking !== undefined) return { ...m, properties: { ...props(m), [lacking]: false } };
  return setApart(m, b);
}

/**
 * An array `m` set apart from the array `b` by its items (an array of Pets is no array of
 * Toys): its items set apart from `b`'s, and at least one of them, since an empty array is an
 * array of anything. `m` as it is when its items cannot be told apart.
 */
function itemsApart(m: SchemaObject, b: SchemaObject, itemsOf: ItemsOf): SchemaObject {
  const [im, ib] = [itemsOf(m), itemsOf(b)];
  if (im === undefined || ib === undefined) return m;
  const items = neverMatches(im, ib, itemsOf) ? im : apartFrom(im, ib);
  if (!neverMatches(items, ib, itemsOf)) return m;
  return { ...m, items, minItems: Math.max(1, typeof m.minItems === "number" ? m.minItems : 0) };
}

/**
 * `m` with a property that sets it apart from `b`, always written: one of its own that `b`
 * does not allow (`additionalProperties: false`), else one `b` declares with a type and `m`
 * leaves free, written with another type (a Cat with `bark: "..."` is no Dog, whose bark is
 * a boolean). `m` as it is when there is none.
 */
function setApart(m: SchemaObject, b: SchemaObject): SchemaObject {
  const own = props(m);
  const foreign = Object.keys(own).find((p) => writable(own[p]) && !allows(b, p));
  if (foreign !== undefined) return { ...m, required: [...required(m), foreign] };
  if (m.additionalProperties === false || m.patternProperties !== undefined) return m;
  for (const [p, sb] of Object.entries(props(b))) {
    if (own[p] !== undefined || typeof sb !== "object" || sb === null) continue;
    const types = typesOf(sb as SchemaObject);
    const other = types && ["string", "boolean"].find((t) => !types.includes(t));
    if (other) return { ...m, properties: { ...own, [p]: { type: other } }, required: [...required(m), p] };
  }
  return m;
}

/** Whether a property's schema allows a value: not false, nor an allOf with a false part (a merged not: {required}). */
const writable = (v: unknown): boolean =>
  v !== false &&
  !(
    typeof v === "object" &&
    v !== null &&
    Array.isArray((v as SchemaObject).allOf) &&
    !((v as SchemaObject).allOf as unknown[]).every(writable)
  );

/** Why a oneOf allows no value, naming the alternatives that always match together. */
export function oneOfUnsatisfiable(alternatives: readonly SchemaObject[]): string {
  const pairs = alternatives
    .map((a, i) => [i, alternatives.findIndex((b, j) => j !== i && covers(b, a))] as const)
    .filter(([, j]) => j >= 0)
    .map(([i, j]) => `every value of alternative ${i} also matches alternative ${j}`);
  return `is a oneOf that no value can satisfy: ${pairs.join("; ")}, so none matches exactly one`;
}

/**
 * Whether every value of `a` matches `b` too (as far as sure signs tell: `b` has no
 * constraint, or only a type that `a`'s values have, or is the same schema).
 */
function covers(b: SchemaObject, a: SchemaObject): boolean {
  const keys = Object.keys(strip(b));
  if (keys.length === 0 || same(strip(a), strip(b))) return true;
  const [ta, tb] = [typesOf(a), typesOf(b)];
  return (
    keys.every((k) => k === "type") &&
    ta !== undefined &&
    tb !== undefined &&
    ta.every((t) => tb.includes(t) || (t === "integer" && tb.includes("number")))
  );
}

/** A schema without its annotations and the marks rowforge keeps on it (the references that led to it). */
const strip = (s: SchemaObject): SchemaObject =>
  Object.fromEntries(
    Object.entries(s).filter(
      ([k]) => !["description", "title", "$comment", "examples"].includes(k) && !k.startsWith("\u0000"),
    ),
  );
