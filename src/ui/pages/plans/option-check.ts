import { didYouMeanOf, nearestNames } from "../../../errors/did-you-mean.ts";
import {
  FIELD_OPTION_BY_NAME,
  FIELD_OPTIONS,
  type JsonSchema,
  type KeyDoc,
  TYPE_NAMES,
} from "./option-catalogue.ts";

/** `: did you mean "a" or "b"?`, or nothing when no name is near. */
const didYouMeanSuffix = (near: readonly string[]): string =>
  near.length > 0 ? `: ${didYouMeanOf(near)}` : "";

/** A problem the form shows beside one input as the user types. */
export interface InputProblem {
  /** The option or key it is about. */
  readonly key: string;
  readonly message: string;
  /** The known names nearest to an unknown one, best first (for "did you mean" buttons). */
  readonly suggestions?: readonly string[];
}

/** Whether `value` fits the schema (the subset the generated schemas use). */
export function fits(schema: JsonSchema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.some((s) => fits(s, value));
  if (schema.enum) return schema.enum.includes(value);
  if (schema.type !== undefined) {
    const types = typeof schema.type === "string" ? [schema.type] : schema.type;
    if (!types.some((t) => typeFits(t, value))) return false;
  }
  if (schema.pattern !== undefined && typeof value === "string" && !new RegExp(schema.pattern).test(value))
    return false;
  if (schema.items && Array.isArray(value)) return value.every((v) => fits(schema.items!, v));
  return true;
}

function typeFits(type: string, value: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return value !== null && typeof value === "object" && !Array.isArray(value);
    default:
      return true;
  }
}

/** What a schema expects, in words: "a whole number", "true or false", "one of uniform, normal". */
export function expected(schema: JsonSchema): string {
  if (schema.anyOf) {
    const first = schema.anyOf[0];
    return first ? expected(first) : "a value";
  }
  if (schema.enum) return `one of ${schema.enum.map(String).join(", ")}`;
  const types =
    schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type;
  const words: Record<string, string> = {
    string: "text",
    number: "a number",
    integer: "a whole number",
    boolean: "true or false",
    array: "a list",
    object: "a mapping",
  };
  return types.map((t) => words[t] ?? t).join(" or ") || "a value";
}

/**
 * The problems of a field's `options` as the loader would find them: an unknown key (with the
 * nearest known names: a typo such as `mni` gives wrong data otherwise), a value of the wrong
 * kind (text where a number goes, a probability above 1 is left to the server).
 */
export function checkFieldOptions(options: unknown): InputProblem[] {
  if (options === undefined || options === null) return [];
  if (typeof options !== "object" || Array.isArray(options))
    return [{ key: "options", message: "options must be a mapping of option names to values" }];
  const problems: InputProblem[] = [];
  for (const [key, value] of Object.entries(options)) {
    const known = FIELD_OPTION_BY_NAME.get(key);
    if (!known) {
      const near = nearestNames(
        key,
        FIELD_OPTIONS.map((o) => o.name),
      );
      problems.push({
        key,
        message: `unknown option "${key}"${didYouMeanSuffix(near)}`,
        suggestions: near,
      });
      continue;
    }
    if (known.group === "generator" && !fits(known.schema, value))
      problems.push({ key, message: `${key} expects ${expected(known.schema)}, not ${describe(value)}` });
  }
  return problems;
}

/** Unknown keys of an object the form edits (a step, a count, a foreign key), with "did you mean". */
export function checkKeys(obj: unknown, known: readonly KeyDoc[], what: string): InputProblem[] {
  if (obj === null || typeof obj !== "object" || Array.isArray(obj)) return [];
  const names = known.map((k) => k.name);
  return Object.keys(obj)
    .filter((k) => !names.includes(k))
    .map((key) => {
      const near = nearestNames(key, names);
      return {
        key,
        message: `unknown key "${key}" in ${what}${didYouMeanSuffix(near)}`,
        suggestions: near,
      };
    });
}

/**
 * The problem of a field's type text (Spark DDL) the form can see at once: a type name that is
 * not one (with the nearest names) or brackets that do not close. The server's sample checks the
 * rest (decimal precision, nesting) and its answer is shown beside the field too.
 */
export function checkFieldType(type: unknown): InputProblem | undefined {
  if (type === undefined || type === null || type === "") return undefined;
  if (typeof type !== "string")
    return { key: "type", message: "type must be text such as int or array<string>" };
  let depth = 0;
  for (const c of type) {
    depth += c === "<" || c === "(" ? 1 : c === ">" || c === ")" ? -1 : 0;
    if (depth < 0) break;
  }
  if (depth !== 0) return { key: "type", message: `the brackets of "${type}" do not match` };
  // Names followed by ":" are a struct's field names; the others must be type names.
  for (const m of type.matchAll(/([A-Za-z_][\w-]*)\s*(:?)/g)) {
    const name = m[1]!;
    if (m[2] === ":" || /^\d/.test(name) || TYPE_NAMES.includes(name.toLowerCase())) continue;
    const near = nearestNames(name, TYPE_NAMES);
    return { key: "type", message: `unknown type "${name}"${didYouMeanSuffix(near)}`, suggestions: near };
  }
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `the text "${value}"`;
  return typeof value === "object" ? "a mapping" : String(value);
}
