import type { SqlValue } from "../engine/index.ts";
import { RowforgeError } from "../errors/index.ts";
import type { DataType } from "../model/data-type.ts";
import type { FieldCheck } from "../model/validation.ts";
import { type JsonSchemaTest, jsonSchemaOf } from "./json-schema-check.ts";
import type { KlPartition } from "./kl-divergence.ts";
import { sqlLiteral } from "./sql-literal.ts";
import type { StatKind, StatSpec } from "./stat-check.ts";

/** How one field check runs: a SQL boolean per row, a test of each value, a running comparison, an aggregate, or uniqueness. */
export type FieldCheckPlan =
  | { readonly kind: "sql"; readonly sql: string; readonly description: string }
  | { readonly kind: "value"; readonly fails: (v: SqlValue) => boolean; readonly description: string }
  | {
      readonly kind: "sequence";
      readonly fails: (type: DataType) => (v: SqlValue) => boolean;
      readonly description: string;
    }
  | { readonly kind: "stat"; readonly spec: StatSpec; readonly description: string }
  | {
      /** A test of each value with its type that says why it fails (a JSON Schema's error), or undefined. */
      readonly kind: "explained";
      readonly fails: JsonSchemaTest;
      readonly description: string;
    }
  | { readonly kind: "unique"; readonly description: string };

const STATS: Readonly<Record<string, StatKind>> = {
  maxBetween: "max",
  minBetween: "min",
  meanBetween: "mean",
  medianBetween: "median",
  stdDevBetween: "stdDev",
  sumBetween: "sum",
  distinctInSet: "distinctInSet",
  distinctContainsSet: "distinctContainsSet",
  distinctEqual: "distinctEqual",
  mostCommonValueInSet: "mostCommonValueInSet",
  uniqueValuesProportionBetween: "uniqueValuesProportion",
  uniqueValueCountBetween: "uniqueValueCount",
  klDivergenceLessThan: "klDivergence",
  quantileValuesBetween: "quantiles",
};

/**
 * Turns a field check as users write it (`{type: between, min: 1, max: 100, negate: true}`)
 * into how it runs, following Data Caterer's definitions: `strictly` defaults to true for
 * lessThan, greaterThan, the size checks and isIncreasing/isDecreasing; `negate` inverts the check;
 * a NULL value passes a row check unless the check is about nulls (Spark's where(!(expr))).
 */
export function fieldCheckPlan(field: string, ref: string, check: FieldCheck): FieldCheckPlan {
  const o = check.options;
  const negate = o.negate === true;
  const strictly = o.strictly !== false;
  const list = (k: string) => (Array.isArray(o[k]) ? (o[k] as unknown[]) : []);
  const sql = (condition: string, description: string): FieldCheckPlan => ({
    kind: "sql",
    sql: negate ? `NOT (${condition})` : condition,
    description: negate ? `not (${description})` : description,
  });
  const value = (test: (v: SqlValue) => boolean, description: string): FieldCheckPlan => ({
    kind: "value",
    // NULL passes, as a SQL condition on NULL would.
    fails: (v) => v !== null && test(v) === negate,
    description: negate ? `not (${description})` : description,
  });
  switch (check.type) {
    case "null":
      return {
        kind: "sql",
        sql: negate ? `${ref} IS NOT NULL` : `${ref} IS NULL`,
        description: `${field} is ${negate ? "not " : ""}null`,
      };
    case "equal":
      return sql(`${ref} = ${sqlLiteral(o.value)}`, `${field} equals ${String(o.value)}`);
    case "contains":
      return sql(`contains(${ref}, ${sqlLiteral(o.value)})`, `${field} contains ${String(o.value)}`);
    case "startsWith":
      return sql(`startswith(${ref}, ${sqlLiteral(o.value)})`, `${field} starts with ${String(o.value)}`);
    case "endsWith":
      return sql(`endswith(${ref}, ${sqlLiteral(o.value)})`, `${field} ends with ${String(o.value)}`);
    case "lessThan":
      return sql(
        `${ref} ${strictly ? "<" : "<="} ${sqlLiteral(o.value)}`,
        `${field} ${strictly ? "<" : "<="} ${String(o.value)}`,
      );
    case "greaterThan":
      return sql(
        `${ref} ${strictly ? ">" : ">="} ${sqlLiteral(o.value)}`,
        `${field} ${strictly ? ">" : ">="} ${String(o.value)}`,
      );
    case "between":
      return sql(
        `${ref} BETWEEN ${sqlLiteral(o.min)} AND ${sqlLiteral(o.max)}`,
        `${field} between ${String(o.min)} and ${String(o.max)}`,
      );
    case "in":
      // An empty list holds no value: every value fails, and with negate every value passes.
      return sql(
        list("values").length === 0
          ? `CASE WHEN ${ref} IS NULL THEN NULL ELSE false END`
          : `${ref} IN (${list("values").map(sqlLiteral).join(", ")})`,
        `${field} in ${list("values").join(", ")}`,
      );
    case "matches":
      return sql(`regexp(${ref}, ${sqlLiteral(o.regex)})`, `${field} matches ${String(o.regex)}`);
    case "matchesList": {
      const all = o.matchAll !== false;
      const parts = list("regexes").map((r) => `regexp(${ref}, ${sqlLiteral(r)})`);
      return sql(
        `(${parts.join(all ? " AND " : " OR ") || "true"})`,
        `${field} matches ${all ? "all" : "any"} of ${list("regexes").join(", ")}`,
      );
    }
    case "size":
      return sql(`size(${ref}) = ${sqlLiteral(o.size)}`, `size of ${field} is ${String(o.size)}`);
    case "lessThanSize":
      return sql(
        `size(${ref}) ${strictly ? "<" : "<="} ${sqlLiteral(o.size)}`,
        `size of ${field} ${strictly ? "<" : "<="} ${String(o.size)}`,
      );
    case "greaterThanSize":
      return sql(
        `size(${ref}) ${strictly ? ">" : ">="} ${sqlLiteral(o.size)}`,
        `size of ${field} ${strictly ? ">" : ">="} ${String(o.size)}`,
      );
    case "lengthBetween":
      return sql(
        `length(${ref}) BETWEEN ${sqlLiteral(o.min)} AND ${sqlLiteral(o.max)}`,
        `length of ${field} between ${String(o.min)} and ${String(o.max)}`,
      );
    case "lengthEqual":
      return sql(`length(${ref}) = ${sqlLiteral(o.value)}`, `length of ${field} is ${String(o.value)}`);
    case "hasType":
      return sql(`typeof(${ref}) = ${sqlLiteral(o.value)}`, `${field} has type ${String(o.value)}`);
    case "hasTypes":
      return sql(
        `typeof(${ref}) IN (${list("values").map(sqlLiteral).join(", ")})`,
        `${field} has one of types ${list("values").join(", ")}`,
      );
    case "matchDateTimeFormat":
      return sql(
        `to_timestamp(${ref}, ${sqlLiteral(o.format)}) IS NOT NULL`,
        `${field} matches date-time format ${String(o.format)}`,
      );
    case "luhnCheck":
      return value((v) => luhn(String(v)), `${field} passes the Luhn check`);
    case "isJsonParsable":
      return value((v) => parsesAsJson(v), `${field} is JSON`);
    case "matchJsonSchema": {
      const schema = jsonSchemaOf(field, o);
      if (schema) {
        const test = schema.test;
        return {
          kind: "explained",
          fails: negate
            ? (v, type) => (v !== null && test(v, type) === undefined ? "matches the schema" : undefined)
            : test,
          description: negate ? `not (${schema.description})` : schema.description,
        };
      }
      // Data Caterer's own form: a Spark DDL schema (from_json), whose keys are checked.
      return value(
        (v) => matchesSchema(v, String(o.schema ?? "")),
        `${field} matches JSON schema ${String(o.schema)}`,
      );
    }
    case "isIncreasing":
    case "isDecreasing": {
      const up = check.type === "isIncreasing";
      const description = `${field} is ${strictly ? "strictly " : ""}${up ? "increasing" : "decreasing"}`;
      return {
        kind: "sequence",
        description,
        fails: () => {
          let prev: number | bigint | string | null = null;
          return (v) => {
            if (v === null) return false;
            const x = typeof v === "bigint" || typeof v === "number" || typeof v === "string" ? v : Number(v);
            const before = prev;
            prev = x;
            if (before === null) return false;
            const ok = up ? (strictly ? x > before : x >= before) : strictly ? x < before : x <= before;
            return ok === negate;
          };
        },
      };
    }
    case "unique":
      return { kind: "unique", description: `${field} is unique` };
    default: {
      const stat = STATS[check.type];
      if (!stat) {
        throw new RowforgeError(
          "RF_VALIDATION_NOT_SUPPORTED",
          `field check "${check.type}" on "${field}" is not run yet`,
        );
      }
      const num = (k: string) => (o[k] === undefined ? undefined : Number(o[k]));
      const ranges: [number, number, number][] = [];
      if (o.quantileRanges && typeof o.quantileRanges === "object") {
        for (const [q, r] of Object.entries(o.quantileRanges as Record<string, unknown>)) {
          const pair = (Array.isArray(r) && Array.isArray(r[0]) ? r[0] : r) as unknown[];
          ranges.push([Number(q), Number(pair[0]), Number(pair[1])]);
        }
      }
      const min = num("min");
      const max = stat === "klDivergence" ? num("value") : num("max");
      const partition = stat === "klDivergence" ? klPartition(field, o.partition) : undefined;
      const spec: StatSpec = {
        stat,
        description: "",
        field,
        negate,
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
        values: list("values"),
        quantileRanges: ranges,
        ...(o.excludeNulls === true ? { excludeNulls: true } : {}),
        ...(partition
          ? {
              partition,
              holdout: { tail: num("tailWeightHoldout") ?? 0, internal: num("internalWeightHoldout") ?? 0 },
            }
          : {}),
      };
      const what =
        stat === "quantiles"
          ? `quantiles of ${field} within ${ranges.map(([q, a, b]) => `${q}: [${a}, ${b}]`).join(", ")}`
          : stat === "klDivergence"
            ? `KL divergence of ${field} from its expected ${partition?.bins ? "bins" : "values"} at most ${String(max)}`
            : o.values !== undefined
              ? `${check.type} of ${field}: ${list("values").join(", ")}`
              : `${stat} of ${field} between ${String(min)} and ${String(max)}`;
      return { kind: "stat", spec, description: negate ? `not (${what})` : what };
    }
  }
}

/**
 * The expected partition of a klDivergenceLessThan check (Great Expectations' partition_object):
 * `bins` (edges, "-Infinity"/"Infinity" allowed) or `values`, with one weight per bin or value.
 */
function klPartition(field: string, raw: unknown): KlPartition {
  const p = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const numbers = (v: unknown) => (Array.isArray(v) ? v.map((x) => Number(x)) : undefined);
  const weights = numbers(p.weights);
  const bins = numbers(p.bins);
  const values = Array.isArray(p.values)
    ? p.values.map((v) => (typeof v === "string" ? v : JSON.stringify(v)))
    : undefined;
  const tails = numbers(p.tail_weights ?? p.tailWeights);
  const size = bins ? bins.length - 1 : (values?.length ?? -1);
  if (
    !weights ||
    weights.length !== size ||
    weights.some((w) => !Number.isFinite(w) || w < 0) ||
    bins?.some(Number.isNaN)
  )
    throw new RowforgeError(
      "RF_VALIDATION_NOT_SUPPORTED",
      `field check klDivergenceLessThan on "${field}" needs a partition of bins (edges) or values with one weight per bin or value`,
      {
        hint: "write partition: {bins: [0, 10, 20], weights: [0.5, 0.5]} or {values: [a, b], weights: [0.3, 0.7]}",
      },
    );
  return {
    weights,
    ...(bins ? { bins } : { values: values! }),
    ...(tails?.length === 2 ? { tailWeights: [tails[0]!, tails[1]!] as [number, number] } : {}),
  };
}

function luhn(text: string): boolean {
  const digits = text.replace(/\s/g, "");
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function parsesAsJson(v: SqlValue): boolean {
  if (typeof v !== "string") return false;
  try {
    JSON.parse(v);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether text is a JSON object whose keys are among a DDL schema's fields (`id STRING, amount
 * DOUBLE`): Spark's from_json is lenient about missing keys, so only the shape is checked.
 */
function matchesSchema(v: SqlValue, schema: string): boolean {
  if (typeof v !== "string") return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    return false;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return false;
  const names = schema
    .split(",")
    .map((p) => p.trim().split(/\s+/)[0]?.replace(/`/g, "").toLowerCase())
    .filter((n): n is string => !!n);
  return Object.keys(parsed).every((k) => names.includes(k.toLowerCase()));
}
