import assert from "node:assert/strict";
import { test } from "node:test";
import { isRowforgeError } from "../../errors/index.ts";
import { expectationValidations } from "./expectation-validation.ts";
import { javaDateFormat, sparkTypesOf } from "./ge-types.ts";

const one = (expectation_type: string, kwargs: Record<string, unknown>, meta = {}) =>
  expectationValidations({ expectation_type, kwargs, meta }, "expectations[0]");

test("mostly is the fraction allowed to fail, a spark row_condition the pre-filter, meta.notes the description", () => {
  const [v] = one(
    "expect_column_values_to_not_be_null",
    { column: "a", mostly: 0.95, row_condition: "b > 1", condition_parser: "spark" },
    { notes: "a is known" },
  );
  assert.deepEqual(v, {
    kind: "field",
    field: "a",
    checks: [{ type: "null", options: { negate: true } }],
    nested: [],
    description: "a is known",
    errorThreshold: 0.050000000000000044,
    preFilterExpr: "b > 1",
  });
  const [g] = one("expect_column_values_to_be_unique", {
    column: "a",
    row_condition: 'col("kind")=="x"',
    condition_parser: "great_expectations__experimental__",
  });
  assert.equal(g!.preFilterExpr, '`kind`=="x"');
  assert.throws(
    () =>
      one("expect_column_values_to_be_unique", {
        column: "a",
        row_condition: "kind == 'x'",
        condition_parser: "pandas",
      }),
    (e) =>
      isRowforgeError(e) &&
      e.code === "RF_METADATA_RULE_UNSUPPORTED" &&
      /pandas row_condition/.test(e.message),
  );
});

test("between keeps strict bounds and open ends; GE 1.x `type` is read too", () => {
  const [v] = one("expect_column_values_to_be_between", { column: "x", min_value: 0, strict_min: true });
  assert.deepEqual([v!.kind, v!.expr, v!.description], ["expression", "`x` > 0", "x > 0"]);
  const [w] = expectationValidations(
    { type: "expect_table_row_count_to_equal", kwargs: { value: 5 } },
    "expectations[1]",
  );
  assert.equal(w!.aggExpr, "count == 5");
});

test("between on dates compares with the quoted date", () => {
  const [v] = one("expect_column_values_to_be_between", {
    column: "d",
    min_value: "2020-01-01",
    max_value: "2020-12-31",
  });
  assert.equal(v!.expr, "`d` >= '2020-01-01' AND `d` <= '2020-12-31'");
});

test("unknown expectations and missing columns are refused with did-you-mean", () => {
  assert.throws(
    () => one("expect_column_values_to_be_unqiue", { column: "a" }),
    (e) => isRowforgeError(e) && /did you mean "expect_column_values_to_be_unique"/.test(e.message),
  );
  assert.throws(
    () => one("expect_column_values_to_be_unique", {}),
    (e) => isRowforgeError(e) && /has no kwargs.column/.test(e.message),
  );
});

test("GE type names fold to Spark's; strftime formats become Java patterns", () => {
  assert.deepEqual(
    sparkTypesOf(["INTEGER", "Int64Dtype", "IntegerType", "LongType", "int_", "datetime64[ns]", "nope"]),
    ["int", "bigint", "timestamp"],
  );
  assert.equal(javaDateFormat("%Y-%m-%dT%H:%M:%S"), "yyyy-MM-dd'T'HH:mm:ss");
  assert.equal(javaDateFormat("%Q"), undefined);
});

test("null kwargs are no constraint, as in GE: type lists, column lists, value sets (universal), bounds; a null column_set is the empty set", () => {
  assert.deepEqual(one("expect_column_values_to_be_in_type_list", { column: "a", type_list: null }), []);
  assert.deepEqual(one("expect_column_values_to_be_of_type", { column: "a", type_: null }), []);
  assert.deepEqual(one("expect_table_columns_to_match_ordered_list", { column_list: null }), []);
  assert.deepEqual(one("expect_column_values_to_be_in_set", { column: "a", value_set: null }), []);
  assert.deepEqual(one("expect_column_distinct_values_to_be_in_set", { column: "a", value_set: null }), []);
  assert.deepEqual(
    one("expect_column_kl_divergence_to_be_less_than", {
      column: "a",
      partition_object: null,
      threshold: null,
    }),
    [],
  );
  assert.deepEqual(
    one("expect_table_columns_to_match_set", { column_set: null }).map((v) => [
      v.fieldNameType,
      v.fieldNameOptions,
    ]),
    [["fieldCountEqual", { count: 0 }]],
  );
  assert.deepEqual(one("expect_table_columns_to_match_set", { column_set: null, exact_match: false }), []);
  const [u] = one("expect_column_unique_value_count_to_be_between", {
    column: "a",
    min_value: 3,
    max_value: null,
  });
  assert.deepEqual(u!.checks, [
    { type: "uniqueValueCountBetween", options: { min: 3, max: 1.7976931348623157e308 } },
  ]);
});

test("refused as GE refuses them: a missing value_set where GE needs one, an evaluation parameter as a bound", () => {
  assert.throws(
    () => one("expect_column_values_to_not_be_in_set", { column: "a" }),
    (e) => isRowforgeError(e) && /has no value_set, which Great Expectations refuses too/.test(e.message),
  );
  assert.throws(
    () =>
      one("expect_column_unique_value_count_to_be_between", {
        column: "a",
        min_value: { $PARAMETER: "urn:x" },
      }),
    (e) =>
      isRowforgeError(e) &&
      e.code === "RF_METADATA_RULE_UNSUPPORTED" &&
      /takes min_value from an evaluation parameter \(urn:x\)/.test(e.message),
  );
});
