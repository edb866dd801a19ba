/**
 * `npm run bench -- --only=validate`: 10 field checks and 2 expressions over the W1 accounts
 * (nested: a struct and an array of structs) written as Parquet by `rowforge run`, checked by
 * rowforge's validation runner (Parquet decoded by parquet-wasm on a worker thread, checked by
 * rowforge's own checks and SQL compiler) and by DuckDB running the same checks as one SQL
 * query over the same file (one warm instance, default threads, the faster of two ways to write
 * the query), alternating in the same process and run; the medians are reported, and the failing
 * counts of the two must agree.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openAccess } from "../src/access/index.ts";
import { runValidations } from "../src/app/validations/run-validations.ts";
import { defaultRunConfiguration } from "../src/model/run-configuration.ts";
import type { Validation } from "../src/model/validation.ts";
import { validationsPlan } from "../src/quality/index.ts";
import { spread } from "./rounds.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const CLI = here("../bin/rowforge.js");

const field = (name: string, type: string, options: Record<string, unknown> = {}): Validation => ({
  kind: "field",
  field: name,
  checks: [{ type, options }],
  nested: [],
});

/** The checks, and DuckDB's SQL for the rows each one fails (unique: the duplicated groups). */
const CHECKS: readonly { readonly v: Validation; readonly sql: string }[] = [
  { v: field("account_id", "null", { negate: true }), sql: "account_id IS NULL" },
  {
    v: field("account_id", "matches", { regex: "ACC[0-9]{8}" }),
    sql: "NOT regexp_matches(account_id, 'ACC[0-9]{8}')",
  },
  { v: field("account_id", "lengthEqual", { value: 11 }), sql: "length(account_id) <> 11" },
  { v: field("balance", "between", { min: 10, max: 1000 }), sql: "NOT (balance BETWEEN 10 AND 1000)" },
  { v: field("balance", "greaterThan", { value: 0 }), sql: "NOT (balance > 0)" },
  { v: field("year", "between", { min: 2022, max: 2030 }), sql: "NOT (year BETWEEN 2022 AND 2030)" },
  {
    v: field("status", "in", { values: ["open", "closed", "pending", "suspended"] }),
    sql: "status NOT IN ('open', 'closed', 'pending', 'suspended')",
  },
  { v: field("date", "null", { negate: true }), sql: "date IS NULL" },
  {
    v: field("customer_details.age", "between", { min: 18, max: 90 }),
    sql: "NOT (customer_details.age BETWEEN 18 AND 90)",
  },
  { v: field("account_id", "unique"), sql: "" },
  {
    v: { kind: "expression", expr: "balance >= 10 AND year >= 2022", checks: [], nested: [] },
    sql: "NOT (balance >= 10 AND year >= 2022)",
  },
  {
    v: {
      kind: "expression",
      expr: "size(update_history) >= 0 AND customer_details.age >= 18",
      checks: [],
      nested: [],
    },
    sql: "NOT (len(update_history) >= 0 AND customer_details.age >= 18)",
  },
];

export interface ValidateBenchResult {
  readonly rows: number;
  readonly rounds: readonly { readonly rowforgeSeconds: number; readonly duckdbSeconds: number }[];
  readonly median: {
    readonly rowforgeSeconds: number;
    readonly duckdbSeconds: number;
    /** Median rowforge time over median DuckDB time. */
    readonly ratio: number;
    /** The median of each round's own ratio (the two ran back to back: steadier under a varying load). */
    readonly roundRatio: number;
  };
  /** Failing counts per check, rowforge's and DuckDB's: they must agree. */
  readonly failures: { readonly rowforge: readonly number[]; readonly duckdb: readonly number[] };
  /** The formulation of DuckDB's SQL that was timed (the faster in the warm-up round). */
  readonly duckdbQuery: string;
}

/** The median of the rounds as every bench case gives it (rounds.ts: the mean of the middle two for an even count). */
const median = (xs: readonly number[]): number => spread(xs).median;

export async function runValidateBenchmark(rows: number, reps: number): Promise<ValidateBenchResult> {
  let duckQuery = "";
  const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-validate-"));
  try {
    // The W1 plan as Parquet, written once.
    cpSync(here("./plans/w1"), join(dir, "plan"), { recursive: true });
    const taskDir = join(dir, "plan", "task");
    for (const f of readdirSync(taskDir)) {
      const p = join(taskDir, f);
      writeFileSync(
        p,
        readFileSync(p, "utf8")
          .replace(/type: "json"\n/, 'type: "parquet"\n')
          .replace(/path: "[^"]*"/, `path: "${join(dir, "accounts")}"`)
          .replace(/records: \d+/, `records: ${rows}`),
      );
    }
    execFileSync(
      process.execPath,
      [CLI, "run", join(dir, "plan", "plan.yaml"), "--quiet", "--now", "2026-11-01T00:00:00Z"],
      { stdio: "ignore" },
    );
    const path = join(dir, "accounts");
    const plan = validationsPlan(
      [
        {
          name: "bench",
          description: "",
          dataSources: {
            parquet: [{ options: { path, format: "parquet" }, validations: CHECKS.map((c) => c.v) }],
          },
        },
      ],
      defaultRunConfiguration(),
      [],
    );
    const { DuckDBInstance } = await import("@duckdb/node-api");
    const files = `'${path}/*.parquet'`;
    // Two ways to write the same checks for DuckDB: unique as a second scan with its own GROUP
    // BY, or one scan grouped by account_id carrying the other counts. The faster one in the
    // warm-up round is the one timed, so DuckDB is not held back by how the SQL is written.
    const selects = CHECKS.map((c, k) =>
      c.sql === ""
        ? `(SELECT count(*) FROM (SELECT account_id FROM read_parquet(${files}) GROUP BY account_id HAVING count(*) > 1)) AS c${k}`
        : `count(*) FILTER (WHERE ${c.sql}) AS c${k}`,
    );
    const twoScans = `SELECT ${selects.join(", ")} FROM read_parquet(${files})`;
    const perGroup = CHECKS.map((c, k) =>
      c.sql === "" ? `count(*) AS n` : `count(*) FILTER (WHERE ${c.sql}) AS c${k}`,
    );
    const outer = CHECKS.map((c, k) =>
      c.sql === "" ? `count(*) FILTER (WHERE n > 1) AS c${k}` : `sum(c${k}) AS c${k}`,
    );
    const oneScan = `SELECT ${outer.join(", ")} FROM (SELECT ${perGroup.join(", ")} FROM read_parquet(${files}) GROUP BY account_id)`;
    // One DuckDB instance (default threads: one per core), made before timing and kept warm.
    const db = await DuckDBInstance.create(":memory:");
    const conn = await db.connect();
    const runDuck = async (sql: string) => {
      const t = performance.now();
      const row = (await conn.runAndReadAll(sql)).getRows()[0]!;
      return { seconds: (performance.now() - t) / 1000, counts: row.map((v) => Number(v)) };
    };
    const rounds: { rowforgeSeconds: number; duckdbSeconds: number }[] = [];
    let rf: number[] = [];
    let dk: number[] = [];
    let duckSql = twoScans;
    try {
      for (let r = 0; r < reps + 1; r++) {
        const t = performance.now();
        const results = await runValidations(plan, { access: openAccess(process.cwd()) });
        const rowforgeSeconds = (performance.now() - t) / 1000;
        rf = results.map((x) => x.failed);
        if (r === 0) {
          // Warm-up: both formulations, twice each; keep the faster.
          const a = Math.min((await runDuck(twoScans)).seconds, (await runDuck(twoScans)).seconds);
          const b = Math.min((await runDuck(oneScan)).seconds, (await runDuck(oneScan)).seconds);
          duckSql = b < a ? oneScan : twoScans;
          dk = (await runDuck(duckSql)).counts;
          continue;
        }
        const d = await runDuck(duckSql);
        dk = d.counts;
        rounds.push({ rowforgeSeconds, duckdbSeconds: d.seconds });
      }
    } finally {
      conn.closeSync();
      db.closeSync();
    }
    duckQuery = duckSql === oneScan ? "one scan grouped by account_id" : "two scans (unique's own GROUP BY)";
    const m = {
      rowforgeSeconds: median(rounds.map((x) => x.rowforgeSeconds)),
      duckdbSeconds: median(rounds.map((x) => x.duckdbSeconds)),
    };
    return {
      rows,
      rounds,
      median: {
        ...m,
        ratio: m.rowforgeSeconds / m.duckdbSeconds,
        roundRatio: median(rounds.map((x) => x.rowforgeSeconds / x.duckdbSeconds)),
      },
      failures: { rowforge: rf, duckdb: dk },
      duckdbQuery: duckQuery,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
