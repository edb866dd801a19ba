import assert from "node:assert/strict";
import { test } from "node:test";
import { Field, Int32, Schema, Utf8 } from "apache-arrow";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { kafkaError } from "./kafka-errors.ts";
import { kafkaMessageParts } from "./kafka-message-parts.ts";
import { parseBrokers, readKafkaOptions, readKafkaServer } from "./kafka-options.ts";

function stepWith(options: Record<string, string>, fields: string[] = ["value"]): ResolvedStep {
  return {
    taskName: "t",
    dataSourceName: "my_kafka",
    format: "kafka",
    connection: { name: "my_kafka", type: "kafka", groupType: "messaging", options: {} },
    step: {
      name: "events",
      type: "kafka",
      options,
      fields: fields.map((name) => ({ name, options: {} })),
      count: {},
      enabled: true,
    },
  } as unknown as ResolvedStep;
}

const rejectsWith = (f: () => unknown, code: string, message: RegExp) =>
  assert.throws(f, (e: Error & { code?: string }) => e.code === code && message.test(e.message));

test("brokers as users write them: Data Caterer's kafka.bootstrap.servers, bootstrapServers, url; lists, schemes, default port", () => {
  const servers = (o: Record<string, string>) => readKafkaServer(o, "connection c").brokers;
  assert.deepEqual(servers({ "kafka.bootstrap.servers": "a:9093,b" }), ["a:9093", "b:9092"]);
  assert.deepEqual(servers({ bootstrapServers: "PLAINTEXT://k1:19092" }), ["k1:19092"]);
  assert.deepEqual(servers({ url: "kafka://localhost" }), ["localhost:9092"]);
  assert.deepEqual(servers({ "bootstrap.servers": " x:1 , y:2 " }), ["x:1", "y:2"]);
  rejectsWith(
    () => readKafkaServer({}, "connection c"),
    "RF_KEY_MISSING",
    /connection c has no Kafka brokers/,
  );
  rejectsWith(
    () => parseBrokers("a:99999", "w"),
    "RF_OPTION_INVALID",
    /"a:99999" in the bootstrap servers is not host:port/,
  );
});

test("SASL from user/password or a JAAS line, TLS from security.protocol; the password is kept but never shown", () => {
  const s = readKafkaServer(
    {
      bootstrapServers: "b:9092",
      "kafka.security.protocol": "SASL_SSL",
      "kafka.sasl.mechanism": "scram-sha-512",
      "kafka.sasl.jaas.config":
        'org.apache.kafka.common.security.scram.ScramLoginModule required username="svc" password="pw-123";',
    },
    "connection c",
  );
  assert.deepEqual(s.sasl, { mechanism: "SCRAM-SHA-512", user: "svc", password: "pw-123" });
  assert.equal(s.tls, true);
  const plain = readKafkaServer({ bootstrapServers: "b", user: "u", password: "p" }, "c");
  assert.equal(plain.sasl?.mechanism, "PLAIN");
  assert.equal(plain.tls, false);
  rejectsWith(
    () => readKafkaServer({ bootstrapServers: "b", user: "u", "sasl.mechanism": "GSSAPI" }, "c"),
    "RF_OPTION_INVALID",
    /sasl.mechanism "GSSAPI" is not one of PLAIN, SCRAM-SHA-256, SCRAM-SHA-512/,
  );
  const refused = kafkaError(
    Object.assign(new Error("auth"), { code: "PLT_KFK_AUTHENTICATION" }),
    { ...plain, password: "p" } as never,
    "x",
  );
  assert.equal(refused.code, "RF_BROKER_AUTH_FAILED");
  assert.ok(!refused.message.includes('"p"') && !refused.message.includes("password"));
});

test("step options: topic required unless rows name theirs; acks, compression, idempotence, batching checked", () => {
  const o = readKafkaOptions(stepWith({ bootstrapServers: "b:1", topic: "t" }));
  assert.equal(o.topic, "t");
  assert.equal(o.acks, -1);
  assert.equal(o.compression, "none");
  assert.equal(o.idempotent, false);
  assert.equal(o.where, 'step "events" (connection "my_kafka")');
  assert.equal(readKafkaOptions(stepWith({ bootstrapServers: "b", topic: "t", acks: "1" })).acks, 1);
  assert.equal(
    readKafkaOptions(stepWith({ bootstrapServers: "b", topic: "t", compression: "ZSTD" })).compression,
    "zstd",
  );
  assert.equal(readKafkaOptions(stepWith({ bootstrapServers: "b" }, ["value", "topic"])).topic, undefined);
  rejectsWith(
    () => readKafkaOptions(stepWith({ bootstrapServers: "b" })),
    "RF_KEY_MISSING",
    /has no topic to send to/,
  );
  rejectsWith(
    () => readKafkaOptions(stepWith({ bootstrapServers: "b", topic: "t", acks: "2" })),
    "RF_OPTION_INVALID",
    /acks must be all, 1 or 0, not "2"/,
  );
  assert.throws(
    () => readKafkaOptions(stepWith({ bootstrapServers: "b", topic: "t", compression: "lz5" })),
    (e: Error & { hint?: string }) =>
      /compression "lz5"/.test(e.message) && /did you mean "lz4"/.test(e.hint ?? ""),
  );
  rejectsWith(
    () => readKafkaOptions(stepWith({ bootstrapServers: "b", topic: "t", idempotent: "true", acks: "1" })),
    "RF_OPTION_INVALID",
    /idempotent producer needs acks all/,
  );
  rejectsWith(
    () => readKafkaOptions(stepWith({ bootstrapServers: "b", topic: "t", batchSize: "12" })),
    "RF_OPTION_INVALID",
    /batchSize must be a whole number from 1024/,
  );
});

test("message parts: key, value, headers, partition, topic as Data Caterer reads them; the row as JSON without them when there is no value", () => {
  const schema = (...names: string[]) =>
    new Schema(names.map((n) => new Field(n, n === "partition" ? new Int32() : new Utf8())));
  const withValue = kafkaMessageParts(schema("key", "value", "body", "partition"));
  assert.deepEqual(withValue.slots[withValue.value], { as: "text", column: "value" });
  assert.deepEqual(withValue.slots[withValue.key], { as: "text", column: "key" });
  assert.equal(withValue.headers, -1);
  assert.equal(withValue.topic, -1);
  assert.ok(withValue.partition >= 0);
  const rowJson = kafkaMessageParts(schema("id", "name", "key", "topic"));
  assert.deepEqual(rowJson.slots[rowJson.value], {
    as: "row-json",
    exclude: ["key", "headers", "partition", "topic"],
  });
});
