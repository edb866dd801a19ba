import Type, { type TSchema } from "typebox";
import { Scalar, WeightedValue } from "./scalars.ts";

/**
 * The one table of field options: each key with the TypeBox schema of its normalised value,
 * the kind of normaliser the loader reads it with, the types it applies to, its default, an
 * example and one line of documentation. The model's `FieldOptions` schema and type, the
 * loader's known keys and normalisers, docs/field-options.md and the editor schemas
 * (schema/*.json) are all derived from it: adding an option is one row here.
 */

/** How the loader normalises the value users write (text, numbers, lists) into the schema's type. */
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

export interface FieldOptionRow {
  /** The normalised value's schema (the key itself is always optional). */
  readonly schema: TSchema;
  readonly kind: OptionKind;
  readonly doc: string;
  /** The field types the option applies to, as the reference page says it. */
  readonly appliesTo: string;
  /** The value used when the option is absent, when there is one. */
  readonly default?: string;
  /** One line of YAML as a user writes it in `options`. */
  readonly example: string;
}

const Str = Type.String();
const Num = Type.Number();
const Int = Type.Integer();
const Bool = Type.Boolean();
const Prob = Type.Number({ minimum: 0, maximum: 1 });
/** Numbers for numeric fields; strings for dates, timestamps (absolute or `today-30d`) and exact decimals. */
const Bound = Type.Union([Type.Number(), Type.String()]);

export const FIELD_OPTION_TABLE = {
  regex: {
    schema: Str,
    kind: "string",
    doc: "generate strings matching this regular expression",
    appliesTo: "string",
    example: 'regex: "ACC[0-9]{8}"',
  },
  expression: {
    schema: Str,
    kind: "string",
    doc: "a Datafaker expression such as #{Name.firstName}",
    appliesTo: "string",
    example: 'expression: "#{Name.firstName} #{Name.lastName}"',
  },
  sql: {
    schema: Str,
    kind: "string",
    doc: "a Spark SQL expression over other fields, evaluated after them",
    appliesTo: "every type",
    example: 'sql: "YEAR(open_date)"',
  },
  oneOf: {
    schema: Type.Array(WeightedValue),
    kind: "weightedList",
    doc: "pick from these values; `value->weight` for weights",
    appliesTo: "every scalar type",
    example: 'oneOf: ["open->0.8", "closed->0.2"]',
  },
  oneOfFields: {
    schema: Bool,
    kind: "boolean",
    doc: "its oneOf values name fields beside it: each row sets only the one it names, the others are null (a Protobuf oneof)",
    appliesTo: "string",
    default: "false",
    example: "oneOfFields: true",
  },
  static: {
    schema: Scalar,
    kind: "scalar",
    doc: "always this value",
    appliesTo: "every scalar type",
    example: 'static: "EUR"',
  },
  min: {
    schema: Bound,
    kind: "bound",
    doc: "lowest value (numbers, dates yyyy-MM-dd, timestamps, or today-30d / now-1h)",
    appliesTo: "numbers, date, timestamp",
    default: "0; dates and timestamps: a year before the reference time",
    example: "min: 10",
  },
  max: {
    schema: Bound,
    kind: "bound",
    doc: "highest value, inclusive",
    appliesTo: "numbers, date, timestamp",
    default: "100000 (byte 127, short 1000); dates and timestamps: the reference time",
    example: 'max: "today"',
  },
  minLen: {
    schema: Int,
    kind: "count",
    doc: "shortest string or binary length (default 1)",
    appliesTo: "string, binary",
    default: "1",
    example: "minLen: 5",
  },
  maxLen: {
    schema: Int,
    kind: "count",
    doc: "longest string or binary length (default 20); cuts the values of an expression",
    appliesTo: "string, binary",
    default: "20",
    example: "maxLen: 12",
  },
  avgLen: {
    schema: Num,
    kind: "number",
    doc: "usual length of random text between minLen and maxLen: lengths drawn evenly around it (as far on either side as the range allows), and maxLen one time in 64 besides; documents' wide maxLength set it",
    appliesTo: "string, binary",
    example: "avgLen: 8",
  },
  isUnique: {
    schema: Bool,
    kind: "boolean",
    doc: "every value distinct, by construction",
    appliesTo: "every scalar type",
    default: "false",
    example: "isUnique: true",
  },
  isPrimaryKey: {
    schema: Bool,
    kind: "boolean",
    doc: "part of the primary key (implies unique; the key of a Cassandra table rowforge creates; delete mode goes by the table's own keys, not this mark)",
    appliesTo: "every scalar type",
    default: "false",
    example: "isPrimaryKey: true",
  },
  primaryKeyPos: {
    schema: Int,
    kind: "integer",
    doc: "position in a composite primary key",
    appliesTo: "every scalar type",
    example: "primaryKeyPos: 1",
  },
  clusteringPos: {
    schema: Int,
    kind: "integer",
    doc: "Cassandra clustering key position",
    appliesTo: "every scalar type",
    example: "clusteringPos: 1",
  },
  omit: {
    schema: Bool,
    kind: "boolean",
    doc: "generate (for other fields to use) but do not output",
    appliesTo: "every type",
    default: "false",
    example: "omit: true",
  },
  enableNull: {
    schema: Bool,
    kind: "boolean",
    doc: "produce nulls with probability nullProb (default 0.1)",
    appliesTo: "every type",
    default: "false",
    example: "enableNull: true",
  },
  nullProb: {
    schema: Prob,
    kind: "probability",
    doc: "probability of null when enableNull is set",
    appliesTo: "every type",
    default: "0.1 (with enableNull)",
    example: "nullProb: 0.25",
  },
  enableEdgeCase: {
    schema: Bool,
    kind: "boolean",
    doc: "produce type edge cases with probability edgeCaseProb (default 0.5)",
    appliesTo: "numbers, string, date, timestamp",
    default: "false",
    example: "enableEdgeCase: true",
  },
  edgeCaseProb: {
    schema: Prob,
    kind: "probability",
    doc: "probability of an edge case",
    appliesTo: "numbers, string, date, timestamp",
    default: "0.5 (with enableEdgeCase)",
    example: "edgeCaseProb: 0.05",
  },
  seed: {
    schema: Type.Union([Type.Integer(), Type.String()]),
    kind: "seed",
    doc: "per-field seed: the field's values depend only on it and the row",
    appliesTo: "every type",
    default: "the plan's seed",
    example: "seed: 42",
  },
  distribution: {
    schema: Type.Enum(["uniform", "normal", "exponential"]),
    kind: "distribution",
    doc: "uniform (default), normal or exponential",
    appliesTo: "numbers",
    default: "uniform",
    example: "distribution: normal",
  },
  mean: {
    schema: Num,
    kind: "number",
    doc: "mean of the normal distribution",
    appliesTo: "numbers",
    default: "the middle of min and max",
    example: "mean: 50",
  },
  stddev: {
    schema: Num,
    kind: "number",
    doc: "standard deviation of the normal distribution",
    appliesTo: "numbers",
    default: "a sixth of max - min",
    example: "stddev: 10",
  },
  distributionRateParam: {
    schema: Num,
    kind: "number",
    doc: "rate of the exponential distribution (default 1)",
    appliesTo: "numbers",
    default: "1",
    example: "distributionRateParam: 0.5",
  },
  round: {
    schema: Int,
    kind: "integer",
    doc: "round numbers to this many decimal places",
    appliesTo: "double, float, decimal",
    example: "round: 2",
  },
  precision: {
    schema: Int,
    kind: "count",
    doc: "decimal precision (overrides the type's)",
    appliesTo: "decimal",
    default: "the type's (10)",
    example: "precision: 12",
  },
  scale: {
    schema: Int,
    kind: "count",
    doc: "decimal scale (overrides the type's)",
    appliesTo: "decimal",
    default: "the type's (0)",
    example: "scale: 2",
  },
  incremental: {
    schema: Num,
    kind: "number",
    doc: "start value; each row adds one",
    appliesTo: "int, long, short, byte",
    example: "incremental: 1000",
  },
  uuid: {
    schema: Str,
    kind: "string",
    doc: "a UUID; empty for a random one, or a field name to derive it from",
    appliesTo: "string",
    example: 'uuid: ""',
  },
  arrayMinLen: {
    schema: Int,
    kind: "count",
    doc: "fewest array elements (default 0)",
    appliesTo: "array",
    default: "0",
    example: "arrayMinLen: 1",
  },
  arrayMaxLen: {
    schema: Int,
    kind: "count",
    doc: "most array elements (default 5)",
    appliesTo: "array",
    default: "5",
    example: "arrayMaxLen: 3",
  },
  arrayFixedSize: {
    schema: Int,
    kind: "count",
    doc: "exact array length",
    appliesTo: "array",
    example: "arrayFixedSize: 4",
  },
  arrayOneOf: {
    schema: Type.Array(Scalar),
    kind: "scalarList",
    doc: "each array element from these values",
    appliesTo: "array",
    example: 'arrayOneOf: ["a", "b", "c"]',
  },
  arrayUniqueFrom: {
    schema: Type.Array(Scalar),
    kind: "scalarList",
    doc: "array of distinct values drawn from these",
    appliesTo: "array",
    example: 'arrayUniqueFrom: ["red", "green", "blue"]',
  },
  arrayWeightedOneOf: {
    schema: Type.Array(WeightedValue),
    kind: "weightedList",
    doc: "each element from these weighted values",
    appliesTo: "array",
    example: 'arrayWeightedOneOf: ["low->0.7", "high->0.3"]',
  },
  arrayEmptyProb: {
    schema: Prob,
    kind: "probability",
    doc: "probability of an empty array",
    appliesTo: "array",
    default: "0",
    example: "arrayEmptyProb: 0.1",
  },
  mapMinSize: {
    schema: Int,
    kind: "count",
    doc: "fewest map entries (default 0)",
    appliesTo: "map",
    default: "0",
    example: "mapMinSize: 1",
  },
  mapMaxSize: {
    schema: Int,
    kind: "count",
    doc: "most map entries (default 5)",
    appliesTo: "map",
    default: "5",
    example: "mapMaxSize: 3",
  },
  dateExcludeWeekends: {
    schema: Bool,
    kind: "boolean",
    doc: "only Monday to Friday",
    appliesTo: "date, timestamp",
    default: "false",
    example: "dateExcludeWeekends: true",
  },
  unwrapTopLevelArray: {
    schema: Bool,
    kind: "boolean",
    doc: "JSON: write a top-level array field as a JSON array file",
    appliesTo: "array (json steps)",
    default: "false",
    example: "unwrapTopLevelArray: true",
  },
} satisfies Readonly<Record<string, FieldOptionRow>>;

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
