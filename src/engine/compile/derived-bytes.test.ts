/**
 * A run's batches are sized by the worst case of a row; a sql field counts at the most bytes
 * its expression can make (its bound), capped by what the budget lets one value hold.
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import { singleStepPlan, TEST_NOW_MICROS } from "../../../test/support/plans.ts";
import { DEFAULT_BUDGET } from "../budget/generation-budget.ts";
import { loadSqlCompiler } from "../sql/index.ts";
import { compilePlan } from "./compile-plan.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

/** Bytes per row of a one-step plan with a faker name, a count, an array of tags and one more field. */
async function rowBytes(field: string): Promise<number> {
  const plan = await singleStepPlan(
    [
      "      - {name: first, options: {expression: '#{Name.firstName}'}}",
      "      - {name: n, type: int, options: {min: 1, max: 5}}",
      "      - {name: tags, type: 'array<string>', options: {arrayMaxLen: 5, maxLen: 10}}",
      `      - ${field}`,
    ].join("\n"),
  );
  const compiled = compilePlan(plan, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true });
  return compiled.bytesPerRow.get(compiled.steps[0]!.id)!;
}

const base = await rowBytes("{name: x, type: int}");
const fullBatch = (512 * 1024 * 1024) / 10_000;

it("ordinary sql fields keep rows small, so batches stay full", async () => {
  for (const sql of [
    "concat(first, ' ', upper(first))",
    "lower(concat(first, '@example.com'))",
    "to_json(named_struct('name', first, 'tags', tags))",
    "aggregate(tags, 0, (acc, x) -> acc + length(x))",
    "size(filter(tags, x -> x = 'a'))",
    "element_at(sort_array(tags), 1)",
    "split(first, 'a')[0]",
    "date_format(current_date(), 'yyyy-MM-dd')",
    "format_number(n, 2)",
    "lpad(cast(n as string), 10, '0')",
    "case when n > 2 then first else 'none' end",
  ]) {
    const bytes = await rowBytes(`{name: y, type: string, options: {sql: "${sql}"}}`);
    assert.ok(bytes - base < fullBatch / 2, `${sql}: ${bytes - base} bytes`);
  }
  for (const sql of [
    "transform(tags, x -> upper(x))",
    "filter(tags, x -> x > 'b')",
    "array_distinct(tags)",
  ]) {
    const bytes = await rowBytes(`{name: y, type: 'array<string>', options: {sql: "${sql}"}}`);
    assert.ok(bytes - base < fullBatch / 2, `${sql}: ${bytes - base} bytes`);
  }
});

it("a sql field that makes long values counts them, so batches shrink", async () => {
  assert.ok((await rowBytes(`{name: y, type: string, options: {sql: "repeat('x', 1000000)"}}`)) > 2_000_000);
  assert.ok((await rowBytes(`{name: y, type: string, options: {sql: "repeat(first, 50000)"}}`)) > 2_000_000);
  // A size from the row is unknown: the most the budget lets a text hold.
  const text = await rowBytes(`{name: y, type: string, options: {sql: "repeat('ab', n)"}}`);
  assert.ok(text >= 2 * DEFAULT_BUDGET.maxStringLength, String(text));
  const array = await rowBytes(`{name: y, type: 'array<int>', options: {sql: "sequence(1, n)"}}`);
  assert.ok(array >= DEFAULT_BUDGET.maxBytesPerRow, String(array));
  // A sql field that reads another counts what that one can make: both at the most a text holds.
  const chained = await rowBytes(
    `{name: y, type: string, options: {sql: "repeat(first, 5000)"}}\n      - {name: z, type: string, options: {sql: "concat(y, y)"}}`,
  );
  assert.ok(chained - base >= 2 * 2 * DEFAULT_BUDGET.maxStringLength, String(chained));
});
