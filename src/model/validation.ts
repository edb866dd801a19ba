import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";

/**
 * Validation definitions as users write them. rowforge loads and checks their shape now;
 * executing them comes later. One validation is one of: an expression (`expr`), a field
 * with checks (`field` + `validation`), a group-by aggregate (`groupByFields`, `aggType`,
 * `aggExpr`), field-name checks (`fieldNameType`), an upstream comparison
 * (`upstreamDataSource` + nested `validation`) or a metric check (`metric`).
 */
export const VALIDATION_KINDS = [
  "expression",
  "field",
  "groupBy",
  "fieldNames",
  "upstream",
  "metric",
] as const;
export type ValidationKind = (typeof VALIDATION_KINDS)[number];

export const FieldCheck = Type.Object({
  type: Type.String(),
  options: Type.Record(Type.String(), Type.Unknown()),
});

export const Validation = Type.Cyclic(
  {
    Validation: Type.Object({
      kind: Type.Enum(VALIDATION_KINDS),
      description: Type.Optional(Type.String()),
      errorThreshold: Type.Optional(Type.Number({ minimum: 0 })),
      preFilterExpr: Type.Optional(Type.String()),
      expr: Type.Optional(Type.String()),
      selectExpr: Type.Optional(Type.Array(Type.String())),
      field: Type.Optional(Type.String()),
      checks: Type.Array(FieldCheck),
      groupByFields: Type.Optional(Type.Array(Type.String())),
      aggField: Type.Optional(Type.String()),
      aggType: Type.Optional(Type.String()),
      aggExpr: Type.Optional(Type.String()),
      fieldNameType: Type.Optional(Type.String()),
      fieldNameOptions: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      upstreamDataSource: Type.Optional(Type.String()),
      upstreamTaskName: Type.Optional(Type.String()),
      upstreamReadOptions: Type.Optional(Type.Record(Type.String(), Type.String())),
      joinFields: Type.Optional(Type.Array(Type.String())),
      joinType: Type.Optional(Type.String()),
      nested: Type.Array(Type.Ref("Validation")),
      metric: Type.Optional(Type.String()),
    }),
  },
  "Validation",
);

export const WaitCondition = Type.Object({
  kind: Type.Enum(["pause", "fileExists", "dataExists", "webhook"]),
  options: Type.Record(Type.String(), Type.Unknown()),
});

export const DataSourceValidation = Type.Object({
  options: Type.Record(Type.String(), Type.String()),
  waitCondition: Type.Optional(WaitCondition),
  validations: Type.Array(Validation),
});

export const ValidationConfig = Type.Object({
  name: Type.String(),
  description: Type.String(),
  /** Keyed by data source (connection) name. */
  dataSources: Type.Record(Type.String(), Type.Array(DataSourceValidation)),
});

export type Validation = Immutable<Static<typeof Validation>>;
export type FieldCheck = Immutable<Static<typeof FieldCheck>>;
export type WaitCondition = Immutable<Static<typeof WaitCondition>>;
export type DataSourceValidation = Immutable<Static<typeof DataSourceValidation>>;
export type ValidationConfig = Immutable<Static<typeof ValidationConfig>>;
