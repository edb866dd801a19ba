import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { type ConsumedRecord, consumeAll, topicSize } from "../support/kafka-topics.ts";
import { runCli } from "../support/run-cli.ts";
import { kafkaFacts } from "../support/servers.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

/**
 * The corpus's Kafka plans, run as their users run them: the plan file, the corpus's own
 * application.conf with only its kafkaAccount connection pointed at the test run's broker
 * (KAFKA_BOOTSTRAP_SERVERS, which that file reads), then every record they sent consumed back.
 * Their topic is the corpus's own (account-topic): a test reads the records after the offset
 * the topic had before its run.
 */

const TOPIC = "account-topic";

interface RunJson {
  success: boolean;
  steps: { name: string; records: number; outputs: string[] }[];
}

function runCorpus(plan: string, extraEnv: Record<string, string> = {}): RunJson {
  const out = mkdtempSync(join(tmpdir(), "rowforge-corpus-kafka-"));
  const r = runCli(
    [
      "run",
      "--output-root",
      out,
      plan,
      "--config",
      join(CORPUS, "application.conf"),
      "--home",
      join(out, ".rowforge"),
      "--json",
      "--seed",
      "11",
      "--now",
      "2026-11-01T00:00:00Z",
    ],
    { cwd: out, env: { KAFKA_BOOTSTRAP_SERVERS: kafkaFacts().bootstrap, ...extraEnv }, timeoutMs: 120_000 },
  );
  assert.equal(r.status, 0, `${plan}: ${r.stderr}`);
  const result = JSON.parse(r.stdout) as RunJson;
  assert.ok(result.success, `${plan}: run failed`);
  return result;
}

/** The records a run adds to the corpus topic (it is shared by the corpus plans and kept between runs). */
async function recordsOfRun(run: () => RunJson): Promise<{ result: RunJson; records: ConsumedRecord[] }> {
  const { bootstrap } = kafkaFacts();
  const before = await topicSize(bootstrap, TOPIC);
  const result = run();
  const records = (await consumeAll(bootstrap, TOPIC)).filter((m) => m.offset >= BigInt(before));
  return { result, records };
}

test("corpus plan/kafka.yaml: customers and their products reach account-topic keyed by customer_id, with the customer_id header", async (t) => {
  if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
  const { result, records } = await recordsOfRun(() => runCorpus(join(CORPUS, "plan/kafka.yaml")));
  assert.deepEqual(
    result.steps.map((s) => [s.name, s.records]),
    [
      ["customer", 2],
      ["customer_product", 4],
    ],
  );
  assert.deepEqual(result.steps[0]?.outputs, [`kafka://${kafkaFacts().bootstrap}/${TOPIC}`]);
  assert.equal(records.length, 6);
  const customers = records
    .slice(0, 2)
    .map((m) => ({ m, body: JSON.parse(m.value) as Record<string, string> }));
  for (const { m, body } of customers) {
    assert.deepEqual(Object.keys(body), ["customer_id", "first_name", "last_name"]);
    assert.equal(m.key, body.customer_id, "the key is body.customer_id");
    assert.deepEqual(m.headers, [["customer_id", body.customer_id]]);
    assert.match(body.customer_id!, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  }
  const products = records.slice(2).map((m) => ({ m, body: JSON.parse(m.value) as Record<string, string> }));
  for (const { m, body } of products) {
    assert.deepEqual(Object.keys(body), ["customer_id", "customer_product_id"]);
    assert.equal(m.key, body.customer_id);
    assert.deepEqual(m.headers, [], "the product step has no messageHeaders");
  }
  // perField count 2 on body.customer_id: two products for each of two customer ids.
  const perCustomer = new Map<string, number>();
  for (const { body } of products)
    perCustomer.set(body.customer_id!, (perCustomer.get(body.customer_id!) ?? 0) + 1);
  assert.deepEqual([...perCustomer.values()], [2, 2]);
});

test("corpus task/kafka/kafka-account-task.yaml: value is to_json(content) and the key its account_id", async (t) => {
  if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
  const dir = mkdtempSync(join(tmpdir(), "rowforge-corpus-kafka-plan-"));
  // The task as a plan runs it: bound to the corpus's kafkaAccount connection, found in the corpus's task folder.
  writeFileSync(
    join(dir, "plan.yaml"),
    "name: json_account_plan\ntasks:\n  - name: json_account_kafka\n    dataSourceName: kafkaAccount\n",
  );
  const { result, records } = await recordsOfRun(() =>
    runCorpus(join(dir, "plan.yaml"), { TASK_FOLDER_PATH: join(CORPUS, "task") }),
  );
  assert.deepEqual(
    result.steps.map((s) => [s.name, s.records]),
    [["kafka_account", 10]],
  );
  assert.equal(records.length, 10);
  for (const m of records) {
    const value = JSON.parse(m.value) as Record<string, unknown>;
    assert.deepEqual(Object.keys(value), ["account_id", "year", "amount", "details", "transactions"]);
    assert.equal(m.key, value.account_id);
    assert.ok((value.year as number) >= 2021 && (value.year as number) <= 2022);
    assert.ok((value.amount as number) >= 10 && (value.amount as number) <= 100);
    assert.deepEqual(Object.keys(value.details as object), ["name", "txn_date", "updated_by"]);
    assert.ok(Array.isArray(value.transactions));
    assert.deepEqual(m.headers, []);
  }
});
