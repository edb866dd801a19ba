import { didYouMean, RowforgeError } from "../../errors/index.ts";
import type { FieldCheck, Validation } from "../../model/validation.ts";
import { sqlLiteral } from "../../quality/index.ts";
import { javaDateFormat, sparkTypesOf } from "./ge-types.ts";

type Obj = Readonly<Record<string, unknown>>;
type Kwargs = Obj;

const quote = (name: string) => `\`${name.replaceAll("`", "``")}\``;
const BIG = 1.7976931348623157e308;
const num = (v: unknown, fallback: number): number =>
  v === undefined || v === null || !Number.isFinite(Number(v)) ? fallback : Number(v);
const values = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** One field check on the expectation's column. */
const field = (k: Kwargs, ...checks: FieldCheck[]): Validation => ({
  kind: "field",
  field: String(k.column),
  checks,
  nested: [],
});
const check = (type: string, options: Obj = {}): FieldCheck => ({ type, options });
const stat = (type: string) => (k: Kwargs) => [
  field(k, check(type, { min: num(k.min_value, -BIG), max: num(k.max_value, BIG) })),
];
const names = (type: string, options: Obj): Validation => ({
  kind: "fieldNames",
  fieldNameType: type,
  fieldNameOptions: options,
  checks: [],
  nested: [],
});
const rowCount = (aggExpr: string, columns: readonly string[] = []): Validation => ({
  kind: "groupBy",
  groupByFields: [...columns],
  aggType: "count",
  aggExpr,
  checks: [],
  nested: [],
});
const expression = (expr: string): Validation => ({ kind: "expression", expr, checks: [], nested: [] });

/** A GE bound as SQL: numbers as they are, dates and text quoted. */
const bound = (v: unknown): string =>
  typeof v === "number"
    ? String(v)
    : Number.isFinite(Number(v)) && String(v).trim() !== ""
      ? String(Number(v))
      : sqlLiteral(v);

/** `count >= 1 AND count <= 5` from GE's min_value / max_value (either may be absent) and strictness. */
function rangeSql(name: string, k: Kwargs): string {
  const parts: string[] = [];
  if (k.min_value !== undefined && k.min_value !== null)
    parts.push(`${name} ${k.strict_min === true ? ">" : ">="} ${bound(k.min_value)}`);
  if (k.max_value !== undefined && k.max_value !== null)
    parts.push(`${name} ${k.strict_max === true ? "<" : "<="} ${bound(k.max_value)}`);
  return parts.length > 0 ? parts.join(" AND ") : "true";
}

/** How each expectation type rowforge runs becomes validations. */
const EXPECTATIONS: Readonly<Record<string, (k: Kwargs, at: string) => Validation[]>> = {
  expect_column_to_exist: (k) => [names("fieldNameMatchSet", { names: [String(k.column)] })],
  // A null column_list (what profilers write) is no constraint in GE; a null column_set the empty set.
  expect_table_columns_to_match_ordered_list: (k) =>
    isNull(k.column_list)
      ? []
      : [
          names("fieldNameMatchOrder", { names: values(k.column_list).map(String) }),
          names("fieldCountEqual", { count: values(k.column_list).length }),
        ],
  expect_table_columns_to_match_set: (k) => [
    ...(isNull(k.column_set)
      ? []
      : [names("fieldNameMatchSet", { names: values(k.column_set).map(String) })]),
    ...(k.exact_match === false ? [] : [names("fieldCountEqual", { count: values(k.column_set).length })]),
  ],
  expect_table_column_count_to_equal: (k) => [names("fieldCountEqual", { count: num(k.value, 0) })],
  expect_table_column_count_to_be_between: (k) => [
    names("fieldCountBetween", { min: num(k.min_value, 0), max: num(k.max_value, 2 ** 31) }),
  ],
  expect_table_row_count_to_be_between: (k) => [
    {
      ...rowCount(rangeSql("count", k)),
      description: `row count ${rangeSql("", k).replaceAll(" AND ", " and").trim()}`,
    },
  ],
  expect_table_row_count_to_equal: (k) => [
    { ...rowCount(`count == ${num(k.value, 0)}`), description: `row count is ${num(k.value, 0)}` },
  ],
  expect_column_values_to_not_be_null: (k) => [field(k, check("null", { negate: true }))],
  expect_column_values_to_be_null: (k) => [field(k, check("null"))],
  expect_column_values_to_be_unique: (k) => [field(k, check("unique"))],
  expect_compound_columns_to_be_unique: (k) => [rowCount("count == 1", values(k.column_list).map(String))],
  expect_column_values_to_be_between: (k) => [
    {
      ...expression(rangeSql(quote(String(k.column)), k)),
      description: rangeSql(String(k.column), k).replaceAll(" AND ", " and "),
    },
  ],
  // A null value_set is the universal set (every value is in it); an empty one holds no value.
  expect_column_values_to_be_in_set: (k) =>
    isNull(k.value_set) ? [] : [field(k, check("in", { values: values(k.value_set) }))],
  expect_column_values_to_not_be_in_set: (k, at) => [
    field(k, check("in", { values: valueSet(k, at), negate: true })),
  ],
  expect_column_values_to_match_regex: (k) => [field(k, check("matches", { regex: String(k.regex) }))],
  expect_column_values_to_not_match_regex: (k) => [
    field(k, check("matches", { regex: String(k.regex), negate: true })),
  ],
  expect_column_values_to_match_regex_list: (k) => [
    field(k, check("matchesList", { regexes: values(k.regex_list), matchAll: k.match_on === "all" })),
  ],
  expect_column_values_to_not_match_regex_list: (k) => [
    field(k, check("matchesList", { regexes: values(k.regex_list), matchAll: false, negate: true })),
  ],
  expect_column_value_lengths_to_be_between: (k) => [
    field(k, check("lengthBetween", { min: num(k.min_value, 0), max: num(k.max_value, 2 ** 31 - 1) })),
  ],
  expect_column_value_lengths_to_equal: (k) => [field(k, check("lengthEqual", { value: num(k.value, 0) }))],
  expect_column_min_to_be_between: stat("minBetween"),
  expect_column_max_to_be_between: stat("maxBetween"),
  expect_column_mean_to_be_between: stat("meanBetween"),
  expect_column_median_to_be_between: stat("medianBetween"),
  expect_column_sum_to_be_between: stat("sumBetween"),
  expect_column_stdev_to_be_between: stat("stdDevBetween"),
  // GE's proportion is of the non-null values.
  expect_column_proportion_of_unique_values_to_be_between: (k) => [
    field(
      k,
      check("uniqueValuesProportionBetween", {
        min: num(k.min_value, 0),
        max: num(k.max_value, 1),
        excludeNulls: true,
      }),
    ),
  ],
  expect_column_unique_value_count_to_be_between: (k) => [
    field(k, check("uniqueValueCountBetween", { min: num(k.min_value, 0), max: num(k.max_value, BIG) })),
  ],
  // No threshold: GE passes (it only reports the divergence); no partition: GE compares the data with itself.
  expect_column_kl_divergence_to_be_less_than: (k, at) => {
    if (isNull(k.threshold) || isNull(k.partition_object)) return [];
    const p = k.partition_object as Obj;
    if (k.bucketize_data === false && Array.isArray(p.bins))
      throw unsupported(`${at} has bins with bucketize_data false, which Great Expectations refuses too`);
    return [
      field(
        k,
        check("klDivergenceLessThan", {
          partition: p,
          value: num(k.threshold, 0),
          tailWeightHoldout: num(k.tail_weight_holdout, 0),
          internalWeightHoldout: num(k.internal_weight_holdout, 0),
        }),
      ),
    ];
  },
  expect_column_quantile_values_to_be_between: (k) => {
    const q = (k.quantile_ranges ?? {}) as Obj;
    const ranges = values(q.value_ranges);
    const quantileRanges = Object.fromEntries(
      values(q.quantiles).map((x, i) => {
        const r = values(ranges[i]);
        return [String(x), [num(r[0], -BIG), num(r[1], BIG)]];
      }),
    );
    return [field(k, check("quantileValuesBetween", { quantileRanges }))];
  },
  expect_column_distinct_values_to_be_in_set: (k) =>
    isNull(k.value_set) ? [] : [field(k, check("distinctInSet", { values: values(k.value_set) }))],
  expect_column_distinct_values_to_contain_set: (k, at) => [
    field(k, check("distinctContainsSet", { values: valueSet(k, at) })),
  ],
  expect_column_distinct_values_to_equal_set: (k, at) => [
    field(k, check("distinctEqual", { values: valueSet(k, at) })),
  ],
  expect_column_most_common_value_to_be_in_set: (k, at) => [
    field(k, check("mostCommonValueInSet", { values: valueSet(k, at) })),
  ],
  // A null type (a profiler's placeholder) is no constraint in GE.
  expect_column_values_to_be_of_type: (k, at) =>
    isNull(k.type_) ? [] : [field(k, check("hasTypes", { values: typesOf([k.type_], at) }))],
  expect_column_values_to_be_in_type_list: (k, at) =>
    isNull(k.type_list) ? [] : [field(k, check("hasTypes", { values: typesOf(values(k.type_list), at) }))],
  expect_column_values_to_be_increasing: (k) => [
    field(k, check("isIncreasing", { strictly: k.strictly === true })),
  ],
  expect_column_values_to_be_decreasing: (k) => [
    field(k, check("isDecreasing", { strictly: k.strictly === true })),
  ],
  expect_column_values_to_be_json_parseable: (k) => [field(k, check("isJsonParsable"))],
  expect_column_values_to_match_strftime_format: (k, at) => {
    const format = javaDateFormat(String(k.strftime_format ?? ""));
    if (format === undefined)
      throw unsupported(
        `${at} has strftime_format ${String(k.strftime_format)}, whose directives have no Java equal`,
      );
    return [field(k, check("matchDateTimeFormat", { format }))];
  },
  expect_column_pair_values_a_to_be_greater_than_b: (k) => [
    expression(
      `${quote(String(k.column_A))} ${k.or_equal === true ? ">=" : ">"} ${quote(String(k.column_B))}`,
    ),
  ],
  expect_column_pair_values_to_be_equal: (k) => [
    expression(`${quote(String(k.column_A))} = ${quote(String(k.column_B))}`),
  ],
};

const isNull = (v: unknown): boolean => v === null || v === undefined;

/** The value_set of an expectation GE refuses without one (not in set, contain, equal, most common). */
function valueSet(k: Kwargs, at: string): unknown[] {
  if (isNull(k.value_set))
    throw unsupported(
      `${at} has no value_set, which Great Expectations refuses too`,
      "give the expectation its value_set",
    );
  return values(k.value_set);
}

/** The expectation types rowforge runs, for messages and docs. */
export const EXPECTATION_TYPES: readonly string[] = Object.keys(EXPECTATIONS);

function typesOf(names: readonly unknown[], at: string): string[] {
  const types = sparkTypesOf(names);
  if (types.length === 0)
    throw unsupported(`${at} names types ${names.join(", ")}, none of which rowforge knows`);
  return types;
}

const unsupported = (message: string, hint?: string) =>
  new RowforgeError("RF_METADATA_RULE_UNSUPPORTED", message, hint ? { hint } : {});

/**
 * One expectation of a suite (`{expectation_type, kwargs}`, or GE 1.x `{type, kwargs}`) as the
 * validations that check it: `mostly` is the errorThreshold (the fraction allowed to fail), a
 * Spark `row_condition` the preFilterExpr. An expectation type rowforge does not run is
 * refused (RF_METADATA_RULE_UNSUPPORTED, with "did you mean"), so a suite never passes
 * silently without some of its checks.
 */
export function expectationValidations(e: Obj, at: string): Validation[] {
  const type = String(e.expectation_type ?? e.type ?? "");
  const k: Kwargs = typeof e.kwargs === "object" && e.kwargs !== null ? (e.kwargs as Obj) : {};
  const make = EXPECTATIONS[type.toLowerCase()];
  if (!make) {
    const near = didYouMean(type, EXPECTATION_TYPES);
    throw unsupported(
      `${at} is ${type === "" ? "an expectation without expectation_type" : `${type}, which rowforge does not run`}${near ? `; ${near}` : ""}`,
      `remove it from the suite, or check it with Great Expectations itself; rowforge runs ${EXPECTATION_TYPES.join(", ")}`,
    );
  }
  if (
    type.startsWith("expect_column_") &&
    !type.startsWith("expect_column_pair") &&
    typeof k.column !== "string"
  )
    throw unsupported(`${at} (${type}) has no kwargs.column`, "name the column the expectation checks");
  const parameter = evaluationParameter(k);
  if (parameter !== undefined)
    throw unsupported(
      `${at} (${type}) takes ${parameter.kwarg} from an evaluation parameter (${parameter.name}), the result of another validation, which rowforge does not have`,
      "write the bound as a number in the suite",
    );
  const mostly = typeof k.mostly === "number" && k.mostly < 1 ? Math.min(1 - k.mostly, 0.999999) : undefined;
  const filter = rowCondition(k, at);
  const description = descriptionOf(e);
  return make(k, at).map((v) => ({
    ...v,
    ...(description !== undefined ? { description } : {}),
    ...(mostly !== undefined && v.kind !== "fieldNames" ? { errorThreshold: mostly } : {}),
    ...(filter !== undefined ? { preFilterExpr: filter } : {}),
  }));
}

/** The first kwarg that is a GE evaluation parameter (`{"$PARAMETER": "urn:..."}`), if any. */
function evaluationParameter(k: Kwargs): { kwarg: string; name: string } | undefined {
  for (const [kwarg, v] of Object.entries(k))
    if (typeof v === "object" && v !== null && "$PARAMETER" in v)
      return { kwarg, name: String((v as Obj).$PARAMETER) };
  return undefined;
}

/** A GE row_condition: Spark syntax as it is; GE's own `col("a") > 5` with its columns quoted. */
function rowCondition(k: Kwargs, at: string): string | undefined {
  if (typeof k.row_condition !== "string" || k.row_condition.trim() === "") return undefined;
  const parser = String(k.condition_parser ?? "spark").toLowerCase();
  if (parser === "spark") return k.row_condition;
  if (parser.startsWith("great_expectations"))
    return k.row_condition.replace(/col\(\s*["']([^"']+)["']\s*\)/g, (_, c: string) => quote(c));
  throw unsupported(
    `${at} has a ${parser} row_condition, which rowforge does not read`,
    "write the condition for the spark parser",
  );
}

function descriptionOf(e: Obj): string | undefined {
  const meta = typeof e.meta === "object" && e.meta !== null ? (e.meta as Obj) : {};
  const notes = meta.notes;
  if (typeof notes === "string" && notes !== "") return notes;
  if (typeof notes === "object" && notes !== null && typeof (notes as Obj).content === "string")
    return String((notes as Obj).content);
  return undefined;
}
