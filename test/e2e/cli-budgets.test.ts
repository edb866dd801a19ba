import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

// `rowforge run` refuses what exceeds the generation budget before it writes anything (exit 2),
// a coded error naming the field, the value, the limit and how to raise it.

function planWith(fields: unknown, extra: Record<string, string> = {}, records = 10): string {
  return fixtureDir({
    "plan.yaml": "name: p\ntasks: [{name: t, dataSourceName: d}]\n",
    "task/t.yaml": `name: t
steps:
  - name: s
    type: json
    options: {path: out/s}
    count: {records: ${records}}
    fields: ${JSON.stringify(fields)}
`,
    ...extra,
  });
}

function run(dir: string, ...args: string[]) {
  const out = join(dir, "written");
  const r = runCli(["run", join(dir, "plan.yaml"), "--seed", "1", "--output-root", out, "--quiet", ...args], {
    timeoutMs: 120_000,
  });
  return { ...r, out };
}

/**
 * What the plan asks for is refused before anything is written (exit 2); what SQL builds from
 * row data is found while generating, which fails the run with the budget's code (exit 2 too).
 */
function assertRefused(
  r: ReturnType<typeof run>,
  limit: string,
  field: string,
  value: string,
  when: "before" | "rowTime" = "before",
): void {
  if (when === "before") {
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /error RF_BUDGET_EXCEEDED: /, r.stderr);
    assert.match(r.stderr, new RegExp(`--budget ${limit}=N`), "how to raise it");
  } else {
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /error RF_RUN_FAILED: .*\[RF_BUDGET_EXCEEDED\]/, r.stderr);
    assert.match(r.stderr, /hint: .*--budget name=N/, "how to raise it");
  }
  assert.match(r.stderr, new RegExp(`\\b${limit} = \\d+`), r.stderr);
  assert.ok(r.stderr.includes(field), `"${field}" in ${r.stderr}`);
  assert.ok(r.stderr.includes(value), `"${value}" in ${r.stderr}`);
  const files = existsSync(r.out) ? readdirSync(r.out, { recursive: true }).map(String) : [];
  assert.deepEqual(
    files.filter((f) => f.endsWith(".json")),
    [],
    "nothing was written",
  );
}

const T = { timeout: 180_000 };

test("a 20-deep array<array<...>> type: exit 2 naming maxNestingDepth", T, () => {
  const type = `${"array<".repeat(20)}int${">".repeat(20)}`;
  assertRefused(run(planWith([{ name: "deep", type }])), "maxNestingDepth", 'field "deep"', "20");
});

test("regex ((a|b){1000}){1000}: exit 2 naming maxRegexLength", T, () => {
  const r = run(planWith([{ name: "code", options: { regex: "((a|b){1000}){1000}" } }]));
  assertRefused(r, "maxRegexLength", 'field "code"', "1000000");
});

test("minLen 1e8: exit 2 naming maxStringLength", T, () => {
  const r = run(planWith([{ name: "text", type: "string", options: { minLen: 100000000 } }]));
  assertRefused(r, "maxStringLength", 'field "text"', "minLen is 100000000");
});

test("arrayMinLen 1e6: exit 2 naming maxArrayLength", T, () => {
  const r = run(
    planWith([{ name: "items", type: "array<string>", options: { arrayMinLen: 1000000 } }], {}, 100),
  );
  assertRefused(r, "maxArrayLength", 'field "items"', "arrayMinLen is 1000000");
});

test("sql repeat('x', 100000000): exit 2 naming maxStringLength, before anything is generated", T, () => {
  const r = run(planWith([{ name: "big", type: "string", options: { sql: "repeat('x', 100000000)" } }]));
  assertRefused(r, "maxStringLength", 'field "big"', "100000000");
});

test("faker calls asking for long values: exit 2 naming maxStringLength", T, () => {
  for (const expression of ["#{Lorem.characters '100000000'}", "#{Lorem.paragraphs '1000000'}"]) {
    const r = run(planWith([{ name: "text", options: { expression } }]));
    assertRefused(r, "maxStringLength", 'field "text"', expression);
  }
});

test("repeat with a count from row data, in worker threads: exit 2 naming maxStringLength", T, () => {
  const fields = [
    { name: "n", type: "int", options: { min: 100000000, max: 100000001 } },
    { name: "grown", type: "string", options: { sql: "repeat('x', n)" } },
  ];
  const r = run(planWith(fields, {}, 20_000), "--workers", "2");
  assertRefused(r, "maxStringLength", 'field "grown"', "repeat()", "rowTime");
});

test("1,300 nested fields: exit 2 naming maxNestedFields", T, () => {
  const children = Array.from({ length: 1300 }, (_, i) => ({ name: `f${i}`, type: "int" }));
  assertRefused(
    run(planWith([{ name: "wide", fields: children }])),
    "maxNestedFields",
    'field "wide.f',
    "1001",
  );
});

test("a template of 10,000 faker calls: exit 2 naming maxFakerCalls", T, () => {
  const r = run(planWith([{ name: "names", options: { expression: "#{Name.firstName} ".repeat(10_000) } }]));
  assertRefused(r, "maxFakerCalls", 'field "names"', "10000");
});

test("a SQL expression in 5,000 nested parentheses: exit 2 naming maxSqlDepth", T, () => {
  const sql = `${"(".repeat(5000)}1${")".repeat(5000)}`;
  assertRefused(
    run(planWith([{ name: "nested", type: "int", options: { sql } }])),
    "maxSqlDepth",
    'field "nested"',
    "256",
  );
});

test("a budget is raised with --budget or the configuration's budget section", T, () => {
  const fields = [{ name: "text", type: "string", options: { minLen: 2_000_000, maxLen: 2_000_000 } }];
  const refused = run(planWith(fields, {}, 2));
  assertRefused(refused, "maxStringLength", 'field "text"', "minLen is 2000000");
  const raised = run(planWith(fields, {}, 2), "--budget", "maxStringLength=2MiB");
  assert.equal(raised.status, 0, raised.stderr);
  const conf = planWith(fields, { "application.conf": "budget { maxStringLength = 3000000 }\n" }, 2);
  const configured = run(conf);
  assert.equal(configured.status, 0, configured.stderr);
  // The SQL functions' caps follow the same budget.
  const sql = [{ name: "big", type: "string", options: { sql: "repeat('x', 2000000)" } }];
  assertRefused(run(planWith(sql, {}, 2)), "maxStringLength", 'field "big"', "2000000");
  const sqlRaised = run(planWith(sql, {}, 2), "--budget", "maxStringLength=3000000");
  assert.equal(sqlRaised.status, 0, sqlRaised.stderr);
});

test("an unknown budget name is invalid input with a suggestion", T, () => {
  const r = run(planWith([{ name: "a", type: "int" }]), "--budget", "maxStringLen=5");
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /"maxStringLen" is not a generation budget; did you mean "?maxStringLength/);
});
