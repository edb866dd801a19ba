/**
 * The shared message brokers work with the npm clients the sinks use: each test takes a broker's
 * facts (starting it when this is the run's first test to need it), sends messages through the
 * real client, reads them back exactly, and checks that a wrong password is refused.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect as natsConnect, headers as natsHeaders } from "@nats-io/transport-node";
import { Admin, Consumer, Producer, stringDeserializers, stringSerializers } from "@platformatic/kafka";
import amqp from "amqplib";
import mqtt from "mqtt";
import { kafkaFacts, mqttFacts, natsFacts, rabbitmqFacts } from "../support/servers.ts";

const unique = (prefix: string): string => `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;

const SENT = [
  { key: "k1", value: '{"id":1,"name":"alpha"}', header: "h1" },
  { key: "k2", value: '{"id":2,"name":"beta, with comma"}', header: "h2" },
  { key: "k3", value: '{"id":3,"name":"gamma ü"}', header: "h3" },
] as const;

test("Kafka: 3 messages with keys and headers produced to a topic are consumed back exactly", async () => {
  const f = kafkaFacts();
  assert.match(f.bootstrap, /^127\.0\.0\.1:\d+$/);
  assert.match(f.toolsClasspath, /\/lib\/\*$/);
  const topic = unique("rf_brokers");
  const admin = new Admin({ clientId: "rf-test-admin", bootstrapBrokers: [f.bootstrap] });
  const producer = new Producer({
    clientId: "rf-test-producer",
    bootstrapBrokers: [f.bootstrap],
    serializers: stringSerializers,
  });
  const consumer = new Consumer({
    clientId: "rf-test-consumer",
    groupId: unique("rf_group"),
    bootstrapBrokers: [f.bootstrap],
    deserializers: stringDeserializers,
  });
  try {
    await admin.createTopics({ topics: [topic], partitions: 1, replicas: 1 });
    await producer.send({
      messages: SENT.map((m) => ({ topic, key: m.key, value: m.value, headers: { source: m.header } })),
    });
    const stream = await consumer.consume({ topics: [topic], mode: "earliest", maxWaitTime: 500 });
    const got: { key: string; value: string; source: string | undefined; partition: number }[] = [];
    for await (const message of stream) {
      got.push({
        key: message.key,
        value: message.value,
        source: message.headers.get("source"),
        partition: message.partition,
      });
      if (got.length === SENT.length) break;
    }
    await stream.close();
    assert.deepEqual(
      got,
      SENT.map((m) => ({ key: m.key, value: m.value, source: m.header, partition: 0 })),
    );
  } finally {
    await consumer.close(true);
    await producer.close();
    await admin.deleteTopics({ topics: [topic] }).catch(() => {});
    await admin.close();
  }
});

test("Kafka: a producer not asking for topic creation gets an unknown-topic error; one asking gets the topic", async () => {
  const f = kafkaFacts();
  assert.equal(f.autoCreateTopics, true);
  const strict = new Producer({
    clientId: "rf-test-strict",
    bootstrapBrokers: [f.bootstrap],
    serializers: stringSerializers,
    retries: 0,
  });
  const creating = new Producer({
    clientId: "rf-test-creating",
    bootstrapBrokers: [f.bootstrap],
    serializers: stringSerializers,
    autocreateTopics: true,
  });
  const missing = unique("rf_missing");
  const made = unique("rf_made");
  try {
    await assert.rejects(strict.send({ messages: [{ topic: missing, key: "k", value: "v" }] }), (e: Error) =>
      /unknown|not exist|UNKNOWN_TOPIC/i.test(`${e.message} ${JSON.stringify(e)}`),
    );
    const result = await creating.send({ messages: [{ topic: made, key: "k", value: "v" }] });
    assert.equal(result.offsets?.[0]?.offset, 0n);
  } finally {
    await strict.close();
    await creating.close();
    const admin = new Admin({ clientId: "rf-test-admin", bootstrapBrokers: [f.bootstrap] });
    await admin.deleteTopics({ topics: [made] }).catch(() => {});
    await admin.close();
  }
});

test("RabbitMQ: 3 messages published with confirms to a queue are consumed back exactly, on both vhosts", async () => {
  const f = rabbitmqFacts();
  for (const vhost of [f.vhost, f.testVhost]) {
    const conn = await amqp.connect({
      protocol: "amqp",
      hostname: f.host,
      port: f.port,
      username: f.user,
      password: f.password,
      vhost,
    });
    try {
      const ch = await conn.createConfirmChannel();
      const queue = unique("rf_queue");
      await ch.assertQueue(queue, { durable: false, autoDelete: false });
      for (const m of SENT) {
        ch.sendToQueue(queue, Buffer.from(m.value), { messageId: m.key, headers: { source: m.header } });
      }
      await ch.waitForConfirms();
      const got: { key: unknown; value: string; source: unknown }[] = [];
      await new Promise<void>((resolve, reject) => {
        ch.consume(queue, (msg) => {
          if (msg === null) return reject(new Error("consumer cancelled"));
          got.push({
            key: msg.properties.messageId,
            value: msg.content.toString(),
            source: msg.properties.headers?.source,
          });
          ch.ack(msg);
          if (got.length === SENT.length) resolve();
        }).catch(reject);
      });
      assert.deepEqual(
        got,
        SENT.map((m) => ({ key: m.key, value: m.value, source: m.header })),
        `vhost ${vhost}`,
      );
      await ch.deleteQueue(queue);
      await ch.close();
    } finally {
      await conn.close();
    }
  }
});

test("RabbitMQ: a wrong password is refused", async () => {
  const f = rabbitmqFacts();
  await assert.rejects(
    amqp.connect({ hostname: f.host, port: f.port, username: f.user, password: `not-${f.password}` }),
    /ACCESS.REFUSED|403/i,
  );
});

test("MQTT: 3 messages published with QoS 1 reach a QoS 1 subscriber exactly", async () => {
  const f = mqttFacts();
  assert.equal(f.url, `mqtt://${f.host}:${f.port}`);
  const options = { username: f.user, password: f.password, reconnectPeriod: 0, connectTimeout: 10_000 };
  const sub = await mqtt.connectAsync(f.url, { ...options, clientId: unique("rf_sub") });
  const pub = await mqtt.connectAsync(f.url, { ...options, clientId: unique("rf_pub") });
  try {
    const topic = `rowforge/test/${unique("t")}`;
    const got: { topic: string; value: string; qos: number }[] = [];
    const all = new Promise<void>((resolve) => {
      sub.on("message", (t, payload, packet) => {
        got.push({ topic: t, value: payload.toString(), qos: packet.qos });
        if (got.length === SENT.length) resolve();
      });
    });
    const [grant] = await sub.subscribeAsync(topic, { qos: 1 });
    assert.equal(grant?.qos, 1);
    for (const m of SENT) await pub.publishAsync(topic, m.value, { qos: 1 });
    await all;
    assert.deepEqual(
      got,
      SENT.map((m) => ({ topic, value: m.value, qos: 1 })),
    );
  } finally {
    await sub.endAsync();
    await pub.endAsync();
  }
});

test("MQTT: a wrong password and an anonymous client are refused", async () => {
  const f = mqttFacts();
  await assert.rejects(
    mqtt.connectAsync(f.url, { username: f.user, password: `not-${f.password}`, reconnectPeriod: 0 }),
    /not authori[sz]ed|bad user/i,
  );
  await assert.rejects(mqtt.connectAsync(f.url, { reconnectPeriod: 0 }), /not authori[sz]ed|bad user/i);
});

test("NATS: 3 messages published with headers reach a subscriber exactly", async () => {
  const f = natsFacts();
  const nc = await natsConnect({ servers: f.url, user: f.user, pass: f.password });
  try {
    const subject = `rowforge.test.${unique("s")}`;
    const sub = nc.subscribe(subject, { max: SENT.length });
    await nc.flush();
    for (const m of SENT) {
      const h = natsHeaders();
      h.set("source", m.header);
      nc.publish(subject, m.value, { headers: h });
    }
    const got: { value: string; source: string | undefined }[] = [];
    for await (const msg of sub) got.push({ value: msg.string(), source: msg.headers?.get("source") });
    assert.deepEqual(
      got,
      SENT.map((m) => ({ value: m.value, source: m.header })),
    );
  } finally {
    await nc.close();
  }
});

test("NATS JetStream: 3 messages published to a stream are acknowledged in order and stored exactly", async () => {
  const f = natsFacts();
  const nc = await natsConnect({ servers: f.url, user: f.user, pass: f.password });
  const stream = unique("RF_STREAM");
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: stream, subjects: [`${stream}.>`] });
    const js = jetstream(nc);
    const acks = [];
    for (const m of SENT) acks.push(await js.publish(`${stream}.${m.key}`, m.value));
    assert.deepEqual(
      acks.map((a) => ({ stream: a.stream, seq: a.seq, duplicate: a.duplicate })),
      [1, 2, 3].map((seq) => ({ stream, seq, duplicate: false })),
    );
    const stored = [];
    for (const seq of [1, 2, 3]) {
      const sm = await jsm.streams.getMessage(stream, { seq });
      stored.push({ subject: sm?.subject, value: sm?.string() });
    }
    assert.deepEqual(
      stored,
      SENT.map((m) => ({ subject: `${stream}.${m.key}`, value: m.value })),
    );
    await jsm.streams.delete(stream);
  } finally {
    await nc.close();
  }
});

test("NATS: a wrong password is refused", async () => {
  const f = natsFacts();
  await assert.rejects(
    natsConnect({ servers: f.url, user: f.user, pass: `not-${f.password}`, reconnect: false }),
    /authori[sz]ation/i,
  );
});
