import { invalid, noValue, type SchemaObject, type SchemaScope } from "./schema-types.ts";

const TYPES = ["string", "integer", "number", "boolean", "object", "array", "null"];
const ANNOTATIONS = new Set(["description", "title", "$comment", "examples", "default"]);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/**
 * A schema's `not` turned into what the generator can keep to: `not: {type}` leaves the type
 * out, `not: {const}` / `not: {enum}` excludes values (listed values are filtered, an integer
 * range keeps its larger side of a single excluded value, other values are too unlikely to
 * be drawn to matter, but are still checked by `excluded`), `not: {required: [p], ...}` never
 * writes p (whatever else it tests), `not: {pattern}` is kept for the string generator to
 * avoid, `not: {anyOf: [...]}` is each of its parts negated. Any other `not` is refused,
 * naming it: rowforge does not generate around it.
 */
export function applyNot(s: SchemaObject, scope: SchemaScope, at: string): SchemaObject {
  const not = s.not;
  if (not === undefined) return s;
  const { not: _, ...rest } = s;
  if (typeof not !== "object" || not === null || Array.isArray(not))
    throw invalid(scope, at, "has a not that is not a schema object");
  const n = not as SchemaObject;
  // not: {} (every value is valid against {}, so none against its not): the value may only be absent.
  if (Object.keys(n).every((k) => ANNOTATIONS.has(k)))
    throw noValue(scope, at, "is not: {}, which no value meets");
  // not (A or B) is (not A) and (not B).
  if (Array.isArray(n.anyOf) && Object.keys(n).every((k) => k === "anyOf" || ANNOTATIONS.has(k))) {
    let negated: SchemaObject = rest;
    for (const [i, part] of n.anyOf.entries())
      negated = applyNot({ ...negated, not: part }, scope, `${at}/not/anyOf/${i}`);
    return negated;
  }
  const out: Record<string, unknown> = { ...rest };
  // A not that requires properties fails once one of them is absent: none is written, whatever else it tests.
  const keys = Object.keys(n).filter(
    (k) => !ANNOTATIONS.has(k) && !(Array.isArray(n.required) && n.required.length > 0 && k !== "required"),
  );
  for (const k of keys) {
    if (k === "type") {
      const banned = list(n.type);
      const allowed = (out.type === undefined ? TYPES : list(out.type)).filter((t) => !banned.includes(t));
      if (allowed.length === 0) throw invalid(scope, at, "allows no type once its not is applied");
      out.type = allowed;
      if (banned.includes("null")) delete out.nullable;
    } else if (k === "const" || k === "enum") {
      const excluded = [...list(out[EXCLUDED]), ...(k === "const" ? [n.const] : list(n.enum))];
      out[EXCLUDED] = excluded;
      if (Array.isArray(out.enum))
        out.enum = out.enum.filter((v) => !excluded.some((x) => JSON.stringify(x) === JSON.stringify(v)));
      if (out.const !== undefined && excluded.some((x) => JSON.stringify(x) === JSON.stringify(out.const)))
        throw invalid(scope, at, "has a const that its not excludes");
    } else if (k === "required") {
      const dropped = list(n.required).map(String);
      const props =
        typeof out.properties === "object" && out.properties !== null
          ? { ...(out.properties as object) }
          : {};
      for (const p of dropped) (props as Record<string, unknown>)[p] = false;
      out.properties = props;
      if (Array.isArray(out.required)) {
        const clash = (out.required as string[]).filter((p) => dropped.includes(p));
        if (clash.length > 0)
          throw invalid(scope, at, `both requires and (through not) forbids ${clash.join(", ")}`);
      }
    } else if (k === "pattern" && typeof n.pattern === "string") {
      // Strings matching it are avoided by the string's own generator (checked by excludedPatternsOf's user).
      out[NOT_PATTERNS] = [...list(out[NOT_PATTERNS]), n.pattern];
    } else
      throw invalid(
        scope,
        at,
        `has not: {${keys.join(", ")}}, which rowforge does not generate around (it reads not with type, const, enum, pattern, required or anyOf of those)`,
        "rewrite the constraint positively (an enum, a pattern, bounds) or list the field with an sql option",
      );
  }
  return out;
}

/** Patterns a string must not match (`not: {pattern}`), kept on the schema for the string's generator. */
export const NOT_PATTERNS = "\u0000notPatterns";
export const excludedPatternsOf = (s: SchemaObject): string[] =>
  Array.isArray(s[NOT_PATTERNS]) ? (s[NOT_PATTERNS] as string[]) : [];

/** Values a `not` excludes, kept on the schema for the value generators. */
export const EXCLUDED = "\u0000excluded";
export const excludedOf = (s: SchemaObject): unknown[] =>
  Array.isArray(s[EXCLUDED]) ? (s[EXCLUDED] as unknown[]) : [];
