import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { createTopic, freshTopic } from "../support/kafka-topics.ts";
import { runCli } from "../support/run-cli.ts";
import { kafkaFacts } from "../support/servers.ts";

test("run validates the Kafka records it sent by reading the topic back (key, headers, JSON value); check again alone", async () => {
  const { bootstrap } = kafkaFacts();
  const topic = freshTopic("rf_validate_e2e");
  await createTopic(bootstrap, topic, 2);
  const dir = fixtureDir({
    "plan.yaml": `name: kafka_validated
sinkOptions: { seed: "4" }
dataSources:
  - name: events
    connection:
      type: kafka
      options: { bootstrapServers: "${bootstrap}", topic: ${topic} }
    steps:
      - name: account_events
        count: { records: 1500 }
        fields:
          - { name: key, options: { sql: "body.account_id" } }
          - name: messageHeaders
            fields:
              - { name: source, static: "rowforge-e2e" }
          - name: messageBody
            fields:
              - { name: account_id, options: { regex: "ACC[0-9]{8}", isUnique: true } }
              - { name: amount, type: double, options: { min: 1, max: 1000 } }
              - { name: status, options: { oneOf: [open, closed, frozen] } }
        validations:
          - field: account_id
            validation: [{ type: unique }]
          - expr: "key = account_id AND headers[0].value = 'rowforge-e2e'"
          - expr: "amount BETWEEN 1 AND 1000"
          - field: status
            validation: [{ type: in, values: [open, closed] }]
          - { aggType: count, aggExpr: "count == 1500" }
`,
  });
  const r = runCli(["run", "plan.yaml", "--quiet", "--json", "--home", join(dir, "home")], {
    cwd: dir,
    timeoutMs: 120_000,
  });
  assert.equal(r.status, 3, r.stderr);
  const result = JSON.parse(r.stdout) as {
    validations: { success: boolean; records: number; failed: number; source: string; error?: unknown }[];
  };
  assert.deepEqual(
    result.validations.map((v) => [v.success, v.records, v.error]),
    [
      [true, 1500, undefined],
      [true, 1500, undefined],
      [true, 1500, undefined],
      [false, 1500, undefined],
      [true, 1, undefined],
    ],
  );
  // The planted failure: frozen accounts, about a third.
  assert.ok(result.validations[3]!.failed > 300 && result.validations[3]!.failed < 700);
  assert.match(result.validations[0]!.source, new RegExp(`^kafka topic ${topic} at `));
  const c = runCli(["check", "plan.yaml", "--json"], { cwd: dir, timeoutMs: 120_000 });
  assert.equal(c.status, 3, c.stderr);
  const checked = JSON.parse(c.stdout) as { validations: { success: boolean }[] };
  assert.deepEqual(
    checked.validations.map((v) => v.success),
    [true, true, true, false, true],
  );
});
