// rowforge-test: alone (a rate held within 5% each second)
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { consumeAll, createTopic, deleteTopic, freshTopic } from "../support/kafka-topics.ts";
import { runCli } from "../support/run-cli.ts";
import { kafkaFacts } from "../support/servers.ts";

const RATE = 2000;
const SECONDS = 3;

/** Records per whole second from the first record's timestamp (the producer's create time, set when sent). */
function perSecond(timestamps: readonly number[]): number[] {
  const t0 = Math.min(...timestamps);
  const counts = new Array<number>(SECONDS + 1).fill(0);
  for (const t of timestamps) counts[Math.floor((t - t0) / 1000)]! += 1;
  return counts;
}

test(`a Kafka step with rowsPerSecond ${RATE} is held within ±5% each second, measured from the consuming side`, async () => {
  const { bootstrap } = kafkaFacts();
  const topic = freshTopic("rf_rate");
  await createTopic(bootstrap, topic, 1);
  const dir = fixtureDir({
    "plan.yaml": `name: kafka_rate
dataSources:
  - name: paced
    connection: { type: kafka, options: { bootstrapServers: "${bootstrap}" } }
    steps:
      - name: ticks
        options: { topic: ${topic}, rowsPerSecond: ${RATE} }
        count: { records: ${RATE * SECONDS} }
        fields:
          - { name: id, type: long, options: { sql: "__index_inc" } }
          - { name: note, options: { regex: "[a-z]{40}" } }
`,
  });
  try {
    const r = runCli(["run", "plan.yaml", "--json", "--home", join(dir, ".rowforge")], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    assert.equal(r.status, 0, r.stderr);
    const got = await consumeAll(bootstrap, topic);
    assert.equal(got.length, RATE * SECONDS);
    const counts = perSecond(got.map((m) => m.timestamp));
    // The whole seconds; what spills past the last one is the remainder of the third second.
    for (let s = 0; s < SECONDS; s++)
      assert.ok(
        Math.abs(counts[s]! - RATE) <= RATE * 0.05,
        `second ${s}: ${counts[s]} records, not ${RATE} ±5% (per second: ${counts.join(", ")})`,
      );
    const ids = got.map((m) => (JSON.parse(m.value) as { id: number }).id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      "in order on one partition",
    );
  } finally {
    await deleteTopic(bootstrap, topic);
  }
});
