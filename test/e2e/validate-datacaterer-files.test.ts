import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { runCliInProcess } from "../support/run-cli-in-process.ts";

// Field options Data Caterer's documentation, schema or own files use although its engine reads
// none of them: users' working files have them, so they warn (saying what to write) and run.
const IGNORED_KEYS_TASK = (out: string) =>
  [
    "name: old_keys",
    "steps:",
    "  - name: accounts",
    `    options: {path: ${out}}`,
    "    count: {records: 5}",
    "    fields:",
    "      - name: balance",
    "        type: int",
    "        options: {minValue: 1, maxValue: 5}",
    "      - name: tags",
    "        type: array<string>",
    "        options: {arrayMinLength: 1, arrayMaxLength: 2}",
    "      - name: score",
    "        type: double",
    "        options: {correlatedWith: balance}",
    "",
  ].join("\n");

test("item 9: minValue/maxValue and the other keys Data Caterer ignores are warnings with file:line and what to write; validate passes, run runs", async () => {
  const out = join(fixtureDir({}), "accounts");
  const dir = fixtureDir({ "task.yaml": IGNORED_KEYS_TASK(out) });
  const v = await runCliInProcess(["validate", join(dir, "task.yaml")]);
  assert.equal(v.status, 0, v.stderr);
  const expected: [RegExp, string][] = [
    [/task\.yaml:9:19: warning RF_KEY_IGNORED: .*"minValue".*Data Caterer ignores it.*write min/, "minValue"],
    [/task\.yaml:9:32: warning RF_KEY_IGNORED: .*"maxValue".*Data Caterer ignores it.*write max/, "maxValue"],
    [/task\.yaml:12:19: warning RF_KEY_IGNORED: .*"arrayMinLength".*write arrayMinLen/, "arrayMinLength"],
    [/task\.yaml:12:38: warning RF_KEY_IGNORED: .*"arrayMaxLength".*write arrayMaxLen/, "arrayMaxLength"],
    [/task\.yaml:15:19: warning RF_KEY_IGNORED: .*"correlatedWith".*write .*sql/, "correlatedWith"],
  ];
  for (const [re, key] of expected) assert.match(v.stderr, re, key);
  assert.match(v.stdout, /0 error\(s\), 5 warning\(s\)/);
  assert.doesNotMatch(v.stderr, /error/);

  // --strict makes them errors.
  const strict = await runCliInProcess(["validate", "--strict", join(dir, "task.yaml")]);
  assert.equal(strict.status, 2);
  assert.match(strict.stderr, /error RF_KEY_IGNORED: .*"minValue"/);

  // run runs, ignoring them as Data Caterer does (balance is not held to 1..5).
  // The user's `rowforge` process; this file's other commands go through the CLI's entry in this
  // process (what they test is the warnings and refusals, not the process around them).
  const r = runCli(["run", join(dir, "task.yaml"), "--workers", "0"]);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(
    readdirSync(out).some((f) => f.endsWith(".json")),
    "the step's rows were written",
  );
});

test("item 9: a unified file's configuration: and a step's own enableDataGeneration (Data Caterer's documentation writes them, its engine reads config: and the step's options) warn with what to write", async () => {
  const out = join(fixtureDir({}), "users");
  const dir = fixtureDir({
    "unified.yaml": [
      'version: "1.0"',
      "name: documented",
      "configuration: {flags: {enableCount: false}}",
      "dataSources:",
      "  - name: files",
      `    connection: {type: json, options: {path: ${out}}}`,
      "    steps:",
      "      - name: users",
      "        enableDataGeneration: false",
      "        count: {records: 3}",
      "        fields: [{name: id, options: {regex: 'U[0-9]{3}'}}]",
      "",
    ].join("\n"),
  });
  const v = await runCliInProcess(["validate", join(dir, "unified.yaml")]);
  assert.equal(v.status, 0, v.stderr);
  assert.match(
    v.stderr,
    /unified\.yaml:3:1: warning RF_KEY_IGNORED: unified plan key "configuration" .*write config/,
  );
  assert.match(
    v.stderr,
    /unified\.yaml:9:9: warning RF_KEY_IGNORED: step key "enableDataGeneration" .*write options: \{enableDataGeneration: \.\.\.\}/,
  );
  // Ignored as Data Caterer ignores it: the step is generated.
  const r = await runCliInProcess(["run", join(dir, "unified.yaml"), "--workers", "0"]);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(readdirSync(out).some((f) => f.endsWith(".json")));
});

/** A task file as Data Caterer users keep them: steps bound to no connection (a plan binds them). */
const UNBOUND_TASKS: Record<string, string> = {
  "postgres-task.yaml": [
    "name: pg_accounts",
    "steps:",
    "  - name: accounts",
    "    type: postgres",
    "    options: {dbtable: account.accounts}",
    "    fields: [{name: id}]",
    "",
  ].join("\n"),
  // Fields from its table: with no connection there is no table to read them from.
  "postgres-table-task.yaml": [
    "name: pg_table",
    "steps:",
    "  - name: balances",
    "    type: postgres",
    "    options: {dbtable: account.balances}",
    "",
  ].join("\n"),
  "kafka-task.yaml": [
    "name: kafka_accounts",
    "steps:",
    "  - name: events",
    "    type: kafka",
    "    options: {topic: accounts}",
    "    fields: [{name: key}, {name: value}]",
    "",
  ].join("\n"),
  "jms-task.yaml": [
    "name: jms_accounts",
    "steps:",
    "  - name: messages",
    "    type: jms",
    "    options: {destinationName: accounts}",
    "    fields: [{name: value}]",
    "",
  ].join("\n"),
  // json (the default type) with no path: its fields and options say where it was meant to go.
  "kafka-json-task.yaml": [
    "name: kafka_json",
    "steps:",
    "  - name: customer",
    "    options: {topic: customers}",
    "    fields:",
    "      - {name: key, options: {sql: body.id}}",
    "      - name: messageBody",
    "        fields: [{name: id, options: {regex: 'C[0-9]{4}'}}]",
    "",
  ].join("\n"),
  "http-json-task.yaml": [
    "name: http_json",
    "steps:",
    "  - name: account",
    "    fields:",
    "      - name: httpUrl",
    "        fields:",
    '          - {name: url, static: "http://localhost:80/anything/{id}"}',
    "          - {name: method, static: PUT}",
    "          - name: pathParam",
    "            fields: [{name: id, options: {regex: 'ACC[0-9]{8}'}}]",
    "      - name: httpBody",
    "        fields: [{name: name, options: {expression: '#{Name.name}'}}]",
    "",
  ].join("\n"),
};

test("item 9: a database, Kafka, JMS or HTTP task file validated on its own warns that it has no connection, naming it and how to define one; run refuses it", async () => {
  const dir = fixtureDir(UNBOUND_TASKS);
  const expected: Record<string, RegExp> = {
    "postgres-task.yaml":
      /postgres-task\.yaml:3:\d+: warning RF_CONNECTION_MISSING: step "accounts" \(postgres\) has no connection, so it has no url option/,
    "postgres-table-task.yaml":
      /postgres-table-task\.yaml:3:\d+: warning RF_CONNECTION_MISSING: step "balances" \(postgres\) has no connection, so it has no url option/,
    "kafka-task.yaml":
      /kafka-task\.yaml:3:\d+: warning RF_CONNECTION_MISSING: step "events" \(kafka\) has no connection, so it has no Kafka brokers/,
    "jms-task.yaml":
      /jms-task\.yaml:3:\d+: warning RF_CONNECTION_MISSING: step "messages" \(jms\) has no connection, so it has no url option/,
    "kafka-json-task.yaml":
      /kafka-json-task\.yaml:3:\d+: warning RF_CONNECTION_MISSING: step "customer" looks like a Kafka step with no connection \(its topic option\)/,
    "http-json-task.yaml":
      /http-json-task\.yaml:3:\d+: warning RF_CONNECTION_MISSING: step "account" looks like an HTTP step with no connection \(its url and method fields\)/,
  };
  for (const [file, re] of Object.entries(expected)) {
    const v = await runCliInProcess(["validate", join(dir, file)]);
    assert.equal(v.status, 0, `${file}: ${v.stderr}`);
    assert.match(v.stderr, re, file);
    // How to give it one: a plan binding the task to a named connection defined in application.conf.
    assert.match(v.stderr, /hint: .*dataSourceName.*application\.conf/, file);
    assert.doesNotMatch(v.stderr, /has no path option|error/, file);
    // run has nowhere to write: it refuses, with the same words, before writing.
    const r = await runCliInProcess(["run", join(dir, file), "--workers", "0"]);
    assert.equal(r.status, 2, `${file}: ${r.stderr}`);
    assert.match(r.stderr, /RF_CONNECTION_MISSING/, file);
  }
});

test("item 9: a plan naming a connection that is not defined is an error for Kafka- or HTTP-looking json steps, and a json step with no path and nothing else still has no path", async () => {
  const dir = fixtureDir({
    "task/http-json-task.yaml": UNBOUND_TASKS["http-json-task.yaml"]!,
    "plan/http.yaml": "name: http_plan\ntasks:\n  - name: http_json\n    dataSourceName: httpbin\n",
    "plain/task.yaml": "name: plain\nsteps:\n  - name: rows\n    fields: [{name: id}]\n",
  });
  const plan = await runCliInProcess(["validate", join(dir, "plan", "http.yaml")]);
  assert.equal(plan.status, 2, plan.stderr);
  assert.match(
    plan.stderr,
    /http\.yaml:4:\d+: error RF_CONNECTION_NOT_FOUND: connection "httpbin" is not defined/,
  );
  assert.doesNotMatch(plan.stderr, /give their own format and options/);
  assert.match(
    plan.stderr,
    /error RF_CONNECTION_MISSING: step "account" looks like an HTTP step with no connection .*connection "httpbin" is not defined/,
  );
  const plain = await runCliInProcess(["validate", join(dir, "plain", "task.yaml")]);
  assert.equal(plain.status, 2);
  assert.match(plain.stderr, /task\.yaml:3:\d+: error RF_KEY_MISSING: step "rows" has no path option/);
});
