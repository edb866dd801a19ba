import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { DuckDBInstance } from "@duckdb/node-api";
import { createExecutor, createInlineExecutor } from "../../src/app/executors.ts";
import { deletePlanData } from "../../src/app/runs/delete-plan-data.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { createSampleRunner } from "../../src/app/sample/sample-runner.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { runPython } from "../support/pyarrow.ts";

/** Existing accounts: duplicates and a null key on purpose (only A1..A5 are keys). */
const KEYS = ["A1", "A2", "A3", "A4", "A5"];

async function duck(sql: string): Promise<void> {
  const db = await DuckDBInstance.create(":memory:");
  const conn = await db.connect();
  try {
    await conn.run(sql);
  } finally {
    conn.closeSync();
    db.closeSync();
  }
}

const VALUES =
  "VALUES ('A3', 1), ('A1', 2), ('A2', 3), ('A2', 4), (NULL, 5), ('A5', 6), ('A4', 7), ('A1', 8)";

/** Writes the accounts as `format` under a new folder: one file (csv) or two part files and a _SUCCESS (json, parquet, orc). */
async function writeAccounts(format: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `rowforge-ref-${format}-`));
  if (format === "csv") {
    const path = join(dir, "accounts.csv");
    writeFileSync(path, "account_id,n\nA3,1\nA1,2\nA2,3\nA2,4\n,5\nA5,6\nA4,7\nA1,8\n");
    return path;
  }
  const folder = join(dir, "accounts");
  mkdirSync(folder);
  if (format === "orc") {
    // Written by pyarrow: rowforge reads ORC it did not write.
    runPython(
      `import sys, pyarrow as pa, pyarrow.orc as orc
rows = [("A3", 1), ("A1", 2), ("A2", 3), ("A2", 4), (None, 5), ("A5", 6), ("A4", 7), ("A1", 8)]
for part, keep in ((0, lambda n: n <= 4), (1, lambda n: n > 4)):
    chosen = [r for r in rows if keep(r[1])]
    t = pa.table({"account_id": [r[0] for r in chosen], "n": pa.array([r[1] for r in chosen], pa.int32())})
    orc.write_table(t, f"{sys.argv[1]}/part-0000{part}.orc")`,
      [folder],
    );
    writeFileSync(join(folder, "_SUCCESS"), "");
    return folder;
  }
  const options = format === "parquet" ? "FORMAT parquet" : "FORMAT json";
  await duck(
    `COPY (SELECT * FROM (${VALUES}) AS t(account_id, n) WHERE n <= 4) TO '${folder}/part-00000.${format}' (${options});
     COPY (SELECT * FROM (${VALUES}) AS t(account_id, n) WHERE n > 4) TO '${folder}/part-00001.${format}' (${options});`,
  );
  writeFileSync(join(folder, "_SUCCESS"), "");
  return folder;
}

function planWith(refFormat: string, refPath: string, out: string, fk = "cardinality: {ratio: 2}") {
  return planFrom(
    `name: p
tasks:
  - {name: ref, dataSourceName: existing}
  - {name: gen, dataSourceName: out}
sinkOptions:
  seed: "7"
  foreignKeys:
    - source: {dataSource: existing, step: accounts, fields: [account_id]}
      generate: [{dataSource: out, step: transactions, fields: [account_id], ${fk}}]
`,
    {
      ref: `name: ref\nsteps:\n  - name: accounts\n    type: ${refFormat}\n    options: {path: "${refPath}", header: "true", enableReferenceMode: "true"}\n`,
      gen: `name: gen\nsteps:\n  - name: transactions\n    type: json\n    options: {path: "${out}"}\n    count: {records: 40}\n    fields:\n      - {name: id, options: {regex: "T[0-9]{6}"}}\n      - {name: account_id}\n      - {name: amount, type: double, options: {min: 1, max: 100}}\n`,
    },
  );
}

function outputText(dir: string): string {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("");
}

const rowsOf = (text: string): { account_id: string }[] =>
  text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { account_id: string });

for (const format of ["csv", "json", "parquet", "orc"]) {
  test(`existing ${format} data is the parent of a generated child: every distinct key (nulls and duplicates dropped) gets its cardinality`, async () => {
    const ref = await writeAccounts(format);
    const out = join(mkdtempSync(join(tmpdir(), "rowforge-ref-out-")), "transactions");
    const plan = await planWith(format, ref, out);
    const r = await runPlan(plan, {
      access: OPEN_ACCESS,
      nowMicros: TEST_NOW_MICROS,
      executor: () => createInlineExecutor(),
    });
    assert.equal(r.success, true, r.failedReason ?? "");
    assert.match(r.steps[0]!.skipped ?? "", /reference data: 5 distinct keys read/);
    const rows = rowsOf(outputText(out));
    assert.equal(rows.length, 10, "ratio 2 over 5 distinct keys");
    const perKey = new Map<string, number>();
    for (const row of rows) perKey.set(row.account_id, (perKey.get(row.account_id) ?? 0) + 1);
    assert.deepEqual([...perKey.keys()].sort(), KEYS);
    assert.ok(
      [...perKey.values()].every((n) => n === 2),
      JSON.stringify([...perKey]),
    );
  });
}

test("reference mode is deterministic: the same seed gives the same bytes, inline and in worker threads", async () => {
  const ref = await writeAccounts("parquet");
  const texts: string[] = [];
  for (const executor of [
    createInlineExecutor,
    () => createExecutor({ workers: 2, totalRows: 1, inlineBelowRows: 0 }),
    createInlineExecutor,
  ]) {
    const out = join(mkdtempSync(join(tmpdir(), "rowforge-ref-out-")), "transactions");
    const plan = await planWith("parquet", ref, out, "cardinality: {min: 1, max: 6}");
    const r = await runPlan(plan, {
      access: OPEN_ACCESS,
      nowMicros: TEST_NOW_MICROS,
      executor: () => executor(),
    });
    assert.equal(r.success, true, r.failedReason ?? "");
    texts.push(outputText(out));
  }
  assert.ok(texts[0]!.length > 0);
  assert.equal(texts[1], texts[0]);
  assert.equal(texts[2], texts[0]);
  // Without cardinality the child keeps its count and picks keys among the existing ones.
  const out = join(mkdtempSync(join(tmpdir(), "rowforge-ref-out-")), "transactions");
  const r = await runPlan(
    await planWith("csv", await writeAccounts("csv"), out, "nullability: {nullPercentage: 0}"),
    {
      access: OPEN_ACCESS,
      nowMicros: TEST_NOW_MICROS,
      executor: () => createInlineExecutor(),
    },
  );
  assert.equal(r.success, true, r.failedReason ?? "");
  const rows = rowsOf(outputText(out));
  assert.equal(rows.length, 40);
  assert.ok(rows.every((row) => KEYS.includes(row.account_id)));
});

test("perField on the key field gives each existing key its rows", async () => {
  const out = join(mkdtempSync(join(tmpdir(), "rowforge-ref-out-")), "transactions");
  const plan = await planWith("csv", await writeAccounts("csv"), out, "nullability: {nullPercentage: 0}");
  const grouped = {
    ...plan,
    steps: plan.steps.map((s) =>
      s.step.name === "transactions"
        ? {
            ...s,
            step: { ...s.step, count: { records: 10, perField: { fieldNames: ["account_id"], count: 3 } } },
          }
        : s,
    ),
  };
  const r = await runPlan(grouped, {
    access: OPEN_ACCESS,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r.success, true, r.failedReason ?? "");
  const rows = rowsOf(outputText(out));
  // perField on the foreign key's field counts per parent row: 3 for each of the 5 existing keys
  // (count.records 10 is not used), as Data Caterer counts it.
  assert.equal(rows.length, 15, "5 groups of 3");
  // Group g takes existing key g, so its 3 rows are consecutive and share it.
  for (let i = 0; i < rows.length; i += 3) {
    assert.equal(new Set(rows.slice(i, i + 3).map((x) => x.account_id)).size, 1);
    assert.equal(rows[i]!.account_id, KEYS[(i / 3) % 5]);
  }
});

test("a sample of the child draws its keys from the existing data", async () => {
  const ref = await writeAccounts("json");
  const out = join(mkdtempSync(join(tmpdir(), "rowforge-ref-out-")), "transactions");
  const plan = await planWith("json", ref, out);
  const child = plan.steps.find((s) => s.step.name === "transactions")!;
  const runner = createSampleRunner(OPEN_ACCESS);
  try {
    const s = await runner.run(
      plan,
      [child],
      { size: 8, fastMode: true, nowMicros: TEST_NOW_MICROS },
      { kind: "rows" },
    );
    const rows = (s.steps[0] as { rows: { account_id: string }[] }).rows;
    assert.equal(rows.length, 8);
    assert.ok(
      rows.every((row) => KEYS.includes(row.account_id)),
      JSON.stringify(rows),
    );
  } finally {
    await runner.close();
  }
});

test("an empty, missing or unreadable reference source is a coded error naming the step and the source", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-ref-bad-"));
  const out = join(dir, "out");
  const expectError = async (refFormat: string, refPath: string, code: string, message: RegExp) => {
    const plan = await planWith(refFormat, refPath, out);
    await assert.rejects(
      runPlan(plan, {
        access: OPEN_ACCESS,
        nowMicros: TEST_NOW_MICROS,
        executor: () => createInlineExecutor(),
      }),
      (e: unknown) => {
        assert.equal((e as { code?: string }).code, code, String(e));
        assert.match((e as Error).message, message);
        return true;
      },
    );
  };
  const empty = join(dir, "empty.csv");
  writeFileSync(empty, "account_id,n\n,1\n");
  await expectError(
    "csv",
    empty,
    "RF_REFERENCE_EMPTY",
    /reference step "accounts" \(enableReferenceMode\) found no rows with account_id set in csv .*empty\.csv/,
  );
  mkdirSync(join(dir, "nothing"));
  await expectError("json", join(dir, "nothing"), "RF_REFERENCE_EMPTY", /no \.json\/\.jsonl\/\.ndjson files/);
  await expectError(
    "csv",
    join(dir, "missing.csv"),
    "RF_FILE_NOT_FOUND",
    /reference step "accounts".*missing\.csv, which does not exist/,
  );
  const other = join(dir, "other.csv");
  writeFileSync(other, "acount_id,n\nA1,1\n");
  await expectError(
    "csv",
    other,
    "RF_FOREIGN_KEY_INVALID",
    /"account_id" is not a column .*did you mean "acount_id"/,
  );
  const notOrc = join(dir, "x.orc");
  writeFileSync(notOrc, "account_id\nA1\n");
  await expectError("orc", notOrc, "RF_FILE_READ", /"accounts": cannot read .*x\.orc as ORC/);
  const big = join(dir, "big.csv");
  writeFileSync(big, `account_id\n${Array.from({ length: 12 }, (_, i) => `K${i}`).join("\n")}\n`);
  const plan = await planWith("csv", big, out);
  const limited = {
    ...plan,
    steps: plan.steps.map((s) =>
      s.step.name === "accounts"
        ? { ...s, step: { ...s.step, options: { ...s.step.options, referenceMaxRows: "10" } } }
        : s,
    ),
  };
  await assert.rejects(
    runPlan(limited, {
      access: OPEN_ACCESS,
      nowMicros: TEST_NOW_MICROS,
      executor: () => createInlineExecutor(),
    }),
    /RF_REFERENCE_TOO_LARGE|more than 10 distinct values of account_id/,
  );
  assert.deepEqual(readdirSync(dir).includes("out"), false, "nothing written");
});

test("delete mode removes the generated child and never touches the reference data", async () => {
  const ref = await writeAccounts("csv");
  const before = readFileSync(ref, "utf8");
  const out = join(mkdtempSync(join(tmpdir(), "rowforge-ref-out-")), "transactions");
  const plan = await planWith("csv", ref, out);
  const r = await runPlan(plan, {
    access: OPEN_ACCESS,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r.success, true, r.failedReason ?? "");
  assert.ok(outputText(out).length > 0);
  const d = await deletePlanData(plan, { access: OPEN_ACCESS });
  assert.equal(d.success, true, d.failedReason ?? "");
  assert.deepEqual(
    d.steps.map((s) => [s.name, s.skipped ?? s.records]),
    [
      ["transactions", 10],
      ["accounts", "reference data: read, never deleted"],
    ],
  );
  assert.ok(!existsSync(out) || outputText(out) === "", "the child's files are gone");
  assert.equal(readFileSync(ref, "utf8"), before);
});
