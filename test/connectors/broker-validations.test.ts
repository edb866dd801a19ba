import assert from "node:assert/strict";
import { test } from "node:test";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { headers as natsHeaders } from "@nats-io/transport-node";
import { Producer, stringSerializers } from "@platformatic/kafka";
import { runValidations } from "../../src/app/validations/run-validations.ts";
import type { Connection } from "../../src/model/connection.ts";
import { defaultRunConfiguration } from "../../src/model/run-configuration.ts";
import type { Validation } from "../../src/model/validation.ts";
import { validationsPlan } from "../../src/quality/validations-plan.ts";
import {
  freshName,
  natsClient,
  natsOptions,
  queueDepth,
  rabbitOptions,
  readStream,
  withRabbitChannel,
} from "../support/broker-clients.ts";
import { createTopic, freshTopic, topicSize } from "../support/kafka-topics.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { kafkaFacts } from "../support/servers.ts";
import { until } from "../support/until.ts";

/**
 * 2,500 messages (more than a batch of 1,000) with planted defects: id 7 twice (message 2000),
 * amount 500 at message 99 (the others 1..100); keys `K<id>`, one header each.
 */
const ROWS = 2500;
const body = (i: number) => ({
  id: i === 2000 ? 7 : i,
  amount: i === 99 ? 500 : (i % 100) + 1,
  status: "open",
});

const checks: Validation[] = [
  { kind: "field", field: "id", checks: [{ type: "unique", options: {} }], nested: [] },
  { kind: "expression", expr: "amount BETWEEN 1 AND 100", checks: [], nested: [] },
  { kind: "expression", expr: "key = concat('K', CAST(id AS STRING))", checks: [], nested: [] },
  { kind: "expression", expr: "size(headers) = 1 AND headers[0].value = 'test'", checks: [], nested: [] },
  { kind: "groupBy", aggType: "count", aggExpr: `count == ${ROWS}`, checks: [], nested: [] },
];

async function validate(connection: Connection, vs: Validation[] = checks) {
  const plan = validationsPlan(
    [
      {
        name: "broker_checks",
        description: "",
        dataSources: { [connection.name]: [{ options: {}, validations: vs }] },
      },
    ],
    defaultRunConfiguration(),
    [],
  );
  const results = await runValidations(plan, {
    access: OPEN_ACCESS,
    connections: new Map([[connection.name, connection]]),
    batchRows: 1000,
  });
  return results.map((r) => [r.description, r.success, r.records, r.failed, r.error?.code]);
}

test("a Kafka topic written in transactions (commit markers leave offset gaps) is read back to its end, the markers' offsets not waited for", async () => {
  const { bootstrap } = kafkaFacts();
  const topic = freshTopic("rf_validate_tx");
  await createTopic(bootstrap, topic, 2);
  const producer = new Producer({
    clientId: "rf-test-tx",
    bootstrapBrokers: [bootstrap],
    serializers: stringSerializers,
    idempotent: true,
    transactionalId: `rf-test-${topic}`,
  });
  // Two transactions of 300 messages: each partition ends with a commit marker after its records.
  try {
    for (let t = 0; t < 2; t++) {
      const tx = await producer.beginTransaction();
      await tx.send({
        messages: Array.from({ length: 300 }, (_, i) => ({
          topic,
          partition: i % 2,
          key: `K${t * 300 + i}`,
          value: JSON.stringify({ id: t * 300 + i, amount: 1 }),
        })),
      });
      await tx.commit();
    }
  } finally {
    await producer.close();
  }
  // A commit returns before its markers are in the partitions; until they are, a reader sees the
  // last stable offset before them (the second transaction not yet visible). 2 x (300 + 2 markers).
  await until(
    "both transactions' commit markers written",
    async () => (await topicSize(bootstrap, topic)) === 604,
    {
      timeoutMs: 20_000,
      everyMs: 100,
    },
  );
  const got = await validate(
    {
      name: "events",
      type: "kafka",
      groupType: "messaging",
      // A read that waited for the markers' offsets, which hold no record, failed after these 20 s.
      options: { bootstrapServers: bootstrap, topic, timeout: "10" },
    },
    [
      { kind: "field", field: "id", checks: [{ type: "unique", options: {} }], nested: [] },
      { kind: "groupBy", aggType: "count", aggExpr: "count == 600", checks: [], nested: [] },
    ],
  );
  assert.deepEqual(got, [
    ["id is unique", true, 600, 0, undefined],
    ["count == 600", true, 1, 0, undefined],
  ]);
});

test("validations read a Kafka topic back (every partition, up to its end offsets): JSON values, keys, headers; planted defects found", async () => {
  const { bootstrap } = kafkaFacts();
  const topic = freshTopic("rf_validate");
  await createTopic(bootstrap, topic, 3);
  const producer = new Producer({
    clientId: "rf-test",
    bootstrapBrokers: [bootstrap],
    serializers: stringSerializers,
  });
  try {
    await producer.send({
      messages: Array.from({ length: ROWS }, (_, i) => ({
        topic,
        partition: i % 3,
        key: `K${body(i).id}`,
        value: JSON.stringify(body(i)),
        headers: { source: "test" },
      })),
    });
  } finally {
    await producer.close();
  }
  const got = await validate({
    name: "events",
    type: "kafka",
    groupType: "messaging",
    options: { bootstrapServers: bootstrap, topic },
  });
  assert.deepEqual(got, [
    ["id is unique", false, ROWS - 1, 1, undefined],
    ["amount BETWEEN 1 AND 100", false, ROWS, 1, undefined],
    ["key = concat('K', CAST(id AS STRING))", true, ROWS, 0, undefined],
    ["size(headers) = 1 AND headers[0].value = 'test'", true, ROWS, 0, undefined],
    [`count == ${ROWS}`, true, 1, 0, undefined],
  ]);
  // Each record's partition and offset: messages went to partition i % 3 (834, 833, 833 of them).
  const placed = await validate(
    {
      name: "events",
      type: "kafka",
      groupType: "messaging",
      options: { bootstrapServers: bootstrap, topic },
    },
    [
      {
        kind: "field",
        field: "partition",
        checks: [{ type: "distinctEqual", options: { values: [0, 1, 2] } }],
        nested: [],
      },
      {
        kind: "groupBy",
        groupByFields: ["partition", "offset"],
        aggType: "count",
        aggExpr: "count == 1",
        checks: [],
        nested: [],
      },
      // Offsets run from 0 in each partition: partition 0 ends at 833, the others at 832.
      {
        kind: "groupBy",
        groupByFields: ["partition"],
        aggType: "max",
        aggField: "offset",
        aggExpr: "max(offset) == 832",
        checks: [],
        nested: [],
      },
      { kind: "expression", expr: "partition = id % 3 OR id = 7", checks: [], nested: [] },
    ],
  );
  assert.deepEqual(
    placed.map((r) => r.slice(1)),
    [
      [true, 1, 0, undefined],
      [true, ROWS, 0, undefined],
      [false, 3, 1, undefined],
      [true, ROWS, 0, undefined],
    ],
  );
  // Nothing was taken or committed: the topic holds what it held.
  assert.equal(await topicSize(bootstrap, topic), ROWS);
  const missing = await validate(
    {
      name: "events",
      type: "kafka",
      groupType: "messaging",
      options: { bootstrapServers: bootstrap, topic: `${topic}_nope` },
    },
    checks.slice(1, 2),
  );
  assert.equal(missing[0]![1], false);
  assert.equal(missing[0]![4], "RF_DESTINATION_NOT_FOUND");
});

test("validations read a NATS JetStream subject back without removing its messages; planted defects found", async () => {
  const subject = freshName("rf.validate").replaceAll("_", ".");
  const stream = subject.replaceAll(".", "_");
  const nc = await natsClient();
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: stream, subjects: [subject, `${subject}.other`] });
    const js = jetstream(nc);
    for (let i = 0; i < ROWS; i++) {
      const h = natsHeaders();
      h.set("source", "test");
      await js.publish(subject, JSON.stringify({ ...body(i), key: `K${body(i).id}` }), { headers: h });
      // Another subject of the same stream is not read.
      if (i % 500 === 0) await js.publish(`${subject}.other`, JSON.stringify({ id: -1, amount: -1 }));
    }
  } finally {
    await nc.close();
  }
  const got = await validate({
    name: "events",
    type: "nats",
    groupType: "messaging",
    options: { ...natsOptions(subject), jetstream: "true" },
  });
  assert.deepEqual(got, [
    ["id is unique", false, ROWS - 1, 1, undefined],
    ["amount BETWEEN 1 AND 100", false, ROWS, 1, undefined],
    ["key = concat('K', CAST(id AS STRING))", true, ROWS, 0, undefined],
    ["size(headers) = 1 AND headers[0].value = 'test'", true, ROWS, 0, undefined],
    [`count == ${ROWS}`, true, 1, 0, undefined],
  ]);
  assert.equal((await readStream(stream)).length, ROWS + 5, "every message is still in the stream");
});

test("RabbitMQ queues, MQTT topics, core NATS subjects and HTTP endpoints are not read back: RF_VALIDATION_NO_READ_BACK says why, and the queue keeps its messages", async () => {
  const queue = freshName("rf_validate_q");
  await withRabbitChannel(async (ch) => {
    await ch.assertQueue(queue, { durable: false });
    for (let i = 0; i < 10; i++) ch.sendToQueue(queue, Buffer.from(JSON.stringify(body(i))));
    await until("the 10 messages in the queue", async () => (await ch.checkQueue(queue)).messageCount === 10);
  });
  const one = checks.slice(1, 2);
  const rabbit = await validate(
    { name: "q", type: "rabbitmq", groupType: "messaging", options: rabbitOptions(queue) },
    one,
  );
  assert.deepEqual(rabbit[0]!.slice(1), [false, 0, 0, "RF_VALIDATION_NO_READ_BACK"]);
  assert.equal(await queueDepth(queue), 10, "the queue still holds every message");
  const why = async (connection: Connection) => {
    const plan = validationsPlan(
      [
        {
          name: "v",
          description: "",
          dataSources: { [connection.name]: [{ options: {}, validations: one }] },
        },
      ],
      defaultRunConfiguration(),
      [],
    );
    const [r] = await runValidations(plan, {
      access: OPEN_ACCESS,
      connections: new Map([[connection.name, connection]]),
    });
    assert.equal(r!.error?.code, "RF_VALIDATION_NO_READ_BACK");
    return r!.error!.message;
  };
  assert.match(
    await why({ name: "q", type: "rabbitmq", groupType: "messaging", options: rabbitOptions(queue) }),
    /reading a RabbitMQ queue takes its messages/,
  );
  assert.match(
    await why({
      name: "m",
      type: "mqtt",
      groupType: "messaging",
      options: { url: "mqtt://127.0.0.1:1", topic: "rf/validate" },
    }),
    /MQTT broker keeps no message/,
  );
  assert.match(
    await why({
      name: "n",
      type: "nats",
      groupType: "messaging",
      options: { url: "nats://127.0.0.1:1", subject: "rf.core" },
    }),
    /core NATS keeps no message/,
  );
  assert.match(
    await why({ name: "h", type: "http", groupType: "http", options: { url: "http://127.0.0.1:9/x" } }),
    /HTTP endpoint is sent requests/,
  );
});

test("messages of several shapes read back: a field whose type changes after the first 20,480 records, a key that appears late", async () => {
  const { bootstrap } = kafkaFacts();
  const topic = freshTopic("rf_validate_shapes");
  await createTopic(bootstrap, topic, 1);
  const n = 21_000;
  const producer = new Producer({
    clientId: "rf-test",
    bootstrapBrokers: [bootstrap],
    serializers: stringSerializers,
  });
  try {
    await producer.send({
      messages: Array.from({ length: n }, (_, i) => ({
        topic,
        value: JSON.stringify(i === n - 1 ? { id: i, x: "text", late: true } : { id: i, x: i }),
      })),
    });
  } finally {
    await producer.close();
  }
  const got = await validate(
    {
      name: "events",
      type: "kafka",
      groupType: "messaging",
      options: { bootstrapServers: bootstrap, topic },
    },
    [
      { kind: "groupBy", aggType: "count", aggExpr: `count == ${n}`, checks: [], nested: [] },
      { kind: "expression", expr: "late IS NULL", checks: [], nested: [] },
    ],
  );
  assert.deepEqual(got, [
    [`count == ${n}`, true, 1, 0, undefined],
    ["late IS NULL", false, n, 1, undefined],
  ]);
});
