import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { runValidations } from "../../src/app/validations/run-validations.ts";
import { loadProject } from "../../src/config/index.ts";
import { validationsPlan } from "../../src/quality/validations-plan.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

const VALIDATIONS = join(CORPUS, "validation");

test("every validation file of the corpus loads, and each validation compiles or fails with a coded result", {
  skip: !corpusAvailable() && CORPUS_MISSING,
}, async () => {
  const load = await loadProject([VALIDATIONS], { outputKinds: OUTPUT_KINDS, env: {} });
  assert.ok(load.validations.size >= 4, `validations loaded: ${[...load.validations.keys()].join(", ")}`);
  // Names repeat across files (account_checks); their data sources are paths on the machines they were written for: every result is a
  // failure carrying RF_FILE_NOT_FOUND (or a not-yet kind), never a crash.
  const results = await runValidations(validationsPlan([...load.validations.values()], load.config, []), {
    access: OPEN_ACCESS,
  });
  assert.ok(results.length > 20);
  for (const r of results) assert.ok(r.error?.code, `${r.description}: ${JSON.stringify(r)}`);
});

test("the corpus's json-account-validation runs on account data written where it points", {
  skip: !corpusAvailable() && CORPUS_MISSING,
}, async () => {
  const dir = fixtureDir({});
  const file = join(dir, "json-account-validation.yaml");
  cpSync(join(VALIDATIONS, "account", "json-account-validation.yaml"), file);
  const data = join(dir, "account-gen");
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace("app/src/test/resources/sample/json/account-gen", data),
  );
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    account_id: `ACC${i}`,
    year: 2021 + (i % 2),
    amount: i === 7 ? 95 : i % 90,
    updated_time: `t${i % 9}`,
    details: { updated_by: { time: i === 3 ? "other" : `t${i % 9}` } },
  }));
  const files = fixtureDir({ "part-0.json": rows.map((r) => JSON.stringify(r)).join("\n") });
  cpSync(files, data, { recursive: true });
  const load = await loadProject([file], { outputKinds: OUTPUT_KINDS, env: {} });
  const results = await runValidations(validationsPlan([...load.validations.values()], load.config, [file]), {
    access: OPEN_ACCESS,
  });
  assert.deepEqual(
    results.map((r) => [r.description, r.success, r.failed]),
    [
      ["year BETWEEN 2021 AND 2022", true, 0],
      ["amount < 90", false, 1],
      ["updated_time == details.updated_by.time", false, 1],
      ["count == 1000", true, 0],
    ],
  );
});

test("the corpus's json-validation (every field check type, negated) runs on data written where it points, each check without an error", {
  skip: !corpusAvailable() && CORPUS_MISSING,
}, async () => {
  const dir = fixtureDir({});
  const file = join(dir, "json-validation.yaml");
  const data = join(dir, "data");
  writeFileSync(
    file,
    readFileSync(join(VALIDATIONS, "json", "json-validation.yaml"), "utf8").replace(
      "/tmp/yaml-validation-json-test",
      data,
    ),
  );
  const rows = Array.from({ length: 200 }, (_, i) => ({
    transaction_id: `txn${i}`,
    name: i % 2 === 0 ? "peter" : "john",
    created_date: `2024-01-${String((i % 28) + 1).padStart(2, "0")}`,
    links: Array.from({ length: i % 7 }, (_, k) => `l${k}`),
    amount: (i % 150) + 0.5,
  }));
  cpSync(fixtureDir({ "part-0.json": rows.map((r) => JSON.stringify(r)).join("\n") }), data, {
    recursive: true,
  });
  const load = await loadProject([file], { outputKinds: OUTPUT_KINDS, env: {} });
  const results = await runValidations(validationsPlan([...load.validations.values()], load.config, [file]), {
    access: OPEN_ACCESS,
  });
  const v = [...load.validations.values()][0]!.dataSources.json![0]!.validations;
  assert.equal(
    results.length,
    v.reduce((n, x) => n + Math.max(1, x.checks.length), 0),
  );
  for (const r of results) assert.equal(r.error, undefined, `${r.description}: ${r.error?.message}`);
  const by = new Map(results.map((r) => [r.description, r]));
  // Every row starts with txn; names are peter or john, so "not contains peter" fails on half of them.
  assert.equal(by.get("STARTSWITH(transaction_id, 'txn')")?.success, true);
  assert.equal(by.get("not (name contains peter)")?.failed, 100);
  assert.equal(by.get("not (distinctEqual of name: peter, john)")?.success, false);
});
