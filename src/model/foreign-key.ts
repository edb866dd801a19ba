import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";

export const CARDINALITY_DISTRIBUTIONS = ["uniform", "normal", "zipf", "power"] as const;
export const NULLABILITY_STRATEGIES = ["random", "head", "tail"] as const;
export const GENERATION_MODES = ["all-exist", "partial", "all-combinations"] as const;

/** One side of a relationship: fields of a step of a data source (fields may be nested paths). */
export const ForeignKeyRelation = Type.Object({
  dataSource: Type.String(),
  step: Type.String(),
  fields: Type.Array(Type.String(), { minItems: 1 }),
});

/** How many children each parent gets: a ratio, or a min/max range with a distribution. */
export const Cardinality = Type.Object({
  ratio: Type.Optional(Type.Number({ minimum: 0 })),
  min: Type.Optional(Type.Integer({ minimum: 0 })),
  max: Type.Optional(Type.Integer({ minimum: 0 })),
  distribution: Type.Optional(Type.Enum(CARDINALITY_DISTRIBUTIONS)),
});

export const Nullability = Type.Object({
  nullPercentage: Type.Number({ minimum: 0, maximum: 1 }),
  strategy: Type.Enum(NULLABILITY_STRATEGIES),
});

export const ForeignKeyTarget = Type.Object({
  dataSource: Type.String(),
  step: Type.String(),
  fields: Type.Array(Type.String(), { minItems: 1 }),
  cardinality: Type.Optional(Cardinality),
  nullability: Type.Optional(Nullability),
  generationMode: Type.Optional(Type.Enum(GENERATION_MODES)),
});

export const ForeignKey = Type.Object({
  source: ForeignKeyRelation,
  generate: Type.Array(ForeignKeyTarget),
  delete: Type.Array(ForeignKeyRelation),
});

export type ForeignKeyRelation = Immutable<Static<typeof ForeignKeyRelation>>;
export type ForeignKeyTarget = Immutable<Static<typeof ForeignKeyTarget>>;
export type Cardinality = Immutable<Static<typeof Cardinality>>;
export type Nullability = Immutable<Static<typeof Nullability>>;
export type ForeignKey = Immutable<Static<typeof ForeignKey>>;
export type CardinalityDistribution = (typeof CARDINALITY_DISTRIBUTIONS)[number];
export type GenerationMode = (typeof GENERATION_MODES)[number];
