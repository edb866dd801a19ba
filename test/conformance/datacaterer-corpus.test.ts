import assert from "node:assert/strict";
import { test } from "node:test";
import { loadProject } from "../../src/config/load/load-project.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

// References in the corpus that are broken in the corpus itself: plans naming task files
// that are not in it, and connections that its application.conf does not define.
const GENUINELY_BROKEN = new Set(["RF_TASK_NOT_FOUND", "RF_CONNECTION_NOT_FOUND"]);

test("every file users brought loads: no crash, errors only for broken references", async (t) => {
  if (!corpusAvailable()) {
    t.skip(CORPUS_MISSING);
    return;
  }
  const load = await loadProject([CORPUS], { lenientEnv: true, env: {} });
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
  const unknown = load.diagnostics.filter((d) => d.code === "RF_KEY_UNKNOWN").map((d) => d.message);
  assert.ok(unknown.some((m) => m.includes('"arrayMinLength"; did you mean "arrayMinLen"')));
  assert.ok(unknown.some((m) => m.includes('"primaryKeyPosition"; did you mean "primaryKeyPos"')));
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
    configPath: `${CORPUS}/application.conf`,
    env: { POSTGRES_URL: "jdbc:postgresql://127.0.0.1:5433/test", ENABLE_COUNT: "false" },
  });
  assert.equal(
    load.connections.get("postgresCustomer")?.options.url,
    "jdbc:postgresql://127.0.0.1:5433/test",
  );
  assert.equal(load.config.flags.enableCount, false);
});
