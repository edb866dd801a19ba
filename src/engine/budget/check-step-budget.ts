import { isRowforgeError } from "../../errors/index.ts";
import type { DataType } from "../../model/data-type.ts";
import type { Field } from "../../model/field.ts";
import type { FieldOptions } from "../../model/field-options.ts";
import { DEFAULT_TEXT_MAX_LEN } from "../../model/text-length.ts";
import { walkFields } from "../../model/walk-fields.ts";
import { callMaxLength, parseFakerTemplate, templateMaxLength } from "../faker/index.ts";
import { effectiveType, elementFieldOf, isDerivedField } from "../generators/create-field-generator.ts";
import { regexMaxLength } from "../regex/index.ts";
import { checkBudget, type GenerationBudget } from "./generation-budget.ts";

/** Estimated bytes of values whose size the plan does not bound (numbers, dates, SQL results). */
const SCALAR_BYTES = 16;
const DECIMAL_BYTES = 32;
const UUID_BYTES = 88;
/** A SQL result's size is checked while it is computed (maxStringLength, maxArrayLength). */
const SQL_VALUE_BYTES = 64;
const DEFAULT_COLLECTION_SIZE = 5;

/** A string of n characters: UTF-16 in memory plus the object header. */
const stringBytes = (n: number): number => 16 + 2 * n;

export interface StepBudgetEstimate {
  /** Worst-case bytes of one row. */
  readonly bytesPerRow: number;
  /** The field with the largest worst case, and its bytes (for messages). */
  readonly largestField: string | undefined;
  readonly largestBytes: number;
}

/**
 * Checks one step against the budget before anything of it is compiled or generated:
 * nesting depth, field counts, string, regex and collection lengths, faker calls per
 * template, and the worst-case bytes of a row. Throws RF_BUDGET_EXCEEDED naming the field,
 * the value, the limit and how to raise it; returns the row estimate otherwise.
 */
export function checkStepBudget(
  stepName: string,
  fields: readonly Field[],
  budget: GenerationBudget,
): StepBudgetEstimate {
  const where = (path: string) => `step "${stepName}", field "${path}"`;
  checkBudget(budget, "maxFieldsPerStep", fields.length, `step "${stepName}"`, "the number of fields");
  checkFieldShape(stepName, fields, budget);
  let total = 16;
  let largestField: string | undefined;
  let largestBytes = 0;
  for (const f of fields) {
    const bytes = fieldBytes(f, effectiveType(f), f.name, { budget, where });
    total += bytes;
    if (bytes > largestBytes) {
      largestBytes = bytes;
      largestField = f.name;
    }
  }
  checkBudget(
    budget,
    "maxBytesPerRow",
    total,
    `step "${stepName}"${largestField ? ` (largest field "${largestField}", ${Math.round(largestBytes)} bytes at most)` : ""}`,
    "the worst-case size of one row in bytes",
  );
  return { bytesPerRow: total, largestField, largestBytes };
}

/** Depth and count of nested fields, then the depth of each field's type. */
function checkFieldShape(stepName: string, fields: readonly Field[], budget: GenerationBudget): void {
  let nested = 0;
  walkFields(fields, { depth: -1, path: "" }, (field, parent) => {
    const depth = parent.depth + 1;
    const path = depth === 0 ? field.name : `${parent.path}.${field.name}`;
    const where = `step "${stepName}", field "${path}"`;
    checkBudget(budget, "maxNestingDepth", depth, where, "the nesting depth of fields");
    if (depth > 0) nested++;
    checkBudget(budget, "maxNestedFields", nested, where, "the number of nested fields of the step");
    return { depth, path };
  });
  for (const f of fields) {
    checkBudget(
      budget,
      "maxNestingDepth",
      typeDepth(effectiveType(f)),
      `step "${stepName}", field "${f.name}"`,
      "the nesting depth of its type (arrays, maps and structs inside each other)",
    );
  }
}

/** Levels of arrays, maps and structs inside each other; computed without recursion. */
export function typeDepth(type: DataType): number {
  let max = 0;
  const stack: [DataType, number][] = [[type, 0]];
  while (stack.length > 0) {
    const [t, d] = stack.pop()!;
    if (d > max) max = d;
    if (t.kind === "array") stack.push([t.element, d + 1]);
    else if (t.kind === "map") stack.push([t.key, d + 1], [t.value, d + 1]);
    else if (t.kind === "struct") for (const f of t.fields) stack.push([f.type, d + 1]);
  }
  return max;
}

type Where = (path: string) => string;

/** What the size of a field is checked against, and how a message names the field at a path. */
interface Sizing {
  readonly budget: GenerationBudget;
  readonly where: Where;
}

/** Worst-case bytes of one value of a field (or of a struct member / element without its own field). */
function fieldBytes(field: Field | undefined, type: DataType, path: string, sizing: Sizing): number {
  const { budget, where } = sizing;
  const o = field?.options ?? {};
  if (field && isDerivedField(field)) {
    if (o.sql !== undefined)
      checkBudget(budget, "maxSqlLength", o.sql.length, where(path), "the length of its sql expression");
    return type.kind === "array" || type.kind === "map" || type.kind === "struct"
      ? typeBytes(type)
      : SQL_VALUE_BYTES;
  }
  const limit = (option: string, value: number | undefined, name: "maxStringLength" | "maxArrayLength") => {
    if (value !== undefined) checkBudget(budget, name, value, where(path), `option ${option}`);
  };
  const staticValue = field?.static ?? o.static;
  if (type.kind === "array") {
    limit("arrayMinLen", o.arrayMinLen, "maxArrayLength");
    limit("arrayMaxLen", o.arrayMaxLen, "maxArrayLength");
    limit("arrayFixedSize", o.arrayFixedSize, "maxArrayLength");
    const len = arrayLengthBound(o);
    const pick = o.arrayWeightedOneOf ?? o.arrayOneOf?.map((value) => ({ value }));
    let element: number;
    if (pick) element = longestBytes(pick.map((p) => p.value));
    else if (o.arrayUniqueFrom) element = longestBytes(o.arrayUniqueFrom);
    else if (type.element.kind === "struct" && field && field.fields.length > 0)
      element = structBytes(field, type.element, path, sizing);
    else {
      const elementField: Field | undefined = field ? elementFieldOf(field) : undefined;
      element = fieldBytes(elementField, type.element, `${path}[]`, sizing);
    }
    return 16 + len * (8 + element);
  }
  if (type.kind === "map") {
    limit("mapMinSize", o.mapMinSize, "maxArrayLength");
    limit("mapMaxSize", o.mapMaxSize, "maxArrayLength");
    const size = Math.max(o.mapMaxSize ?? DEFAULT_COLLECTION_SIZE, o.mapMinSize ?? 0);
    return 16 + size * (16 + typeBytes(type.key) + typeBytes(type.value));
  }
  if (staticValue !== undefined && staticValue !== null) return stringBytes(String(staticValue).length);
  if (o.oneOf) return longestBytes(o.oneOf.map((v) => v.value));
  if (o.regex !== undefined) return stringBytes(checkRegex(o.regex, path, budget, where));
  if (o.expression !== undefined) {
    const parts = parseFakerTemplate(o.expression);
    const calls = parts.filter((x) => x.kind === "call").length;
    checkBudget(budget, "maxFakerCalls", calls, where(path), "the number of faker calls in its expression");
    for (const p of parts) {
      if (p.kind === "text") continue;
      if (p.name.toLowerCase() === "regexify" && p.args[0] !== undefined)
        checkRegex(p.args[0], path, budget, where);
      const longest = callMaxLength(p);
      checkBudget(
        budget,
        "maxStringLength",
        longest,
        where(path),
        `the longest value of ${shorten(p.source)}`,
      );
    }
    const longest = templateMaxLength(parts);
    checkBudget(budget, "maxStringLength", longest, where(path), "the longest value of its expression");
    return stringBytes(longest);
  }
  if (o.uuid !== undefined) return UUID_BYTES;
  switch (type.kind) {
    case "string":
    case "binary": {
      limit("minLen", o.minLen, "maxStringLength");
      limit("maxLen", o.maxLen, "maxStringLength");
      if (o.incremental !== undefined) return stringBytes(24);
      const len = Math.max(o.maxLen ?? DEFAULT_TEXT_MAX_LEN, o.minLen ?? 1);
      return type.kind === "string" ? stringBytes(len) : 16 + len;
    }
    case "struct":
      return structBytes(field, type, path, sizing);
    case "decimal":
      return DECIMAL_BYTES;
    default:
      return SCALAR_BYTES;
  }
}

/** The most elements an array field's values have, from its options. */
export function arrayLengthBound(o: FieldOptions): number {
  const len = o.arrayFixedSize ?? Math.max(o.arrayMaxLen ?? DEFAULT_COLLECTION_SIZE, o.arrayMinLen ?? 0);
  return o.arrayUniqueFrom ? Math.min(len, o.arrayUniqueFrom.length) : len;
}

/**
 * Worst-case bytes of one value of a top-level field, as checkStepBudget estimates it (a field
 * it has checked); a sql field's is a placeholder, its expression's bound is the compiler's.
 */
export const fieldValueBytes = (field: Field, budget: GenerationBudget): number =>
  fieldBytes(field, effectiveType(field), field.name, { budget, where: (path) => `field "${path}"` });

function structBytes(field: Field | undefined, type: DataType, path: string, sizing: Sizing): number {
  if (type.kind !== "struct") return SCALAR_BYTES;
  let sum = 16;
  for (const sf of type.fields) {
    const child = field?.fields.find((f) => f.name === sf.name);
    sum += 8 + fieldBytes(child, sf.type, `${path}.${sf.name}`, sizing);
  }
  return sum;
}

/** The bytes of the longest of a list of values (a loop: lists may be long). */
function longestBytes(values: readonly unknown[]): number {
  let max = SCALAR_BYTES;
  for (const v of values) {
    const b = stringBytes(String(v).length);
    if (b > max) max = b;
  }
  return max;
}

/** Worst-case bytes of a value of a type generated with default options. */
function typeBytes(type: DataType): number {
  switch (type.kind) {
    case "string":
      return stringBytes(DEFAULT_TEXT_MAX_LEN);
    case "binary":
      return 16 + DEFAULT_TEXT_MAX_LEN;
    case "decimal":
      return DECIMAL_BYTES;
    case "array":
      return 16 + DEFAULT_COLLECTION_SIZE * (8 + typeBytes(type.element));
    case "map":
      return 16 + DEFAULT_COLLECTION_SIZE * (16 + typeBytes(type.key) + typeBytes(type.value));
    case "struct":
      return type.fields.reduce((n, f) => n + 8 + typeBytes(f.type), 16);
    default:
      return SCALAR_BYTES;
  }
}

/** The longest string of a regex, within maxRegexLength. */
function checkRegex(pattern: string, path: string, budget: GenerationBudget, where: Where): number {
  let n: number;
  try {
    n = regexMaxLength(pattern);
  } catch (e) {
    // A regex that does not parse is its field's problem, reported (with the step's other
    // fields' problems) when the field is compiled: nothing to measure here.
    if (isRowforgeError(e)) return 0;
    throw e;
  }
  checkBudget(
    budget,
    "maxRegexLength",
    n,
    where(path),
    `the longest string of regex "${shorten(pattern)}", in characters,`,
  );
  return n;
}

/** Text quoted in a message, cut to 80 characters. */
const shorten = (text: string): string => (text.length > 80 ? `${text.slice(0, 77)}...` : text);
