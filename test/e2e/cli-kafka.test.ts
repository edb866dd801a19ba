import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { loadProject } from "../../src/config/index.ts";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { consumeAll, createTopic, deleteTopic, freshTopic } from "../support/kafka-topics.ts";
import { runCli } from "../support/run-cli.ts";
import { kafkaFacts } from "../support/servers.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

const NOW = "2026-11-01T00:00:00Z";
const ROWS = 3000;

const planYaml = (bootstrap: string, topic: string): string => `name: kafka_e2e
dataSources:
  - name: events
    connection:
      type: kafka
      options: { bootstrapServers: "${bootstrap}" }
    steps:
      - name: account_events
        options: { topic: ${topic} }
        count: { records: ${ROWS} }
        fields:
          - { name: key, options: { sql: "body.account_id" } }
          - { name: partition, type: int, options: { min: 0, max: 2 } }
          - name: messageHeaders
            fields:
              - { name: account-id, options: { sql: "body.account_id" } }
              - { name: source, static: "rowforge-e2e" }
          - name: messageBody
            fields:
              - { name: account_id, options: { regex: "ACC[0-9]{8}", isUnique: true } }
              - { name: year, type: int, options: { min: 2021, max: 2024 } }
              - { name: amount, type: double, options: { min: 1, max: 1000 } }
              - { name: status, options: { oneOf: [open, closed, frozen] } }
`;

interface RunJson {
  success: boolean;
  steps: {
    name: string;
    records: number;
    outputs: string[];
    delivery?: { acknowledged: number; failed: number };
  }[];
}

test("rowforge run sends a Kafka step's records: keys, JSON values, headers and partitions are what the plan generates", async () => {
  const { bootstrap } = kafkaFacts();
  const topic = freshTopic("rf_e2e");
  await createTopic(bootstrap, topic, 3);
  const dir = fixtureDir({ "plan.yaml": planYaml(bootstrap, topic) });
  try {
    const r = runCli(
      ["run", "plan.yaml", "--seed", "7", "--now", NOW, "--json", "--home", join(dir, ".rowforge")],
      { cwd: dir, timeoutMs: 120_000 },
    );
    assert.equal(r.status, 0, r.stderr);
    const result = JSON.parse(r.stdout) as RunJson;
    assert.equal(result.success, true);
    const [step] = result.steps;
    assert.equal(step?.records, ROWS);
    assert.deepEqual(step?.outputs, [`kafka://${bootstrap}/${topic}`]);
    assert.equal(step?.delivery?.acknowledged, ROWS);
    assert.equal(step?.delivery?.failed, 0);

    // What the plan generates with the same seed and time.
    const load = await loadProject([join(dir, "plan.yaml")], { outputKinds: OUTPUT_KINDS, env: {} });
    const compiled = compilePlan(load.plans[0]!, {
      seed: "7",
      nowMicros: Date.parse(NOW) * 1000,
      fastMode: true,
    });
    const batch = compiled.steps[0]!.batch(0, ROWS);
    const expected = new Map<string, { partition: number; body: unknown }>();
    for (let i = 0; i < ROWS; i++) {
      const row = batch.get(i)!.toJSON() as { key: string; partition: number; body: { toJSON(): unknown } };
      expected.set(row.key, { partition: row.partition, body: row.body.toJSON() });
    }
    assert.equal(expected.size, ROWS, "keys are unique");

    const got = await consumeAll(bootstrap, topic);
    assert.equal(got.length, ROWS);
    for (const m of got) {
      const want = expected.get(m.key ?? "");
      assert.ok(want, `key ${m.key} was generated`);
      assert.equal(m.partition, want.partition, `partition of ${m.key}`);
      assert.deepEqual(JSON.parse(m.value), want.body, `value of ${m.key}`);
      assert.deepEqual(m.headers, [
        ["account-id", m.key],
        ["source", "rowforge-e2e"],
      ]);
    }
    assert.equal(new Set(got.map((m) => m.key)).size, ROWS);
    // Every partition the field names got records.
    assert.deepEqual([...new Set(got.map((m) => m.partition))].sort(), [0, 1, 2]);

    // Delete mode says records cannot be taken back, and takes none.
    const d = runCli(["run", "plan.yaml", "--mode", "delete", "--json", "--home", join(dir, ".rowforge")], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    assert.equal(d.status, 0, d.stderr);
    assert.match(d.stdout, /Kafka records cannot be taken back/);
    assert.equal((await consumeAll(bootstrap, topic)).length, ROWS);
  } finally {
    await deleteTopic(bootstrap, topic);
  }
});
