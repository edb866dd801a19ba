import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { DuckDBInstance } from "@duckdb/node-api";
import { runCli } from "../support/run-cli.ts";
import { runCliInProcess } from "../support/run-cli-in-process.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

interface StepResult {
  name: string;
  format: string;
  records: number;
  outputs: string[];
  skipped?: string;
}

async function rowsIn(step: StepResult): Promise<number> {
  let n = 0;
  for (const file of step.outputs) {
    if (step.format === "parquet") {
      const db = await (await DuckDBInstance.create(":memory:")).connect();
      const r = await db.runAndReadAll(`select count(*) as n from read_parquet('${file}')`);
      n += Number(r.getRowObjectsJson()[0]!.n);
      db.closeSync();
    } else {
      const bytes = readFileSync(file);
      if (bytes[0] === 0x5b /* [ */)
        n += (JSON.parse(bytes.toString("utf8")) as unknown[]).length > 0 ? 1 : 0;
      else n += nonEmptyLines(bytes) - (step.format === "csv" ? 1 : 0);
    }
  }
  return n;
}

/**
 * The lines of a file that are not empty, counted in its bytes: a file of millions of rows (the
 * customer task's 330 MB) is never made one string and split.
 */
function nonEmptyLines(bytes: Buffer): number {
  let lines = 0;
  let start = 0;
  for (let nl = bytes.indexOf(0x0a); nl !== -1; nl = bytes.indexOf(0x0a, start)) {
    if (nl > start) lines++;
    start = nl + 1;
  }
  return lines + (start < bytes.length ? 1 : 0);
}

/** Runs a corpus plan or task the way a user would, outputs moved under a temporary folder. */
function run(file: string): { steps: StepResult[]; success: boolean } {
  const out = mkdtempSync(join(tmpdir(), "rowforge-corpus-"));
  const r = runCli(
    [
      "run",
      join(CORPUS, file),
      "--config",
      join(CORPUS, "application.conf"),
      "--output-root",
      out,
      "--json",
      "--seed",
      "7",
      "--now",
      "2026-11-01T00:00:00Z",
    ],
    { cwd: out, timeoutMs: 300_000 },
  );
  assert.equal(r.status, 0, `${file}: ${r.stderr}`);
  return JSON.parse(r.stdout) as { steps: StepResult[]; success: boolean };
}

const declared: Record<string, (s: StepResult) => void> = {
  "plan/csv.yaml": (s) =>
    assert.ok(s.records >= 100 && s.records <= 1000, `${s.records} rows for 100 keys of 1..10`),
  "plan/parquet.yaml": (s) => assert.ok(s.records >= 1000 && s.records <= 10000),
  "plan/simple-json.yaml": (s) => assert.equal(s.records, 1),
  "plan/foreign-key-uniqueness-demo.yaml": (s) => assert.equal(s.records, s.name === "accounts" ? 20 : 60),
  "task/file/csv/csv-test-task.yaml": (s) => assert.equal(s.records, 1),
  "task/file/csv/csv-transaction-task.yaml": (s) => assert.ok(s.records >= 100 && s.records <= 1000),
  "task/file/json/advanced-json-task.yaml": (s) => assert.equal(s.records, 1000),
  "task/file/json/complex-financial-data-task.yaml": (s) => assert.equal(s.records, 100),
  "task/file/json/json-account-task.yaml": (s) => assert.equal(s.records, 1000),
  "task/file/json/json-array-unwrap.yaml": (s) => assert.equal(s.records, 1),
  "task/file/parquet/parquet-transaction-task.yaml": (s) =>
    assert.ok(s.records >= 1000 && s.records <= 10000),
  "task/file/json/reference-data-task.yaml": (s) => assert.match(s.skipped ?? "", /reference data/),
  "task/file/csv/csv-customer-task.yaml": (s) =>
    assert.ok(
      s.name === "products" ? s.records === 100 : s.records >= 1_000_000 && s.records <= 5_000_000,
      `${s.name}: ${s.records}`,
    ),
};

for (const [file, check] of Object.entries(declared)) {
  test(`rowforge run ${file} writes its declared records`, async (t) => {
    if (!corpusAvailable()) {
      t.skip(CORPUS_MISSING);
      return;
    }
    // validate agrees with run: the file run writes validates alone, with the same configuration
    // (in this process, through the CLI's entry: run below is the user's `rowforge` process).
    const v = await runCliInProcess(
      ["validate", join(CORPUS, file), "--config", join(CORPUS, "application.conf")],
      { cwd: mkdtempSync(join(tmpdir(), "rowforge-corpus-")) },
    );
    assert.equal(v.status, 0, `${file}: ${v.stderr}`);
    const result = run(file);
    assert.ok(result.success);
    for (const step of result.steps) {
      check(step);
      if (!step.skipped)
        assert.equal(await rowsIn(step), step.records, `${file} ${step.name}: rows in the files`);
    }
  });
}

test("the corpus files that need what rowforge cannot do yet say so clearly", (t) => {
  if (!corpusAvailable()) {
    t.skip(CORPUS_MISSING);
    return;
  }
  const out = mkdtempSync(join(tmpdir(), "rowforge-corpus-"));
  const schema = runCli(["run", join(CORPUS, "task/file/json/json-schema-task.yaml"), "--output-root", out]);
  assert.equal(schema.status, 2);
  assert.match(
    schema.stderr,
    /the metadata document \/opt\/app\/mount\/json-schema\/complex-user-schema\.json was not found/,
  );
  const cassandra = runCli([
    "run",
    join(CORPUS, "task/file/json/fast-generation-reference-task.yaml"),
    "--output-root",
    out,
  ]);
  // A task run on its own has no connection: its Cassandra step names none to write to.
  assert.equal(cassandra.status, 2);
  assert.match(
    cassandra.stderr,
    /RF_CONNECTION_MISSING: step "accounts" \(cassandra\) has no connection, so it names no Cassandra host/,
  );
  assert.deepEqual(readdirSync(out), []);
});
