import { didYouMean, type PathSegment } from "../../errors/index.ts";
import type {
  DataSourceValidation,
  FieldCheck,
  Validation,
  ValidationConfig,
  WaitCondition,
} from "../../model/index.ts";
import { isObject, type LoadContext, type PartReader, type RawObject } from "./load-context.ts";

export const FIELD_CHECK_TYPES = [
  "null",
  "equal",
  "contains",
  "unique",
  "lessThan",
  "greaterThan",
  "between",
  "in",
  "matches",
  "matchesList",
  "startsWith",
  "endsWith",
  "size",
  "lessThanSize",
  "greaterThanSize",
  "luhnCheck",
  "hasType",
  "hasTypes",
  "distinctInSet",
  "distinctContainsSet",
  "distinctEqual",
  "maxBetween",
  "meanBetween",
  "medianBetween",
  "minBetween",
  "stdDevBetween",
  "sumBetween",
  "lengthBetween",
  "lengthEqual",
  "isDecreasing",
  "isIncreasing",
  "isJsonParsable",
  "matchJsonSchema",
  "matchDateTimeFormat",
  "mostCommonValueInSet",
  "uniqueValuesProportionBetween",
  "uniqueValueCountBetween",
  "klDivergenceLessThan",
  "quantileValuesBetween",
] as const;
export const CHECK_PARAM_KEYS = [
  "type",
  "value",
  "values",
  "min",
  "max",
  "regex",
  "regexes",
  "matchAll",
  "size",
  "strictly",
  "negate",
  "schema",
  "schemaFile",
  "format",
  "quantileRanges",
  "partition",
  "excludeNulls",
  "tailWeightHoldout",
  "internalWeightHoldout",
  "strictMin",
  "strictMax",
  "description",
  "errorThreshold",
];
const FIELD_NAME_TYPES = ["fieldCountEqual", "fieldCountBetween", "fieldNameMatchOrder", "fieldNameMatchSet"];
const AGG_TYPES = ["sum", "count", "max", "min", "avg", "stddev"];
const COMMON_KEYS = ["description", "errorThreshold", "preFilterExpr"];
export const VALIDATION_KEYS = [
  ...COMMON_KEYS,
  "expr",
  "selectExpr",
  "field",
  "validation",
  "groupByFields",
  "aggField",
  "aggType",
  "aggExpr",
  "fieldNameType",
  "count",
  "min",
  "max",
  "names",
  "minCount",
  "maxCount",
  "upstreamDataSource",
  "upstreamTaskName",
  "upstreamReadOptions",
  "joinFields",
  "joinType",
  "metric",
  "validations",
];
export const WAIT_KEYS = [
  "pauseInSeconds",
  "path",
  "dataSourceName",
  "options",
  "expr",
  "url",
  "method",
  "statusCodes",
  "maxRetries",
  "waitBeforeRetrySeconds",
];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Reads a validation file: name, description, dataSources keyed by connection name. */
export function readValidationConfig(
  ctx: LoadContext,
  obj: RawObject,
  path: readonly PathSegment[],
): ValidationConfig | undefined {
  ctx.checkKeys(obj, ["name", "description", "dataSources"], path, "validation file");
  const name = ctx.requireString(obj, "name", path, "the validation file");
  const description =
    obj.description === undefined ? "" : (ctx.string(obj.description, [...path, "description"]) ?? "");
  const dataSources: Record<string, DataSourceValidation[]> = {};
  const ds = ctx.object(obj.dataSources, [...path, "dataSources"], "dataSources") ?? {};
  for (const [dsName, entries] of Object.entries(ds)) {
    const p = [...path, "dataSources", dsName];
    const list = ctx.list(entries, p, `validations of ${dsName}`) ?? [];
    dataSources[dsName] = list.flatMap((e, i) => {
      const v = readDataSourceValidation(ctx, e, [...p, i]);
      return v ? [v] : [];
    });
  }
  if (name === undefined) return undefined;
  return { name, description, dataSources };
}

const readDataSourceValidation: PartReader<DataSourceValidation> = (ctx, raw, path) => {
  const obj = ctx.mapping(
    raw,
    path,
    "a data source's validations",
    ["options", "waitCondition", "validations"],
    "data source validation",
  );
  if (!obj) return undefined;
  const out: Mutable<DataSourceValidation> = {
    options: ctx.stringMap(obj.options ?? {}, [...path, "options"], "options"),
    validations: readValidations(ctx, obj.validations ?? [], [...path, "validations"]),
  };
  if (obj.waitCondition !== undefined) {
    const w = readWaitCondition(ctx, obj.waitCondition, [...path, "waitCondition"]);
    if (w) out.waitCondition = w;
  }
  return out;
};

export function readValidations(ctx: LoadContext, raw: unknown, path: readonly PathSegment[]): Validation[] {
  return ctx.listOf(raw, path, "validations", (item, at) => readValidation(ctx, item, at));
}

const readValidation: PartReader<Validation> = (ctx, raw, path) => {
  const obj = ctx.mapping(raw, path, "a validation", VALIDATION_KEYS, "validation");
  if (!obj) return undefined;
  const v: Mutable<Validation> = { kind: kindOf(obj), checks: [], nested: [] };
  const str = (k: string) => (obj[k] === undefined ? undefined : ctx.string(obj[k], [...path, k]));
  const set = <K extends keyof Validation>(k: K, value: Validation[K] | undefined) => {
    if (value !== undefined) v[k] = value;
  };
  set("description", str("description"));
  set("preFilterExpr", str("preFilterExpr"));
  if (obj.errorThreshold !== undefined)
    set("errorThreshold", ctx.number(obj.errorThreshold, [...path, "errorThreshold"]));
  switch (v.kind) {
    case "expression":
      set("expr", str("expr"));
      if (obj.selectExpr !== undefined)
        set("selectExpr", ctx.stringList(obj.selectExpr, [...path, "selectExpr"]));
      break;
    case "field":
      set("field", str("field"));
      v.checks = readChecks(ctx, obj.validation, [...path, "validation"]);
      break;
    case "groupBy": {
      if (obj.groupByFields !== undefined)
        set("groupByFields", ctx.stringList(obj.groupByFields, [...path, "groupByFields"]));
      set("aggField", str("aggField"));
      const agg = str("aggType")?.toLowerCase();
      if (agg !== undefined && !AGG_TYPES.includes(agg)) {
        ctx.unknownValue("aggType", agg, [...path, "aggType"], `use ${AGG_TYPES.join(", ")}`);
      } else set("aggType", agg);
      set("aggExpr", str("aggExpr"));
      break;
    }
    case "fieldNames": {
      const t = str("fieldNameType");
      if (t !== undefined && !FIELD_NAME_TYPES.includes(t)) {
        ctx.unknownValue(
          "fieldNameType",
          t,
          [...path, "fieldNameType"],
          `use ${FIELD_NAME_TYPES.join(", ")}`,
        );
      }
      set("fieldNameType", t);
      const opts: Record<string, unknown> = {};
      for (const k of ["count", "min", "max", "names"]) if (obj[k] !== undefined) opts[k] = obj[k];
      // Older Data Caterer examples write minCount/maxCount for fieldCountBetween.
      for (const [old, k] of [
        ["minCount", "min"],
        ["maxCount", "max"],
      ] as const) {
        if (obj[old] === undefined || opts[k] !== undefined) continue;
        opts[k] = obj[old];
        ctx.warn(
          "RF_KEY_UNKNOWN",
          `fieldCountBetween reads "${k}"; "${old}" is accepted too`,
          [...path, old],
          `rename the key to ${k}`,
        );
      }
      v.fieldNameOptions = opts;
      break;
    }
    case "upstream": {
      set("upstreamDataSource", str("upstreamDataSource"));
      set("upstreamTaskName", str("upstreamTaskName"));
      if (obj.upstreamReadOptions !== undefined) {
        v.upstreamReadOptions = ctx.stringMap(
          obj.upstreamReadOptions,
          [...path, "upstreamReadOptions"],
          "upstreamReadOptions",
        );
      }
      if (obj.joinFields !== undefined)
        set("joinFields", ctx.stringList(obj.joinFields, [...path, "joinFields"]));
      set("joinType", str("joinType"));
      const key = obj.validation !== undefined ? "validation" : "validations";
      if (key === "validations" && obj.validations !== undefined) {
        ctx.warn(
          "RF_KEY_UNKNOWN",
          'upstream checks are read from "validation"; "validations" is accepted too',
          [...path, key],
          "rename the key to validation",
        );
      }
      // Data Caterer accepts one upstream check as a mapping as well as a list.
      const nested = obj[key];
      if (isObject(nested)) {
        const one = readValidation(ctx, nested, [...path, key]);
        v.nested = one ? [one] : [];
      } else v.nested = readValidations(ctx, nested ?? [], [...path, key]);
      break;
    }
    case "metric":
      set("metric", str("metric"));
      // The metric's thresholds are field checks on its value (greaterThan, lessThan, equal, between, in).
      v.checks = readChecks(ctx, obj.validation, [...path, "validation"]);
      break;
  }
  return v;
};

/** A field or metric validation's checks: a list, or one check written as a mapping. */
function readChecks(ctx: LoadContext, raw: unknown, path: readonly PathSegment[]): FieldCheck[] {
  if (isObject(raw)) {
    const r = readFieldCheck(ctx, raw, path);
    return r ? [r] : [];
  }
  const checks = ctx.list(raw ?? [], path, "validation") ?? [];
  return checks.flatMap((c, i) => {
    const r = readFieldCheck(ctx, c, [...path, i]);
    return r ? [r] : [];
  });
}

function kindOf(obj: RawObject): Validation["kind"] {
  if (obj.upstreamDataSource !== undefined) return "upstream";
  if (obj.fieldNameType !== undefined) return "fieldNames";
  if (obj.metric !== undefined) return "metric";
  if (obj.groupByFields !== undefined || obj.aggType !== undefined || obj.aggExpr !== undefined)
    return "groupBy";
  if (obj.field !== undefined) return "field";
  return "expression";
}

const readFieldCheck: PartReader<FieldCheck> = (ctx, raw, path) => {
  const obj = ctx.mapping(raw, path, "a field check", CHECK_PARAM_KEYS, "field check");
  if (!obj) return undefined;
  if (obj.errorThreshold !== undefined) ctx.number(obj.errorThreshold, [...path, "errorThreshold"]);
  const type = ctx.requireString(obj, "type", path, "a field check");
  if (type === undefined) return undefined;
  if (!(FIELD_CHECK_TYPES as readonly string[]).includes(type)) {
    // A check that cannot run would fail the run after its data is written: refused before.
    const suggestion = didYouMean(type, FIELD_CHECK_TYPES);
    ctx.report(
      "error",
      "RF_VALIDATION_NOT_SUPPORTED",
      `field check type "${type}" is not a check rowforge runs${suggestion ? `; ${suggestion}` : ""}`,
      [...path, "type"],
      suggestion ? undefined : `field check types: ${FIELD_CHECK_TYPES.join(", ")}`,
    );
    return undefined;
  }
  const { type: _t, ...options } = obj;
  return { type, options };
};

const readWaitCondition: PartReader<WaitCondition> = (ctx, raw, path) => {
  const obj = ctx.mapping(raw, path, "waitCondition", WAIT_KEYS, "waitCondition");
  if (!obj) return undefined;
  const kind: WaitCondition["kind"] =
    obj.url !== undefined
      ? "webhook"
      : obj.dataSourceName !== undefined
        ? "dataExists"
        : obj.path !== undefined
          ? "fileExists"
          : "pause";
  if (kind === "pause" && obj.pauseInSeconds !== undefined)
    ctx.number(obj.pauseInSeconds, [...path, "pauseInSeconds"]);
  return { kind, options: { ...obj } };
};

export const isValidationShape = (obj: RawObject): boolean =>
  isObject(obj.dataSources) && Object.values(obj.dataSources).every((v) => Array.isArray(v));
