import assert from "node:assert/strict";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCliAsync } from "../support/run-cli.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

const SUITE = join(import.meta.dirname, "contracts", "payments.expectations.json");

/** A payments step whose fields meet the suite; `override` lines replace fields to plant defects. */
function task(override: Record<string, string> = {}, records = 5000, suite = SUITE): string {
  const fields: Record<string, string> = {
    payment_id: "{name: payment_id, options: {regex: 'PAY[0-9]{8}', isUnique: true}}",
    account: "{name: account, options: {regex: 'AC[0-9]{6}'}}",
    amount: "{name: amount, type: double, options: {min: 1, max: 9999, round: 2}}",
    currency: "{name: currency, options: {oneOf: [EUR, USD, GBP]}}",
    method: "{name: method, options: {oneOf: [card, transfer, wallet]}}",
    card_last4: "{name: card_last4, options: {sql: \"CASE WHEN method = 'card' THEN '4242' ELSE NULL END\"}}",
    reference:
      "{name: reference, options: {regex: 'REF-[A-Z0-9]{4,14}', enableNull: true, nullProb: 0.05, isUnique: true}}",
    fee: "{name: fee, type: double, options: {min: 0, max: 0.99}}",
    ...override,
  };
  return `name: payments\nsteps:\n  - name: payments\n    type: json\n    count: {records: ${records}}\n    options: {path: out/payments, metadataSourceType: greatExpectations, expectationsFile: ${suite}}\n    fields:\n${Object.values(
    fields,
  )
    .map((f) => `      - ${f}\n`)
    .join("")}`;
}

interface RunJson {
  validations: {
    name: string;
    description: string;
    success: boolean;
    failed: number;
    kind: string;
    errorThreshold?: number;
  }[];
}

async function run(yaml: string): Promise<{ status: number | null; out: RunJson; stderr: string }> {
  const dir = fixtureDir({ "task.yaml": yaml });
  const r = await runCliAsync(
    ["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "--seed", "7", "--json"],
    {
      cwd: dir,
      timeoutMs: 120_000,
    },
  );
  assert.ok(r.stdout.trim().startsWith("{"), r.stderr);
  return { status: r.status, out: JSON.parse(r.stdout) as RunJson, stderr: r.stderr };
}

test("a Great Expectations suite's expectations run as validations of the step: all pass on data that meets them", async () => {
  const r = await run(task());
  const failed = r.out.validations.filter((v) => !v.success);
  assert.equal(r.status, 0, `${r.stderr}\n${JSON.stringify(failed)}`);
  // 19 expectations; an exact column set is two checks (the names and their count).
  assert.equal(r.out.validations.length, 20);
  assert.ok(r.out.validations.every((v) => v.name === "metadata_validations"));
  const d = r.out.validations.map((v) => v.description);
  assert.ok(d.includes("payment ids are PAY and 8 digits"), "meta.notes is the description");
  assert.ok(d.includes("amount > 0 and amount <= 10000"));
  assert.ok(d.includes("row count >= 1000 and <= 50000"));
  const mostly = r.out.validations.find((v) => v.description === "reference is not null");
  assert.ok(
    mostly && Math.abs((mostly.errorThreshold ?? 0) - 0.1) < 1e-9,
    "mostly 0.9 allows a tenth to fail",
  );
  assert.ok(mostly.failed > 0, "some references are null, within mostly");
});

test("planted defects fail exactly the expectations they break", async () => {
  const r = await run(
    task(
      {
        payment_id: "{name: payment_id, options: {regex: 'PAY[0-9]{3}'}}",
        account: "{name: account, static: AC000001}",
        currency: "{name: currency, options: {oneOf: [EUR, CHF]}}",
        method: "{name: method, options: {oneOf: [card, cash]}}",
        card_last4:
          "{name: card_last4, options: {sql: \"CASE WHEN method = 'card' THEN '42' ELSE NULL END\"}}",
        reference:
          "{name: reference, options: {regex: 'REF-[A-Z0-9]{4,14}', enableNull: true, nullProb: 0.3}}",
        fee: "{name: fee, type: double, options: {min: 0, max: 20000}}",
      },
      900,
    ),
  );
  assert.equal(r.status, 3, r.stderr);
  const failed = r.out.validations
    .filter((v) => !v.success)
    .map((v) => v.description.replace(/ \(where .*$/, ""))
    .sort();
  const expected = [
    "length of card_last4 is 4",
    "currency in EUR, USD, GBP",
    "distinctInSet of method: card, transfer, wallet",
    "group by account, reference: count == 1",
    "not (method in cash)",
    "payment ids are PAY and 8 digits",
    "payment_id is unique",
    "reference is not null",
    "row count >= 1000 and <= 50000",
    "`amount` > `fee`",
  ];
  assert.deepEqual(failed, expected.sort());
});

test("an expectation rowforge does not run is refused at load time with did-you-mean; a suite without fields to check is refused", async () => {
  const dir = fixtureDir({
    "suite.json": JSON.stringify({
      expectation_suite_name: "s",
      expectations: [
        { expectation_type: "expect_column_values_to_not_be_null", kwargs: { column: "a" } },
        { expectation_type: "expect_column_values_to_be_unqiue", kwargs: { column: "a" } },
      ],
    }),
    "task.yaml":
      "name: t\nsteps:\n  - name: s\n    type: json\n    options: {path: out/s, metadataSourceType: greatExpectations, expectationsFile: suite.json}\n    fields: [{name: a}]\n  - name: nofields\n    type: json\n    options: {path: out/n, metadataSourceType: great_expectations, expectationsFile: suite.json}\n",
  });
  const v = await runCliAsync(["validate", join(dir, "task.yaml")], { cwd: dir });
  assert.equal(v.status, 2, v.stderr);
  assert.match(
    v.stderr,
    /error RF_METADATA_RULE_UNSUPPORTED: step "s": Great Expectations suite .*suite\.json: expectations\[1\] is expect_column_values_to_be_unqiue, which rowforge does not run; did you mean "expect_column_values_to_be_unique"/,
  );
  assert.match(
    v.stderr,
    /RF_METADATA_SCHEMA_INVALID: step "nofields" takes its validations from a Great Expectations suite, which says nothing of the fields to generate/,
  );
  const run = await runCliAsync(["run", join(dir, "task.yaml"), "--home", join(dir, "h")], { cwd: dir });
  assert.equal(run.status, 2, run.stderr);
  assert.match(run.stderr, /RF_METADATA_RULE_UNSUPPORTED/);
});

test("the corpus's taxi suite: all 11 expectations load and run against a taxi step", {
  skip: !corpusAvailable() && CORPUS_MISSING,
}, async () => {
  const dir = fixtureDir({});
  copyFileSync(
    join(CORPUS, "validation", "great-expectations", "taxi-expectations.json"),
    join(dir, "taxi.json"),
  );
  const columns = [
    "vendor_id",
    "pickup_datetime",
    "dropoff_datetime",
    "passenger_count",
    "trip_distance",
    "rate_code_id",
    "store_and_fwd_flag",
    "pickup_location_id",
    "dropoff_location_id",
    "payment_type",
    "fare_amount",
    "extra",
    "mta_tax",
    "tip_amount",
    "tolls_amount",
    "improvement_surcharge",
    "total_amount",
    "congestion_surcharge",
  ];
  const fields = columns
    .map((c) =>
      c === "passenger_count"
        ? "      - {name: passenger_count, type: int, options: {oneOf: [1, 2, 6]}}\n"
        : `      - {name: ${c}, type: double}\n`,
    )
    .join("");
  const yaml = `name: taxi\nsteps:\n  - name: taxi\n    type: json\n    count: {records: 10000}\n    options: {path: out/taxi, metadataSourceType: greatExpectations, expectationsFile: ${join(dir, "taxi.json")}}\n    fields:\n${fields}`;
  const r = await run(yaml);
  const byDescription = new Map(r.out.validations.map((v) => [v.description, v.success]));
  assert.equal(r.out.validations.length, 12, JSON.stringify([...byDescription]));
  // The suite was profiled on real taxi data: the shape and value checks hold, the profiled statistics do not.
  assert.equal(byDescription.get("row count >= 10000 and <= 10000"), true);
  assert.equal(byDescription.get("field count is 18"), true);
  assert.equal(byDescription.get("passenger_count is not null"), true);
  assert.equal(byDescription.get("passenger_count in 1, 2, 3, 4, 5, 6"), true);
  assert.equal(byDescription.get("passenger_count has one of types int, bigint, tinyint, smallint"), true);
  assert.equal(byDescription.get("min of passenger_count between 1 and 1"), true);
  assert.equal(byDescription.get("max of passenger_count between 6 and 6"), true);
  assert.equal(byDescription.get("mean of passenger_count between 1.5716 and 1.5716"), false);
  assert.equal(r.status, 3);
});

test("a validation file entry naming a suite (expectationsFile) checks existing data with the suite's expectations; an unknown one is refused", async () => {
  const dir = fixtureDir({
    "write.yaml": task({}, 2000).replace(
      /metadataSourceType: greatExpectations, expectationsFile: [^}]*/,
      "saveMode: overwrite",
    ),
    "checks.yaml": `name: payment_checks\ndataSources:\n  files:\n    - options: {path: out/payments, format: json, metadataSourceType: greatExpectations, expectationsFile: ${SUITE}}\n      validations:\n        - {expr: "fee < amount", description: own check}\n`,
    "bad.json": JSON.stringify({
      expectations: [
        {
          expectation_type: "expect_column_pair_cramers_phi_value_to_be_less_than",
          kwargs: { column_A: "amount", column_B: "fee" },
        },
      ],
    }),
    "bad.yaml":
      "name: bad_checks\ndataSources:\n  files:\n    - options: {path: out/payments, format: json, expectationsFile: bad.json}\n",
  });
  const w = await runCliAsync(
    ["run", join(dir, "write.yaml"), "--home", join(dir, "h"), "--seed", "3", "-q"],
    { cwd: dir },
  );
  assert.equal(w.status, 0, w.stderr);
  const c = await runCliAsync(["check", join(dir, "checks.yaml"), "--json"], { cwd: dir });
  assert.equal(c.status, 0, c.stderr + c.stdout);
  const out = JSON.parse(c.stdout) as RunJson;
  assert.equal(out.validations.length, 21, "its own check and the suite's 20");
  assert.equal(out.validations[0]!.description, "own check");
  assert.ok(out.validations.every((v) => v.success));
  const refused =
    /RF_METADATA_RULE_UNSUPPORTED: validation "bad_checks", data source files entry 0: Great Expectations suite .*bad\.json: expectations\[0\] is expect_column_pair_cramers_phi_value_to_be_less_than, which rowforge does not run/;
  const b = await runCliAsync(["check", join(dir, "bad.yaml")], { cwd: dir });
  assert.equal(b.status, 2, b.stderr);
  assert.match(b.stderr, refused);
  // The dry run reads the suites of loose validation files as check does: the same refusal, at the file.
  const vb = await runCliAsync(["validate", join(dir, "bad.yaml")], { cwd: dir });
  assert.equal(vb.status, 2, vb.stderr);
  assert.match(vb.stderr, refused);
  assert.match(vb.stderr, /bad\.yaml/);
  const vc = await runCliAsync(["validate", join(dir, "checks.yaml")], { cwd: dir });
  assert.equal(vc.status, 0, vc.stderr + vc.stdout);
});

test("an expectation naming a column the step does not write is reported at validate, at the step, with did-you-mean (expectationsFile alone names the suite)", async () => {
  const dir = fixtureDir({
    "suite.json": JSON.stringify({
      expectations: [
        { expectation_type: "expect_column_values_to_not_be_null", kwargs: { column: "passenger_cnt" } },
      ],
    }),
    "task.yaml":
      "name: t\nsteps:\n  - name: taxi\n    type: json\n    options: {path: out/t, expectationsFile: suite.json}\n    fields:\n      - {name: passenger_count, type: int}\n",
  });
  const v = await runCliAsync(["validate", join(dir, "task.yaml")], { cwd: dir });
  assert.equal(v.status, 2, v.stderr);
  assert.match(
    v.stderr,
    /task\.yaml:3:5: error RF_SQL_INVALID: step "taxi": a rule of its metadata source: .*unknown field "passenger_cnt"; did you mean "passenger_count"/,
  );
});
