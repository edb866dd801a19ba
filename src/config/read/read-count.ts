import type { PathSegment } from "../../errors/index.ts";
import { type Count, type CountOptions, DataTypes } from "../../model/index.ts";
import { LOAD_PATTERN_TYPES, loadPatternProblem } from "../../model/load-schedule.ts";
import { isObject, type LoadContext, type PartReader } from "./load-context.ts";
import { readWeightedList } from "./read-weighted-list.ts";

export const COUNT_KEYS = ["records", "perField", "options", "duration", "rate", "rateUnit", "pattern"];
export const PER_FIELD_KEYS = ["fieldNames", "count", "options"];
export const COUNT_OPTION_KEYS = [
  "min",
  "max",
  "oneOf",
  "distribution",
  "distributionRateParam",
  "mean",
  "stddev",
];
const RATE_UNITS = ["second", "minute", "hour", "1s", "1m", "1h", "s", "m", "h"];
const DURATION = /^\s*\d+(\.\d+)?\s*(ms|s|m|h)\s*$/;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Reads a step's `count`; an absent count is {} (the engine applies the default of 1000). */
export function readCount(ctx: LoadContext, raw: unknown, path: readonly PathSegment[]): Count {
  const obj = ctx.mapping(raw, path, "count", COUNT_KEYS, "count");
  if (!obj) return {};
  const out: Mutable<Count> = {};
  if (obj.records !== undefined && obj.records !== null) {
    const n = nonNegative(ctx, obj.records, [...path, "records"], "records");
    if (n !== undefined) out.records = n;
  }
  if (obj.perField !== undefined && obj.perField !== null) {
    const pf = ctx.object(obj.perField, [...path, "perField"], "perField");
    if (pf) {
      const pp = [...path, "perField"];
      ctx.checkKeys(pf, PER_FIELD_KEYS, pp, "perField");
      const fieldNames =
        pf.fieldNames === undefined ? undefined : ctx.stringList(pf.fieldNames, [...pp, "fieldNames"]);
      if (!fieldNames || fieldNames.length === 0) {
        ctx.error(
          "RF_KEY_MISSING",
          "perField needs fieldNames: the fields whose values group the records",
          pp,
        );
      } else {
        const perField: Mutable<NonNullable<Count["perField"]>> = { fieldNames };
        if (pf.count !== undefined && pf.count !== null) {
          const c = nonNegative(ctx, pf.count, [...pp, "count"], "perField count");
          if (c !== undefined) perField.count = c;
        }
        if (pf.options !== undefined && pf.options !== null) {
          const o = readCountOptions(ctx, pf.options, [...pp, "options"]);
          if (o) perField.options = o;
        }
        out.perField = perField;
      }
    }
  }
  if (obj.options !== undefined && obj.options !== null) {
    const o = readCountOptions(ctx, obj.options, [...path, "options"]);
    if (o) out.options = o;
  }
  if (obj.duration !== undefined && obj.duration !== null) {
    const d = ctx.string(obj.duration, [...path, "duration"]);
    if (d !== undefined && !DURATION.test(d)) {
      ctx.error(
        "RF_OPTION_INVALID",
        `duration "${d}" is not a duration`,
        [...path, "duration"],
        "write it like 30s, 5m or 1h",
      );
    } else if (d !== undefined) out.duration = d.trim();
  }
  if (obj.rate !== undefined && obj.rate !== null) {
    const r = nonNegative(ctx, obj.rate, [...path, "rate"], "rate", false);
    if (r !== undefined) out.rate = r;
  }
  if (obj.rateUnit !== undefined && obj.rateUnit !== null) {
    const u = ctx.string(obj.rateUnit, [...path, "rateUnit"]);
    if (u !== undefined && !RATE_UNITS.includes(u.toLowerCase())) {
      ctx.error("RF_OPTION_INVALID", `rateUnit "${u}" is not one of second, minute, hour`, [
        ...path,
        "rateUnit",
      ]);
    } else if (u !== undefined) out.rateUnit = u.toLowerCase();
  }
  if (obj.pattern !== undefined && obj.pattern !== null) {
    const pat = ctx.object(obj.pattern, [...path, "pattern"], "pattern");
    if (pat) {
      const type = ctx.string(pat.type, [...path, "pattern", "type"])?.toLowerCase();
      if (type === undefined || !LOAD_PATTERN_TYPES.includes(type)) {
        ctx.error(
          "RF_OPTION_INVALID",
          `load pattern type ${type === undefined ? "is missing" : `"${type}" is unknown`}`,
          [...path, "pattern", "type"],
          `use one of ${LOAD_PATTERN_TYPES.join(", ")}`,
        );
      } else {
        const { type: _t, ...rest } = pat;
        const options = isObject(pat.options) ? pat.options : rest;
        out.pattern = { type, options };
        const problem = loadPatternProblem(type, options);
        if (problem !== undefined) ctx.error("RF_OPTION_INVALID", problem, [...path, "pattern"]);
        if (out.duration === undefined) {
          ctx.error(
            "RF_KEY_MISSING",
            "a load pattern needs a duration",
            [...path, "pattern"],
            "add count.duration, e.g. 60s",
          );
        }
      }
    }
  }
  return out;
}

function nonNegative(
  ctx: LoadContext,
  raw: unknown,
  path: readonly PathSegment[],
  what: string,
  integer = true,
): number | undefined {
  const n = integer ? ctx.integer(raw, path) : ctx.number(raw, path);
  if (n === undefined) return undefined;
  if (n < 0) {
    ctx.error("RF_COUNT_NEGATIVE", `${what} is ${n}; it must be zero or more`, path);
    return undefined;
  }
  return n;
}

const readCountOptions: PartReader<CountOptions> = (ctx, raw, path) => {
  const obj = ctx.mapping(raw, path, "count options", COUNT_OPTION_KEYS, "count option");
  if (!obj) return undefined;
  const out: Mutable<CountOptions> = {};
  for (const key of ["min", "max"] as const) {
    if (obj[key] === undefined || obj[key] === null) continue;
    const n = nonNegative(ctx, obj[key], [...path, key], key);
    if (n !== undefined) out[key] = n;
  }
  if (out.min !== undefined && out.max !== undefined && out.min > out.max) {
    ctx.error("RF_RANGE_INVERTED", `min ${out.min} is above max ${out.max}`, [...path, "min"]);
  }
  if (obj.oneOf !== undefined && obj.oneOf !== null) {
    const list = readWeightedList(ctx, obj.oneOf, [...path, "oneOf"], DataTypes.long);
    if (list) {
      const bad = list.find((w) => typeof w.value !== "number" || w.value < 0);
      if (bad)
        ctx.error("RF_COUNT_NEGATIVE", `count ${String(bad.value)} must be zero or more`, [...path, "oneOf"]);
      else out.oneOf = list;
    }
  }
  if (obj.distribution !== undefined && obj.distribution !== null) {
    const d = ctx.string(obj.distribution, [...path, "distribution"])?.toLowerCase();
    if (d !== undefined && !["uniform", "normal", "exponential"].includes(d)) {
      ctx.error(
        "RF_OPTION_INVALID",
        `unknown distribution "${d}"`,
        [...path, "distribution"],
        "use uniform, normal or exponential",
      );
    } else if (d !== undefined) out.distribution = d;
  }
  for (const key of ["distributionRateParam", "mean", "stddev"] as const) {
    if (obj[key] === undefined || obj[key] === null) continue;
    const n = ctx.number(obj[key], [...path, key]);
    if (n !== undefined) out[key] = n;
  }
  return out;
};
