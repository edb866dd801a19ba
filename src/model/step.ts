import Type, { type Static } from "typebox";
import { Count } from "./count.ts";
import { Field } from "./field.ts";
import type { Immutable } from "./immutable.ts";
import { StringMap } from "./scalars.ts";

export const TRANSFORMATION_MODES = ["per-record", "whole-file"] as const;

/** A user transformation applied to generated output (a JavaScript module in rowforge). */
export const Transformation = Type.Object({
  className: Type.String(),
  methodName: Type.String(),
  mode: Type.Enum(TRANSFORMATION_MODES),
  outputPath: Type.Optional(Type.String()),
  deleteOriginal: Type.Optional(Type.Boolean()),
  enabled: Type.Boolean(),
  options: StringMap,
});

/** A step: one output (a file, a table, a topic) with its fields and count. */
export const Step = Type.Object({
  name: Type.String({ minLength: 1 }),
  /** The format or connector kind (`json`, `csv`, `postgres`, ...); `json` when not given. */
  type: Type.String(),
  options: StringMap,
  count: Count,
  fields: Type.Array(Field),
  enabled: Type.Boolean(),
  transformation: Type.Optional(Transformation),
});

export type Transformation = Immutable<Static<typeof Transformation>>;
export type Step = Immutable<Static<typeof Step>>;
