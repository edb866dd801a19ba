import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { checkProject } from "../../src/app/check/check-project.ts";
import { checkStepRunnable } from "../../src/app/check/check-step-runnable.ts";
import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { findSourceFiles, loadPlanFile, loadProject } from "../../src/config/index.ts";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

// References in the corpus that are broken in the corpus itself: plans naming task files
// that are not in it, and connections that its application.conf does not define.
const GENUINELY_BROKEN = new Set(["RF_TASK_NOT_FOUND", "RF_CONNECTION_NOT_FOUND"]);

test("every file users brought loads: no crash, errors only for broken references", async (t) => {
  if (!corpusAvailable()) {
    t.skip(CORPUS_MISSING);
    return;
  }
  const load = await loadProject([CORPUS], { outputKinds: OUTPUT_KINDS, lenientEnv: true, env: {} });
  assert.ok(load.files.length >= 56, `expected the whole corpus, got ${load.files.length} files`);
  const errors = load.diagnostics.filter((d) => d.severity === "error");
  for (const e of errors)
    assert.ok(
      GENUINELY_BROKEN.has(e.code),
      `unexpected ${e.code}: ${e.message} at ${e.location?.file}:${e.location?.line}`,
    );
  for (const d of load.diagnostics) {
    assert.ok(d.location?.file, `${d.code} has no file: ${d.message}`);
    if (d.code !== "RF_FILE_KIND_UNKNOWN") assert.ok(d.location?.line, `${d.code} has no line: ${d.message}`);
  }
  // Keys Data Caterer's documentation names but its engine ignores: warnings saying what to write.
  const ignored = load.diagnostics.filter((d) => d.code === "RF_KEY_IGNORED");
  assert.ok(ignored.every((d) => d.severity === "warning"));
  const said = ignored.map((d) => d.message);
  assert.ok(said.some((m) => m.includes('"arrayMinLength"') && m.endsWith("write arrayMinLen")));
  assert.ok(said.some((m) => m.includes('"primaryKeyPosition"') && m.endsWith("write primaryKeyPos")));
  // Self-contained plans resolve completely.
  const byName = new Map(load.plans.map((p) => [p.plan.name, p]));
  for (const name of ["csv_transaction_plan", "parquet_transaction_plan", "foreign_key_uniqueness_demo"]) {
    const plan = [...byName.values()].find(
      (p) => p.plan.name === name || p.sources[0]?.includes(name.replace(/_/g, "-")),
    );
    if (plan) assert.ok(plan.steps.length > 0, `${name} has no steps`);
  }
  const cassandra = load.connections.get("cassandra");
  assert.equal(cassandra?.type, "cassandra");
  assert.equal(cassandra?.options["spark.cassandra.connection.host"], "cassandraserver");
  assert.equal(load.connections.get("postgresCustomer")?.type, "postgres");
  assert.equal(load.connections.get("kafkaAccount")?.options["kafka.bootstrap.servers"], "kafka:29092");
});

test("the corpus configuration honours environment overrides", async (t) => {
  if (!corpusAvailable()) {
    t.skip(CORPUS_MISSING);
    return;
  }
  const load = await loadProject([`${CORPUS}/plan/csv.yaml`], {
    outputKinds: OUTPUT_KINDS,
    configPath: `${CORPUS}/application.conf`,
    env: { POSTGRES_URL: "jdbc:postgresql://127.0.0.1:5433/test", ENABLE_COUNT: "false" },
  });
  assert.equal(
    load.connections.get("postgresCustomer")?.options.url,
    "jdbc:postgresql://127.0.0.1:5433/test",
  );
  assert.equal(load.config.flags.enableCount, false);
});

/** Why each error the dry run reports over the corpus is right (the corpus is real, so not clean). */
const DRY_RUN_EXPECTED: [RegExp, string][] = [
  [/error RF_FORMAT_UNKNOWN: step .* writes to "(postgres|mysql|http)"/, "connector not built yet"],
  [
    /error RF_CONNECTION_UNSUPPORTED: step "jms_account" writes to "solace"( \(connection "solace"\))?, a Solace JMS \(SMF\) connection, which rowforge does not write to; of JMS brokers it writes to RabbitMQ/,
    "Solace is refused by name (rowforge's JMS is RabbitMQ's)",
  ],
  [
    /RF_FILE_NOT_FOUND: step "json_schema": the metadata document \/opt\/app\/mount\/json-schema\/complex-user-schema\.json was not found/,
    "the JSON Schema file lives in Data Caterer's docker mount, not in the corpus",
  ],
  [
    /RF_KEY_MISSING: step "json_schema" has no fields \(its jsonSchema source was not read\)/,
    "checkProject alone reads no metadata document (validate reads them first, as run does)",
  ],
  [
    /RF_CONNECTION_MISSING: step "account" looks like an HTTP step with no connection \(its url and method fields\): (task "[^"]+" is checked on its own|connection "[^"]+" is not defined)/,
    "an HTTP task (its steps of the default type json) checked without the plan that binds it, or in a plan naming a connection application.conf does not define",
  ],
  [
    /RF_CONNECTION_MISSING: step "[^"]+" \((postgres|mysql|kafka|cassandra)\) has no connection, so it (has no url option|has no Kafka brokers to connect to|names no Cassandra host): (task "[^"]+" is checked on its own|connection "[^"]+" is not defined)/,
    "a database or Kafka task checked without the plan that binds it, or in a plan naming a connection application.conf does not define",
  ],
  [/field "headers": .*no field "update_by"; did you mean "updated_by"/, "a typo in the user's SQL"],
  [
    /field "body\.[a-z_.]+": SQL expression .*unknown field "(order_details|event_timestamp)"; did you mean .*"body\.\1"/,
    "SQL naming a nested field without its parent (every such field of the step, reported at once)",
  ],
  [
    /the sql fields of step \.customer_events_stream refer to each other in a cycle: body -> headers -> body/,
    "rowforge orders sql fields by top-level field: headers reads body's fields and body reads headers'",
  ],
  [
    /warning RF_COUNT_FOLLOWS_PARENT: step "[^"]+" writes \d+ rows, not its count\.records \d+: .* (perField names the foreign-key field|\(the foreign key's cardinality\))/,
    "a foreign key's cardinality, or a perField on its field, counts rows per parent row as Data Caterer does; the warning says which count wins",
  ],
];

test("validate's dry run over the corpus: every error is explained, located, and run refuses the same files", async (t) => {
  if (!corpusAvailable()) {
    t.skip(CORPUS_MISSING);
    return;
  }
  const options = {
    env: {},
    configPath: join(CORPUS, "application.conf"),
    cwd: CORPUS,
    outputKinds: OUTPUT_KINDS,
  };
  const files = (await findSourceFiles([CORPUS], [])).filter((f) => /\.ya?ml$/.test(f));
  assert.ok(files.length >= 50);
  for (const file of files) {
    const load = await loadProject([file], options);
    if (load.files[0]?.kind !== "plan" && load.files[0]?.kind !== "task" && load.files[0]?.kind !== "unified")
      continue;
    const dry = await checkProject(load);
    for (const d of dry) {
      const line = `${d.severity} ${d.code}: ${d.message}`;
      assert.ok(
        DRY_RUN_EXPECTED.some(([re]) => re.test(line)),
        `unexpected ${line} at ${d.location?.file}:${d.location?.line}`,
      );
      assert.ok(d.location?.file && d.location.line, `${line} has a file and line`);
    }
    const validateFails = [...load.diagnostics, ...dry].some((d) => d.severity === "error");
    // A task file on its own has no connection: validate warns, run (of it alone) refuses.
    const unbound = dry.some((d) => d.code === "RF_CONNECTION_MISSING" && d.severity === "warning");
    // What run does before writing a byte: load the plan file, compile it, check every step.
    const run = await loadPlanFile(file, options);
    let runFails = !run.plan || run.diagnostics.some((d) => d.severity === "error");
    if (!runFails && run.plan) {
      try {
        const compiled = compilePlan(run.plan, { seed: "1", nowMicros: 0, fastMode: true });
        for (const s of compiled.steps) await checkStepRunnable(s.resolved);
      } catch {
        runFails = true;
      }
    }
    assert.equal(runFails, validateFails || unbound, `validate and run disagree about ${file}`);
  }
});
