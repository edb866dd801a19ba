/**
 * The table of field options rowforge reads: each key, the kind of value it takes, and one
 * line of documentation. The loader normalises values by kind and checks keys against it.
 */
export type OptionKind =
  | "string"
  | "number"
  | "integer"
  | "count"
  | "boolean"
  | "probability"
  | "bound"
  | "weightedList"
  | "scalarList"
  | "scalar"
  | "seed"
  | "distribution";

export interface OptionSpec {
  readonly kind: OptionKind;
  readonly doc: string;
}

export const FIELD_OPTION_SPECS: Readonly<Record<string, OptionSpec>> = {
  regex: { kind: "string", doc: "generate strings matching this regular expression" },
  expression: { kind: "string", doc: "a Datafaker expression such as #{Name.firstName}" },
  sql: { kind: "string", doc: "a Spark SQL expression over other fields, evaluated after them" },
  oneOf: { kind: "weightedList", doc: "pick from these values; `value->weight` for weights" },
  static: { kind: "scalar", doc: "always this value" },
  min: { kind: "bound", doc: "lowest value (numbers, dates yyyy-MM-dd, timestamps, or today-30d / now-1h)" },
  max: { kind: "bound", doc: "highest value, inclusive" },
  minLen: { kind: "count", doc: "shortest string or binary length (default 1)" },
  maxLen: { kind: "count", doc: "longest string or binary length (default 20)" },
  avgLen: { kind: "number", doc: "average length (metadata only)" },
  isUnique: { kind: "boolean", doc: "every value distinct, by construction" },
  isPrimaryKey: {
    kind: "boolean",
    doc: "part of the primary key (implies unique; used for tracking and deletes)",
  },
  primaryKeyPos: { kind: "integer", doc: "position in a composite primary key" },
  clusteringPos: { kind: "integer", doc: "Cassandra clustering key position" },
  omit: { kind: "boolean", doc: "generate (for other fields to use) but do not output" },
  enableNull: { kind: "boolean", doc: "produce nulls with probability nullProb (default 0.1)" },
  nullProb: { kind: "probability", doc: "probability of null when enableNull is set" },
  enableEdgeCase: {
    kind: "boolean",
    doc: "produce type edge cases with probability edgeCaseProb (default 0.5)",
  },
  edgeCaseProb: { kind: "probability", doc: "probability of an edge case" },
  seed: { kind: "seed", doc: "per-field seed: the field's values depend only on it and the row" },
  distribution: { kind: "distribution", doc: "uniform (default), normal or exponential" },
  mean: { kind: "number", doc: "mean of the normal distribution" },
  stddev: { kind: "number", doc: "standard deviation of the normal distribution" },
  distributionRateParam: { kind: "number", doc: "rate of the exponential distribution (default 1)" },
  round: { kind: "integer", doc: "round numbers to this many decimal places" },
  precision: { kind: "count", doc: "decimal precision (overrides the type's)" },
  scale: { kind: "count", doc: "decimal scale (overrides the type's)" },
  incremental: { kind: "number", doc: "start value; each row adds one" },
  uuid: { kind: "string", doc: "a UUID; empty for a random one, or a field name to derive it from" },
  arrayMinLen: { kind: "count", doc: "fewest array elements (default 0)" },
  arrayMaxLen: { kind: "count", doc: "most array elements (default 5)" },
  arrayFixedSize: { kind: "count", doc: "exact array length" },
  arrayOneOf: { kind: "scalarList", doc: "each array element from these values" },
  arrayUniqueFrom: { kind: "scalarList", doc: "array of distinct values drawn from these" },
  arrayWeightedOneOf: { kind: "weightedList", doc: "each element from these weighted values" },
  arrayEmptyProb: { kind: "probability", doc: "probability of an empty array" },
  mapMinSize: { kind: "count", doc: "fewest map entries (default 0)" },
  mapMaxSize: { kind: "count", doc: "most map entries (default 5)" },
  dateExcludeWeekends: { kind: "boolean", doc: "only Monday to Friday" },
  unwrapTopLevelArray: { kind: "boolean", doc: "JSON: write a top-level array field as a JSON array file" },
};

/**
 * Keys Data Caterer's metadata sources and connectors set; rowforge keeps them (in
 * `options.extra`) without a warning, for connectors that read them.
 */
export const PASS_THROUGH_OPTION_KEYS: readonly string[] = [
  "postSqlExpression",
  "httpParamType",
  "defaultValue",
  "distinctCount",
  "histogram",
  "arrayType",
  "sourceMaxLen",
  "isPII",
  "label",
  "constraintType",
  "isNullable",
  "format",
  "dataType",
  "description",
  "pattern",
];
