import { didYouMean, type PathSegment } from "../../errors/index.ts";
import {
  type DataType,
  FIELD_OPTION_TABLE,
  type OptionKind,
  PASS_THROUGH_OPTION_KEYS,
} from "../../model/index.ts";
import { HELPER_OPTION_NAMES, HELPER_OUTPUT_OPTION_NAMES } from "../helpers/index.ts";
import { describe, isObject, type LoadContext } from "./load-context.ts";
import { boundOrder, readBound } from "./read-bound.ts";
import { castScalar, readWeightedList, splitValues } from "./read-weighted-list.ts";

type Options = Record<string, unknown>;
const ROWS: Readonly<Record<string, { readonly kind: OptionKind }>> = FIELD_OPTION_TABLE;
const KNOWN_KEYS = Object.keys(ROWS);

/**
 * Normalises a field's options once: numbers from text, booleans from "true", lists from
 * comma text, weighted values, bounds typed for the field. Unknown keys are reported with
 * the nearest known key and kept in `extra`.
 */
export function readFieldOptions(
  ctx: LoadContext,
  raw: unknown,
  path: readonly PathSegment[],
  type: DataType | undefined,
): Options {
  const out: Options = {};
  const obj = ctx.object(raw, path, "options");
  if (!obj) return out;
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    const p = [...path, key];
    const spec = ROWS[key];
    if (!spec) {
      extra[key] = value;
      if (
        PASS_THROUGH_OPTION_KEYS.includes(key) ||
        HELPER_OPTION_NAMES.includes(key) ||
        HELPER_OUTPUT_OPTION_NAMES.includes(key)
      ) {
        continue;
      }
      reportUnknownOption(ctx, key, path);
      continue;
    }
    if (value === null || value === undefined) continue;
    // Options of an array field other than the array* ones describe its elements.
    const valueType = type?.kind === "array" && !key.startsWith("array") ? type.element : type;
    const v = readOptionValue(ctx, key, spec.kind, value, p, valueType);
    if (v !== undefined) out[key] = v;
  }
  if (Object.keys(extra).length > 0) out.extra = extra;
  checkRanges(ctx, out, path);
  return out;
}

/**
 * Field options Data Caterer's schema, documentation or own files use although its engine
 * reads none of them, with what to write instead (docs/cli.md lists them). Users
 * have them in working files: they warn (RF_KEY_IGNORED), and are ignored as Data Caterer ignores them.
 */
const IGNORED_BY_DATA_CATERER: Readonly<Record<string, string>> = {
  minValue: "min",
  maxValue: "max",
  arrayMinLength: "arrayMinLen",
  arrayMaxLength: "arrayMaxLen",
  primaryKeyPosition: "primaryKeyPos",
  clusteringPosition: "clusteringPos",
  isQueryParam: "the field under httpUrl.queryParam (or name it queryParam<name>)",
  queryParamStyle: "the option style on a field under httpUrl.queryParam",
  queryParamExplode: "the option explode on a field under httpUrl.queryParam",
  correlatedWith: "an sql expression over the other field",
  negativelyCorrelatedWith: "an sql expression over the other field",
};

/**
 * An unknown key inside a field's options is an error (a typo such as `mni:` would
 * otherwise give wrong data without a word), a warning with `--lenient`; a key Data Caterer
 * ignores is a warning saying what to write (both errors with --strict).
 */
function reportUnknownOption(ctx: LoadContext, key: string, path: readonly PathSegment[]): void {
  const instead = IGNORED_BY_DATA_CATERER[key];
  if (instead !== undefined) {
    ctx.ignoredByDataCaterer(key, instead, path, "field option");
    return;
  }
  const suggestion = didYouMean(key, KNOWN_KEYS);
  const severity = ctx.strict ? "error" : ctx.lenientOptions ? "warning" : "error";
  ctx.report(
    severity,
    "RF_KEY_UNKNOWN",
    `unknown field option key "${key}"${suggestion ? `; ${suggestion}` : ""}`,
    [...path, key],
    severity === "error" ? "fix the name, or run with --lenient to ignore unknown option keys" : undefined,
    "key",
  );
}

function readOptionValue(
  ctx: LoadContext,
  key: string,
  kind: OptionKind,
  value: unknown,
  p: readonly PathSegment[],
  type: DataType | undefined,
): unknown {
  switch (kind) {
    case "string":
      return ctx.string(value, p);
    case "number":
      return ctx.number(value, p);
    case "integer":
      return ctx.integer(value, p);
    case "count": {
      const n = ctx.integer(value, p, "a whole number of zero or more");
      if (n !== undefined && n < 0) {
        ctx.error("RF_OPTION_INVALID", `${key} must be zero or more but is ${n}`, p);
        return undefined;
      }
      return n;
    }
    case "boolean":
      return ctx.boolean(value, p);
    case "probability": {
      const n = ctx.number(value, p, "a probability between 0 and 1");
      if (n !== undefined && (n < 0 || n > 1)) {
        ctx.error("RF_OPTION_INVALID", `${key} must be between 0 and 1 but is ${n}`, p);
        return undefined;
      }
      return n;
    }
    case "bound": {
      if (!type) return ctx.string(value, p);
      const r = readBound(value, type);
      if (!r.ok) {
        ctx.error("RF_OPTION_INVALID", `${key} ${describe(value)}: ${r.reason}`, p);
        return undefined;
      }
      return r.value;
    }
    case "weightedList": {
      const valueType = key === "arrayWeightedOneOf" && type?.kind === "array" ? type.element : type;
      return readWeightedList(ctx, value, p, valueType);
    }
    case "scalarList": {
      const values = splitValues(value);
      const elementType = type?.kind === "array" ? type.element : undefined;
      if (!values) {
        ctx.error("RF_OPTION_INVALID", `${key} expects a list of values but found ${describe(value)}`, p);
        return undefined;
      }
      const out: unknown[] = [];
      values.forEach((v, i) => {
        const c = castScalar(v, elementType);
        if (c.ok) out.push(c.value);
        else
          ctx.error("RF_OPTION_INVALID", `${JSON.stringify(v)} is not a valid ${elementType?.kind}`, [
            ...p,
            i,
          ]);
      });
      return out;
    }
    case "scalar":
      if (isObject(value) || Array.isArray(value)) {
        ctx.error("RF_OPTION_INVALID", `static expects a single value but found ${describe(value)}`, p);
        return undefined;
      }
      return value;
    case "seed": {
      if (typeof value === "number" && Number.isInteger(value)) return value;
      if (typeof value === "string" && value.trim() !== "") return value.trim();
      ctx.error("RF_OPTION_INVALID", `seed expects a whole number or text but found ${describe(value)}`, p);
      return undefined;
    }
    case "distribution": {
      const s = ctx.string(value, p)?.trim().toLowerCase();
      if (s === undefined) return undefined;
      if (s === "uniform" || s === "normal" || s === "exponential") return s;
      ctx.error("RF_OPTION_INVALID", `unknown distribution "${s}"`, p, "use uniform, normal or exponential");
      return undefined;
    }
    default:
      return value;
  }
}

const RANGE_PAIRS: readonly [string, string][] = [
  ["min", "max"],
  ["minLen", "maxLen"],
  ["arrayMinLen", "arrayMaxLen"],
  ["mapMinSize", "mapMaxSize"],
];

function checkRanges(ctx: LoadContext, o: Options, path: readonly PathSegment[]): void {
  for (const [lo, hi] of RANGE_PAIRS) {
    const a = o[lo];
    const b = o[hi];
    if (a === undefined || b === undefined) continue;
    const x = typeof a === "number" || typeof a === "string" ? boundOrder(a) : undefined;
    const y = typeof b === "number" || typeof b === "string" ? boundOrder(b) : undefined;
    if (x !== undefined && y !== undefined && x > y) {
      ctx.error("RF_RANGE_INVERTED", `${lo} ${String(a)} is above ${hi} ${String(b)}`, [...path, lo]);
    }
  }
}
