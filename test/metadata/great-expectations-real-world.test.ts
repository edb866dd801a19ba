import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { DuckDBInstance } from "@duckdb/node-api";
import { stringify } from "yaml";
import { expectationValidations } from "../../src/metadata/great-expectations/expectation-validation.ts";
import { corpusManifests, documentPath } from "../support/corpus/corpus-manifest.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCliAsync } from "../support/run-cli.ts";

/**
 * Real Great Expectations suites (GE's own fixtures and profiler outputs;
 * test/metadata/corpus/great-expectations.json, fetched with the corpus by
 * scripts/setup-corpus.ts) run as a user writes the task: the suite's columns declared as
 * fields, 1,000 rows written as JSON, the suite's expectations run by rowforge. Each
 * expectation's verdict is then computed independently, with DuckDB SQL over the written file
 * and GE's documented semantics (null kwargs are no constraint, `mostly` a fraction of the
 * non-null values, KL divergence as scipy's entropy), and must be rowforge's.
 */

const ROWS = 1000;
type Obj = Record<string, unknown>;
type Expectation = { expectation_type?: string; type?: string; kwargs: Obj };

async function sql(
  db: Awaited<ReturnType<Awaited<ReturnType<typeof DuckDBInstance.create>>["connect"]>>,
  q: string,
) {
  return (await db.runAndReadAll(q)).getRowObjectsJson() as Obj[];
}

const q = (c: string) => `"${c.replaceAll('"', '""')}"`;
const lit = (v: unknown) => (typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
const isNull = (v: unknown) => v === null || v === undefined;
const between = (x: number | null, k: Obj) =>
  x !== null &&
  (isNull(k.min_value) || (k.strict_min ? x > Number(k.min_value) : x >= Number(k.min_value))) &&
  (isNull(k.max_value) || (k.strict_max ? x < Number(k.max_value) : x <= Number(k.max_value)));

/** A DuckDB type's family and the families GE type names stand for. */
const family = (t: string): string =>
  /int|long|short|byte/i.test(t)
    ? "int"
    : /double|float|real|numeric|decimal/i.test(t)
      ? "float"
      : /char|str|text/i.test(t)
        ? "str"
        : /bool/i.test(t)
          ? "bool"
          : t;

/** scipy.stats.entropy of two weight lists. */
function entropy(pk: number[], qk: number[]): number {
  const sp = pk.reduce((a, b) => a + b, 0);
  const sq = qk.reduce((a, b) => a + b, 0);
  let s = 0;
  pk.forEach((p, i) => {
    const a = p / sp;
    const b = qk[i]! / sq;
    if (a > 0) s += b === 0 ? Number.POSITIVE_INFINITY : a * Math.log(a / b);
  });
  return s;
}

/** GE's verdict of one expectation on the table `t` (the written rows), computed with DuckDB. */
async function geVerdict(
  db: Parameters<typeof sql>[0],
  e: Expectation,
  types: Map<string, string>,
): Promise<boolean> {
  const k = e.kwargs;
  const type = e.expectation_type ?? e.type!;
  const c = q(String(k.column));
  const mostly = typeof k.mostly === "number" ? k.mostly : 1;
  const one = async (expr: string) => Object.values((await sql(db, `SELECT ${expr} AS v FROM t`))[0]!)[0];
  /** The fraction of non-null values meeting a condition, against mostly. */
  const map = async (cond: string) => {
    const [r] = await sql(
      db,
      `SELECT count(${c}) AS n, count(*) FILTER (WHERE ${c} IS NOT NULL AND (${cond})) AS ok FROM t`,
    );
    return Number(r!.n) === 0 || Number(r!.ok) / Number(r!.n) >= mostly;
  };
  switch (type) {
    case "expect_table_row_count_to_be_between":
      return between(Number(await one("count(*)")), k);
    case "expect_table_row_count_to_equal":
      return Number(await one("count(*)")) === Number(k.value);
    case "expect_table_columns_to_match_ordered_list":
      return isNull(k.column_list) || JSON.stringify([...types.keys()]) === JSON.stringify(k.column_list);
    case "expect_column_to_exist":
      return types.has(String(k.column));
    case "expect_column_values_to_be_in_type_list":
    case "expect_column_values_to_be_of_type": {
      const wanted = type.endsWith("type_list") ? k.type_list : isNull(k.type_) ? null : [k.type_];
      return (
        isNull(wanted) || (wanted as string[]).map(family).includes(family(types.get(String(k.column))!))
      );
    }
    case "expect_column_unique_value_count_to_be_between":
      return between(Number(await one(`count(DISTINCT ${c})`)), k);
    case "expect_column_proportion_of_unique_values_to_be_between":
      return between(Number(await one(`coalesce(count(DISTINCT ${c}) / nullif(count(${c}), 0), 0)`)), k);
    case "expect_column_values_to_not_be_null":
      return Number(await one(`count(${c}) / count(*)`)) >= mostly;
    case "expect_column_values_to_be_unique":
      return map(`${c} IN (SELECT ${c} FROM t GROUP BY ${c} HAVING count(*) = 1)`);
    case "expect_column_values_to_match_regex":
      return map(`regexp_matches(${c}::VARCHAR, ${lit(k.regex)})`);
    case "expect_column_values_to_not_match_regex":
      return map(`NOT regexp_matches(${c}::VARCHAR, ${lit(k.regex)})`);
    case "expect_column_values_to_be_in_set":
      return (
        isNull(k.value_set) ||
        map(
          (k.value_set as unknown[]).length === 0
            ? "false"
            : `${c} IN (${(k.value_set as unknown[]).map(lit).join(", ")})`,
        )
      );
    case "expect_column_values_to_be_between":
      return map(
        [
          isNull(k.min_value) ? "true" : `${c} >= ${k.min_value}`,
          isNull(k.max_value) ? "true" : `${c} <= ${k.max_value}`,
        ].join(" AND "),
      );
    case "expect_column_values_to_be_increasing": {
      const rows = await sql(db, `SELECT ${c} AS v FROM t WHERE ${c} IS NOT NULL ORDER BY rowid`);
      return rows.every((r, i) => i === 0 || Number(r.v) >= Number(rows[i - 1]!.v));
    }
    case "expect_column_distinct_values_to_be_in_set":
      return (
        isNull(k.value_set) ||
        Number(
          await one(
            `count(DISTINCT ${c}) FILTER (WHERE ${c} NOT IN (${(k.value_set as unknown[]).map(lit).join(", ")}))`,
          ),
        ) === 0
      );
    case "expect_column_min_to_be_between":
      return isNull(k.min_value) && isNull(k.max_value) ? true : between(Number(await one(`min(${c})`)), k);
    case "expect_column_max_to_be_between":
      return isNull(k.min_value) && isNull(k.max_value) ? true : between(Number(await one(`max(${c})`)), k);
    case "expect_column_mean_to_be_between":
      return isNull(k.min_value) && isNull(k.max_value) ? true : between(Number(await one(`avg(${c})`)), k);
    case "expect_column_median_to_be_between":
      return isNull(k.min_value) && isNull(k.max_value)
        ? true
        : between(Number(await one(`median(${c})`)), k);
    case "expect_column_quantile_values_to_be_between": {
      const ranges = k.quantile_ranges as { quantiles: number[]; value_ranges: (number | null)[][] };
      for (const [i, p] of ranges.quantiles.entries()) {
        const [lo, hi] = ranges.value_ranges[i]!;
        if (isNull(lo) && isNull(hi)) continue;
        if (!between(Number(await one(`quantile_cont(${c}, ${p})`)), { min_value: lo, max_value: hi }))
          return false;
      }
      return true;
    }
    case "expect_column_kl_divergence_to_be_less_than": {
      const p = k.partition_object as { bins: number[]; weights: number[] } | null;
      if (isNull(k.threshold) || p === null) return true;
      const [r] = await sql(
        db,
        `SELECT count(${c}) AS n, count(*) FILTER (WHERE ${c} < ${p.bins[0]}) AS below, count(*) FILTER (WHERE ${c} > ${p.bins.at(-1)}) AS above FROM t`,
      );
      const hist: number[] = [];
      for (let i = 0; i + 1 < p.bins.length; i++) {
        const last = i + 2 === p.bins.length;
        hist.push(
          Number(
            await one(
              `count(*) FILTER (WHERE ${c} >= ${p.bins[i]} AND ${c} ${last ? "<=" : "<"} ${p.bins[i + 1]})`,
            ),
          ),
        );
      }
      const n = Number(r!.n);
      const kl = entropy(
        [Number(r!.below) / n, ...hist.map((h) => h / n), Number(r!.above) / n],
        [0, ...p.weights, 0],
      );
      return kl <= Number(k.threshold);
    }
    default:
      throw new Error(`the test has no independent check of ${type}`);
  }
}

function readRunJson(stdout: string) {
  return JSON.parse(stdout) as { validations: { success: boolean; description: string }[] };
}

const manifest = corpusManifests()["great-expectations.json"]!;
for (const d of manifest.documents) {
  test(`Great Expectations ${d.id}: rowforge's verdict of each expectation is DuckDB's`, async () => {
    const file = documentPath(manifest, d);
    const task = d.task!;
    const options = Object.fromEntries(
      Object.entries(task.options).map(([k, v]) => [k, v.replaceAll("{document}", file)]),
    );
    const dir = fixtureDir({
      "task.yaml": stringify({
        name: "ge",
        steps: [
          {
            name: "data",
            type: task.type,
            count: { records: ROWS },
            options: { path: "out", ...options },
            fields: task.fields,
          },
        ],
      }),
    });
    const r = await runCliAsync(
      ["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "--seed", "28", "--json"],
      {
        cwd: dir,
        timeoutMs: 180_000,
      },
    );
    if (d.expect !== "valid") {
      assert.equal(r.status, 2, r.stdout);
      assert.match(r.stderr, new RegExp(d.expect.refused));
      assert.match(r.stderr, new RegExp(d.expect.construct));
      return;
    }
    assert.ok(r.status === 0 || r.status === 3, r.stderr);
    const results = readRunJson(r.stdout).validations;
    const suite = JSON.parse(readFileSync(file, "utf8")) as { expectations: Expectation[] };
    const db = await (await DuckDBInstance.create(":memory:")).connect();
    const out = join(dir, "out", readdirSync(join(dir, "out")).find((f) => f.endsWith(".json"))!);
    await db.run(
      `CREATE TABLE t AS SELECT * FROM read_json('${out}', format='newline_delimited', sample_size=-1)`,
    );
    const types = new Map(
      (await sql(db, "DESCRIBE t")).map((d) => [String(d.column_name), String(d.column_type)]),
    );
    assert.equal(Number((await sql(db, "SELECT count(*) AS n FROM t"))[0]!.n), ROWS);
    let at = 0;
    const differ: string[] = [];
    for (const [i, e] of suite.expectations.entries()) {
      const count = expectationValidations(e as unknown as Obj, `expectations[${i}]`).length;
      const ours = results.slice(at, at + count).every((v) => v.success);
      at += count;
      const theirs = await geVerdict(db, e, types);
      if (ours !== theirs)
        differ.push(
          `expectations[${i}] ${e.expectation_type} ${JSON.stringify(e.kwargs)}: rowforge ${ours}, GE ${theirs}`,
        );
    }
    assert.equal(at, results.length, "every validation of the run belongs to an expectation");
    assert.deepEqual(differ, [], `${differ.length} of ${suite.expectations.length} expectations disagree`);
  });
}
