import type { PathSegment } from "../../errors/index.ts";
import { type Step, TRANSFORMATION_MODES, type Transformation } from "../../model/index.ts";
import type { Env } from "../env/substitute-env.ts";
import { isObject, type LoadContext, type PartReader, type RawObject } from "./load-context.ts";
import { readCount } from "./read-count.ts";
import { readFields } from "./read-field.ts";
import { substituteOptions } from "./substitute-options.ts";

/** `validations` belong to unified files; legacy tasks keep theirs in validation files. */
export const STEP_KEYS = [
  "name",
  "type",
  "count",
  "options",
  "fields",
  "enabled",
  "transformation",
  "validations",
];
export const TRANSFORMATION_KEYS = [
  "className",
  "methodName",
  "mode",
  "outputPath",
  "deleteOriginal",
  "enabled",
  "options",
];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Reads one step; `defaultType` is the type a unified data source's connection gives its steps. */
export function readStep(
  ctx: LoadContext,
  obj: RawObject,
  path: readonly PathSegment[],
  env: Env,
  defaultType = "json",
): Step | undefined {
  // Data Caterer's documentation puts enableDataGeneration on the step; its engine reads the step's options.
  ctx.checkKeys(obj, STEP_KEYS, path, "step", ["schema"], {
    enableDataGeneration: "options: {enableDataGeneration: ...} on the step",
  });
  const name = ctx.requireString(obj, "name", path, "a step");
  if (name === undefined) return undefined;
  const type =
    (obj.type === undefined ? undefined : ctx.string(obj.type, [...path, "type"]))?.trim() || defaultType;
  const options = substituteOptions(
    ctx,
    ctx.stringMap(obj.options ?? {}, [...path, "options"], "step options"),
    [...path, "options"],
    env,
  );
  const fields = readFields(ctx, obj.fields ?? [], [...path, "fields"], type);
  const count = readCount(ctx, obj.count ?? {}, [...path, "count"]);
  for (const [i, name] of (count.perField?.fieldNames ?? []).entries()) {
    const top = name.split(".")[0]!;
    if (fields.length > 0 && !fields.some((f) => f.name === top)) {
      ctx.error(
        "RF_OPTION_INVALID",
        `perField names field "${name}", which the step does not have`,
        [...path, "count", "perField", "fieldNames", i],
        `fields of the step: ${fields.map((f) => f.name).join(", ")}`,
      );
    }
  }
  const step: Mutable<Step> = {
    name,
    type,
    options,
    count,
    fields,
    enabled: obj.enabled === undefined ? true : (ctx.boolean(obj.enabled, [...path, "enabled"]) ?? true),
    ...transformationOf(ctx, obj, path),
  };
  return step;
}

/** The `transformation` of a step or task mapping, when it has one that reads. */
export function transformationOf(
  ctx: LoadContext,
  obj: RawObject,
  path: readonly PathSegment[],
): { transformation?: Transformation } {
  if (obj.transformation === undefined || obj.transformation === null) return {};
  const t = readTransformation(ctx, obj.transformation, [...path, "transformation"]);
  return t ? { transformation: t } : {};
}

const readTransformation: PartReader<Transformation> = (ctx, raw, path) => {
  if (!isObject(raw)) {
    ctx.error("RF_STRUCTURE", "transformation must be a mapping with className and mode", path);
    return undefined;
  }
  ctx.checkKeys(raw, TRANSFORMATION_KEYS, path, "transformation");
  const className = ctx.requireString(raw, "className", path, "a transformation");
  if (className === undefined) return undefined;
  let mode = (
    raw.mode === undefined ? "whole-file" : (ctx.string(raw.mode, [...path, "mode"]) ?? "whole-file")
  ).trim();
  if (mode === "row-by-row" || mode === "per_record" || mode === "perRecord") mode = "per-record";
  if (mode === "whole_file" || mode === "wholeFile") mode = "whole-file";
  if (!(TRANSFORMATION_MODES as readonly string[]).includes(mode)) {
    ctx.unknownValue("transformation mode", mode, [...path, "mode"], "use per-record or whole-file");
    return undefined;
  }
  const t: Mutable<Transformation> = {
    className,
    methodName:
      raw.methodName === undefined
        ? "transform"
        : (ctx.string(raw.methodName, [...path, "methodName"]) ?? "transform"),
    mode: mode as Transformation["mode"],
    enabled: raw.enabled === undefined ? true : (ctx.boolean(raw.enabled, [...path, "enabled"]) ?? true),
    options: ctx.stringMap(raw.options ?? {}, [...path, "options"], "transformation options"),
  };
  if (raw.outputPath !== undefined) {
    const o = ctx.string(raw.outputPath, [...path, "outputPath"]);
    if (o !== undefined) t.outputPath = o;
  }
  if (raw.deleteOriginal !== undefined) {
    const d = ctx.boolean(raw.deleteOriginal, [...path, "deleteOriginal"]);
    if (d !== undefined) t.deleteOriginal = d;
  }
  return t;
};
