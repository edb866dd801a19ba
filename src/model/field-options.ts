import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";
import { Scalar, WeightedValue } from "./scalars.ts";

const Str = Type.Optional(Type.String());
const Num = Type.Optional(Type.Number());
const Int = Type.Optional(Type.Integer());
const Bool = Type.Optional(Type.Boolean());
const Prob = Type.Optional(Type.Number({ minimum: 0, maximum: 1 }));
/** Numbers for numeric fields; strings for dates, timestamps (absolute or `today-30d`) and exact decimals. */
const Bound = Type.Optional(Type.Union([Type.Number(), Type.String()]));

/**
 * The normalised options of a field. Users write them as strings, numbers, lists or
 * comma-separated text; the loader turns them into these types once. Keys the engine does not
 * read but connectors or users may (e.g. `isQueryParam`) are kept in `extra`.
 */
export const FieldOptions = Type.Object({
  regex: Str,
  expression: Str,
  sql: Str,
  oneOf: Type.Optional(Type.Array(WeightedValue)),
  static: Type.Optional(Scalar),
  min: Bound,
  max: Bound,
  minLen: Int,
  maxLen: Int,
  avgLen: Num,
  isUnique: Bool,
  isPrimaryKey: Bool,
  primaryKeyPos: Int,
  clusteringPos: Int,
  omit: Bool,
  enableNull: Bool,
  nullProb: Prob,
  enableEdgeCase: Bool,
  edgeCaseProb: Prob,
  seed: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  distribution: Type.Optional(Type.Enum(["uniform", "normal", "exponential"])),
  mean: Num,
  stddev: Num,
  distributionRateParam: Num,
  round: Int,
  precision: Int,
  scale: Int,
  incremental: Num,
  uuid: Str,
  arrayMinLen: Int,
  arrayMaxLen: Int,
  arrayFixedSize: Int,
  arrayOneOf: Type.Optional(Type.Array(Scalar)),
  arrayUniqueFrom: Type.Optional(Type.Array(Scalar)),
  arrayWeightedOneOf: Type.Optional(Type.Array(WeightedValue)),
  arrayEmptyProb: Prob,
  mapMinSize: Int,
  mapMaxSize: Int,
  dateExcludeWeekends: Bool,
  unwrapTopLevelArray: Bool,
  extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type FieldOptions = Immutable<Static<typeof FieldOptions>>;
export type WeightedValue = Immutable<Static<typeof WeightedValue>>;
