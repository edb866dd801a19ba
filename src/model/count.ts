import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";
import { WeightedValue } from "./scalars.ts";

/** How many records (or per-key records) to generate: fixed, ranged, weighted or distributed. */
export const CountOptions = Type.Object({
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  oneOf: Type.Optional(Type.Array(WeightedValue)),
  distribution: Type.Optional(Type.String()),
  distributionRateParam: Type.Optional(Type.Number()),
  mean: Type.Optional(Type.Number()),
  stddev: Type.Optional(Type.Number()),
});

export const PerFieldCount = Type.Object({
  fieldNames: Type.Array(Type.String()),
  count: Type.Optional(Type.Integer({ minimum: 0 })),
  options: Type.Optional(CountOptions),
});

/** Load patterns for duration-based steps (constant, ramp, spike, stepped, wave, breakingPoint). */
export const LoadPattern = Type.Object({
  type: Type.String(),
  options: Type.Record(Type.String(), Type.Unknown()),
});

export const Count = Type.Object({
  records: Type.Optional(Type.Integer({ minimum: 0 })),
  perField: Type.Optional(PerFieldCount),
  options: Type.Optional(CountOptions),
  duration: Type.Optional(Type.String()),
  rate: Type.Optional(Type.Number({ minimum: 0 })),
  rateUnit: Type.Optional(Type.String()),
  pattern: Type.Optional(LoadPattern),
});

export type CountOptions = Immutable<Static<typeof CountOptions>>;
export type PerFieldCount = Immutable<Static<typeof PerFieldCount>>;
export type Count = Immutable<Static<typeof Count>>;
export type LoadPattern = Immutable<Static<typeof LoadPattern>>;
