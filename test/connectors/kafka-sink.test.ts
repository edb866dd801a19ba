import assert from "node:assert/strict";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { consumeAll, createTopic, deleteTopic, freshTopic, topicSize } from "../support/kafka-topics.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { kafkaFacts } from "../support/servers.ts";

/** The Kafka sink's step options and fields against the shared broker, every record read back. */

function kafkaPlan(stepOptions: Record<string, string>, fields: string, records: number) {
  return planFrom(
    "name: sink\ntasks:\n  - name: t\n    dataSourceName: broker\nsinkOptions: {seed: 9}\n",
    {
      t: `name: t\nsteps:\n  - name: s\n    type: kafka\n    options: ${JSON.stringify(stepOptions)}\n    count: {records: ${records}}\n    fields:\n${fields}`,
    },
    {
      "application.conf": `kafka {\n  broker {\n    kafka.bootstrap.servers = "${kafkaFacts().bootstrap}"\n  }\n}\n`,
    },
  );
}

const run = (plan: Awaited<ReturnType<typeof kafkaPlan>>) =>
  runPlan(plan, {
    access: OPEN_ACCESS,
    runId: "kafka-sink",
    nowMicros: TEST_NOW_MICROS,
    batchSize: 700,
    executor: () => createInlineExecutor(),
  });

const FIELDS =
  "      - {name: key, options: {regex: 'K[0-9]{6}'}}\n      - {name: id, type: long, options: {sql: '__index_inc'}}\n      - {name: word, options: {oneOf: [alpha, beta, gamma]}}\n";

for (const [label, options] of [
  ["gzip", { compression: "gzip" }],
  ["snappy", { compression: "snappy" }],
  ["lz4", { compression: "lz4" }],
  ["zstd", { compression: "zstd" }],
  ["an idempotent producer", { idempotent: "true" }],
  ["acks 1 and small requests", { acks: "1", batchSize: "2048", chunkRows: "100", maxInFlight: "2" }],
  ["acks 0", { acks: "0" }],
] as const) {
  test(`${label}: every record reads back once, as the row's JSON`, async () => {
    const { bootstrap } = kafkaFacts();
    const topic = freshTopic("rf_sink");
    try {
      const r = await run(await kafkaPlan({ topic, ...options }, FIELDS, 2500));
      assert.equal(r.success, true, r.failedReason ?? "");
      assert.equal(r.steps[0]?.records, 2500);
      const got = await consumeAll(bootstrap, topic);
      assert.equal(got.length, 2500);
      const ids = got.map((m) => (JSON.parse(m.value) as { id: number }).id).sort((a, b) => a - b);
      assert.deepEqual(
        ids,
        Array.from({ length: 2500 }, (_, k) => k),
      );
      for (const m of got) {
        const v = JSON.parse(m.value) as Record<string, unknown>;
        assert.deepEqual(Object.keys(v), ["id", "word"], "the key is not in the value");
        assert.match(m.key ?? "", /^K[0-9]{6}$/);
      }
    } finally {
      await deleteTopic(bootstrap, topic);
    }
  });
}

test("rows naming their own topic go there; the step lists each topic as an output", async () => {
  const { bootstrap } = kafkaFacts();
  const base = freshTopic("rf_route");
  const fields = `${FIELDS}      - {name: topic, options: {sql: "CONCAT('${base}_', word)"}}\n`;
  try {
    const r = await run(await kafkaPlan({}, fields, 900));
    assert.equal(r.success, true, r.failedReason ?? "");
    const sizes = await Promise.all(
      ["alpha", "beta", "gamma"].map((w) => topicSize(bootstrap, `${base}_${w}`)),
    );
    assert.equal(
      sizes.reduce((a, b) => a + b, 0),
      900,
    );
    for (const w of ["alpha", "beta", "gamma"]) {
      const got = await consumeAll(bootstrap, `${base}_${w}`);
      assert.ok(got.every((m) => (JSON.parse(m.value) as { word: string }).word === w));
    }
    assert.deepEqual(
      [...(r.steps[0]?.outputs ?? [])].sort(),
      ["alpha", "beta", "gamma"].map((w) => `kafka://${bootstrap}/${base}_${w}`),
    );
  } finally {
    for (const w of ["alpha", "beta", "gamma"]) await deleteTopic(bootstrap, `${base}_${w}`);
  }
});

test("a null value is a tombstone (a null record value), an empty one stays empty", async () => {
  const { bootstrap } = kafkaFacts();
  const topic = freshTopic("rf_tomb");
  const fields = `${FIELDS}      - {name: value, options: {sql: "CASE WHEN id % 3 = 0 THEN NULL WHEN id % 3 = 1 THEN '' ELSE word END"}}\n`;
  try {
    const r = await run(await kafkaPlan({ topic }, fields, 300));
    assert.equal(r.success, true, r.failedReason ?? "");
    const got = await consumeAll(bootstrap, topic);
    assert.equal(got.length, 300);
    assert.equal(got.filter((m) => m.nullValue).length, 100);
    assert.equal(got.filter((m) => !m.nullValue && m.value === "").length, 100);
    assert.ok(got.filter((m) => m.value !== "").every((m) => ["alpha", "beta", "gamma"].includes(m.value)));
  } finally {
    await deleteTopic(bootstrap, topic);
  }
});

test("a partition the topic does not have fails the step naming the row and the topic's partitions", async () => {
  const { bootstrap } = kafkaFacts();
  const topic = freshTopic("rf_parts");
  await createTopic(bootstrap, topic, 2);
  try {
    const fields = `${FIELDS}      - {name: partition, type: int, options: {sql: "CASE WHEN id = 1500 THEN 7 ELSE id % 2 END"}}\n`;
    const r = await run(await kafkaPlan({ topic }, fields, 2000));
    assert.equal(r.success, false);
    assert.equal(r.steps[0]?.errorCode, "RF_VALUE_INVALID");
    assert.match(
      r.failedReason ?? "",
      new RegExp(
        `row 1500 \\(key "K[0-9]{6}"\\) has partition 7, but topic "${topic}" has partitions 0 to 1`,
      ),
    );
  } finally {
    await deleteTopic(bootstrap, topic);
  }
});
